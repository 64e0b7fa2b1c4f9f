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

  /// Counted from checkpoints (a position of a long line decodes one stride, not the line), the
  /// characters and UTF-16 units before each character are those decoding from the start gives.
  func testCountsFromCheckpointsAreThoseOfDecodingFromTheStart() {
    let pieces: [[UInt8]] = [
      Array("ab".utf8), [0xFF], Array("é".utf8), [0xE2, 0x82], Array("😀".utf8), [0x80, 0x80], Array("中".utf8), [0xF0, 0x9F, 0x98],
    ]
    let order = (0..<600).map { pieces[($0 * 7) % pieces.count] }
    let bytes = order.flatMap { $0 }
    for utf16 in [false, true] {
      let counts = DecodedCounts(bytes, stride: 64, utf16: utf16)
      var offset = 0
      for piece in order {
        let text = String(decoding: bytes[0..<offset], as: UTF8.self)
        XCTAssertEqual(counts.count(before: offset), utf16 ? text.utf16.count : text.unicodeScalars.count, "at \(offset)")
        offset += piece.count
      }
      XCTAssertEqual(
        counts.count(before: bytes.count),
        utf16 ? String(decoding: bytes, as: UTF8.self).utf16.count : String(decoding: bytes, as: UTF8.self).unicodeScalars.count)
    }
  }

  /// A token's length (the carets under it, SARIF's `endColumn`) counts as its column does.
  func testATokensLengthCountsTheCharactersAnEditorShows() {
    let token: [UInt8] = Array(#""x"#.utf8) + [0xFF, 0xFE, 0xE2, 0x82] + Array("y".utf8) + [0xC0, 0xAF] + Array(#"z""#.utf8)
    let file = SourceFile(path: "s.json", bytes: Array("[".utf8) + token + Array("]".utf8))
    XCTAssertEqual(file.tokenLength(at: 1), 10, "the quotes, x, y, z and five U+FFFD")
    XCTAssertEqual(file.lineAndColumn(of: token.count + 1).column, 12, "the closing bracket, after the token")
    XCTAssertEqual(SourceFile(path: "s.json", text: #"["é😀"]"#).tokenLength(at: 1), 4)
  }

  /// A finding on a sequence that is not UTF-8 (ZL0106) underlines that sequence alone, one
  /// character, not the letters after it as if they were one word with it.
  func testAFindingOnAnInvalidSequenceUnderlinesItAlone() {
    // Each sequence, and the bytes of its first maximal subpart (what one U+FFFD stands for).
    let subparts: [([UInt8], Int)] = [
      ([0xFF], 1), ([0xFF, 0xFF], 1), ([0xF0, 0x9F, 0x98], 3), ([0x80], 1), ([0xC0, 0xAF], 1), ([0xED, 0xA0, 0x80], 1),
      ([0xE2, 0x82], 2), ([0xF4, 0x90, 0x80, 0x80], 1),
    ]
    for (bad, subpart) in subparts {
      let file = SourceFile(path: "s.json", bytes: Array(#"["a"#.utf8) + bad + Array(#"bcd電"]"#.utf8))
      XCTAssertEqual(file.tokenLength(at: 3), 1, "\(bad)")
      XCTAssertEqual(SourceFile.invalidUTF8End(file.bytes, at: 3), 3 + subpart, "\(bad)")
    }
    for valid in ["é", "😀", "電", "\u{10FFFF}"] {
      XCTAssertNil(SourceFile.invalidUTF8End(Array((valid + "x").utf8), at: 0), valid)
      XCTAssertEqual(SourceFile(path: "s.json", text: "[" + valid + "bc]").tokenLength(at: 1), 3, "a valid letter begins a word: \(valid)")
    }
  }

  /// The caret under a long line's excerpt stands at the finding, however many bytes that are not
  /// UTF-8 come before the part shown.
  func testTheCaretOfALongLinesExcerptIsAtTheFinding() {
    for bad: [UInt8] in [[0x80, 0x80, 0x80, 0x80, 0x80], [0xC0, 0xAF, 0xC0, 0xAF]] {
      let before = Array(#"[{"n": ""#.utf8) + bad + Array(String(repeating: "x", count: 600).utf8) + Array(#"", "c": "#.utf8)
      let file = SourceFile(path: "s.json", bytes: before + Array(#""gridd", "x": "Café"}]"#.utf8))
      let (scalars, caret) = file.excerptLine(at: before.count, width: 80)
      XCTAssertEqual(String(String.UnicodeScalarView(scalars[caret...].prefix(7))), #""gridd""#, "after \(bad)")
    }
  }

  func testValidityIsUTF8s() {
    XCTAssertTrue(SourceFile.isValidUTF8(Array("plain ASCII, and more than eight bytes".utf8)))
    XCTAssertTrue(SourceFile.isValidUTF8(Array("é😀電 and ASCII after".utf8)))
    for (bad, _) in Self.sequences { XCTAssertFalse(SourceFile.isValidUTF8(Array("0123456789".utf8) + bad), "\(bad)") }
  }
}
