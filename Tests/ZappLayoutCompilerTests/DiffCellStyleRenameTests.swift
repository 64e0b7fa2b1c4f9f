import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler

/// A cell style renamed in its family and its screens is one change: the section's `cell_styles`.
final class DiffCellStyleRenameTests: XCTestCase {
  /// The starter project, its grid poster cell style named `name` and of `ratio`.
  func project(cellStyle name: String, ratio: String = "0.6667") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-rename-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in StarterTemplate.basic.files(app: "Diff") {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.replacingOccurrences(of: "GRID_POSTER", with: name)
        .replacingOccurrences(of: #""aspectCellRatio": 0.6667"#, with: #""aspectCellRatio": \#(ratio)"#)
        .write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  /// Not again as a change of the section's `styles` (which hold `cell_styles`), nor as one of its
  /// geometry, whose shape is the same under the new name.
  func testARenamedCellStyleIsOneChange() throws {
    let outcome = Driver.diff(base: try project(cellStyle: "GRID_POSTER"), head: try project(cellStyle: "GRID_TILE"))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(
      changes.map { "\($0.kind) \($0.field ?? "") \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [#"componentChanged cell_styles ["GRID_POSTER"] → ["GRID_TILE"]"#])
  }

  /// Renamed and reshaped: the shape's change shows in the layouts on the devices, as it does
  /// without the rename, not again as a geometry change because the names differ.
  func testARenamedAndReshapedStyleShowsItsShapeInTheLayouts() throws {
    let outcome = Driver.diff(
      base: try project(cellStyle: "GRID_POSTER"), head: try project(cellStyle: "GRID_TILE", ratio: "1"))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(changes.filter { $0.kind == .componentChanged }.map(\.field), ["cell_styles"])
    XCTAssertFalse(changes.filter { $0.kind == .layout }.isEmpty, "the new shape on the devices")
  }
}
