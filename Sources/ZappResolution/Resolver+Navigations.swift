import ZappDiagnostics
import ZappLayout
import ZappModel

extension Resolver {
  /// The key of a navigation's or a nav item's values as its plugin reads them.
  package static let navigationValuesKey = "plugin_values"

  /// The screen's `navigations` as the bundle writes them: as the screen wrote them, with each
  /// navigation and each nav item, nested ones included, that a plugin draws given its
  /// `plugin_values` (`navigationValues(_:isItem:)`) as its last key, or in place of a
  /// `plugin_values` the screen wrote there; a `plugin_values` the screen wrote where none is
  /// computed is left out, so that the key is always the computed values. Nil when none gets one
  /// and the screen wrote none, or when the resolver does not resolve styles: the bundle then
  /// writes them as written.
  package func navigations(_ screen: ScreenDecl) -> JSON? {
    guard resolvesStyles, let list = screen.value["navigations"], list.kind == .array else { return nil }
    var filled = false
    Project.forEachNavigation(of: screen.value) { object, isItem in
      if !filled, object[Self.navigationValuesKey] != nil || navigationValues(object, isItem: isItem) != nil { filled = true }
    }
    guard filled else { return nil }
    return .array(list.elements.map { withValues($0, isItem: false) })
  }

  /// A navigation's (`isItem` false; its plugin is its `navigation_type` when a manifest of a
  /// navigation plugin type declares it) or a nav item's (`isItem` true; its plugin is its `type`
  /// when a `nav_item` manifest declares it) values as its plugin reads them: of each of the
  /// sections its manifest fills (`Project.navigationValueSections(of:isItem:)`), its own values,
  /// then its manifest's `initial_value`s for the keys it leaves out, as
  /// `pluginValues(of:manifest:sections:leavingOut:)` fills a plugin component's; of `data`, the
  /// plugin's own fields alone (`Project.navigationValuesLeavingOut`: not what an item opens). Nil
  /// without a manifest with such fields.
  package func navigationValues(_ object: JSONValue, isItem: Bool) -> JSON? {
    guard let type = Project.navigationPlugin(of: object, isItem: isItem), let manifest = project.manifest(for: type.value),
      let sections = Project.navigationValueSections(of: manifest, isItem: isItem)
    else { return nil }
    return Self.pluginValues(of: object, manifest: manifest, sections: sections, leavingOut: Project.navigationValuesLeavingOut)
  }

  /// `object` (a navigation, or a nav item) as written, with its values and its items' values.
  private func withValues(_ object: JSONValue, isItem: Bool) -> JSON {
    guard object.kind == .object else { return JSON(object) }
    var values = navigationValues(object, isItem: isItem)
    var members: [(String, JSON)] = []
    object.forEachMember { key, value in
      let name = key.string ?? ""
      if name == Self.navigationValuesKey {
        if let own = values { members.append((name, own)) }
        values = nil
      } else if name == "nav_items", value.kind == .array {
        members.append((name, .array(value.elements.map { withValues($0, isItem: true) })))
      } else {
        members.append((name, JSON(value)))
      }
    }
    if let values { members.append((Self.navigationValuesKey, values)) }
    return .object(members)
  }
}
