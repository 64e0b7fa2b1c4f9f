import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout
import ZappModel

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
    let renderer = PreviewRenderer(project: Driver.check(dir).project, senders: [ExactString(composed): feed])
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

  /// `zlc preview --feeds` with feeds for `é` and for `e` and an accent fills each screen with its
  /// own feed, with no ZL0706; two feeds of one exact id (its id and its name) are still ZL0706.
  func testFeedsOfIDsDifferingOnlyInExactCharactersFillTheirOwnScreens() throws {
    let (composed, decomposed) = ("\u{e9}", "e\u{301}")
    let feed = { (title: String) in #"{"entry": [{"id": "c", "entry": [{"id": "i", "title": "\#(title)"}]}]}"# }
    let connected = #", "data": {"connected": true}"#
    let grid = #"{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}"#  // filled by the sender
    let dir = try makeProject(
      Example.baseProject.merging([
        "screens/o.json": Example.screen(Example.gridOpening(composed) + ", " + Example.gridOpening(decomposed)),
        "screens/a.json": Example.screen(grid, extra: #", "name": "Acute""# + connected, id: composed),
        "screens/b.json": Example.screen(grid, extra: connected, id: decomposed), "feeds/.keep": "",
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Written one by one: the two names are one key of a Swift dictionary.
    try feed("Composed feed").write(toFile: dir + "/feeds/\(composed).json", atomically: true, encoding: .utf8)
    try feed("Decomposed feed").write(toFile: dir + "/feeds/\(decomposed).json", atomically: true, encoding: .utf8)
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let preview = Driver.preview(dir, output: out, feeds: dir + "/feeds")
    // The two ids are one to Swift's string comparison: a warning, and the preview is written.
    XCTAssertEqual(preview.diagnostics.map(\.code), ["ZL0125"])
    XCTAssertEqual(preview.status, .success)
    XCTAssertTrue(preview.written)
    let renderer = PreviewRenderer(project: preview.check.project)
    for (i, screen) in renderer.screens.enumerated() {
      let page = try String(contentsOfFile: out + "/" + renderer.files[i], encoding: .utf8)
      let scalars = Array(screen.id.unicodeScalars)
      XCTAssertEqual(page.contains("Composed feed"), scalars == Array(composed.unicodeScalars), renderer.files[i])
      XCTAssertEqual(page.contains("Decomposed feed"), scalars == Array(decomposed.unicodeScalars), renderer.files[i])
    }
    // `Acute.json` names the screen `é` too: the second of its feeds in byte order is an error.
    try feed("By name").write(toFile: dir + "/feeds/Acute.json", atomically: true, encoding: .utf8)
    let twice = Driver.readSenders(dir + "/feeds", project: preview.check.project)
    XCTAssertEqual(twice.senders.count, 2)
    XCTAssertEqual(twice.diagnostics.map(\.code), ["ZL0706"])
    XCTAssertEqual(
      twice.diagnostics.map(\.message),
      ["the feed '\(composed).json' fills the screen '\(composed)', which the feed 'Acute.json' fills already: keep one feed per screen"])
  }

  /// A feed whose file name reads as a connected screen's id but is written in another Unicode
  /// form (as a file system that stores names decomposed gives it) fills nothing: ZL0706 says so
  /// with both names spelled out, and suggests the screen's own.
  func testAFeedNamedInAnotherUnicodeFormIsSpelledOut() throws {
    let (composed, decomposed) = ("caf\u{e9}", "cafe\u{301}")
    let grid = #"{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}"#
    let dir = try makeProject(
      Example.baseProject.merging([
        "screens/o.json": Example.screen(Example.gridOpening(composed)),
        "screens/a.json": Example.screen(grid, extra: #", "data": {"connected": true}"#, id: composed), "feeds/.keep": "",
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let feed = #"{"entry": [{"id": "c", "entry": [{"id": "i", "title": "T"}]}]}"#
    try feed.write(toFile: dir + "/feeds/\(decomposed).json", atomically: true, encoding: .utf8)
    let read = Driver.readSenders(dir + "/feeds", project: Driver.check(dir).project)
    XCTAssertTrue(read.senders.isEmpty)
    XCTAssertEqual(
      read.diagnostics.map(\.message),
      [
        #"the feed 'cafe\u{301}.json' names no screen: it is 'caf\u{e9}.json' in another Unicode form, and names are compared by their bytes"#
      ])
    XCTAssertEqual(read.diagnostics.first?.fixIt?.replacement.unicodeScalars.elementsEqual("\(composed).json".unicodeScalars), true)
    // The feed named in the screen's own form fills it, with no finding.
    try FileManager.default.removeItem(atPath: dir + "/feeds/\(decomposed).json")
    try feed.write(toFile: dir + "/feeds/\(composed).json", atomically: true, encoding: .utf8)
    let filled = Driver.readSenders(dir + "/feeds", project: Driver.check(dir).project)
    XCTAssertEqual(filled.senders.count, 1)
    XCTAssertEqual(filled.diagnostics.map(\.message), [])
  }
}
