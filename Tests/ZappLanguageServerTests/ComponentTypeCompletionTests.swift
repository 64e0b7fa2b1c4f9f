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

  /// A registry of clients older than the platform's `min_zapp_sdk` refuses the bundle: what it
  /// lacks narrows nothing, as ZL0313 does not read it.
  func testARetiredRegistryNarrowsNothing() throws {
    let files = [
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "21.0.0"}}}"#,
      "registries/ios.json":
        #"{"platform": "ios", "client_version": "21.0.0", "component_types": ["grid", "hero"], "cell_layouts": [], "layout_kinds": ["flow"]}"#,
      "registries/ios-old.json":
        #"{"platform": "ios", "client_version": "20.0.0", "component_types": ["grid"], "cell_layouts": [], "layout_kinds": ["flow"]}"#,
    ]
    XCTAssertEqual(try labels(platforms: ["ios"], files: files), ["grid", "hero", "group"])
  }

  func testQuickBrickTypesAreOfferedToQuickBrickAppsAlone() throws {
    let native = try labels(platforms: ["ios"])
    XCTAssertEqual(native, ["list", "grid", "hero", "carousel", "horizontal_list", "html_ticker", "tab_bar", "group", "web_view"])
    let quickBrick = try labels(platforms: ["ios_for_quickbrick"])
    XCTAssertTrue(quickBrick.contains("gallery-qb") && quickBrick.contains("group-qb"), "\(quickBrick)")
  }
}
