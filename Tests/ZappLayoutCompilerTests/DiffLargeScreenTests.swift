import Foundation
import XCTest
import ZappLayout

@testable import ZappLayoutCompiler

/// `zlc diff` of a screen of many components, most of which a deletion above them shifts.
extension DiffComponentTests {
  /// Grid `n`, with its id, reading its own source; `limit` an item limit.
  static func numbered(_ n: Int, limit: Int? = nil) -> String {
    let rules = limit.map { #""rules": {"item_limit": \#($0)}, "# } ?? ""
    return Self.shows.replacingOccurrences(of: "home-shows", with: "c\(n)").replacingOccurrences(
      of: #""data": {"source": "shows""#, with: #"\#(rules)"data": {"source": "s\#(n)""#)
  }

  /// Of 1,200 components, one deleted, one moved and two edited after the deletion: only these are
  /// listed, in every format; the components the deletion shifts have no change of their own.
  func testALargeScreenWithOneDeletionListsOnlyWhatChanged() throws {
    let count = 1_200
    let base = try project(home: (0..<count).map { Self.numbered($0) })
    var components = (0..<count).map { Self.numbered($0) }
    components[900] = Self.numbered(900, limit: 3)
    components[1_000] = components[1_000].replacingOccurrences(of: #""id": "c1000","#, with: #""id": "c1000", "name": "Edited","#)
    components.insert(components.remove(at: 10), at: 20)
    components.remove(at: 400)
    let head = try project(home: components)
    XCTAssertEqual(
      try lines(base, head),
      [
        "c400 (grid) on home", "c10 [10] → [20] on home", "grid (GRID_POSTER) 'c900', family STARTER: item_limit none → 3 on home",
        "c1000: name none → Edited on home", "grid (GRID_POSTER) 'c900', family STARTER on phone: items_shown none → 3 on home",
        "grid (GRID_POSTER) 'c900', family STARTER on tablet: items_shown none → 3 on home",
      ])
    let report = try XCTUnwrap(Driver.diff(base: base, head: head).report)
    let json = try JSON.parse(Data(DiffPrinter(format: .json).render(report).utf8))
    XCTAssertEqual(
      json["changes"]?.arrayValue?.map { $0["kind"]?.stringValue ?? "" },
      ["component_removed", "component_moved", "component_changed", "component_changed", "layout", "layout"])
  }
}
