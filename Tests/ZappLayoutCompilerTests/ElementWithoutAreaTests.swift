import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappRules

/// An element whose values are each in range but that lays out to no width (or no height, in a
/// box that has one) is a warning at its cell style (ZL0523), naming the element and why.
final class ElementWithoutAreaTests: XCTestCase {
  static func family(_ elements: String) -> String {
    """
    {"name": "J", "components": [{"type": "grid", "columns": 1, "cells": [{"name": ⟦ZL0523⟧"CARD", "aspectCellRatio": 1.2, "elements": [\(elements)]}]}]}
    """
  }

  func testAnElementWithoutAreaIsAWarningNamingWhy() throws {
    let cases = [
      (
        #"{"display": "block", "width_height_ratio": 2}, {"width_ratio": 1e-9, "width_height_ratio": 2}"#,
        "element 2 of cell style 'CARD' of family 'J' has no area on device 'phone' (375 wide): its box is 0 wide in an item 375 wide (width_ratio 1e-09)"
      ),
      (
        #"{"display": "block", "width_height_ratio": 2, "margin": [0, 300, 0, 100]}"#,
        "element 1 of cell style 'CARD' of family 'J' has no area on device 'phone' (375 wide): its left and right margins (300 + 100) take the whole of its box, 375 wide"
      ),
      (
        #"{"display": "block", "width_height_ratio": 5, "margin": [40, 0, 40, 0]}"#,
        "element 1 of cell style 'CARD' of family 'J' has no area on device 'phone' (375 wide): its top and bottom margins (40 + 40) take the whole of its box, 75 high"
      ),
    ]
    for (elements, message) in cases {
      try assertFindings(["families/j.json": Self.family(elements)], ["families/j.json": [(message, [], nil)]])
    }
    // In a one_and_n card, an element after the first takes the width the first leaves.
    let oneAndN = Self.family(#"{"width_ratio": 1, "width_height_ratio": 2}, {"width_height_ratio": 2}"#).replacingOccurrences(
      of: #""elements""#, with: #""layout": 3, "elements""#)
    try assertFindings(
      ["families/j.json": oneAndN],
      [
        "families/j.json": [
          (
            "element 2 of cell style 'CARD' of family 'J' has no area on device 'phone' (375 wide): its box is 0 wide in an item 375 wide (the first element, at width_ratio 1, leaves it none)",
            [], nil
          )
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0523")).severity, .warning)
  }

  func testAnElementWithAnAreaIsClean() throws {
    let clean = Self.family(#"{"display": "block", "width_height_ratio": 2, "margin": [10, 10, 10, 10]}"#).replacingOccurrences(
      of: "⟦ZL0523⟧", with: "")
    try assertFindings(["families/j.json": clean], ["families/j.json": []])
  }
}
