import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A screen's `nav_bar_id` names a navigation bar by its `id` (ZL0333): one that names a menu, a
/// screen or a component, or misspells a bar, opens the screen with another bar.
final class NavBarReferenceTests: XCTestCase {
  private let bars = #"""
    , "navigations": [{"id": "kids-bar", "category": "nav_bar", "navigation_type": "navigation_bar"},
      {"id": "kids-menu", "category": "menu", "navigation_type": "TwoLevelRNMenu", "nav_items": []}]
    """#

  /// The screen `other` with a grid of id `kids-grid`, a bar and a menu, and this `nav_bar_id`.
  private func screen(navBarID: String) -> String {
    let grid =
      #"{"id": "kids-grid", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    return Example.screen(grid, extra: #", "nav_bar_id": \#(navBarID)"# + bars)
  }

  /// A menu's, a screen's and a component's id are the wrong kind of thing: each is a warning at
  /// the id; a near miss of a bar's id (a letter off, another case) is a warning with a note at
  /// the bar and the fix.
  func testWrongKindsAndNearMissesAreWarnings() throws {
    let cases: [(String, String, [String], String?)] = [
      ("kids-menu", "nav_bar_id 'kids-menu' names a 'menu' navigation, not a navigation bar", [], nil),
      ("home", "nav_bar_id 'home' names a screen, not a navigation bar", [], nil),
      ("kids-grid", "nav_bar_id 'kids-grid' names a component, not a navigation bar", [], nil),
      (
        "kids_bar", "nav_bar_id 'kids_bar' is not the id of a navigation bar", ["navigation bar 'kids-bar' is defined here"], #""kids-bar""#
      ),
      (
        "Kids-Bar", "nav_bar_id 'Kids-Bar' is not the id of a navigation bar", ["navigation bar 'kids-bar' is defined here"], #""kids-bar""#
      ),
    ]
    for (id, message, notes, fixIt) in cases {
      try assertFindings(["screens/o.json": screen(navBarID: #"⟦ZL0333⟧""# + id + "\"")], ["screens/o.json": [(message, notes, fixIt)]])
    }
  }

  /// The fix of a near miss is applied by `--fix` only when the ids differ in case or spaces
  /// around them; a letter off is a hint (a bar the builder keeps may be the one meant).
  func testOnlyACaseOrSpaceFixIsApplied() throws {
    var ranged: [Bool] = []
    for id in ["Kids-Bar", " kids-bar ", "kids_bar"] {
      var files = Example.baseProject
      files["screens/o.json"] = screen(navBarID: "\"" + id + "\"")
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0333" }
      XCTAssertEqual(found.map { $0.fixIt?.replacement }, [#""kids-bar""#], id)
      ranged += found.map { $0.fixIt?.range != nil }
    }
    XCTAssertEqual(ranged, [true, true, false])
  }

  /// A numbered sibling of a bar's id (`nb1` beside `nb2`) is no misspelling: it passes.
  func testANumberedSiblingPasses() throws {
    let screen = Example.screen(
      Example.grid,
      extra: #", "nav_bar_id": "nb1", "navigations": [{"id": "nb2", "category": "nav_bar", "navigation_type": "navigation_bar"}]"#)
    try assertFindings(["screens/o.json": screen], [:])
  }

  /// A bar's own id passes, and so do an id far from every bar (one the builder keeps elsewhere),
  /// `""`, `null`, and the id of a navigation without a category (which may be a bar).
  func testABarsIDAndForeignIDsPass() throws {
    for id in [#""kids-bar""#, #""5f3c2a9e-bar-of-another-app""#, #""""#, "null"] {
      try assertFindings(["screens/o.json": screen(navBarID: id)], [:])
    }
    let uncategorized = Example.screen(
      Example.grid, extra: #", "nav_bar_id": "top", "navigations": [{"id": "top", "navigation_type": "navigation_bar"}]"#)
    try assertFindings(["screens/o.json": uncategorized], [:])
  }
}
