/// A navigation of a screen (`navigations[]` in the rivers format): a menu, a tab bar or a nav bar,
/// with its items. Only what links screens is read; other keys stay in the file.
public struct Navigation: Codable, Hashable, Sendable {
  public var id: String?
  public var name: String?
  /// `menu`, `nav_bar`, `tabs`, …
  public var category: String?
  public var navigationType: String?
  public var navItems: [NavigationItem]?

  enum CodingKeys: String, CodingKey {
    case id, name, category
    case navigationType = "navigation_type"
    case navItems = "nav_items"
  }

  /// Every item, nested ones included, in document order.
  public var allItems: [NavigationItem] { (navItems ?? []).flatMap { [$0] + $0.allItems } }
}

/// One item of a navigation; `target` is the id of the screen it opens (`data.target`).
public struct NavigationItem: Codable, Hashable, Sendable {
  public var id: String?
  public var title: String?
  public var type: String?
  public var target: String?
  public var navItems: [NavigationItem]?

  enum CodingKeys: String, CodingKey {
    case id, title, type, data
    case navItems = "nav_items"
  }

  struct ItemData: Codable, Hashable, Sendable { var target: String? }

  public init(id: String? = nil, title: String? = nil, type: String? = nil, target: String? = nil, navItems: [NavigationItem]? = nil) {
    self.id = id
    self.title = title
    self.type = type
    self.target = target
    self.navItems = navItems
  }

  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try? c.decodeIfPresent(String.self, forKey: .id)
    title = try? c.decodeIfPresent(String.self, forKey: .title)
    type = try? c.decodeIfPresent(String.self, forKey: .type)
    target = (try? c.decodeIfPresent(ItemData.self, forKey: .data))??.target
    navItems = try? c.decodeIfPresent([NavigationItem].self, forKey: .navItems)
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(id, forKey: .id)
    try c.encodeIfPresent(title, forKey: .title)
    try c.encodeIfPresent(type, forKey: .type)
    try c.encodeIfPresent(target.map { ItemData(target: $0) }, forKey: .data)
    try c.encodeIfPresent(navItems, forKey: .navItems)
  }

  /// This item's nested items, at every depth, in document order.
  public var allItems: [NavigationItem] { (navItems ?? []).flatMap { [$0] + $0.allItems } }
}
