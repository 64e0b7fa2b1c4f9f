import Foundation
import XCTest

@testable import ZappLayout

/// `ScreenPositions` answers as the `Dictionary` of the ids it replaced: ids equal as Swift
/// compares strings, the first of two equal ids kept.
final class ScreenPositionsTests: XCTestCase {
  /// The answer of the table it replaced: from the last id to the first, so the first is kept.
  func dictionaryPosition(of id: String, in ids: [String]) -> Int? {
    var table: [String: Int] = [:]
    for position in ids.indices.reversed() { table[ids[position]] = position }
    return table[id]
  }

  func assertSameAnswers(_ ids: [String], _ questions: [String], file: StaticString = #filePath, line: UInt = #line) {
    let positions = ScreenPositions(ids)
    for id in questions {
      XCTAssertEqual(positions.position(of: id), dictionaryPosition(of: id, in: ids), id.debugDescription, file: file, line: line)
    }
  }

  func testASCIIIDsAreFoundAtTheirFirstPosition() {
    var ids = (0..<3000).map { "screen-\($0)" } + (0..<500).map { _ in UUID().uuidString.lowercased() }
    ids += ["", "screen-7", "screen-2999", ""]  // ids seen before: the first keeps its place
    ids.shuffle()
    let questions = ids + ["screen-3000", "Screen-7", "screen-7 ", "nope"]
    assertSameAnswers(ids, questions)
    XCTAssertEqual(ScreenPositions(["a", "b", "a"]).position(of: "a"), 0)
    XCTAssertNil(ScreenPositions([]).position(of: "a"))
  }

  /// A question beyond ASCII may still be an ASCII id (the Kelvin sign is `K`, the Greek question
  /// mark `;`), and ids beyond ASCII are equal by canonical equivalence (é composed or not).
  func testIDsEqualAsSwiftComparesStrings() {
    assertSameAnswers(["home", "K", "x;y"], ["\u{212A}", "x\u{037E}y", "K", "k", "\u{212A}\u{212A}"])
    XCTAssertEqual(ScreenPositions(["home", "K"]).position(of: "\u{212A}"), 1)
    assertSameAnswers(["caf\u{E9}", "home", "cafe\u{301}", "\u{212A}"], ["cafe\u{301}", "caf\u{E9}", "K", "home", "cafe"])
    XCTAssertEqual(ScreenPositions(["home", "cafe\u{301}"]).position(of: "caf\u{E9}"), 1)
  }
}
