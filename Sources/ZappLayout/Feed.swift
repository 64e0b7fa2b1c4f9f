import Foundation

/// An entry of an Applicaster JSON feed (a feed is an entry with children). Only what the mapper
/// needs is read; unknown keys are ignored.
public struct FeedEntry: Codable, Hashable, Sendable {
  public var id: String?
  public var title: String?
  /// `type.value`: feed, video, article, channel, link, …
  public var typeValue: String?
  /// `content.src`: the URL of the content, or of a child's feed.
  public var contentSource: String?
  /// `content.type`: the content's MIME type (`video/hls` makes the entry playable).
  public var contentType: String?
  public var linkHref: String?
  /// `screen_type`, else Quick Brick's `screenType` (see `screenType(_:alias:)`).
  public var screenType: String?
  public var uiTag: String?
  /// The entry's image (`media_group`): the `image_base` item of an image group, else its first
  /// image with a source.
  public var imageURL: String?
  /// The entry's own children when the feed carries them inline.
  public var entries: [FeedEntry]?
  /// The entry's own `style` object, as written: a card item's card style keys
  /// (`backgroundColor`, `cornerRadius`, `margin`), an element's `display`, `width_ratio`,
  /// `width_height_ratio` and `margin`. The mapper lays them over the family's.
  public var style: JSON?
  /// The item's own card `layout` (card JSON's): how its elements are placed, in place of its
  /// cell style's (`cardLayout(_:)`).
  public var cardLayout: ElementLayoutKind?
  /// The item's own card `elements`, each's placing keys (`cardElements(_:)`): the element styles
  /// laid over its cell style's, in place of its children's `style`s.
  public var elements: [JSON?]?

  public init(
    id: String? = nil, title: String? = nil, typeValue: String? = nil, contentSource: String? = nil,
    contentType: String? = nil, linkHref: String? = nil, screenType: String? = nil, uiTag: String? = nil, imageURL: String? = nil,
    entries: [FeedEntry]? = nil, style: JSON? = nil, cardLayout: ElementLayoutKind? = nil, elements: [JSON?]? = nil
  ) {
    self.style = style
    self.cardLayout = cardLayout
    self.elements = elements
    self.id = id
    self.title = title
    self.typeValue = typeValue
    self.contentSource = contentSource
    self.contentType = contentType
    self.linkHref = linkHref
    self.screenType = screenType
    self.uiTag = uiTag
    self.imageURL = imageURL
    self.entries = entries
  }

  enum CodingKeys: String, CodingKey {
    case id, title, type, content, link
    case screenType = "screen_type"
    case screenTypeAlias = "screenType"
    case uiTag = "ui_tag"
    case mediaGroup = "media_group"
    case entry, style, layout, elements
  }

  struct TypeValue: Codable { var value: String? }
  struct Content: Codable {
    var src: String?
    var type: String?

    init(src: String?, type: String?) {
      self.src = src
      self.type = type
    }

    /// Each key on its own: a `type` that is not a string leaves `src`, as the compiler's reader
    /// does.
    init(from decoder: Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      src = (try? c.decodeIfPresent(String.self, forKey: .src)) ?? nil
      type = (try? c.decodeIfPresent(String.self, forKey: .type)) ?? nil
    }
  }
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

  /// The image of a `media_group` value as written, read as zlc reads it: its groups that are
  /// objects, each one's `type` and its items that are objects, with `key` and `src` where they
  /// are strings. A value of another type is passed over, not the whole group.
  package static func image(inMediaGroups value: JSON) -> String? {
    let groups = (value.arrayValue ?? []).filter { $0.objectValue != nil }
    return image(
      in: groups.map { group in
        let items = (group["media_item"]?.arrayValue ?? []).filter { $0.objectValue != nil }
        return (group["type"]?.stringValue, items.map { ($0["key"]?.stringValue, $0["src"]?.stringValue) })
      })
  }

