import XCTest

@testable import ZappLanguageServer

/// A file read from disk that is not valid UTF-8: its UTF-16 positions count what an editor
/// decodes, one U+FFFD (one unit) per invalid sequence.
final class InvalidUTF8PositionsTests: XCTestCase {
  func testPositionsAfterInvalidBytesCountTheUnitsAnEditorShows() {
    let cases: [(bytes: [UInt8], shown: Int)] = [
      ([0xFF], 1), ([0xFF, 0xFF], 2), ([0xF0, 0x9F, 0x98], 1), ([0x80, 0x80], 2), ([0xC0, 0xAF], 2), ([0xED, 0xA0, 0x80], 3),
    ]
    for (bad, shown) in cases {
      let before = Array("{\n \"n\": \"".utf8) + bad + Array("\", \"c\": ".utf8)
      let index = LineIndex(before + Array("\"gird\"}".utf8))
      let column = before.count - 2 - bad.count + shown
      XCTAssertEqual(index.position(of: before.count), TextPosition(line: 1, character: column), "after \(bad)")
    }
    // Valid text keeps counting UTF-16 units: 😀 is two.
    let text = Array("{\n \"n\": \"😀\", \"c\": \"gird\"}".utf8)
    XCTAssertEqual(LineIndex(text).position(of: text.count - 7), TextPosition(line: 1, character: 17))
  }
}
