import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A key of a plugin component's `rules` or `data` that it leaves out takes its manifest's
/// `initial_value`, which must have the type a written value has (ZL0202), reported there.
final class ManifestFilledValueTypeTests: XCTestCase {
  /// The rail's manifest with these rules and data fields (marked), a screen `other` of the grid
  /// and `components` (marked).
  func check(rules: [String], data: [String], _ components: [String]) throws -> (String, [Diagnostic], Marked, Marked) {
    let m = Marked(ManifestInitialValueTests.rail(rules: rules.joined(separator: ", "), data: data.joined(separator: ", ")))
    let s = Marked(Example.screen(([Example.grid] + components).joined(separator: ", ")))
    let dir = try makeProject(Example.baseProject.merging(["screens/o.json": s.text, "components/r.json": m.text]) { $1 })
    return (dir, Driver.check(dir).diagnostics, m, s)
  }

  func spec(_ m: Marked, _ i: Int, _ message: String, _ key: String) -> DiagnosticSpec {
    DiagnosticSpec(
      code: "ZL0202", file: "components/r.json", line: m.markers[i].line, column: m.markers[i].column, message: message,
      notes: ["fills '\(key)' of this component"])
  }

  /// `fill_rows` and `pad_rows` are true or false, `data.source` a string: a taken value of
  /// another type is reported as a written one is.
  func testTakenRowRulesAndSourceAreTypeChecked() throws {
    let rules = [
      #"{"key": "fill_rows", "type": "switch", "initial_value": ⟦⟧3}"#,
      #"{"key": "pad_rows", "type": "switch", "initial_value": ⟦⟧"yes"}"#,
    ]
    let data = [
      #"{"key": "source", "type": "text_input", "initial_value": ⟦⟧5}"#,
      #"{"key": "type", "type": "select", "initial_value": "APPLICASTER_COLLECTION"}"#,
    ]
    let (dir, found, m, s) = try check(rules: rules, data: data, [#"⟦⟧{"component_type": "rail"}"#])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found.filter { $0.code == "ZL0202" }, in: dir,
      [
        spec(m, 0, "'fill_rows' must be true or false, found a number", "rules.fill_rows"),
        spec(m, 1, "'pad_rows' must be true or false, found a string", "rules.pad_rows"),
        spec(m, 2, "'source' must be a string, found a number", "data.source"),
      ])
    for d in found where d.code == "ZL0202" {
      XCTAssertEqual(d.notes.first?.spot?.location.line, s.markers[0].line)
      XCTAssertEqual(d.notes.first?.spot?.location.column, s.markers[0].column)
    }
    // What a written value of these types is: the same finding, where it is written.
    let written = Marked(
      Example.screen(
        Example.grid + #", {"component_type": "rail", "data": {"source": ⟦⟧5}, "rules": {"fill_rows": ⟦⟧3, "pad_rows": ⟦⟧"yes"}}"#))
    let writtenFiles = ["screens/o.json": written.text, "components/r.json": ManifestInitialValueTests.rail(rules: "", data: "")]
    let dir2 = try makeProject(Example.baseProject.merging(writtenFiles) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    XCTAssertEqual(
      Set(Driver.check(dir2).diagnostics.filter { $0.code == "ZL0202" }.map(\.message)),
      [
        "'fill_rows' must be true or false, found a number", "'pad_rows' must be true or false, found a string",
        "'source' must be a string, found a number",
      ])
  }

  /// A taken `data.target` or `data.type` that is no string is ZL0202, as a written one is, not
  /// left unchecked; values of the right type are not reported.
  func testATakenTargetOrTypeOfAnotherTypeIsWrong() throws {
    let data = [
      #"{"key": "source", "type": "text_input"}"#,
      #"{"key": "target", "type": "screen_selector", "initial_value": ⟦⟧7}"#,
      #"{"key": "type", "type": "select", "initial_value": ⟦⟧["APPLICASTER_COLLECTION"]}"#,
    ]
    let rules = [#"{"key": "fill_rows", "type": "switch", "initial_value": "true"}"#]
    let (dir, found, m, _) = try check(rules: rules, data: data, [#"{"component_type": "rail", "data": {"source": "1"}}"#])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found.filter { $0.code == "ZL0202" }, in: dir,
      [
        spec(m, 0, "'target' must be a string, found a number", "data.target"),
        spec(m, 1, "'type' must be a string, found an array", "data.type"),
      ])
  }

  /// Only what a bundle takes is checked: the item limit's older names are ZL0410's (which takes
  /// the one a bundle reads), and a key no bundle takes (`web_page_shows_navigation`,
  /// `data.connected`) or a data source on a connected screen is no finding.
  func testValuesNoBundleTakesAreNotTypeChecked() throws {
    let rules = [
      #"{"key": "item_limit", "type": "number_input", "initial_value": 4}"#,
      #"{"key": "data_source_limit", "type": "text_input", "initial_value": "x"}"#,
      #"{"key": "web_page_shows_navigation", "type": "text_input", "initial_value": "x"}"#,
    ]
    let data = [
      #"{"key": "connected", "type": "text_input", "initial_value": "x"}"#,
      #"{"key": "source", "type": "text_input", "initial_value": 5}"#,
    ]
    let (dir, found, _, _) = try check(
      rules: rules, data: data, [#"{"component_type": "rail", "data": {"source": "1"}, "rules": {"item_limit": 5}}"#])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(found.filter { ["ZL0202", "ZL0410"].contains($0.code) }.map(\.message), [])
    // On a connected screen the section binds to the item that opened it: no source is taken.
    let m = Marked(ManifestInitialValueTests.rail(rules: "", data: data.joined(separator: ", ")))
    let connected =
      #"[{"id": "other", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "rail"}]}]"#
    let dir2 = try makeProject(Example.baseProject.merging(["screens/o.json": connected, "components/r.json": m.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    XCTAssertEqual(Driver.check(dir2).diagnostics.filter { $0.code == "ZL0202" }.map(\.message), [])
  }
}
