import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler
@testable import ZappWriters

extension DiffTests {
  /// The starter family with the tablet's spacing `spacing`, insets of 12 in split view and a
  /// spacing of 16 on XL.
  func windowedProject(tabletSpacing spacing: Int) throws -> String {
    try project { path, text in
      guard path == "families/STARTER.json" else { return text }
      let tablet =
        #"{ "type": "tablet", "insetTop": 24, "insetLeft": 24, "insetBottom": 24, "insetRight": 24, "interItemSpacing": 16, "lineSpacing": 24 }"#
      return text.replacingOccurrences(
        of: tablet,
        with: tablet.replacingOccurrences(of: "\"interItemSpacing\": 16", with: "\"interItemSpacing\": \(spacing)")
          + #", { "type": "split_view", "insetLeft": 12, "insetRight": 12 }, { "type": "XL", "interItemSpacing": 16 }"#)
    }
  }

  /// A window of a size class and a state that one side no longer lists reads there its state's
  /// entry (`tablet split_view`), not its device class's: its insets of 12 did not change, and the
  /// text names only the spacings that did.
  func testAWindowOneSideLacksReadsItsStatesEntry() throws {
    let report = try report(try windowedProject(tabletSpacing: 12), try windowedProject(tabletSpacing: 16))
    let lines = report.changes.map { DiffWording.line($0).text }
    XCTAssertFalse(lines.isEmpty)
    XCTAssertFalse(lines.contains { $0.contains("inset") }, lines.joined(separator: "\n"))
    let geometries = lines.filter { $0.contains(": geometry ") }
    XCTAssertEqual(geometries.count, 4, lines.joined(separator: "\n"))
    let spacings = "geometry tablet: inter_item_spacing 12 → 16; tablet split_view: inter_item_spacing 12 → 16"
    XCTAssertTrue(geometries.allSatisfy { $0.contains(spacings) }, lines.joined(separator: "\n"))
  }

  /// A `size_class_mapping` whose keys are written in another order is the same mapping: each
  /// bundle's section lists it in the project's order of size classes, and the diff finds no change.
  func testAMappingWrittenInAnotherOrderIsNoChange() throws {
    let hide = #""S": "hide""#
    let list = #""L": {"component_type": "list", "cell_style": "LIST_ROW"}"#
    let mapped = { (mapping: String) in
      try self.project { path, text in
        guard path == "screens/more.json" else { return text }
        return text.replacingOccurrences(
          of: #"{ "id": "kids-grid", "component_type": "grid","#,
          with: #"{ "id": "kids-grid", "component_type": "grid", "size_class_mapping": {\#(mapping)},"#)
      }
    }
    let report = try report(try mapped(hide + ", " + list), try mapped(list + ", " + hide))
    XCTAssertEqual(report.changes.map { DiffWording.line($0).text }, [])
    let (base, head) = (try mapped(list + ", " + hide), try mapped(hide + ", " + list))
    for dir in [base, head] { XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success) }
    // The component as written keeps its keys' order; its section's mapping is in the project's.
    for dir in [base, head] {
      let rivers = try String(contentsOfFile: dir + "/out/rivers.json", encoding: .utf8)
      XCTAssertTrue(rivers.contains(#""size_class_mapping":[{"size_class":"S","hide":true},{"size_class":"L""#), rivers)
    }
  }
}
