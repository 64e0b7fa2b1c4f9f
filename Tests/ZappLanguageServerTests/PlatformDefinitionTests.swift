import Foundation
import XCTest

@testable import ZappLanguageServer

/// Go to definition of a component's cell style, layout or header style in an app of `ios` and
/// another platform, which draw the component with two families: each family's definition.
final class PlatformDefinitionTests: XCTestCase {
  /// Families F1 and F2, each defining the grid's cell style `G`, layout `L` and header `H`.
  let families = [
    "families/F1.json":
      #"{"name": "F1", "components": [{"type": "grid", "cells": [{"name": "G", "cellHeight": 50}], "layouts": [{"name": "L", "kind": "flow"}]}], "headers": [{"name": "H", "height": 40}]}"#,
    "families/F2.json":
      #"{"name": "F2", "components": [{"type": "grid", "cells": [{"name": "G", "cellHeight": 50}], "layouts": [{"name": "L", "kind": "flow"}]}], "headers": [{"name": "H", "height": 40}]}"#,
  ]

  /// A home screen of family `screenFamily` whose grid names family F1.
  func screens(screenFamily: String) -> String {
    #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "\#(screenFamily)"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "F1", "cell_styles": ["G"], "layout": "L", "header": {"style": "H"}}}]}]"#
  }

  /// The file names and lines of the definition's locations at `needle` (one location or a list).
  func definitions(at needle: String, screenFamily: String, platforms: [String]) throws -> [String] {
    let text = screens(screenFamily: screenFamily)
    let position = try position(of: needle, in: text, delta: 1)
    let result = try result(of: "textDocument/definition", at: position, in: text, platforms: platforms, files: families)
    let locations = (result as? [JSONObject]) ?? (result as? JSONObject).map { [$0] } ?? []
    return locations.map { range($0).components(separatedBy: " ")[0] }
  }

  func testEachReadingsFamilyIsADefinition() throws {
    for needle in [#""G""#, #""L""#, #""H""#] {
      XCTAssertEqual(try definitions(at: needle, screenFamily: "F2", platforms: ["ios", "android"]), ["F1.json", "F2.json"], needle)
      // One reading (android alone), or one family: the one definition.
      XCTAssertEqual(try definitions(at: needle, screenFamily: "F2", platforms: ["android"]), ["F1.json"], needle)
      XCTAssertEqual(try definitions(at: needle, screenFamily: "F1", platforms: ["ios", "android"]), ["F1.json"], needle)
    }
  }
}
