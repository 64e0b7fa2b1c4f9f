import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// A design width given for a size class or a window state is checked as a device class's is
/// (ZL0505): it holds when it matches on one device of the project in it (the landscape phone or
/// the landscape iPad here), and a size class no device is in is checked on a window of it.
final class DesignWidthWindowTests: XCTestCase {
  /// A grid of one column and no insets: an item is as wide as the window. `XL` says 1366 on a
  /// 1366-point window; `landscape` says 1024 for the landscape iPad.
  static func family(xl: Int, landscape: Int) -> String {
    #"<Family name="F"><Components><GridComponent name="GRID" columns="1"><Cell name="ROW" layoutId="r"><Screens>"#
      + #"<Screen type="default" cellHeight="90"/>"#
      + #"<Screen type="XL" designWidth=⟦ZL0505⟧"\#(xl)" designScreenWidth="1366"/>"#
      + #"<Screen type="landscape" designWidth=⟦ZL0505⟧"\#(landscape)"/>"#
      + "</Screens></Cell></GridComponent></Components></Family>"
  }

  static let zlc = #"""
    {"devices": [{"name": "phone", "class": "phone", "width": 375},
      {"name": "phone-landscape", "class": "phone", "width": 812, "state": "landscape"},
      {"name": "ipad-landscape", "class": "tablet", "width": 1024, "state": "landscape"}, {"name": "ipad", "class": "tablet", "width": 768}]}
    """#

  static let screen = Example.screen(
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["ROW"]}}"#
  ).replacingOccurrences(of: "FAMILY_1", with: "F")

  func testAWindowsDesignWidthIsCheckedOnThatWindow() throws {
    try assertMarked(
      ["zlc.json": Self.zlc, "families/F.xml": Self.family(xl: 1300, landscape: 1000), "screens/o.json": Self.screen],
      [
        (
          "cell style 'ROW' declares a design width of 1300 but the family arithmetic gives 1366 on a 1366-point tablet window of size class XL",
          [], nil
        ),
        (
          "cell style 'ROW' declares a design width of 1000 but the family arithmetic gives 812 on a 812-point phone window in landscape (device 'phone-landscape'; designScreenWidth names the window it was designed for)",
          [], nil
        ),
      ])
    let good = Self.family(xl: 1366, landscape: 1024).replacingOccurrences(of: "⟦ZL0505⟧", with: "")
    try assertMarked(["zlc.json": Self.zlc, "families/F.xml": good, "screens/o.json": Self.screen], [])
  }

  /// Without a device in the state, nothing draws the entry: its design width is not checked.
  func testAStateNoDeviceIsInIsNotChecked() throws {
    let zlc = #"{"devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": "ipad", "class": "tablet", "width": 768}]}"#
    let family = Self.family(xl: 1366, landscape: 1000).replacingOccurrences(of: "⟦ZL0505⟧", with: "")
    try assertMarked(["zlc.json": zlc, "families/F.xml": family, "screens/o.json": Self.screen], [])
  }
}
