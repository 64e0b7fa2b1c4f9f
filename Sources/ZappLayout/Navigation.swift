/// A navigation of a screen (`navigations[]` in the rivers format): a menu, a tab bar or a nav bar,
/// with its items. Only what links screens, and its plugin's values, are read; a value of the
/// wrong type reads as absent.
public struct Navigation: Hashable, Sendable {
  public var id: String?
  public var name: String?
  /// `menu`, `nav_bar`, `tabs`, …
  public var category: String?
  public var navigationType: String?
  public var navItems: [NavigationItem]
  /// The values of its navigation plugin's configuration sections (`styles`, `rules`, `data`,
  /// `assets`; a navigation has no `general`) as the plugin reads them, its `data` without what it
  /// opens: its own, then its manifest's `initial_value`s for the fields it leaves out
  /// (`plugin_values`, which the bundle adds); nil when the bundle gives none.
  public var pluginValues: JSON?

  public init(
    id: String? = nil, name: String? = nil, category: String? = nil, navigationType: String? = nil, navItems: [NavigationItem] = [],
    pluginValues: JSON? = nil
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.navigationType = navigationType
    self.navItems = navItems
    self.pluginValues = pluginValues
  }

  /// Reads a navigation as a screen's `navigations` entry writes it; a value of the wrong type
  /// reads as absent.
  public init(json: JSON) {
    self.init(
      id: json["id"]?.stringValue, name: json["name"]?.stringValue, category: json["category"]?.stringValue,
      navigationType: json["navigation_type"]?.stringValue, navItems: NavigationItem.list(json["nav_items"]),
      pluginValues: json.objectMember("plugin_values"))
  }

  /// Every item, nested ones included, in document order.
  public var allItems: [NavigationItem] { NavigationItem.flattened(navItems) }
}

/// One item of a navigation; `target` is the id of the screen it opens (`data.target`).
public struct NavigationItem: Hashable, Sendable {
  public var id: String?
  public var title: String?
  public var type: String?
  public var target: String?
  public var navItems: [NavigationItem]
  /// The values of its nav item plugin's configuration sections as the plugin reads them, its
  /// `data` without what it opens: its own, then its manifest's `initial_value`s for the fields it
  /// leaves out (`plugin_values`, which the bundle adds to an item whose `type` a `nav_item`
  /// manifest declares); nil when the bundle gives none.
  public var pluginValues: JSON?

  public init(
    id: String? = nil, title: String? = nil, type: String? = nil, target: String? = nil, navItems: [NavigationItem] = [],
    pluginValues: JSON? = nil
  ) {
    self.id = id
    self.title = title
    self.type = type
    self.target = target
    self.navItems = navItems
    self.pluginValues = pluginValues
  }

  public init(json: JSON) { self.init(json: json, navItems: Self.list(json["nav_items"])) }

  /// The item of `json` with the nested items given.
  init(json: JSON, navItems: [NavigationItem]) {
    self.init(
      id: json["id"]?.stringValue, title: json["title"]?.stringValue, type: json["type"]?.stringValue,
      target: json["data"]?["target"]?.stringValue, navItems: navItems, pluginValues: json.objectMember("plugin_values"))
  }

  /// The objects of a JSON array as items; anything else is no items. Read in one loop, an item
  /// made once its nested items are, so that the stack used does not grow with the nesting.
  static func list(_ json: JSON?) -> [NavigationItem] {
    /// The objects of one `nav_items` array, the items made of those read so far, and the next.
    struct Level {
      let objects: [JSON]
      var made: [NavigationItem] = []
      var next = 0
    }
    func objects(_ json: JSON?) -> [JSON] { (json?.arrayValue ?? []).filter { $0.objectValue != nil } }
    var levels = [Level(objects: objects(json))]
    while true {
      let top = levels.count - 1
      if levels[top].next < levels[top].objects.count {
        levels.append(Level(objects: objects(levels[top].objects[levels[top].next]["nav_items"])))
        continue
      }
      let done = levels.removeLast()
      guard let parent = levels.indices.last else { return done.made }
      levels[parent].made.append(NavigationItem(json: levels[parent].objects[levels[parent].next], navItems: done.made))
      levels[parent].next += 1
    }
  }

  /// This item's nested items, at every depth, in document order.
  public var allItems: [NavigationItem] { Self.flattened(navItems) }

  /// `items` and their nested items, at every depth, in document order, listed in one loop.
  static func flattened(_ items: [NavigationItem]) -> [NavigationItem] {
    var all: [NavigationItem] = []
    var pending = Array(items.reversed())
    while let item = pending.popLast() {
      all.append(item)
      pending += item.navItems.reversed()
    }
    return all
  }
}

extension ResolvedScreen {
  /// The screen's navigations as the project wrote them (`navigations`).
  public var navigations: [Navigation] {
    (self["navigations"]?.arrayValue ?? []).filter { $0.objectValue != nil }.map(Navigation.init(json:))
  }
}

extension JSON {
  /// The value of `key` when it is an object; nil otherwise.
  fileprivate func objectMember(_ key: String) -> JSON? {
    guard let value = self[key], value.objectValue != nil else { return nil }
    return value
  }
}
