import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// `zlc diff` compares screen ids by their exact characters, as clients do: `é` written as one
/// scalar and as `e` and an accent are two screens.
final class DiffExactIDTests: XCTestCase {
  /// Both screens a head adds are listed, each with a page of its own in `--html`: before, the
  /// second was taken for the first, left out of the report, and both pages written to one file.
  func testIdsThatDifferOnlyInUnicodeFormAreTwoScreens() throws {
    let (composed, decomposed) = ("\u{e9}", "e\u{301}")
    let base = try makeProject(Example.baseProject)
    let head = try makeProject(
      Example.baseProject.merging([
        "screens/o.json": Example.screen(Example.gridOpening(composed) + ", " + Example.gridOpening(decomposed)),
        "screens/a.json": Example.screen(Example.grid, id: composed), "screens/b.json": Example.screen(Example.grid, id: decomposed),
      ]) { $1 })
    let html = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)").path
    defer { for dir in [base, head, html] { try? FileManager.default.removeItem(atPath: dir) } }
    let outcome = Driver.diff(base: base, head: head, html: html)
    XCTAssertEqual(outcome.message, nil)
    XCTAssertTrue(outcome.htmlWritten)
    let report = try XCTUnwrap(outcome.report)
    let added = try XCTUnwrap(report.changes.first { $0.kind == .screenAdded })
    XCTAssertEqual(added.screens.map { Array($0.unicodeScalars) }, [Array(composed.unicodeScalars), Array(decomposed.unicodeScalars)])
    let pages = try FileManager.default.contentsOfDirectory(atPath: html).filter { $0.hasSuffix(".html") && $0 != "index.html" }
    XCTAssertEqual(pages.count, 3, "\(pages)")  // the two screens, and `other` that opens them
    XCTAssertTrue(DiffPrinter(format: .text).render(report).contains("(2 added, 0 removed"), DiffPrinter(format: .text).render(report))
  }
}

/// Component ids are compared by their exact characters too.
final class DiffExactComponentIDTests: XCTestCase {
  /// Two grids whose ids differ only in Unicode form, their sources swapped: two binding changes,
  /// no move. Before, the two ids were taken for one, and the second for a move of the first.
  func testComponentIdsThatDifferOnlyInUnicodeFormAreTwoComponents() throws {
    let (composed, decomposed) = ("caf\u{e9}", "cafe\u{301}")
    func grids(_ first: String, _ second: String) -> String {
      let grid = { (id: String, source: String) in
        #"{ "id": "\#(id)", "component_type": "grid", "#
          + #""data": { "source": "\#(source)", "type": "APPLICASTER_COLLECTION", "target": "show" }, "#
          + #""styles": { "cell_styles": ["GRID_POSTER"] } }"#
      }
      return "[ " + grid(composed, first) + ", " + grid(decomposed, second) + " ]"
    }
    let base = try DiffNavigationTests.project(components: grids("one", "two"), test: self)
    let head = try DiffNavigationTests.project(components: grids("two", "one"), test: self)
    let data = { (source: String) in #"{"binding":"own","source":"\#(source)","type":"APPLICASTER_COLLECTION"}"# }
    XCTAssertEqual(
      try DiffNavigationTests.lines(base, head),
      [
        "binding: grid (GRID_POSTER) '\(composed)', family STARTER: data \(data("one")) → \(data("two")) on home",
        "binding: grid (GRID_POSTER) '\(decomposed)', family STARTER: data \(data("two")) → \(data("one")) on home",
      ])
  }
}
