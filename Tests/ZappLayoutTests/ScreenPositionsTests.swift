import Foundation
import XCTest

@testable import ZappLayout

/// `ScreenPositions` finds the first id whose UTF-8 bytes are those asked for, as the compiler and
/// `ScreenBundle.load`'s duplicate-id check tell screens apart.
final class ScreenPositionsTests: XCTestCase {
  /// The answer of a search in order, by the bytes.
  func searchedPosition(of id: String, in ids: [String]) -> Int? { ids.firstIndex { Array($0.utf8) == Array(id.utf8) } }

  func assertSameAnswers(_ ids: [String], _ questions: [String], file: StaticString = #filePath, line: UInt = #line) {
    let positions = ScreenPositions(ids)
    for id in questions {
      XCTAssertEqual(positions.position(of: id), searchedPosition(of: id, in: ids), id.debugDescription, file: file, line: line)
    }
  }

  func testIDsAreFoundAtTheirFirstPosition() {
    var ids = (0..<3000).map { "screen-\($0)" } + (0..<500).map { _ in UUID().uuidString.lowercased() }
    ids += ["", "screen-7", "screen-2999", "", "écran-\u{1F600}", "écran-\u{1F600}"]  // ids seen before: the first keeps its place
    ids.shuffle()
    let questions = ids + ["screen-3000", "Screen-7", "screen-7 ", "nope", "e\u{301}cran-\u{1F600}"]
    assertSameAnswers(ids, questions)
    XCTAssertEqual(ScreenPositions(["a", "b", "a"]).position(of: "a"), 0)
    XCTAssertNil(ScreenPositions([]).position(of: "a"))
  }

  /// Ids that Swift compares as equal but whose bytes differ are two screens: é composed or not,
  /// the Kelvin sign and `K`, the Greek question mark and `;`.
  func testIDsInAnotherUnicodeFormAreOtherIDs() {
    assertSameAnswers(["home", "K", "x;y"], ["\u{212A}", "x\u{037E}y", "K", "k", "\u{212A}\u{212A}"])
    XCTAssertNil(ScreenPositions(["home", "K"]).position(of: "\u{212A}"))
    let ids = ["caf\u{E9}", "home", "cafe\u{301}", "\u{212A}"]
    assertSameAnswers(ids, ["cafe\u{301}", "caf\u{E9}", "K", "\u{212A}", "home", "cafe"])
    XCTAssertEqual(ScreenPositions(ids).position(of: "cafe\u{301}"), 2)
    XCTAssertEqual(ScreenPositions(ids).position(of: "caf\u{E9}"), 0)
    XCTAssertNil(ScreenPositions(["home", "cafe\u{301}"]).position(of: "caf\u{E9}"))
  }
}
