import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// A value of the wrong type is its own error, and what zlc cannot tell from it is not also
/// reported as errors of its consequences.
final class WrongTypeCascadeTests: XCTestCase {
  /// A screen whose components take their data from the item that opened it.
  static func screen(connected: String) -> String {
    Example.screen(
      #"{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}"#, extra: #", "data": {"connected": \#(connected)}"#)
  }

  /// `"connected": "yes"` is ZL0202's error alone: the screen is not also taken for a root one
  /// whose components each lack a source (ZL0401). `false` makes it a root screen, whose
  /// component lacks one, and so do an empty one and null; `true` and `"true"` a connected screen, clean.
  func testAConnectedThatIsNoBooleanIsOneError() throws {
    try assertMarked(
      [
        "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": Self.screen(connected: #"⟦ZL0202⟧"yes""#),
      ],
      [("'connected' must be true or false, found a string", [], nil)])
    for root in ["false", #""""#, "null"] {
      try assertMarked(
        [
          "screens/home.json": Example.homeOpeningByItems,
          "screens/o.json": Self.screen(connected: root).replacingOccurrences(
            of: #"{"component_type""#, with: #"⟦ZL0401⟧{"component_type""#),
        ],
        [("'grid' component on root screen 'other' has no data source", [], nil)])
    }
    for connected in ["true", #""true""#] {
      try assertMarked(["screens/home.json": Example.homeOpeningByItems, "screens/o.json": Self.screen(connected: connected)], [])
    }
  }

  /// A family file whose name is no string (or that has none) makes no family: its error comes
  /// alone, with a note that references to families wait for it, and the screens naming the
  /// family it means are not each told that the family is unknown (ZL0301). Named, it is clean.
  func testAFamilyOfNoNameIsOneError() throws {
    let family =
      #"{"name": NAME, "components": [{"type": "grid", "layout": "flow", "cells": [{"name": "G", "layoutId": "g", "cellHeight": 10}]}]}"#
    let screen = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}"#
    ).replacingOccurrences(of: "FAMILY_1", with: "F")
    let note =
      "references to families (ZL0301, ZL0302, ZL0304-ZL0306, ZL0315, ZL0320, ZL0328, ZL0413, ZL0511, ZL0620) were not checked until this file can be read (1 skipped)"
    try assertMarked(
      [
        "families/F.json": family.replacingOccurrences(of: "NAME", with: "⟦ZL0202⟧1"),
        "screens/o.json": screen,
      ],
      [("'name' must be a string, found a number", [note], nil)])
    try assertMarked(
      ["families/F.json": family.replacingOccurrences(of: "NAME", with: #""F""#), "screens/o.json": screen], [])
  }
}
