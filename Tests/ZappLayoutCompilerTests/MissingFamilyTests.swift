import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// ZL0309 for a built-in component that draws data with no family on itself or its screen, though
/// it names no cell style: a family gives it the cell styles it names, and without one a client
/// could not lay its items out (the bundle's section would hold no layout). A component with a
/// family and no cell style is ZL0304; neither, before, was clean.
final class MissingFamilyTests: XCTestCase {
  static let message =
    "component 'grid' draws data but has no family and no cell styles, so a client could not lay out its items: set styles.family on it or on its screen, and styles.cell_styles"

  /// A grid on a root screen and one on a connected screen, each with no family and no cell style.
  func testAComponentDrawingDataWithNoFamilyAndNoCellStyleIsAnError() throws {
    let root =
      #"{"component_type": ⟦ZL0309⟧"grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {}}"#
    let connected = #"{"component_type": ⟦ZL0309⟧"grid"}"#
    try assertFindings(
      ["screens/o.json": Example.screen(root).replacingOccurrences(of: #""styles": {"family": "FAMILY_1"}"#, with: #""styles": {}"#)],
      ["screens/o.json": [(Self.message, [], nil)]])
    try assertFindings(
      [
        "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": #"[{"id": "other", "type": "general_content", "data": {"connected": true}, "ui_components": [\#(connected)]}]"#,
      ],
      ["screens/o.json": [(Self.message, [], nil)]])
  }

  /// With a family on the screen or on the component and a cell style, the grid is clean; so are a
  /// group and a component that takes no data, which no family lays out.
  func testAFamilyOrAComponentNeedingNoneIsClean() throws {
    let onComponent =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}"#
    let group = #"{"component_type": "group", "ui_components": []}"#
    let screen = #"[{"id": "other", "type": "general_content", "ui_components": [\#(onComponent), \#(group)]}]"#
    try assertFindings(["screens/o.json": screen], [:])
  }
}
