import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// ZL0338, a warning, for a built-in component that draws data with no family on itself or its
/// screen and no cell style: the bundle's section holds no layout for its items. A component with
/// a family and no cell style is ZL0304's error; real projects write neither, so it warns.
final class ComponentWithoutFamilyTests: XCTestCase {
  static let message =
    "component 'grid' draws data but names no family and no cell style, so the bundle holds no layout for its items: set styles.family on it or on its screen, and styles.cell_styles"

  /// A grid on a root screen and one on a connected screen, each with no family and no cell style.
  func testAComponentDrawingDataWithNoFamilyAndNoCellStyleIsWarnedOf() throws {
    let root =
      #"{"component_type": ⟦ZL0338⟧"grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {}}"#
    let connected = #"{"component_type": ⟦ZL0338⟧"grid"}"#
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

  /// With a family on the screen or on the component and a cell style, the grid is clean; so is a
  /// group, which no family lays out. A root screen's grid without a source is ZL0401's alone.
  func testAFamilyOrAComponentNeedingNoneIsClean() throws {
    let onComponent =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}"#
    let group = #"{"component_type": "group", "ui_components": []}"#
    let screen = #"[{"id": "other", "type": "general_content", "ui_components": [\#(onComponent), \#(group)]}]"#
    try assertFindings(["screens/o.json": screen], [:])
    let noSource =
      #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"source": ⟦ZL0401⟧""}}]}]"#
    try assertFindings(
      ["screens/o.json": noSource], ["screens/o.json": [("'grid' component on root screen 'other' has no data source", [], nil)]])
  }
}
