import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// What `zlc map` reports of a sender: the mapper's findings, worded and placed.
final class MapFindingsTests: XCTestCase {
  /// `movie` is connected: a hero, then a group of a horizontal list and a grid.
  static let screens = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "movie"}, "styles": {"cell_styles": ["GRID_1"]}}]},
     {"id": "movie", "name": "Movie", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [
      {"component_type": "hero", "styles": {"cell_styles": ["HERO_CELL_2"]}},
      {"component_type": "group", "ui_components": [
        {"component_type": "horizontal_list", "styles": {"cell_styles": ["HORIZONTAL_LIST_1"]}},
        {"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]}]
    """

  /// A group of two components given a child of three children: ZL0701 at the third, naming the
  /// child and the grandchild's path; the table lists it under the sections.
  func testExtraChildrenOfAGroupsChildAreReported() throws {
    let sender = Marked(
      """
      {"id": "movie-7", "entry": [
        {"id": "poster", "title": "Poster"},
        {"id": "details", "title": "Details", "entry": [{"id": "cast", "title": "Cast"}, {"id": "related", "title": "Related"}, ⟦⟧{"id": "clips", "title": "Clips"}]}
      ]}
      """)
    let dir = try makeProject(["screens/s.json": Self.screens, "sender.json": sender.text])
    let outcome = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
    XCTAssertEqual(outcome.status, .success)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0701", file: "sender.json", line: sender.markers[0].line, column: sender.markers[0].column,
          message: "child 1 ('Details') has 3 children but its group takes 2; not shown: 1.2 ('Clips')")
      ])
    let table = Driver.mapTables(outcome)
    XCTAssertTrue(table.hasSuffix("\nunused children of child 1: 1.2\n"), table)
  }
}
