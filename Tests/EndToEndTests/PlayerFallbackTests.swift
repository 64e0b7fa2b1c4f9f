import Foundation
import XCTest
import ZappLayout

/// A video a feed item opens falls back to the player screen: the first screen whose plugin type
/// is `player`. zlc reads a plugin screen that writes no `plugin_type` as its manifest's `type` on
/// each bundle's platform, as the reference's player rivers carry `plugin_type: "player"`.
final class PlayerFallbackTests: XCTestCase {
  /// An app on iOS and Android, shaped like real files: a root screen opening videos, and a screen
  /// of the plugin `neon_player`, whose manifests (shaped as the public ZappPlayerAdapter-iOS one)
  /// are `manifests`: file name → (platform, type), by default one of type `player` per platform.
  private func project(
    playerScreen: String,
    manifests: [String: (platform: String, type: String)] = [
      "player.ios.json": ("ios", "player"), "player.android.json": ("android", "player"),
    ]
  ) throws -> URL {
    let root = temporary().appendingPathComponent("app")
    var files: [String: String] = [
      "zlc.json": #"{"app": "Neon", "platforms": {"ios": {}, "android": {}}}"#,
      "screens/screens.json": """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "data": {},
        "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "3139", "type": "APPLICASTER_COLLECTION"},
          "rules": {"item_limit": "6"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]},
       \(playerScreen)]
      """,
    ]
    for (file, manifest) in manifests { files["components/" + file] = self.manifest(platform: manifest.platform, type: manifest.type) }
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  private func manifest(platform: String, type: String = "player") -> String {
    """
    {"api": {"class_name": "ZappPluginPlayerExample_iOS.ZappPlayerAdapter"}, "author_name": "Zapp Developer",
     "author_email": "applicaster@applicaster.com", "manifest_version": "1.0.0", "name": "Neon",
     "description": "ZappPlayerAdapter", "identifier": "neon_player", "type": "\(type)", "screen": true,
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

  /// A manifest of a platform the app does not build (first in file order) is no bundle's: the
  /// screen is each bundle's player, and opened.
  func testAnUnbuiltPlatformsManifestDoesNotUnmakeThePlayer() throws {
    let root = try project(
      playerScreen: #"{"id": "neon", "name": "Player", "type": "neon_player", "data": {"connected": true}, "ui_components": []}"#,
      manifests: [
        "player.ios.json": ("ios", "player"), "player.android.json": ("android", "player"),
        "a_player.tvos.json": ("tvos", "general"),
      ])
    let (out, err) = try build(root)
    XCTAssertFalse(err.contains("ZL0408"), err)
    XCTAssertFalse(err.contains("ZL0409"), err)
    for platform in ["ios", "android"] {
      XCTAssertEqual(
        try ScreenBundle.load(from: out, platform: platform).index.fallbackScreens, [.init(key: "video", screen: "neon")], platform)
    }
  }

  /// Nor does a player manifest of a platform the app does not build make the screen a player.
  func testAnUnbuiltPlatformsPlayerManifestDoesNotOpenTheScreen() throws {
    let root = try project(
      playerScreen: #"{"id": "neon", "name": "Player", "type": "neon_player", "data": {}, "ui_components": []}"#,
      manifests: [
        "player.ios.json": ("ios", "general"), "player.android.json": ("android", "general"),
        "a_player.tvos.json": ("tvos", "player"),
      ])
    let (out, err) = try build(root)
    let unopened = err.split(separator: "\n").filter { $0.contains("ZL0409") }
    XCTAssertEqual(
      unopened,
      [
        "\(root.path)/screens/screens.json:5:9: warning: nothing opens root screen 'neon': no navigation item, component or header target, hook, screen_selector field or mapping names it [ZL0409]"
      ])
    for platform in ["ios", "android"] {
      XCTAssertEqual(try ScreenBundle.load(from: out, platform: platform).index.fallbackScreens, [], platform)
    }
  }
}
