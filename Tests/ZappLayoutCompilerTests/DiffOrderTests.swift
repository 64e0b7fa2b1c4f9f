import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// Orders that mean something to a client (a component's cell styles) against those that do not
/// (a family's cells, an object's keys).
final class DiffOrderTests: XCTestCase {
  /// A second grid cell style beside GRID_POSTER.
  static let wide = #"{ "name": "GRID_WIDE", "layoutId": "starter_grid_poster", "aspectCellRatio": 1.5 }"#
  static let poster = #"{ "name": "GRID_POSTER", "layoutId": "starter_grid_poster", "aspectCellRatio": 0.6667 }"#

  /// The starter project whose grid offers GRID_POSTER and GRID_WIDE, the family's cells in the
  /// order `cells` and the home grid's `cell_styles` in the order `styles`.
  func project(cells: [String], styles: [String], components: [[String: Any]]? = nil) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-order-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in StarterTemplate.basic.files(app: "Diff") {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let written =
        text
        .replacingOccurrences(of: "\"cells\": [ \(Self.poster) ]", with: "\"cells\": [ \(cells.joined(separator: ", ")) ]")
        .replacingOccurrences(
          of: #""cell_styles": ["GRID_POSTER"]"#, with: "\"cell_styles\": [\(styles.map { "\"\($0)\"" }.joined(separator: ", "))]")
      try written.write(to: url, atomically: true, encoding: .utf8)
    }
    if let components {
      let url = folder.appendingPathComponent("screens/home.json")
      var screens = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
      screens[0]["ui_components"] = components
      try JSONSerialization.data(withJSONObject: screens, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }
    return folder.path
  }

  /// A grid without an id of `source` listing `styles`, with an `item_limit` when given.
  static func grid(_ styles: [String], source: String = "shows", limit: Int? = nil) -> [String: Any] {
    var grid: [String: Any] = [
      "component_type": "grid", "data": ["source": source, "type": "APPLICASTER_COLLECTION", "target": "show"],
      "styles": ["cell_styles": styles],
    ]
    if let limit { grid["rules"] = ["item_limit": limit] }
    return grid
  }

  /// The home grid's cell styles in another order: one change of their order, and nothing of what
  /// follows from it (the styles written, the cells, each device's layout, the geometry), as each
  /// style is drawn as before.
  func testCellStylesInAnotherOrderAreAChangeOfTheirOrder() throws {
    let cells = [Self.poster, Self.wide]
    let base = try project(cells: cells, styles: ["GRID_POSTER", "GRID_WIDE"])
    let head = try project(cells: cells, styles: ["GRID_WIDE", "GRID_POSTER"])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let fields = report.changes.map { "\($0.kind.rawValue) \($0.field ?? "") \($0.device ?? "")" }
    XCTAssertEqual(fields, ["component_changed cell_styles "])
    XCTAssertEqual(report.changes.first?.old, .array([.string("GRID_POSTER"), .string("GRID_WIDE")]))
    XCTAssertEqual(report.changes.first?.new, .array([.string("GRID_WIDE"), .string("GRID_POSTER")]))
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(text.hasSuffix("cell_styles reordered: GRID_POSTER, GRID_WIDE → GRID_WIDE, GRID_POSTER on home\n"), text)
    XCTAssertFalse(text.contains("geometry"))
    let markdown = DiffPrinter(format: .markdown).render(report)
    XCTAssertTrue(markdown.contains("| cell\\_styles | GRID\\_POSTER, GRID\\_WIDE | GRID\\_WIDE, GRID\\_POSTER |"), markdown)
  }

  /// A style listed twice, its places changed: one change of the order, each place of the style
  /// compared with the same place before.
  func testAStyleListedTwiceInAnotherOrderIsAChangeOfTheOrder() throws {
    let cells = [Self.poster, Self.wide]
    let base = try project(cells: cells, styles: ["GRID_POSTER", "GRID_WIDE", "GRID_POSTER"])
    let head = try project(cells: cells, styles: ["GRID_POSTER", "GRID_POSTER", "GRID_WIDE"])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    XCTAssertEqual(report.changes.map { "\($0.kind.rawValue) \($0.field ?? "")" }, ["component_changed cell_styles"])
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(
      text.hasSuffix("cell_styles reordered: GRID_POSTER, GRID_WIDE, GRID_POSTER → GRID_POSTER, GRID_POSTER, GRID_WIDE on home\n"), text)
  }

  /// Two grids without an id listing the same styles in two orders are told apart by the order:
  /// a grid added above them is the one added, and each keeps its own order and gets its own
  /// limit; with one of them gone, the one gone is the one whose order is gone.
  func testGridsListingTheSameStylesInTwoOrdersAreToldApartByTheOrder() throws {
    let (pw, wp) = (["GRID_POSTER", "GRID_WIDE"], ["GRID_WIDE", "GRID_POSTER"])
    let cells = [Self.poster, Self.wide]
    let base = try project(cells: cells, styles: pw, components: [Self.grid(pw), Self.grid(wp)])
    let head = try project(
      cells: cells, styles: pw,
      components: [Self.grid(["GRID_POSTER"], source: "new"), Self.grid(pw, limit: 6), Self.grid(wp, limit: 6)])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let fields = report.changes.filter { $0.kind != .layout }.map { "\($0.kind.rawValue) \($0.field ?? "") \($0.components)" }
    XCTAssertEqual(
      fields,
      [
        "component_added  [\"grid@0\"]", "component_changed item_limit [\"grid@1\"]",
        "component_changed item_limit [\"grid@2\"]",
      ])
    let one = try project(cells: cells, styles: pw, components: [Self.grid(wp, limit: 6)])
    let removal = try XCTUnwrap(assertSameAsByDigests(base: base, head: one))
    let kept = removal.changes.filter { $0.kind != .layout }.map { "\($0.kind.rawValue) \($0.field ?? "") \($0.components)" }
    XCTAssertEqual(kept, ["component_removed  [\"grid@0\"]", "component_changed item_limit [\"grid@0\"]"])
  }

  /// The family's cells in another order, its keys in another order and the file indented anew
  /// resolve the same: no change.
  func testAFamilysCellsAndKeysInAnotherOrderAreNoChange() throws {
    let base = try project(cells: [Self.poster, Self.wide], styles: ["GRID_POSTER", "GRID_WIDE"])
    let reordered = #"{ "aspectCellRatio": 1.5,   "layoutId": "starter_grid_poster", "name": "GRID_WIDE" }"#
    let head = try project(cells: [reordered, "\n\t" + Self.poster], styles: ["GRID_POSTER", "GRID_WIDE"])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    XCTAssertEqual(report.changes, [])
    XCTAssertEqual(DiffPrinter(format: .text).render(report), "")
  }
}
