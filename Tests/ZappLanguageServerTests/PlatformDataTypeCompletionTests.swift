import Foundation
import XCTest

@testable import ZappLanguageServer

/// A plugin whose platforms' manifests list different `data_types` is offered, in `data.type`,
/// only the types every platform's bundle takes (what rule ZL0402 accepts on each).
final class PlatformDataTypeCompletionTests: XCTestCase {
  let screens = """
    [{"id": "home", "type": "general_content", "home": true,
      "ui_components": [{"component_type": "rail", "data": {"source": "x", "type": ""}}]}]

    """

  /// A `rail` manifest of `platform` that takes `types`.
  func manifest(_ platform: String, _ types: [String]) -> String {
    let listed = types.map { #""\#($0)""# }.joined(separator: ", ")
    return """
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "Rail", "description": "D",
       "identifier": "rail", "type": "ui_component", "platform": "\(platform)", "min_zapp_sdk": "1.0.0",
       "ui_builder_support": true, "data_types": [\(listed)],
       "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "select"}]}}
      """
  }

  func offered(platforms: [String]) throws -> [String] {
    try completionLabels(
      in: screens, after: #""source": "x", "type": ""#, platforms: platforms,
      files: [
        "components/rail_ios.json": manifest("ios", ["APPLICASTER_ATOM_FEED", "IOS_ONLY"]),
        "components/rail_android.json": manifest("android", ["APPLICASTER_ATOM_FEED", "ANDROID_ONLY"]),
      ])
  }

  func testAnAppOfSeveralPlatformsIsOfferedTheTypesEveryPlatformTakes() throws {
    XCTAssertEqual(try offered(platforms: ["ios", "android"]), ["APPLICASTER_ATOM_FEED"])
    XCTAssertEqual(try offered(platforms: ["ios"]), ["APPLICASTER_ATOM_FEED", "IOS_ONLY"])
    XCTAssertEqual(try offered(platforms: ["android"]), ["APPLICASTER_ATOM_FEED", "ANDROID_ONLY"])
  }
  /// A plugin with a manifest per platform is offered once as a component type.
  func testAPluginOfSeveralPlatformsIsOfferedOnceAsAComponentType() throws {
    let typing = """
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [{"component_type": ""}]}]

      """
    let labels = try completionLabels(
      in: typing, after: #""component_type": ""#, platforms: ["ios", "android"],
      files: [
        "components/rail_ios.json": manifest("ios", ["APPLICASTER_ATOM_FEED"]),
        "components/rail_android.json": manifest("android", ["APPLICASTER_ATOM_FEED"]),
      ])
    XCTAssertEqual(labels.filter { $0 == "rail" }.count, 1, "\(labels)")
    XCTAssertEqual(labels.count, Set(labels).count, "no label twice: \(labels)")
  }
}
