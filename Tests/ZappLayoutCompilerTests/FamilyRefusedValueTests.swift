import XCTest

@testable import ZappLayoutCompiler

/// A shape value that is no number is one mistake, reported once where it is written: not again as
/// the item height it leaves out (ZL0511), nor as a wrong type of a JSON number the reader already
/// refused (ZL0104).
final class FamilyRefusedValueTests: XCTestCase {
  func testAShapeThatIsNoNumberIsReportedOnce() throws {
    for (value, message) in [
      (#""abc""#, "'aspectCellRatio' takes a number, found 'abc'"), ("true", "'aspectCellRatio' takes a number, found 'true'"),
      ("1e400", "number 1e400 is beyond the range of a 64-bit float"),
      // A space a client's number parser does not skip: a zero-width, a no-break, an ideographic one.
      (#""\u200B2""#, "'aspectCellRatio' takes a number, found '\u{200B}2'"),
      (#""2\u00A0""#, "'aspectCellRatio' takes a number, found '2\u{A0}'"),
      (#""\u30002""#, "'aspectCellRatio' takes a number, found '\u{3000}2'"),
    ] {
      let code = value == "1e400" ? "ZL0104" : "ZL0202"
      let json = """
        {"name": "J", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": ⟦\(code)⟧\(value)}]}]}
        """
      let screen = """
        [{"id": "other", "type": "general_content", "styles": {"family": "J"}, "ui_components": [
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}]}]
        """
      try assertFindings(["families/j.json": json, "screens/o.json": screen], ["families/j.json": [(message, [], nil)]])
    }
  }
}
