import ZappDiagnostics
import ZappLayout

extension Project {
  /// The plugins a screen's navigations are drawn with, in document order: each navigation's
  /// `navigation_type` (a plugin identifier, the app's own or one Zapp ships), and each nav item's
  /// `type` that a manifest declares (a nav item plugin; the other types are the SDK's own items).
  package func forEachNavigationPluginNeed(_ screen: ScreenDecl, _ body: (RendererNeed) -> Void) {
    guard screen.value["navigations"] != nil else { return }
    Self.forEachNavigation(of: screen.value) { object, isItem in
      guard let type = object[isItem ? "type" : "navigation_type"]?.nonEmptyString else { return }
      if isItem, manifest(for: type.value) == nil { return }
      body(RendererNeed(kind: .navigationPlugin, name: type.value, spot: type.spot, component: nil))
    }
  }
}
