import Foundation
import XCTest

@testable import ZappLayout

/// `JSON.parse` against the parser it replaced (`ReferenceJSONParser`): the same value or the same
/// error (message, line and column) on good files and on broken ones.
final class JSONParserDifferentialTests: XCTestCase {
  /// Fails unless both parsers give the same result for the bytes.
  func assertSame(_ bytes: [UInt8], _ what: @autoclosure () -> String, line: UInt = #line) {
    let expected = ReferenceJSONParser.parse(bytes)
    let actual = Result { try JSON.parse(bytes) }.mapError { $0 as! JSON.ParseError }
    XCTAssertEqual(actual, expected, what(), line: line)
  }

  func assertSame(_ text: String, line: UInt = #line) { assertSame(Array(text.utf8), text, line: line) }

  /// A document with every kind of value, strings of many lengths, escapes and non-ASCII text.
  let sample = Array(
    #"""
    {"a": [1, -2.5, 3e2, 0, true, false, null], "long string of more than eight bytes": "0123456789abcdefghij",
     "esc": "q\"b\\s\/\b\f\n\r\t\u00e9\ud83d\ude00 tail", "é": "naïve café 😀 and more text", "": {},
     "nested": {"x": [[], [{}], {"y": "z"}], "n": -0.001e-5}, "k1": 1, "k2": 2, "k3": 3, "k4": 4,
     "k5": 5, "k6": 6, "k7": 7, "k8": 8, "k9": 9, "k10": 10, "k11": 11, "k12": 12, "k13": "last"}
    """#.utf8)

  func testGoldenBundleFiles() throws {
    let folder = BundleTests.golden
    var files = [folder.appendingPathComponent("bundle.json"), folder.appendingPathComponent("rivers.json")]
    files += try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent("screens"), includingPropertiesForKeys: nil)
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: file))
      XCTAssertNoThrow(try JSON.parse(bytes), file.lastPathComponent)
      assertSame(bytes, file.lastPathComponent)
    }
  }

  func testEveryTruncation() {
    for end in 0...sample.count { assertSame(Array(sample[..<end]), "the first \(end) bytes") }
  }

  func testEveryByteReplaced() {
    let replacements: [UInt8] = [0x22, 0x5C, 0x01, 0x7F, 0x80, 0xC3, 0xFF, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x65, 0x30, 0x20]
    for position in sample.indices {
      for byte in replacements where sample[position] != byte {
        var bytes = sample
        bytes[position] = byte
        assertSame(bytes, "byte \(position) replaced by \(byte)")
      }
    }
  }

  /// Each special byte at each place of strings of 0 to 24 bytes, after plain bytes next to the
  /// bounds the word scan tests (space, `!`, `#`, `[`, `]`, DEL) and before a quote: the word scan
  /// stops where the byte scan did.
  func testSpecialBytesAtEveryPlaceOfAString() {
    let specials: [[UInt8]] = [
      [0x22], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x5C, 0x78], [0x00], [0x1F], [0xC3, 0xA9], [0xFF], [0xE2, 0x80],
      [0x1F, 0x22], [0x80, 0x22],
    ]
    for filler in [0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F] as [UInt8] {
      for length in 0...24 {
        for place in 0...length {
          for special in specials {
            let text = Array(repeating: filler, count: place) + special + Array(repeating: UInt8(ascii: "b"), count: length - place)
            let at = "\(special) at \(place) of \(length) after \(filler)"
            assertSame([0x5B, 0x22] + text + [0x22, 0x5D], at)
            assertSame([0x22] + text, "unterminated: " + at)
          }
        }
      }
    }
  }

  func testNumbers() {
    let numbers = [
      "0", "-0", "1.5", "-2.50", "1e400", "-1E+400", "1e-400", "3e2", "01", "-", "1.", "1e", "1e+", ".5", "+1", "0x10",
      String(repeating: "9", count: 300), String(repeating: "9", count: 301), String(repeating: "9", count: 309),
      String(repeating: "9", count: 400) + ".5", "-" + String(repeating: "9", count: 400), "1" + String(repeating: "0", count: 308) + ".0",
    ]
    for number in numbers {
      assertSame(number)
      assertSame("[\(number), 1]")
    }
  }

  func testNesting() {
    for depth in [1, 511, 512, 513, JSON.maxDepth, JSON.maxDepth + 1] {
      assertSame(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
      assertSame(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth))
      assertSame(String(repeating: "[", count: depth))
    }
  }

  func testDuplicateKeys() {
    let many = (0..<20).map { "\"k\($0)\": [\($0), {\"k\($0)\": 0}]" }.joined(separator: ", ")
    for text in [
      #"{"a": 1, "a": 2}"#, #"{"a": {"a": 1}, "b": {"a": 2}}"#, "{\(many)}", "{\(many), \"k3\": 0}", "{\(many), \"k19\": 0}",
      "{\"e\u{301}\": 1, \"\u{e9}\": 2}", #"{"\u0041": 1, "A": 2}"#, #"[{"a": 1}, {"a": 2, "b": 3, "a": 4}]"#,
    ] {
      assertSame(text)
    }
  }

  func testSpaceAndTrailingText() {
    for text in ["", " ", "\u{FEFF}[]", "[] x", " [ ] \n\t\r", "[1 2]", "{\"a\" 1}", "{\"a\": 1,}", "[1,]", "{,}", "tru", "nulll"] {
      assertSame(text)
    }
    assertSame([0xEF, 0xBB, 0xBF] + Array("{}".utf8), "a byte order mark")
  }
}
