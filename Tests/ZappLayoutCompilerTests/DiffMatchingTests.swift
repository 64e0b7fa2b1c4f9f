import Foundation
import XCTest
import ZappLayout

@testable import ZappLayoutCompiler

/// `zlc diff` of components matched by what they write: without an id, or copies of one id.
extension DiffComponentTests {
  /// The shows grid without its id, reading `source`.
  static func grid(_ source: String) -> String {
    Self.shows.replacingOccurrences(of: #""id": "home-shows", "#, with: "").replacingOccurrences(
      of: #""source": "shows""#, with: #""source": "\#(source)""#)
  }

  /// Two components without an id that swap places are matched by what they write: one moves, and
  /// neither has its fields changed.
  func testComponentsWithoutIDsThatSwapPlacesAreMoved() throws {
    let base = try project(home: [Self.featured, Self.grid("shows"), Self.grid("movies")])
    let head = try project(home: [Self.featured, Self.grid("movies"), Self.grid("shows")])
    XCTAssertEqual(try lines(base, head), ["grid@1 [2] → [1] on home"])
    // Three reversed: the first and the last move, as components with ids do.
    let three = try project(home: [Self.grid("shows"), Self.grid("movies"), Self.grid("kids")])
    XCTAssertEqual(
      try lines(three, try project(home: [Self.grid("kids"), Self.grid("movies"), Self.grid("shows")])),
      ["grid@0 [2] → [0] on home", "grid@2 [0] → [2] on home"])
    // An edit beside the move is a change of the component that moved.
    let limited = Self.grid("shows").replacingOccurrences(
      of: #""component_type": "grid""#, with: #""component_type": "grid", "rules": {"item_limit": 3}"#)
    XCTAssertEqual(
      try lines(base, try project(home: [Self.featured, Self.grid("movies"), limited])),
      [
        "grid@1 [2] → [1] on home", "grid (GRID_POSTER) 'grid@2', family STARTER: item_limit none → 3 on home",
        "grid (GRID_POSTER) 'grid@2', family STARTER on phone: items_shown none → 3 on home",
        "grid (GRID_POSTER) 'grid@2', family STARTER on tablet: items_shown none → 3 on home",
      ])
  }

  /// Components without an id that nothing tells apart (the same type, cell styles and data) are
  /// matched by their index path, as they read the same whichever is which.
  func testComponentsWithoutIDsOfOneSignatureAreMatchedByIndex() throws {
    let limit = { (n: Int) in
      Self.grid("shows").replacingOccurrences(
        of: #""component_type": "grid""#, with: #""component_type": "grid", "rules": {"item_limit": \#(n)}"#)
    }
    let base = try project(home: [Self.featured, limit(3), limit(4)])
    let head = try project(home: [Self.featured, limit(5), limit(6)])
    XCTAssertEqual(
      try lines(base, head),
      [
        "grid (GRID_POSTER) 'grid@1', family STARTER: item_limit 3 → 5 on home",
        "grid (GRID_POSTER) 'grid@2', family STARTER: item_limit 4 → 6 on home",
        "grid (GRID_POSTER) 'grid@1', family STARTER on phone: items_shown 3 → 5 on home",
        "grid (GRID_POSTER) 'grid@1', family STARTER on tablet: items_shown 3 → 5 on home",
        "grid (GRID_POSTER) 'grid@2', family STARTER on phone: items_shown 4 → 6 on home",
        "grid (GRID_POSTER) 'grid@2', family STARTER on tablet: items_shown 4 → 6 on home",
      ])
  }

  /// A copy of a component added above the original, its data edited: the copy is the one added,
  /// the original neither moves nor changes.
  func testACopyAddedAboveTheOriginalIsOneAddition() throws {
    let base = try project(home: [Self.featured, Self.promo, Self.shows])
    let copy = Self.shows.replacingOccurrences(of: #""source": "shows""#, with: #""source": "movies""#)
    XCTAssertEqual(try lines(base, try project(home: [copy, Self.featured, Self.promo, Self.shows])), ["home-shows@0 (grid) on home"])
    // And taken away again: the copy is the one removed.
    XCTAssertEqual(try lines(try project(home: [copy, Self.featured, Self.promo, Self.shows]), base), ["home-shows@0 (grid) on home"])
  }

  /// In Markdown too, a component moved at the same index says how it moved.
  func testAMoveAtTheSameIndexSaysHowInMarkdown() throws {
    let list = Self.shows.replacingOccurrences(of: "home-shows", with: "home-list")
    let inserted = Self.featured.replacingOccurrences(of: "home-featured", with: "home-new")
    let base = try project(home: [Self.featured, Self.promo, Self.shows, list, inserted])
    let head = try project(home: [list, inserted, Self.shows, Self.featured, Self.promo])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let rows = DiffPrinter(format: .markdown).render(report).split(separator: "\n").filter { $0.contains("home-shows") }
    XCTAssertEqual(rows, ["| component moved | home | home-shows, now after home-new, was after home-promo |  |  |  | \\[2\\] | \\[2\\] |"])
  }
}
