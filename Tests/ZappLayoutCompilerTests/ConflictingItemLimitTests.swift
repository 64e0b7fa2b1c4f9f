import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// `item_limit` and its older names written with different limits (ZL0207): the bundle keeps
/// the first and loses the others.
final class ConflictingItemLimitTests: XCTestCase {
  /// An older name with a limit where `item_limit` gives none (`""`), and `datasource_limit`
  /// beside `data_source_limit` with another limit, are reported at the limit left out, with a
  /// note at the key the bundle takes. The same limit as a number and a string, `null`, and a
  /// taken limit that is no whole number (ZL0410's) are not.
  func testALimitTheBundleLeavesOutIsReported() throws {
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": "", "datasource_limit": 8}, "styles": {"cell_styles": ["GRID_1"]}},
        {"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "rules": {"data_source_limit": "4", "datasource_limit": 12}, "styles": {"cell_styles": ["GRID_1"]}},
        {"component_type": "grid", "data": {"source": "3", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": 6, "data_source_limit": "6", "datasource_limit": null}, "styles": {"cell_styles": ["GRID_1"]}},
        {"component_type": "grid", "data": {"source": "4", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": "many", "data_source_limit": 5}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """#
    let dir = try makeProject(Example.baseProject.merging(["screens/o.json": screen]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let all = Driver.check(dir).diagnostics
    let found = all.filter { $0.code == "ZL0207" }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0207", file: "screens/o.json", line: 2, column: 137,
          message: "'rules.datasource_limit' limits the items to 8, but the bundle takes 'rules.item_limit', which gives no limit",
          notes: ["'rules.item_limit' is written here"]),
        DiagnosticSpec(
          code: "ZL0207", file: "screens/o.json", line: 3, column: 145,
          message:
            "'rules.datasource_limit' limits the items to 12, but the bundle takes 'rules.data_source_limit', which limits them to 4",
          notes: ["'rules.data_source_limit' is written here"]),
      ])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [2, 3])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.column }, [99, 99])
    XCTAssertEqual(found.map(\.severity), [.warning, .warning])
    XCTAssertEqual(all.filter { $0.code == "ZL0410" }.map { $0.spot?.location.line }, [5], "the limit 'many' is ZL0410's alone")
  }
}
