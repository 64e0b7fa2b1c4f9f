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
      guard let type = object[isItem ? "type" : "navigation_type"]?.nonEmptyString else { return }
      if isItem, !declaresNavItemPlugin(type.value) { return }
      body(RendererNeed(kind: .navigationPlugin, name: type.value, spot: type.spot, component: nil))
    }
  }

  /// Whether a manifest of type `nav_item` declares `identifier`: a nav item of that `type` is
  /// drawn by that plugin.
  package func declaresNavItemPlugin(_ identifier: String) -> Bool { manifest(for: identifier)?.isNavItem == true }
}
