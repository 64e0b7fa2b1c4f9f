import Foundation
import XCTest

/// Text output shows at most 50 diagnostics in full, then how many of each rule it left out; the
/// totals and the other formats stay complete.
final class BoundedOutputTests: XCTestCase {
  /// A project of `files` screens files, each with `perFile` components of an unknown data source
  /// type (ZL0402) and one unknown key (ZL0204).
  private func project(files: Int, perFile: Int) throws -> URL {
    let dir = temporary().appendingPathComponent("many")
    let project = try copyDemo(to: dir)
    let component =
      #"{"component_type": "grid", "extra_key": 1, "data": {"source": "1", "type": "NOT_A_TYPE"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    for n in 0..<files {
      let components = Array(repeating: component, count: perFile).joined(separator: ",\n")
      let screen =
        #"[{"id": "many\#(n)", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(components)]}]"#
      try screen.write(to: project.appendingPathComponent("screens/many\(n).json"), atomically: true, encoding: .utf8)
    }
    return project
  }

  func testTextShowsFiftyThenACountPerRule() throws {
    // 5,000 errors and 5,050 warnings (the 50 screens nothing opens among them).
    let project = try project(files: 50, perFile: 100)
    let checked = try zlc(["check", project.path])
    XCTAssertEqual(checked.status, 1)
    let shown = checked.err.components(separatedBy: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
    XCTAssertEqual(shown.count, 50, checked.err)
    XCTAssertTrue(shown.allSatisfy { $0.contains(": error: ") }, "errors are shown before warnings")
    XCTAssertLessThan(checked.err.components(separatedBy: "\n").count, 250, "a bounded text")
    XCTAssertTrue(
      checked.err.hasSuffix(
        """
        … and 10,000 more (--max-diagnostics 0 shows every one):
          5,000 × ZL0204 unknown-key
          4,950 × ZL0402 unknown-data-type
          50 × ZL0409 unopened-root-screen
        5000 errors, 5050 warnings in 63 files
        fleet: ios: 1 client version (installs not given): 20.0.0..<21.0.0 draws every screen (until the errors above are fixed)

        """), String(checked.err.suffix(400)))

    let all = try zlc(["check", project.path, "--max-diagnostics", "0"])
    XCTAssertEqual(all.err.components(separatedBy: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.count, 10_050)
    XCTAssertFalse(all.err.contains("more (--max-diagnostics"))

    let json = try zlc(["check", project.path, "--format", "json"])
    let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    XCTAssertEqual((report["diagnostics"] as? [Any])?.count, 10_050, "json lists every diagnostic")

    // Given apart from the option too: a value refused by its own message, not a missing one.
    for arguments in [["--max-diagnostics=-1"], ["--max-diagnostics", "-1"]] {
      let negative = try zlc(["check", project.path] + arguments)
      XCTAssertEqual(negative.status, 64)
      XCTAssertTrue(negative.err.hasPrefix("Error: --max-diagnostics is a count: 0 (all) or more\n"), negative.err)
    }
  }

  /// `zlc map` and `zlc diff` print diagnostics as a check does, and take the option their
  /// summary of what is left out names.
  func testMapAndDiffTakeTheOptionTheirSummaryNames() throws {
    let project = try copyDemo(to: temporary().appendingPathComponent("demo"))
    // A second child (the list's) whose 60 items each open a screen_type nothing maps (ZL0705).
    let items = (0..<60).map { #"{"id": "i\#($0)", "title": "I", "screen_type": "nowhere\#($0)"}"# }
    let sender = temporary().appendingPathComponent("sender.json")
    try #"{"entry": [{"id": "c0", "title": "C"}, {"id": "c1", "title": "C", "entry": [\#(items.joined(separator: ", "))]}]}"#.write(
      to: sender, atomically: true, encoding: .utf8)
    let broken = try self.project(files: 1, perFile: 30)
    let commands = [
      (["map", "show", "--project", project.path, "--sender", sender.path, "--color", "never"], 60),
      (["diff", project.path, broken.path, "--color", "never"], 60),
    ]
    for (arguments, count) in commands {
      let bounded = try zlc(arguments)
      XCTAssertTrue(bounded.err.contains("more (--max-diagnostics 0 shows every one):\n"), bounded.err)
      let all = try zlc(arguments + ["--max-diagnostics", "0"])
      XCTAssertEqual(all.status, bounded.status, all.err)
      XCTAssertFalse(all.err.contains("more (--max-diagnostics"), all.err)
      let shown = all.err.components(separatedBy: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
      XCTAssertGreaterThanOrEqual(shown.count, count, all.err)
    }
  }

  /// A check keeps 100 findings of one code per file and sums up the rest in one diagnostic;
  /// what the text leaves out counts that one as the findings it stands for.
  func testTheCountOfWhatIsLeftOutCountsSummedUpFindings() throws {
    let project = try copyDemo(to: temporary().appendingPathComponent("capped"))
    let component = #"{"component_type": "grid", "data": {"source": "1", "type": "NOT_A_TYPE"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let screen =
      #"[{"id": "capped", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Array(repeating: component, count: 150).joined(separator: ",\n"))]}]"#
    try screen.write(to: project.appendingPathComponent("screens/capped.json"), atomically: true, encoding: .utf8)
    let json = try zlc(["check", project.path, "--format", "json"])
    let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
    let findings = diagnostics.map { ($0["omitted"] as? Int) ?? 1 }
    XCTAssertEqual(findings.reduce(0, +), 151, "150 of ZL0402 and the screen nothing opens")
    XCTAssertTrue(findings.contains(50), "one diagnostic stands for the 50 a check did not keep")
    let text = try zlc(["check", project.path, "--max-diagnostics", "5"])
    // The five shown are errors (the first five in order); the rest are counted.
    let errors = diagnostics.filter { $0["severity"] as? String == "error" }
    let hidden = 151 - errors.prefix(5).reduce(0) { $0 + (($1["omitted"] as? Int) ?? 1) }
    XCTAssertTrue(text.err.contains("… and \(hidden) more (--max-diagnostics 0 shows every one):\n"), text.err)
    XCTAssertTrue(text.err.contains("  \(hidden - 1) × ZL0402 unknown-data-type\n  1 × ZL0409 unopened-root-screen\n"), text.err)
  }

  /// Warnings that come first in file order do not hide an error: errors are shown first, and
  /// the warnings are counted.
  func testAWarningFloodDoesNotHideAnError() throws {
    let project = try copyDemo(to: temporary().appendingPathComponent("flood"))
    let component =
      #"{"component_type": "grid", "extra_key": 1, "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let flood =
      #"[{"id": "aaa", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Array(repeating: component, count: 60).joined(separator: ",\n"))]}]"#
    try flood.write(to: project.appendingPathComponent("screens/aaa.json"), atomically: true, encoding: .utf8)
    try #"[{"id": "zzz", "type": "general_content", "styles": {"family": "FAMILY_9"}, "ui_components": []}]"#.write(
      to: project.appendingPathComponent("screens/zzz.json"), atomically: true, encoding: .utf8)
    let text = try zlc(["check", project.path])
    XCTAssertEqual(text.status, 1)
    XCTAssertTrue(text.err.contains("screens/zzz.json:1:"), text.err)
    XCTAssertTrue(text.err.contains(": error: unknown family 'FAMILY_9' [ZL0301]"), text.err)
    let lines = text.err.components(separatedBy: "\n")
    let errors = lines.filter { $0.contains(": error: ") }.count
    XCTAssertEqual(errors, 2, "the unknown family and the screen without sections (ZL0415)")
    XCTAssertEqual(lines.filter { $0.contains(": warning: ") }.count, 48, "the errors, then 48 of the warnings")
    XCTAssertGreaterThan(
      try XCTUnwrap(lines.firstIndex { $0.contains("FAMILY_9") }), try XCTUnwrap(lines.firstIndex { $0.contains(": warning: ") }),
      "the shown ones keep the files' order")
  }
}
