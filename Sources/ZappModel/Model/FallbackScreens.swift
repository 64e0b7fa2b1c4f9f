// The screens a tap on a video or a link opens when nothing else maps it, as Quick Brick finds
// them: the player screen and the web view screen.

import ZappDiagnostics

extension ScreenDecl {
  /// `plugin_type`: `player` for the screen that plays a video.
  public var pluginType: String? { value["plugin_type"]?.nonEmptyString?.value }
}

extension Project {
  /// A screen's plugin type: its own `plugin_type`, else, for a screen plugin, its manifest's
  /// `type` (`player`, `login`, `general`, ...) on `platform` (the manifest that platform's bundle
  /// is built with; nil: `manifest(for:)`'s). zlc reads a plugin screen that writes none as its
  /// plugin's type because the player rivers of Zapp's reference (Quick Brick) carry
  /// `plugin_type: "player"`. Nil for a built-in screen that writes none.
  public func pluginType(of screen: ScreenDecl, on platform: String? = nil) -> String? {
    if let own = screen.pluginType { return own }
    guard screen.isPluginScreen else { return nil }
    let identifier = screen.type.value
    let manifest =
      platform.map { Self.manifest(among: pluginManifests.filter { $0.identifier?.value == identifier }, on: $0) }
      ?? manifest(for: identifier)
    return manifest?.type.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `pluginType(of:on:)` on each platform that gets a bundle of its own (`bundlePlatforms`), else
  /// the one bundle's.
  public func builtPluginTypes(of screen: ScreenDecl) -> [String?] {
    bundlePlatforms.isEmpty ? [pluginType(of: screen)] : bundlePlatforms.map { pluginType(of: screen, on: $0) }
  }

  /// The kinds of screen a feed entry type falls back to: a video opens the screen whose plugin
  /// type (`pluginType(of:on:)`) on the bundle's platform is `player`, a link the one whose `type`
  /// is `webview_screen_qb`.
  public static let fallbackScreenKinds: [(entryType: String, matches: @Sendable (Project, ScreenDecl, String?) -> Bool)] = [
    ("video", { $0.pluginType(of: $1, on: $2) == "player" }),
    ("link", { _, screen, _ in screen.type.value == "webview_screen_qb" }),
  ]

  /// Per feed entry type that has one, the screen a tap on an item of that type opens when its
  /// `screen_type`, `ui_tag`, component target and `content_types` open none: the first of its
  /// kind in screen order (`fallbackScreenKinds`), with the manifests of `platform`'s bundle (nil:
  /// `manifest(for:)`'s, the one bundle's).
  public func fallbackScreens(on platform: String? = nil) -> [(entryType: String, screen: ScreenDecl)] {
    Self.fallbackScreenKinds.compactMap { kind in
      screens.first { kind.matches(self, $0, platform) }.map { (kind.entryType, $0) }
    }
  }

  /// The fallback screens a tap can reach in some bundle: those of the types `content_types` maps
  /// to no screen, on any platform that gets a bundle of its own (each with its own manifests).
  public var openedFallbackScreens: [ScreenDecl] {
    let mapped = Set(
      (screenTypes?.contentTypes ?? []).filter { screen(named: $0.target.value) != nil }.map(\.key))
    var opened: [ScreenDecl] = []
    for platform in bundlePlatforms.isEmpty ? [nil] : bundlePlatforms.map(Optional.some) {
      for (entryType, screen) in fallbackScreens(on: platform)
      where !mapped.contains(entryType) && !opened.contains(where: { $0 === screen }) {
        opened.append(screen)
      }
    }
    return opened
  }
}
