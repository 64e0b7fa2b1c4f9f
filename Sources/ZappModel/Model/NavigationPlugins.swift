import ZappDiagnostics
import ZappLayout

extension Project {
  /// The plugins a screen's navigations are drawn with, in document order: each navigation's
  /// `navigation_type` (a plugin identifier, the app's own or one Zapp ships), and each nav item's
  /// `type` that a manifest of type `nav_item` declares (a nav item plugin; the other types are the
  /// SDK's own items, or not items at all).
  package func forEachNavigationPluginNeed(_ screen: ScreenDecl, _ body: (RendererNeed) -> Void) {
    guard screen.value["navigations"] != nil else { return }
    Self.forEachNavigation(of: screen.value) { object, isItem in
      guard let type = Self.navigationPlugin(of: object, isItem: isItem) else { return }
      if isItem, !declaresNavItemPlugin(type.value) { return }
      body(RendererNeed(kind: .navigationPlugin, name: type.value, spot: type.spot, component: nil))
    }
  }

  /// Whether a manifest of type `nav_item` declares `identifier`: a nav item of that `type` is
  /// drawn by that plugin.
  package func declaresNavItemPlugin(_ identifier: String) -> Bool { manifest(for: identifier)?.isNavItem == true }
}

/// A navigation's and a nav item's plugin values (`plugin_values` in the bundle): which manifest
/// gives them and which of its sections they hold, the one account the writer fills them by and
/// the checks of what they open read.
extension Project {
  /// The sections of a nav item's values its plugin reads (the checker's: `general`, `styles`,
  /// `rules`, `data`, `assets`).
  package static let navigationItemValueSections = ["general", "styles", "rules", "data", "assets"]
  /// The sections of a navigation's values its plugin reads: an item's but `general` (a
  /// navigation's `general` is not its plugin's).
  package static let navigationValueSections = navigationItemValueSections.filter { $0 != "general" }
  /// The keys of those sections the values leave out: of `data`, what an item opens
  /// (`resolvedDataKeys`); the plugin's own fields stay.
  package static let navigationValuesLeavingOut: [String: Set<String>] = ["data": resolvedDataKeys]

  /// The plugin a navigation (`isItem` false: its `navigation_type`) or a nav item (its `type`)
  /// names, when it is an object that names one.
  package static func navigationPlugin(of object: JSONValue, isItem: Bool) -> Located<String>? {
    guard object.kind == .object else { return nil }
    return object[isItem ? "type" : "navigation_type"]?.nonEmptyString
  }

  /// The sections of a navigation's (`isItem` false) or a nav item's values that `manifest` fills:
  /// `navigationValueSections` for a manifest of a navigation plugin type,
  /// `navigationItemValueSections` for an item's `nav_item` manifest; nil for another manifest,
  /// which gives none.
  package static func navigationValueSections(of manifest: ManifestDecl, isItem: Bool) -> [String]? {
    guard let kind = manifest.type else { return nil }
    if isItem { return manifest.isNavItem ? navigationItemValueSections : nil }
    return Shapes.navigationPluginTypes.contains(kind) ? navigationValueSections : nil
  }

  /// Of the manifests the bundles are built with for the plugin of a navigation or nav item
  /// (`bundleManifests(for:)`), those that give it values, each with its platforms and the
  /// `(section, key)` of its `screen_selector` fields those values hold.
  package func navigationSelectorFields(of object: JSONValue, isItem: Bool) -> [PluginSelectorFields] {
    guard declaresScreenSelectors, let plugin = Self.navigationPlugin(of: object, isItem: isItem) else { return [] }
    return pluginSelectorFields(of: plugin.value) { manifest, field in
      guard let sections = Self.navigationValueSections(of: manifest, isItem: isItem), sections.contains(field.section) else {
        return false
      }
      return !(Self.navigationValuesLeavingOut[field.section]?.contains(field.key) ?? false)
    }
  }

  /// The screens a screen's navigations and nav items open by their values (as each built
  /// platform's bundle holds them): each `screen_selector` value they write, and, unless
  /// `takingFilled` is false, their manifests' `initial_value` for one they leave out, at the
  /// navigation or item (each screen once per navigation or item).
  func navigationSelections(in screen: ScreenDecl, takingFilled: Bool) -> [Located<String>] {
    guard declaresScreenSelectors, screen.value["navigations"] != nil else { return [] }
    var screens: [Located<String>] = []
    Self.forEachNavigation(of: screen.value) { object, isItem in
      var found: [Located<String>] = []
      for uses in navigationSelectorFields(of: object, isItem: isItem) {
        for (section, key) in uses.fields {
          let selected: Located<String>?
          if let written = object[section]?[key] {
            selected = written.nonEmptyString
          } else if takingFilled, let initial = uses.manifest.initialValue(section: section, key: key)?.nonEmptyString {
            selected = Located(initial.value, object.spot)
          } else {
            selected = nil
          }
          if let selected, !found.contains(where: { $0.value == selected.value && $0.spot.offset == selected.spot.offset }) {
            found.append(selected)
          }
        }
      }
      screens += found
    }
    return screens
  }
}
