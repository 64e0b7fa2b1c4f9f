import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A named layout's value its kind does not read is a warning at the value (ZL0524), on the layout
/// or one of its screen entries; the values its kind reads are clean.
final class LayoutIgnoresValueTests: XCTestCase {
  func testAValueTheLayoutsKindDoesNotReadIsAWarning() throws {
    let json = """
      {"name": "J", "components": [{"type": "grid", "cells": [{"name": "G", "aspectCellRatio": 1}], "layouts": [
        {"name": "F", "kind": "flow", "columns": 3, "widthRatio": 0.3, "smallItems": ⟦ZL0524⟧2},
        {"name": "H", "kind": "one_and_n", "widthRatio": 0.6, "smallItems": 3, "columns": ⟦ZL0524⟧4},
        {"name": "P", "kind": "paged", "screens": [{"type": "tablet", "widthRatio": ⟦ZL0524⟧0.5}]},
        {"name": "W", "kind": "waterfall", "columns": 2}]}]}
      """
    try assertFindings(
      ["families/j.json": json],
      [
        "families/j.json": [
          ("layout 'F' is flow, which does not read 'smallItems': only a one_and_n layout has small items", [], nil),
          (
            "layout 'H' is one_and_n, which does not read 'columns': a one_and_n layout has its large slot and smallItems beside it", [],
            nil
          ),
          ("layout 'P' is paged, which does not read 'widthRatio': only a flow or one_and_n layout reads it", [], nil),
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0524")).severity, .warning)
  }
}