  /// Decodes one entry and its children; an entry more than `maxDepth` levels deep throws
  /// `DecodingError.dataCorrupted`, so a caller decoding with its own `JSONDecoder` (not `decode`)
  /// is kept off the end of its thread's stack too.
  public init(from decoder: Decoder) throws {
    guard decoder.codingPath.count < Self.maxDepth else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: Self.nestedTooDeep))
    }
    let c = try decoder.container(keyedBy: CodingKeys.self)
    if let s = try? c.decodeIfPresent(String.self, forKey: .id) {
      id = s
    } else {
      id = Self.numberID(in: c)
    }
    title = try? c.decodeIfPresent(String.self, forKey: .title)
    typeValue = (try? c.decodeIfPresent(TypeValue.self, forKey: .type))??.value
    let content = (try? c.decodeIfPresent(Content.self, forKey: .content)) ?? nil
    contentSource = content?.src
    contentType = content?.type
    linkHref = (try? c.decodeIfPresent(Link.self, forKey: .link))??.href
    screenType = Self.screenType(
      (try? c.decodeIfPresent(String.self, forKey: .screenType)) ?? nil,
      alias: (try? c.decodeIfPresent(String.self, forKey: .screenTypeAlias)) ?? nil)
    uiTag = try? c.decodeIfPresent(String.self, forKey: .uiTag)
    imageURL = try Self.json(in: c, .mediaGroup).flatMap(Self.image(inMediaGroups:))
    entries = try c.decodeIfPresent([FeedEntry].self, forKey: .entry)
    style = try Self.json(in: c, .style).flatMap { $0.objectValue == nil ? nil : $0 }
    cardLayout = try Self.json(in: c, .layout).flatMap(Self.cardLayout)
    elements = try Self.json(in: c, .elements).flatMap(Self.cardElements)
  }

  /// The entry's value at `key`, as written. A value that cannot be read leaves it out, but one
  /// nested past `maxDepth` throws, as an entry nested that deep does: its values are decoded level
  /// by level too.
  static func json(in c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> JSON? {
    do {
      return try c.decodeIfPresent(AnyJSON.self, forKey: key)?.value
    } catch let error as AnyJSON.NestedTooDeep {
      throw error.decodingError
    } catch {
      return nil
    }
  }

  /// Why a feed is refused: its values nest deeper than `maxDepth`.
  static let nestedTooDeep = "the feed nests its values more than \(maxDepth) levels deep"

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(id, forKey: .id)
    try c.encodeIfPresent(title, forKey: .title)
    try c.encodeIfPresent(typeValue.map { TypeValue(value: $0) }, forKey: .type)
    try c.encodeIfPresent(
      contentSource == nil && contentType == nil ? nil : Content(src: contentSource, type: contentType), forKey: .content)
    try c.encodeIfPresent(linkHref.map { Link(href: $0) }, forKey: .link)
    try c.encodeIfPresent(screenType, forKey: .screenType)
    try c.encodeIfPresent(uiTag, forKey: .uiTag)
    try c.encodeIfPresent(
      imageURL.map { [MediaGroup(type: "image", mediaItem: [MediaItem(key: "image_base", src: $0)])] }, forKey: .mediaGroup)
    try c.encodeIfPresent(entries, forKey: .entry)
    try c.encodeIfPresent(style.map(AnyJSON.init), forKey: .style)
    try c.encodeIfPresent(cardLayout?.word, forKey: .layout)
    try c.encodeIfPresent(elements.map { AnyJSON(.array($0.map { $0 ?? .null })) }, forKey: .elements)
  }

  /// Reads a feed with Foundation (on a device). zlc reads feeds with its own reader to report
  /// positions; both give the same `FeedEntry` for a feed nested at most `maxDepth` levels (zlc's
  /// reader takes deeper ones). A feed whose values nest deeper than `maxDepth` throws
  /// `DecodingError.dataCorrupted` before it is decoded: Foundation's decoding recurses once per
  /// level, and a feed fetched over the network must not overflow the stack of the thread that
  /// reads it (512 KiB on a background queue). A feed in UTF-16 or UTF-32 is read as UTF-8 first.
  public static func decode(_ data: Data) throws -> FeedEntry {
    guard let text = utf8(data) else {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the feed is not text in UTF-8, UTF-16 or UTF-32"))
    }
    if nestedDeeper(than: maxDepth, text) != nil {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: nestedTooDeep))
    }
    return try JSONDecoder().decode(FeedEntry.self, from: text)
  }

  /// `data` in UTF-8: a feed in UTF-16 or UTF-32, told by its byte-order mark or by the zero bytes
  /// among its first four (as JSON's first character is ASCII), transcoded, so that the depth scan
  /// reads its brackets and quotes; nil when it is not text in the encoding it looks to be in.
  static func utf8(_ data: Data) -> Data? {
    let head = Array(data.prefix(4)) + [1, 1, 1, 1]
    let encoding: String.Encoding
    switch (head[0], head[1], head[2], head[3]) {
    case (0, 0, 0xFE, 0xFF), (0, 0, 0, _): encoding = .utf32BigEndian
    case (0xFF, 0xFE, 0, 0), (_, 0, 0, 0): encoding = .utf32LittleEndian
    case (0xFE, 0xFF, _, _), (0, _, _, _): encoding = .utf16BigEndian
    case (0xFF, 0xFE, _, _), (_, 0, _, _): encoding = .utf16LittleEndian
    default: return data
    }
    guard var text = String(data: data, encoding: encoding) else { return nil }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    return Data(text.utf8)
  }

  /// How deep `decode` lets a feed's objects and arrays nest: a feed of real data nests a few
  /// levels per generation of entries (a sender, its children and their items).
  public static let maxDepth = 100

  /// The depth of the first object or array of `data` nested deeper than `limit` levels, outside
  /// strings; nil when none is. A scan of the bytes, with no recursion.
  static func nestedDeeper(than limit: Int, _ data: Data) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth > limit { return depth }
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
    }
    return nil
  }

  /// The screen type of an entry that carries `screen_type` and Quick Brick's spelling
  /// `screenType`: `screen_type` wins unless it is empty, as in Quick Brick
  /// (`screen_type || screenType`).
  public static func screenType(_ screenType: String?, alias: String?) -> String? {
    if let s = screenType, !s.isEmpty { return s }
    return alias ?? screenType
  }

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

  /// The id of an entry whose `id` is a number: a whole number `Int` holds as its digits, exactly
  /// past 2^53 too (64-bit ids, read as a `Decimal` reads them), another as `id(number:)` gives it;
  /// nil for a number no `Double` holds.
  static func numberID(in c: KeyedDecodingContainer<CodingKeys>) -> String? {
    let decimal = { (try? c.decodeIfPresent(Decimal.self, forKey: .id)) ?? nil }
    // Foundation reads no `Double` from some zeros (`0e9`, `0.00e5`): a `Decimal` reads them.
    guard let n = (try? c.decodeIfPresent(Double.self, forKey: .id)) ?? nil else { return decimal()?.wholeNumber.map { String($0) } }
    // The common case, cheaply: below 2^53 the `Double` holds a whole number exactly.
    if abs(n) < 9_007_199_254_740_992, let i = (try? c.decodeIfPresent(Int.self, forKey: .id)) ?? nil, Double(i) == n {
      return String(i)
    }
    if let whole = decimal()?.wholeNumber { return String(whole) }
    return id(number: n)
  }

  /// The id of an entry whose `id` is a number that is no whole number `Int` holds (one that is,
  /// read as a `Decimal` reads it, is its digits, past 2^53 too): a whole number below 2^53 without
  /// ".0"; another as a `Double` prints (`4.5`, `1e+300`), never as digits it was rounded to.
  public static func id(number n: Double) -> String {
    guard n == n.rounded(), abs(n) < 9_007_199_254_740_992, let whole = Int(exactly: n) else { return String(n) }
    return String(whole)
  }

  /// A parameter of a URL's query, without the URL's fragment (`#top`).
  static func queryParameter(_ name: String, in url: String) -> String? {
    let beforeFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard let q = beforeFragment.firstIndex(of: "?") else { return nil }
    for pair in beforeFragment[beforeFragment.index(after: q)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0] == Substring(name) {
        return String(parts[1]).removingPercentEncoding ?? String(parts[1])
      }
    }
    return nil
  }
}

