import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappWriters

/// The preview finds a screen's feed by the screen's exact id, as clients compare ids.
final class PreviewExactIDTests: XCTestCase {
  /// A feed for `é` (one scalar) fills that screen only: the screen `e` and an accent is drawn
  /// without it, and its card does not say it is filled.
  func testAFeedFillsOnlyTheScreenOfItsExactID() throws {
    let (composed, decomposed) = ("\u{e9}", "e\u{301}")
    let dir = try makeProject(
      Example.baseProject.merging([
        "screens/o.json": Example.screen(Example.gridOpening(composed) + ", " + Example.gridOpening(decomposed)),
        "screens/a.json": Example.screen(Example.grid, id: composed), "screens/b.json": Example.screen(Example.grid, id: decomposed),
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let feed = FeedEntry(id: "f", title: "Feed", entries: [FeedEntry(id: "c", title: "Child", entries: [])])
    let renderer = PreviewRenderer(project: Driver.check(dir).project, senders: [composed: feed])
    let filled = renderer.screens.indices.map { i in
      var card = PageBytes()
      renderer.card(&card, i)
      return card.string.contains("filled from a feed")
    }
    let ids = renderer.screens.map { Array($0.id.unicodeScalars) }
    XCTAssertEqual(ids.count, filled.count)
    for (id, isFilled) in zip(ids, filled) {
      XCTAssertEqual(isFilled, id == Array(composed.unicodeScalars), "\(id)")
    }
  }
}
