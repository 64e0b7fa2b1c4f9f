import Foundation

/// An entry of an Applicaster JSON feed (a feed is an entry with children). Only what the mapper
/// needs is read; unknown keys are ignored.
public struct FeedEntry: Codable, Hashable, Sendable {
  public var id: String?
  public var title: String?
  /// `type.value`: feed, video, article, channel, link, …
  public var typeValue: String?
  public var contentSource: String?
  public var linkHref: String?
  public var screenType: String?
  public var uiTag: String?
  /// The entry's image (`media_group`): the `image_base` item of an image group, else its first
  /// image with a source.
  public var imageURL: String?
  /// The entry's own children when the feed carries them inline.
  public var entries: [FeedEntry]?

  public init(
    id: String? = nil, title: String? = nil, typeValue: String? = nil, contentSource: String? = nil,
    linkHref: String? = nil, screenType: String? = nil, uiTag: String? = nil, imageURL: String? = nil,
    entries: [FeedEntry]? = nil
  ) {
    self.id = id
    self.title = title
    self.typeValue = typeValue
    self.contentSource = contentSource
    self.linkHref = linkHref
    self.screenType = screenType
    self.uiTag = uiTag
    self.imageURL = imageURL
    self.entries = entries
  }

  enum CodingKeys: String, CodingKey {
    case id, title, type, content, link
    case screenType = "screen_type"
    case uiTag = "ui_tag"
    case mediaGroup = "media_group"
    case entry
  }

  struct TypeValue: Codable { var value: String? }
  struct Content: Codable { var src: String? }
  struct Link: Codable { var href: String? }
  struct MediaGroup: Codable {
    var type: String?
    var mediaItem: [MediaItem]?
    enum CodingKeys: String, CodingKey {
      case type
      case mediaItem = "media_item"
    }
  }
  struct MediaItem: Codable {
    var key: String?
    var src: String?
  }

  /// The image of a feed entry from its media groups, given as (group type, [(key, src)]).
  public static func image(in groups: [(type: String?, items: [(key: String?, src: String?)])]) -> String? {
    let images = groups.filter { $0.type == nil || $0.type == "image" }.flatMap(\.items).filter { !($0.src ?? "").isEmpty }
    return (images.first { $0.key == "image_base" } ?? images.first)?.src
  }

  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    if let s = try? c.decodeIfPresent(String.self, forKey: .id) {
      id = s
    } else if let n = try? c.decodeIfPresent(Double.self, forKey: .id) {
      // A whole number prints without ".0"; one too large for Int (1e300) prints as a Double.
      id = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }
    title = try? c.decodeIfPresent(String.self, forKey: .title)
    typeValue = (try? c.decodeIfPresent(TypeValue.self, forKey: .type))??.value
    contentSource = (try? c.decodeIfPresent(Content.self, forKey: .content))??.src
    linkHref = (try? c.decodeIfPresent(Link.self, forKey: .link))??.href
    screenType = try? c.decodeIfPresent(String.self, forKey: .screenType)
    uiTag = try? c.decodeIfPresent(String.self, forKey: .uiTag)
    let groups = (try? c.decodeIfPresent([MediaGroup].self, forKey: .mediaGroup)) ?? nil
    imageURL = Self.image(in: (groups ?? []).map { g in (g.type, (g.mediaItem ?? []).map { ($0.key, $0.src) }) })
    entries = try c.decodeIfPresent([FeedEntry].self, forKey: .entry)
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(id, forKey: .id)
    try c.encodeIfPresent(title, forKey: .title)
    try c.encodeIfPresent(typeValue.map { TypeValue(value: $0) }, forKey: .type)
    try c.encodeIfPresent(contentSource.map { Content(src: $0) }, forKey: .content)
    try c.encodeIfPresent(linkHref.map { Link(href: $0) }, forKey: .link)
    try c.encodeIfPresent(screenType, forKey: .screenType)
    try c.encodeIfPresent(uiTag, forKey: .uiTag)
    try c.encodeIfPresent(
      imageURL.map { [MediaGroup(type: "image", mediaItem: [MediaItem(key: "image_base", src: $0)])] }, forKey: .mediaGroup)
    try c.encodeIfPresent(entries, forKey: .entry)
  }

  /// Reads a feed with Foundation (on a device). zlc reads feeds with its own reader to report
  /// positions; both give the same `FeedEntry`.
  public static func decode(_ data: Data) throws -> FeedEntry { try JSONDecoder().decode(FeedEntry.self, from: data) }

  /// The data source of this entry as a child: `content.src`, else `link.href`.
  public var dataSource: String? {
    if let s = contentSource, !s.isEmpty { return s }
    if let h = linkHref, !h.isEmpty { return h }
    return nil
  }

  /// The data source type: the `type=` parameter of the source URL, else `type.value`.
  public var dataType: String? {
    if let url = dataSource, let t = Self.queryParameter("type", in: url), !t.isEmpty { return t }
    return typeValue
  }

  static func queryParameter(_ name: String, in url: String) -> String? {
    guard let q = url.firstIndex(of: "?") else { return nil }
    for pair in url[url.index(after: q)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0] == Substring(name) {
        return String(parts[1]).removingPercentEncoding ?? String(parts[1])
      }
    }
    return nil
  }
}