/// A JSON value read or written with Foundation's coders (a feed item's `style`).
struct AnyJSON: Codable {
  var value: JSON

  init(_ value: JSON) { self.value = value }

  /// A list or an object nested past `FeedEntry.maxDepth`: thrown through the levels above it
  /// unchanged, so that `FeedEntry` refuses the feed instead of leaving out the value.
  struct NestedTooDeep: Error {
    let decodingError: DecodingError
  }

  /// Decodes the value level by level; a list or an object `FeedEntry.maxDepth` levels below the
  /// feed's top throws `NestedTooDeep`, so that no value runs off the end of the stack.
  init(from decoder: Decoder) throws {
    if decoder.codingPath.count >= FeedEntry.maxDepth,
      (try? decoder.unkeyedContainer()) != nil || (try? decoder.container(keyedBy: Key.self)) != nil
    {
      throw NestedTooDeep(
        decodingError: .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: FeedEntry.nestedTooDeep)))
    }
    if var list = try? decoder.unkeyedContainer() {
      var elements: [JSON] = []
      while !list.isAtEnd { elements.append(try list.decode(AnyJSON.self).value) }
      value = .array(elements)
    } else if let object = try? decoder.container(keyedBy: Key.self) {
      value = .object(
        try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          ($0.stringValue, try object.decode(AnyJSON.self, forKey: $0).value)
        })
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        value = .null
      } else if let b = try? single.decode(Bool.self) {
        value = .bool(b)
      } else if let n = try? single.decode(Double.self) {
        value = .exact(n)
      } else {
        value = .string(try single.decode(String.self))
      }
    }
  }

  func encode(to encoder: Encoder) throws {
    switch value {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let b):
      var single = encoder.singleValueContainer()
      try single.encode(b)
    case .number(let text):
      var single = encoder.singleValueContainer()
      try single.encode(Double(text) ?? 0)
    case .string(let s):
      var single = encoder.singleValueContainer()
      try single.encode(s)
    case .array(let elements):
      var list = encoder.unkeyedContainer()
      for element in elements { try list.encode(AnyJSON(element)) }
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for (key, member) in members { try object.encode(AnyJSON(member), forKey: Key(stringValue: key)) }
    }
  }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension Decimal {
  /// The value as an `Int` when it is a whole number `Int` holds (`4.0` is 4), else nil.
  var wholeNumber: Int? {
    var text = "\(self)"
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return Int(text)
  }
}
