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
}
