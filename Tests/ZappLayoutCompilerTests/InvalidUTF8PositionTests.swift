import XCTest

@testable import ZappDiagnostics
@testable import ZappReaders

/// Columns after bytes that are not UTF-8 count what an editor shows: one U+FFFD per invalid
/// sequence (its maximal subpart), so a finding later on the line is where the editor shows it.
final class InvalidUTF8PositionTests: XCTestCase {
  /// Each bad sequence, and the characters an editor decodes it to (Python, WHATWG and Swift agree).
  static let sequences: [(bytes: [UInt8], shown: Int)] = [
    ([0xFF], 1), ([0xFF, 0xFF], 2), ([0xF0, 0x9F, 0x98], 1), ([0x80], 1), ([0x80, 0x80], 2), ([0xC0, 0xAF], 2),
    ([0xED, 0xA0, 0x80], 3),
  ]

  func testAColumnAfterInvalidBytesCountsTheCharactersAnEditorShows() {
    for (bad, shown) in Self.sequences {
      let before = Array(#"[{"n": ""#.utf8) + bad + Array(#"", "c": "#.utf8)
      let file = SourceFile(path: "s.json", bytes: before + Array(#""gird"}]"#.utf8))
      let expected = before.count - bad.count + shown + 1
      XCTAssertEqual(file.lineAndColumn(of: before.count).column, expected, "after \(bad)")
      XCTAssertEqual(file.lineAndColumn(of: 2).column, 3, "before \(bad)")
    }
    let valid = SourceFile(path: "s.json", text: #"[{"n": "é😀", "c": "gird"}]"#)
    XCTAssertEqual(valid.lineAndColumn(of: Array(#"[{"n": "é😀", "c": "#.utf8).count).column, 19)
  }

  /// A sequence cut short is one finding, at its first byte, not one more per byte after it.
  func testACutSequenceIsOneFinding() {
    for bad: [UInt8] in [[0xF0, 0x9F, 0x98], [0xE2, 0x82], [0xC3]] {
      let r = JSONReader.read(SourceFile(path: "t.json", bytes: Array(#"["a"#.utf8) + bad + Array(#"b"]"#.utf8)))
      XCTAssertEqual(r.diagnostics.map(\.code), ["ZL0106"], "\(bad)")
      XCTAssertEqual(r.diagnostics.first?.location?.column, 4, "\(bad)")
    }
  }

  func testValidityIsUTF8s() {
    XCTAssertTrue(SourceFile.isValidUTF8(Array("plain ASCII, and more than eight bytes".utf8)))
    XCTAssertTrue(SourceFile.isValidUTF8(Array("é😀電 and ASCII after".utf8)))
    for (bad, _) in Self.sequences { XCTAssertFalse(SourceFile.isValidUTF8(Array("0123456789".utf8) + bad), "\(bad)") }
  }
}
