import XCTest
import ZappLayout

/// The runtime's parser: its fast paths (plain ASCII strings, few keys) give what the general ones do.
final class JSONParseTests: XCTestCase {
  func parse(_ text: String) throws -> JSON { try JSON.parse(Array(text.utf8)) }

  func message(_ text: String) -> String? {
    do {
      _ = try parse(text)
      return nil
    } catch let error as JSON.ParseError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  func testStrings() throws {
    XCTAssertEqual(
      try parse(#"["plain", "", "é", "a\"b", "\u00e9\ud83d\ude00", "tab\tx"]"#).arrayValue?.compactMap(\.stringValue),
      [
        "plain", "", "é", "a\"b", "é😀", "tab\tx",
      ])
    XCTAssertEqual(try JSON.parse([0x22, 0xC3, 0xA9, 0x22]).stringValue, "é")
    XCTAssertNotNil(message("\"a\u{01}b\""), "a control character")
    XCTAssertEqual(message("\"abc"), "1:5: unterminated string")
    XCTAssertThrowsError(try JSON.parse([0x22, 0x61, 0xFF, 0x22]), "invalid UTF-8")
  }

  /// A string that starts with U+FEFF keeps it, written or escaped: a key that starts with it is
  /// another key than the one without it, as zlc reads them.
  func testALeadingByteOrderMarkIsPartOfTheString() throws {
    XCTAssertEqual(try parse("\"\u{FEFF}show\"").stringValue?.unicodeScalars.count, 5)
    XCTAssertEqual(try parse(#""\ufeffshow""#).stringValue?.unicodeScalars.count, 5)
    XCTAssertEqual(try parse("\"\u{FEFF}\u{FEFF}é\"").stringValue, "\u{FEFF}\u{FEFF}é")
    let object = try parse("{\"\u{FEFF}show\": 1, \"show\": 2}")
    XCTAssertEqual(object.objectValue?.map(\.0), ["\u{FEFF}show", "show"])
  }

  func testDuplicateKeysInSmallAndLargeObjects() {
    XCTAssertEqual(message(#"{"a": 1, "b": 2, "a": 3}"#), "1:18: duplicate key 'a'")
    let many = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    XCTAssertNil(message("{\(many)}"))
    XCTAssertNotNil(message("{\(many), \"k3\": 0}"), "a key repeated after the twelfth")
    XCTAssertNotNil(message("{\(many), \"k19\": 0}"))
    XCTAssertEqual(message("{\"e\u{301}\": 1, \"\u{e9}\": 2}"), "1:12: duplicate key 'é'", "keys compare as Swift strings do")
  }

  func testLiterals() throws {
    XCTAssertEqual(try parse("[true, false, null]"), .array([.bool(true), .bool(false), .null]))
    XCTAssertEqual(message("[tru]"), "1:2: expected 'true'")
    XCTAssertEqual(message("nul"), "1:1: expected 'null'")
  }
}
