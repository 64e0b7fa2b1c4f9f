import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// A component type misspelled in a family (`gird`) leaves its cell styles under that type: a
/// screen's grid naming one is told where the family defines it.
final class FamilyComponentTypeTypoTests: XCTestCase {
  static func family(type: String) -> String {
    """
    {"name": "F", "components": [
      {"type": "\(type)", "layout": "flow", "cells": [{"name": "G", "layoutId": "g", "cellHeight": 10}]},
      {"type": "list", "layout": "linear", "cells": [{"name": "L", "layoutId": "l", "cellHeight": 10}]}]}
    """
  }

  static let screen = Example.screen(
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦ZL0304⟧"G"]}}"#
  ).replacingOccurrences(of: "FAMILY_1", with: "F")

  /// ZL0304 at the style, with a note at the cell the family defines for `gird` (2:57, its name); a cell
  /// style no type defines has no note. Under `grid` it is clean.
  func testACellStyleDefinedForAnotherTypeIsNoted() throws {
    let message = "cell style 'G' is not in family 'F' for 'grid' (the family offers no cell styles for 'grid')"
    try assertMarked(
      ["families/F.json": Self.family(type: "gird"), "screens/o.json": Self.screen],
      [(message, ["cell style 'G' is defined for 'gird' here"], nil)])
    let dir = try makeProject(
      Example.baseProject.merging(["families/F.json": Self.family(type: "gird"), "screens/o.json": Marked(Self.screen).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let note = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0304" }?.notes.first?.spot?.location)
    XCTAssertEqual([note.line, note.column], [2, 57])
    try assertMarked(
      ["families/F.json": Self.family(type: "gird"), "screens/o.json": Self.screen.replacingOccurrences(of: #""G""#, with: #""H""#)],
      [(message.replacingOccurrences(of: "'G'", with: "'H'"), [], nil)])
    try assertMarked(
      ["families/F.json": Self.family(type: "grid"), "screens/o.json": Self.screen.replacingOccurrences(of: "⟦ZL0304⟧", with: "")], [])
  }

  /// A component element misspelled in its `Component` (`<GridComponnet>`) is a misspelled
  /// element (ZL0206), named with the element of its type; one whose name is far from any is an
  /// unexpected one (ZL0204). `<GridComponent>` is clean.
  func testAMisspelledComponentElementIsNamedWithItsType() throws {
    let xml = { (marker: String, element: String) in
      #"<Family name="X"><Components>\#(marker)<\#(element) name="GRID"><Cell name="G" layoutId="l" aspectCellRatio="1"/></\#(element)></Components></Family>"#
    }
    try assertFindings(
      ["families/x.xml": xml("⟦ZL0206⟧", "GridComponnet")],
      ["families/x.xml": [("misspelled element <GridComponnet> inside <Components>, near <GridComponent>: clients ignore it", [], nil)]])
    try assertFindings(
      ["families/x.xml": xml("⟦ZL0204⟧", "GridWidget")],
      ["families/x.xml": [("unexpected <GridWidget> inside <Components>; expected <Component>", [], nil)]])
    try assertFindings(["families/x.xml": xml("", "GridComponent")], ["families/x.xml": []])
  }
}
