/// A navigation of a screen (`navigations[]` in the rivers format): a menu, a tab bar or a nav bar,
/// with its items. Only what links screens is read; a value of the wrong type reads as absent.
public struct Navigation: Hashable, Sendable {
  public var id: String?
  public var name: String?
  /// `menu`, `nav_bar`, `tabs`, …
  public var category: String?
  public var navigationType: String?
  public var navItems: [NavigationItem]

  public init(
    id: String? = nil, name: String? = nil, category: String? = nil, navigationType: String? = nil, navItems: [NavigationItem] = []
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.navigationType = navigationType
    self.navItems = navItems
  }

  public init(json: JSON) {
    self.init(
      id: json["id"]?.stringValue, name: json["name"]?.stringValue, category: json["category"]?.stringValue,
      navigationType: json["navigation_type"]?.stringValue, navItems: NavigationItem.list(json["nav_items"]))
  }

  /// Every item, nested ones included, in document order.
  public var allItems: [NavigationItem] { navItems.flatMap { [$0] + $0.allItems } }
}

/// One item of a navigation; `target` is the id of the screen it opens (`data.target`).
public struct NavigationItem: Hashable, Sendable {
  public var id: String?
  public var title: String?
  public var type: String?
  public var target: String?
  public var navItems: [NavigationItem]

  public init(id: String? = nil, title: String? = nil, type: String? = nil, target: String? = nil, navItems: [NavigationItem] = []) {
    self.id = id
    self.title = title
    self.type = type
    self.target = target
    self.navItems = navItems
  }

  public init(json: JSON) {
    self.init(
      id: json["id"]?.stringValue, title: json["title"]?.stringValue, type: json["type"]?.stringValue,
      target: json["data"]?["target"]?.stringValue, navItems: Self.list(json["nav_items"]))
  }

  /// The objects of a JSON array as items; anything else is no items.
  static func list(_ json: JSON?) -> [NavigationItem] {
    (json?.arrayValue ?? []).filter { $0.objectValue != nil }.map(NavigationItem.init(json:))
  }

  /// This item's nested items, at every depth, in document order.
  public var allItems: [NavigationItem] { navItems.flatMap { [$0] + $0.allItems } }
}

extension ResolvedScreen {
  /// The screen's navigations as the project wrote them (`navigations`).
  public var navigations: [Navigation] {
    (self["navigations"]?.arrayValue ?? []).filter { $0.objectValue != nil }.map(Navigation.init(json:))
  }
}
