import XCTest

@testable import ZappLayoutCompiler

/// A shape value that is no number is one mistake, reported once where it is written: not again as
/// the item height it leaves out (ZL0511), nor as a wrong type of a JSON number the reader already
/// refused (ZL0104).
final class FamilyRefusedValueTests: XCTestCase {
  func testAShapeThatIsNoNumberIsReportedOnce() throws {
    let padded = { (shown: String) in
      "'aspectCellRatio' takes a number, found '\(shown)': a number may have spaces or tabs around it, no other space"
    }
    for (value, message, fix): (String, String, String?) in [
      (#""abc""#, "'aspectCellRatio' takes a number, found 'abc'", nil), ("true", "'aspectCellRatio' takes a number, found 'true'", nil),
      ("1e400", "number 1e400 is beyond the range of a 64-bit float", nil),
      // A space a client's number parser does not skip (a zero-width, a no-break, an ideographic
      // one): shown by its code points, as the value reads as a number, with the number as its fix.
      (#""\u200B2""#, padded(#"\u{200b}2"#), #""2""#), (#""2\u00A0""#, padded(#"2\u{a0}"#), #""2""#),
      (#""\u3000 2""#, padded(#"\u{3000} 2"#), #""2""#), ("\"\u{A0}0.5\"", padded(#"\u{a0}0.5"#), #""0.5""#),
      // A line break is shown too, not cut at.
      (#""\n16""#, padded(#"\u{a}16"#), #""16""#),
    ] {
      let code = value == "1e400" ? "ZL0104" : "ZL0202"
      let json = """
        {"name": "J", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": ⟦\(code)⟧\(value)}]}]}
        """
      let screen = """
        [{"id": "other", "type": "general_content", "styles": {"family": "J"}, "ui_components": [
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}]}]
        """
      try assertFindings(["families/j.json": json, "screens/o.json": screen], ["families/j.json": [(message, [], fix)]])
    }
  }

  /// An element's proportion written as a string padded with another space is said so too, with
  /// the number as its fix; any other value that is no number is said to take one.
  func testAnElementsPaddedProportionIsShownByItsCodePoints() throws {
    let padded = "'width_ratio' takes a number, found '0.5\\u{a0}': a number may have spaces or tabs around it, no other space"
    for (value, message, fix): (String, String, String?) in [
      ("\"0.5\u{A0}\"", padded, #""0.5""#), (#""half""#, "'width_ratio' takes a number", nil),
      ("true", "'width_ratio' takes a number", nil),
    ] {
      let json = """
        {"name": "J", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": 1,
          "elements": [{"style": {"width_ratio": ⟦ZL0202⟧\(value)}}]}]}]}
        """
      let screen = """
        [{"id": "other", "type": "general_content", "styles": {"family": "J"}, "ui_components": [
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}]}]
        """
      try assertFindings(["families/j.json": json, "screens/o.json": screen], ["families/j.json": [(message, [], fix)]])
    }
  }
}
