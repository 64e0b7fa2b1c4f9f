import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// An app of several platforms labels each plugin in its preview with the `name` of the manifest
/// the drawn platform's bundle is built with, never another platform's.
final class PreviewPlatformNameTests: XCTestCase {
  /// The three-platform project of `PlatformTests`, each manifest named after its platform:
  /// "Banner ios", "Settings android"…
  func project(platforms: String? = nil) throws -> String {
    var files = PlatformTests.project()
    if let platforms { files["zlc.json"] = platforms }
    files["screens/home.json"] = Marked(files["screens/home.json"]!).text
    for platform in ["ios", "android", "tvos"] {
      for (folder, name) in [("banner", "Banner"), ("settings", "Settings")] {
        let path = "components/\(folder)/manifests/\(platform).json"
        files[path] = files[path]!.replacingOccurrences(of: #""name": "N""#, with: #""name": "\#(name) \#(platform)""#)
      }
    }
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  /// The plugin names shown on the home page (the banner) and the settings page of a preview.
  func shownNames(_ dir: String, platform: String?) throws -> [String] {
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    addTeardownBlock { try? FileManager.default.removeItem(atPath: out) }
    let outcome = Driver.preview(dir, output: out, platform: platform)
    XCTAssertEqual(outcome.status, .success, outcome.diagnostics.map(\.message).joined(separator: "\n"))
    return try ["home.html", "settings.html"].flatMap { page in
      let html = try String(contentsOfFile: out + "/" + page, encoding: .utf8)
      return Set(html.components(separatedBy: "<b>").dropFirst().map { $0.prefix { $0 != "<" } })
        .filter { $0.hasPrefix("Banner") || $0.hasPrefix("Settings") }.sorted().map(String.init)
    }
  }

  func testThePreviewOfAPlatformNamesItsOwnManifests() throws {
    let dir = try project()
    XCTAssertEqual(try shownNames(dir, platform: "android"), ["Banner android", "Settings android"])
    XCTAssertEqual(try shownNames(dir, platform: "tvos"), ["Banner tvos", "Settings tvos"])
  }

  /// The android manifests are read first (their files sort first), yet the first platform's
  /// bundle, which the preview draws, is iOS's.
  func testThePreviewOfTheFirstPlatformNamesItsManifests() throws {
    XCTAssertEqual(try shownNames(try project(), platform: nil), ["Banner ios", "Settings ios"])
  }

  /// An app of one platform whose plugins ship other platforms' manifests too, read first.
  func testThePreviewOfAnAppOfOnePlatformNamesItsManifests() throws {
    let dir = try project(platforms: #"{"platforms": {"ios": {}}}"#)
    XCTAssertEqual(try shownNames(dir, platform: nil), ["Banner ios", "Settings ios"])
  }

  /// The names `zlc serve` and `zlc diff` draw with: the narrowed project's.
  func testPluginNamesAreTheNarrowedProjectsManifests() throws {
    let outcome = Driver.check(try project())
    XCTAssertEqual(outcome.diagnostics.map(\.message), [])
    let names = PreviewRenderer.pluginNames(of: outcome.project.narrowed(to: "tvos"))
    XCTAssertEqual(names, ["banner": "Banner tvos", "settings_screen": "Settings tvos"])
    XCTAssertEqual(PreviewRenderer.pluginNames(of: outcome.project)["banner"], "Banner ios")
  }
}
