import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

/// Long lists in one diagnostic are summarised, and notes per diagnostic are capped (issue 17): a
/// diagnostic stays short however large the project.
final class SummarisingTests: XCTestCase {
  func testSummarizedListNamesTheFirstItemsAndCountsTheRest() {
    XCTAssertEqual(summarizedList([String]()), "")
    XCTAssertEqual(summarizedList(["a", "b", "c"]), "a, b, c")
    XCTAssertEqual(summarizedList((0..<10).map(String.init)), "0, 1, 2, 3, 4, 5, 6, 7, 8, 9")
    XCTAssertEqual(summarizedList((0..<1007).map(String.init)), "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … and 997 more")
    XCTAssertEqual(summarizedList(["a", "b", "c", "d"], limit: 3), "a, b, c, … and 1 more")
  }

  /// 12 screens share a name that two mappings use: each diagnostic names 10 of them in notes and
  /// counts the other two in one more note.
  func testAmbiguousScreenNameCapsItsNotes() throws {
    let shared = (0..<12).map { #"{"id": "s\#($0)", "name": "Details", "type": "general_content", "ui_components": []}"# }
    let types = Marked(#"{"screen_types": {"a": ⟦⟧"Details", "b": ⟦⟧"Details"}}"#)
    let dir = try makeProject([
      "screens/home.json": Example.home, "screens/shared.json": "[" + shared.joined(separator: ", ") + "]",
      "screen_types.json": types.text,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let notes = (0..<10).map { "screen 's\($0)' is named 'Details'" } + ["and 2 more screens are named 'Details'"]
    let specs = types.markers.map {
      DiagnosticSpec(
        code: "ZL0308", file: "screen_types.json", line: $0.line, column: $0.column,
        message: "screen name 'Details' is shared by 12 screens; name the screen by its id", notes: notes)
    }
    assertDiagnostics(Driver.check(dir).diagnostics.filter { $0.code == "ZL0308" }, in: dir, specs)
  }

  /// A family component of 15 cells: ZL0304 names the first 10 and counts the rest, suggests the
  /// nearest cell and points at it.
  func testUnknownCellStyleSummarisesTheFamilysCells() throws {
    let rows = (0..<15).map { #"    <Cell name="CELL_\#($0)" cellHeight="100"/>"# }.joined(separator: "\n")
    let family = "<Family name=\"BIG\">\n  <Component type=\"list\">\n\(rows)\n  </Component>\n</Family>\n"
    let screen = Marked(
      #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "BIG"}, "ui_components": [{"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"CELL_3X", ⟦⟧"CELL_14X"]}}]}]"#
    )
    let dir = try makeProject(["screens/home.json": screen.text, "families/big.xml": family])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let offered = "CELL_0, CELL_1, CELL_2, CELL_3, CELL_4, CELL_5, CELL_6, CELL_7, CELL_8, CELL_9, … and 5 more"
    let specs = zip(screen.markers, ["CELL_3", "CELL_14"]).map { marker, cell in
      DiagnosticSpec(
        code: "ZL0304", file: "screens/home.json", line: marker.line, column: marker.column,
        message: "cell style '\(cell)X' is not in family 'BIG' for 'list' (the family offers \(offered) for 'list')",
        notes: ["cell style '\(cell)' is defined here"], fixIt: "\"\(cell)\"")
    }
    assertDiagnostics(Driver.check(dir).diagnostics.filter { $0.code == "ZL0304" }, in: dir, specs)
  }

  /// A sender of 15 children on a screen that takes one: the ZL0701 message and the table's last
  /// line name 10 unused children and count the other four.
  func testMapSummarisesUnusedChildren() throws {
    let screens = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "det"}, "styles": {"cell_styles": ["LIST_1"]}}]},
       {"id": "det", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "list", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["LIST_1"]}}]}]
      """#
    let entries = (0..<15).map { #"{"id": "e\#($0)", "title": "Entry \#($0)", "type": {"value": "feed"}, "entry": []}"# }
    let sender = Marked(
      #"{"id": "root", "entry": [{"id": "e0", "title": "Entry 0", "type": {"value": "feed"}, "entry": []}, ⟦⟧"#
        + entries.dropFirst().joined(separator: ", ") + "]}")
    let dir = try makeProject(["screens/a.json": screens, "sender.json": sender.text])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.map(screen: "det", project: dir, sender: dir + "/sender.json", device: nil)
    let shown = (1...10).map { "\($0) ('Entry \($0)')" }.joined(separator: ", ")
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0701", file: "sender.json", line: sender.markers[0].line, column: sender.markers[0].column,
          message: "the sender has 15 children but the screen takes 1; not shown: \(shown), … and 4 more")
      ])
    let table = Driver.mapTable(try XCTUnwrap(outcome.result))
    XCTAssertTrue(table.hasSuffix("\nunused children: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … and 4 more\n"), table)
  }
}
