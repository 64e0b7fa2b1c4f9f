import Foundation
import XCTest
import ZappLayout

/// A video a feed item opens falls back to the player screen: the first screen whose plugin type
/// is `player`, which a plugin screen takes from its manifest on the bundle's platform when it
/// writes no `plugin_type` of its own, as Zapp's rivers carry it. (A plugin's manifests agree on
/// its type across platforms, ZL0621.)
final class PlayerFallbackTests: XCTestCase {
  /// An app on iOS and Android, shaped like real files: a root screen opening videos, and a screen
  /// of the plugin `neon_player`, whose manifests (shaped as the public ZappPlayerAdapter-iOS one)
  /// are of type `player`.
  private func project(playerScreen: String) throws -> URL {
    let root = temporary().appendingPathComponent("app")
    let files: [String: String] = [
      "zlc.json": #"{"app": "Neon", "platforms": {"ios": {}, "android": {}}}"#,
      "components/player.ios.json": manifest(platform: "ios"),
      "components/player.android.json": manifest(platform: "android"),
      "screens/screens.json": """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "data": {},
        "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "3139", "type": "APPLICASTER_COLLECTION"},
          "rules": {"item_limit": "6"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]},
       \(playerScreen)]
      """,
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  private func manifest(platform: String) -> String {
    """
    {"api": {"class_name": "ZappPluginPlayerExample_iOS.ZappPlayerAdapter"}, "author_name": "Zapp Developer",
     "author_email": "applicaster@applicaster.com", "manifest_version": "1.0.0", "name": "Neon",
     "description": "ZappPlayerAdapter", "identifier": "neon_player", "type": "player", "screen": true,
     "platform": "\(platform)", "min_zapp_sdk": "4.3.10-dev", "whitelisted_account_ids": [], "ui_builder_support": true,
     "dependency_repository_url": [], "dependency_name": "", "dependency_version": ""}
    """
  }

  private func build(_ project: URL) throws -> (out: URL, err: String) {
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    return (out, built.err)
  }

  func testAPlayerPluginScreenIsTheVideoFallbackOnEveryPlatform() throws {
    let (out, err) = try build(
      project(playerScreen: #"{"id": "neon", "name": "Player", "type": "neon_player", "data": {}, "ui_components": []}"#))
    XCTAssertFalse(err.contains("ZL0409"), "videos open the player: \(err)")
    for platform in ["ios", "android"] {
      let bundle = try ScreenBundle.load(from: out, platform: platform)
      XCTAssertEqual(bundle.index.fallbackScreens, [.init(key: "video", screen: "neon")], platform)
    }
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 0, verified.err)
  }

  func testAScreensOwnPluginTypeOverridesItsManifests() throws {
    let (out, err) = try build(
      project(
        playerScreen:
          #"{"id": "neon", "name": "Player", "type": "neon_player", "plugin_type": "general", "data": {}, "ui_components": []}"#))
    XCTAssertTrue(err.contains("nothing opens root screen 'neon'"), err)
    XCTAssertEqual(try ScreenBundle.load(from: out, platform: "ios").index.fallbackScreens, [])
  }
}
