import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappReaders
@testable import ZappRules
@testable import ZappWriters

/// The player screen (`plugin_type: "player"`) and the web view screen (`type:
/// "webview_screen_qb"`) are opened by videos and links that nothing else maps: the bundle names
/// them, and they count as opened unless `content_types` maps their type to another screen.
final class FallbackScreenTests: XCTestCase {
  static let player =
    #"[{"id": "qb-player", "type": "player_plugin", "plugin_type": "player", "data": {"connected": true}, "ui_components": []}]"#
  static let web = #"[{"id": "web", "type": "webview_screen_qb", "ui_components": []}]"#

  /// The base project with the player and web view screens, and their screen plugins' manifests.
  static var files: [String: String] {
    var files = Example.baseProject
    files["screens/player.json"] = player
    files["screens/web.json"] = web
    for plugin in ["player_plugin", "webview_screen_qb"] {
      files["components/\(plugin).json"] = Example.manifest(#", "screen": true"#, identifier: plugin, type: "general")
    }
    return files
  }

  func testThePlayerAndWebViewScreensAreOpenedByTheirTypes() throws {
    var files = Self.files
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let outcome = Driver.build(dir, output: out)
    // Nothing but the fallback opens either screen, and no finding says it is never opened.
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let index = try ScreenBundle.load(from: URL(fileURLWithPath: out)).index
    XCTAssertEqual(
      index.fallbackScreens, [BundleIndex.Mapping(key: "video", screen: "qb-player"), BundleIndex.Mapping(key: "link", screen: "web")])
    let text = try String(contentsOfFile: out + "/bundle.json", encoding: .utf8)
    XCTAssertTrue(text.contains(#""fallback_screens":{"video":"qb-player","link":"web"}"#), text)

    // Where content_types maps videos to another screen, no video falls back to the player.
    files["screen_types.json"] = #"{"content_types": {"video": "other", "link": "nowhere"}}"#
    let mapped = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: mapped) }
    // A mapping that names no screen leaves links to the web view screen, which stays opened.
    assertDiagnostics(
      Driver.check(mapped).diagnostics, in: mapped,
      [
        DiagnosticSpec(
          code: "ZL0307", file: "screen_types.json", line: 1, column: 46,
          message: "mapped screen 'nowhere' is neither the id nor the name of any screen"),
        DiagnosticSpec(
          code: "ZL0408", file: "screens/player.json", line: 1, column: 9,
          message:
            "nothing can open connected screen 'qb-player': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"
        ),
      ])
  }

  /// The preview shows what opens each fallback screen, and lists it among the mappings; not
  /// where `content_types` maps the type to another screen.
  func testThePreviewLinksTheFallbackScreens() throws {
    var files = Self.files
    files["screen_types.json"] = #"{"content_types": {"video": "other"}}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let renderer = PreviewRenderer(project: Driver.check(dir).project)
    let web = try XCTUnwrap(renderer.page(named: "web.html"))
    XCTAssertTrue(web.contains("any feed entry with <small>type link, by default</small>"), web)
    let index = renderer.indexPage()
    XCTAssertTrue(index.contains("<td>content type, by default</td><td><code>link</code></td><td>→ <a href=\"web.html\">"), index)
    XCTAssertFalse(index.contains("<code>video</code></td><td>→ <a href=\"qb-player.html\">"), index)
    let player = try XCTUnwrap(renderer.page(named: "qb-player.html"))
    XCTAssertFalse(player.contains("by default"), player)
  }
}
