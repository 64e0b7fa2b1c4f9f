import Foundation
import XCTest

@testable import ZappLanguageServer

/// Completion of a `component_type` offers what the checks accept: the types every registered
/// client of the app's platforms draws (a group is no renderer), and a Quick Brick type only for an
/// app no native platform of which refuses it.
final class ComponentTypeCompletionTests: XCTestCase {
  static let screens = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
      "ui_components": [{"id": "l", "component_type": "", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}]

    """

  func labels(platforms: [String], files: [String: String] = [:]) throws -> [String] {
    try completionLabels(in: Self.screens, after: #""component_type": ""#, platforms: platforms, files: files)
  }

  func testTypesARegisteredClientCannotDrawAreNotOffered() throws {
    let registry = [
      "registries/ios.json":
        #"{"platform": "ios", "client_version": "20.0.0", "component_types": ["grid", "list"], "cell_layouts": [], "layout_kinds": ["flow"]}"#
    ]
    XCTAssertEqual(try labels(platforms: ["ios"], files: registry), ["list", "grid", "group"])
  }

  func testQuickBrickTypesAreOfferedToQuickBrickAppsAlone() throws {
    let native = try labels(platforms: ["ios"])
    XCTAssertEqual(native, ["list", "grid", "hero", "carousel", "horizontal_list", "html_ticker", "tab_bar", "group", "web_view"])
    let quickBrick = try labels(platforms: ["ios_for_quickbrick"])
    XCTAssertTrue(quickBrick.contains("gallery-qb") && quickBrick.contains("group-qb"), "\(quickBrick)")
  }
}
