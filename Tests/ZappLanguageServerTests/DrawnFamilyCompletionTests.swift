import Foundation
import XCTest

@testable import ZappLanguageServer

/// The editor completes a component's layout from the family the app's bundle draws it with: an
/// iOS app's screen family, another platform's component family.
final class DrawnFamilyCompletionTests: XCTestCase {
  let screens = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
        "styles": {"family": "FAMILY_2", "cell_styles": ["GRID_1"], "layout": ""}}]}]

    """

  /// The labels offered inside the grid's `layout` string in an app of `platform`.
  func layoutsOffered(platform: String) throws -> [String] {
    try offered(in: screens, after: #""layout": ""#, platforms: [platform])
  }

  /// The labels offered just after `needle` (inside a string) in `screens`, in an app of `platforms`.
  func offered(in screens: String, after needle: String, platforms: [String]) throws -> [String] {
    let project = try emptyProject()
    let targets = platforms.map { #""\#($0)": {}"# }.joined(separator: ", ")
    try write(#"{"platforms": {\#(targets)}}"#, "zlc.json", in: project)
    let file = try write(screens, "screens/home.json", in: project)
    let before = try XCTUnwrap(screens.range(of: needle)).upperBound
    let line = screens[..<before].filter { $0 == "\n" }.count
    let lineStart = screens[..<before].lastIndex(of: "\n").map { screens.index(after: $0) } ?? screens.startIndex
    let position: JSONObject = ["line": line, "character": screens.distance(from: lineStart, to: before) - 1]
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file),
          [
            "id": "complete", "method": "textDocument/completion",
            "params": ["textDocument": ["uri": FileURI.uri(file.path)], "position": position],
          ],
        ]))
    XCTAssertEqual(status, 0)
    let result = try answer("complete", in: messages)["result"]
    let items = (result as? [JSONObject]) ?? ((result as? JSONObject)?["items"] as? [JSONObject]) ?? []
    return items.compactMap { $0["label"] as? String }
  }

  func testAnIOSAppCompletesALayoutFromTheScreensFamily() throws {
    XCTAssertEqual(try layoutsOffered(platform: "android"), ["GRID_MASONRY"], "FAMILY_2's grid layouts")
    XCTAssertEqual(try layoutsOffered(platform: "ios"), [], "FAMILY_1's grid has no named layout")
  }

  /// A list drawn with FAMILY_2 on iOS (its screen's) and FAMILY_1 elsewhere (its own), and a grid
  /// the other way round.
  let mixed = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
      "ui_components": [{"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
        "styles": {"family": "FAMILY_1", "cell_styles": [""]}}]},
     {"id": "more", "type": "general_content", "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
        "styles": {"family": "FAMILY_2", "cell_styles": ["GRID_1"], "layout": ""}}]}]

    """

  /// An app of iOS and Android is offered only what rules ZL0304 and ZL0305 accept under both.
  func testAnAppOfBothReadingsCompletesWhatBothFamiliesAccept() throws {
    let cellStyle = #""cell_styles": [""#
    XCTAssertEqual(try offered(in: mixed, after: cellStyle, platforms: ["android"]), ["LIST_1", "LIST_2", "LIST_3"])
    XCTAssertEqual(try offered(in: mixed, after: cellStyle, platforms: ["ios"]), ["LIST_1"])
    XCTAssertEqual(try offered(in: mixed, after: cellStyle, platforms: ["ios", "android"]), ["LIST_1"])
    let layout = #""layout": ""#
    XCTAssertEqual(try offered(in: mixed, after: layout, platforms: ["android"]), ["GRID_MASONRY"])
    XCTAssertEqual(try offered(in: mixed, after: layout, platforms: ["ios", "android"]), [], "FAMILY_1's grid has none")
  }
}
