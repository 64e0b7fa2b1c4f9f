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
  func project(cells: [String], styles: [String]) throws -> String {
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
    return folder.path
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
