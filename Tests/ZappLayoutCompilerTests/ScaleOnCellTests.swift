import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A `scale` on a cell style: passed to clients as a cell attribute, read by none, and no
/// responsive scale (a component's is). A warning (ZL0521), with a hint that moves it to the
/// component when it is the component's only cell style and the component sets none.
final class ScaleOnCellTests: XCTestCase {
  static func message(_ cell: String) -> String {
    "attribute 'scale' on <Cell> '\(cell)' is no responsive scale: only a component's stands for the rule's, and no client reads it on a cell"
  }

  /// XML: the grid's only cell style moves it to the grid; the list has two cell styles, and the
  /// hero sets a scale of its own (a note at it): no fix. A `scale` on a component is clean.
  func testAScaleOnAnXMLCellIsAWarning() throws {
    let xml = """
      <Family name="X"><Responsive standardWidth="440"/><Screens><Screen type="sw600" responsive="true"/></Screens>
      <Components>
      <Component type="grid" columns="2"><Cell name="G" aspectCellRatio="1" ⟦ZL0521⟧scale="1.5"/></Component>
      <Component type="list" columns="2"><Cell name="L" aspectCellRatio="1" ⟦ZL0521⟧scale="2"/><Cell name="M" aspectCellRatio="1"/></Component>
      <Component type="horizontal_list" columns="2" scale="2"><Cell name="F" aspectCellRatio="1" ⟦ZL0521⟧scale="2"/></Component>
      </Components></Family>
      """
    try assertFindings(
      ["families/x.xml": xml],
      [
        "families/x.xml": [
          (Self.message("G"), [], #"scale="1.5""#),
          (Self.message("L"), [], nil),
          (Self.message("F"), ["component 'horizontal_list' sets its own scale here"], nil),
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0521")).severity, .warning)
  }

  /// JSON: the same, the hint written as a JSON member (a number stays a number).
  func testAScaleOnAJSONCellIsAWarning() throws {
    let json = """
      {"name": "J", "responsive": {"standardWidth": 440}, "screens": [{"type": "sw600", "responsive": true}],
       "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": 1, ⟦ZL0521⟧"scale": 1.5}]},
         {"type": "list", "columns": 2, "cells": [{"name": "L", "aspectCellRatio": 1, ⟦ZL0521⟧"scale": "2"}]}]}
      """
    try assertFindings(
      ["families/j.json": json],
      ["families/j.json": [(Self.message("G"), [], #""scale": 1.5"#), (Self.message("L"), [], #""scale": "2""#)]])
  }

  /// The hint, which has no range to replace, shows what to write where it says.
  func testTheHintShowsWhatItWrites() throws {
    let dir = try makeProject(
      Example.baseProject.merging([
        "families/j.json":
          #"{"name": "J", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": 1, "scale": 1.5}]}]}"#
      ]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let finding = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0521" })
    XCTAssertEqual(finding.fixIt?.summary, #"move it to component 'grid', whose only cell style this is: "scale": 1.5"#)
  }
}
