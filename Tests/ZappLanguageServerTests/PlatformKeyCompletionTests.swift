import Foundation
import XCTest

@testable import ZappLanguageServer

/// In an app of several platforms whose plugins have a manifest each, key completion offers the keys
/// every platform's manifest declares: a key one of them lacks is reported on that platform.
final class PlatformKeyCompletionTests: XCTestCase {
  /// A manifest of `identifier` for `platform`, declaring `keys` in its `section`.
  static func manifest(_ identifier: String, type: String, platform: String, section: String, keys: [String]) -> String {
    let fields = keys.map { #"{"key": "\#($0)", "type": "text_input"}"# }.joined(separator: ", ")
    return """
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D",
       "identifier": "\(identifier)", "type": "\(type)", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "platform": "\(platform)", "\(section)": {"fields": [\(fields)]}}
      """
  }

  /// A banner and a nav bar plugin, each with an android manifest (read first: its file sorts
  /// first) and an iOS one; `shared` is declared by both, `own_PLATFORM` by one.
  static var files: [String: String] {
    var files: [String: String] = [:]
    for platform in ["android", "ios"] {
      files["components/a_\(platform)_banner.json"] = manifest(
        "banner", type: "ui_component", platform: platform, section: "styles", keys: ["shared", "own_\(platform)"])
      files["components/b_\(platform)_bar.json"] = manifest(
        "my_bar", type: "nav_bar", platform: platform, section: "styles", keys: ["bar_shared", "bar_\(platform)"])
    }
    return files
  }

  static let screens = """
    [{"id": "home", "type": "general_content", "home": true,
      "ui_components": [{"component_type": "banner", "styles": {""}}],
      "navigations": [{"id": "nb", "category": "nav_bar", "navigation_type": "my_bar", "styles": {"x": 1, ""}}]}]

    """

  func labels(_ needle: String, platforms: [String]) throws -> [String] {
    try completionLabels(in: Self.screens, after: needle, platforms: platforms, files: Self.files)
  }

  func testOnlyKeysEveryPlatformsManifestDeclaresAreOffered() throws {
    let component = try labels(#""styles": {"""#, platforms: ["ios", "android"])
    XCTAssertTrue(component.contains("shared"))
    XCTAssertFalse(component.contains("own_ios"))
    XCTAssertFalse(component.contains("own_android"))
    let navigation = try labels(#""x": 1, """#, platforms: ["ios", "android"])
    XCTAssertTrue(navigation.contains("bar_shared"))
    XCTAssertFalse(navigation.contains("bar_ios"))
    XCTAssertFalse(navigation.contains("bar_android"))
  }

  /// An app of one platform is offered its own manifest's keys, not those of the manifest read first.
  func testAnAppOfOnePlatformIsOfferedItsManifestsKeys() throws {
    let component = try labels(#""styles": {"""#, platforms: ["ios"])
    XCTAssertEqual(component.filter { $0.hasPrefix("own_") || $0 == "shared" }.sorted(), ["own_ios", "shared"])
    let navigation = try labels(#""x": 1, """#, platforms: ["ios"])
    XCTAssertEqual(navigation.filter { $0.hasPrefix("bar_") }.sorted(), ["bar_ios", "bar_shared"])
  }
}
