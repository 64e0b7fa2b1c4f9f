// The screens a tap on a video or a link opens when nothing else maps it, as Quick Brick finds
// them: the player screen and the web view screen.

import ZappDiagnostics

extension ScreenDecl {
  /// `plugin_type`: `player` for the screen that plays a video.
  public var pluginType: String? { value["plugin_type"]?.nonEmptyString?.value }
}

extension Project {
  /// A screen's plugin type, as a client finds it: its own `plugin_type`, else, for a screen
  /// plugin, its manifest's `type` (`player`, `login`, `general`, ...), as Zapp writes it into a
  /// plugin screen's river. Nil for a built-in screen that writes none.
  public func pluginType(of screen: ScreenDecl) -> String? {
    if let own = screen.pluginType { return own }
    guard screen.isPluginScreen else { return nil }
    return manifest(for: screen.type.value)?.type.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The kinds of screen a feed entry type falls back to: a video opens the screen whose plugin
  /// type (`pluginType(of:)`) is `player`, a link the one whose `type` is `webview_screen_qb`.
  public static let fallbackScreenKinds: [(entryType: String, matches: @Sendable (Project, ScreenDecl) -> Bool)] = [
    ("video", { $0.pluginType(of: $1) == "player" }),
    ("link", { $1.type.value == "webview_screen_qb" }),
  ]

  /// Per feed entry type that has one, the screen a tap on an item of that type opens when its
  /// `screen_type`, `ui_tag`, component target and `content_types` open none: the first of its
  /// kind in screen order (`fallbackScreenKinds`).
  public var fallbackScreens: [(entryType: String, screen: ScreenDecl)] {
    Self.fallbackScreenKinds.compactMap { kind in
      screens.first { kind.matches(self, $0) }.map { (kind.entryType, $0) }
    }
  }

  /// The fallback screens a tap can reach: those of the types `content_types` maps to no screen.
  public var openedFallbackScreens: [ScreenDecl] {
    let mapped = Set(
      (screenTypes?.contentTypes ?? []).filter { screen(named: $0.target.value) != nil }.map(\.key))
    return fallbackScreens.filter { !mapped.contains($0.entryType) }.map(\.screen)
  }
}
