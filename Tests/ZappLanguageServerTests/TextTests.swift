import XCTest

@testable import ZappLanguageServer

/// UTF-16 positions, message framing and the lenient reading of half-typed JSON.
final class TextTests: XCTestCase {
  func testPositionsCountUTF16Units() {
    // 🎬 is 4 UTF-8 bytes and 2 UTF-16 units; 電 is 3 bytes and 1 unit; é is 2 bytes and 1 unit.
    let text = "{\n  \"name\": \"🎬電é\", \"x\": 1\n}"
    let index = LineIndex(Array(text.utf8))
    let x = Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))!
    XCTAssertEqual(index.position(of: x), TextPosition(line: 1, character: 19))
    XCTAssertEqual(index.offset(of: TextPosition(line: 1, character: 19)), x)
    // Every position on the line maps back to the same byte offset it came from.
    let lineStart = index.lineStarts[1]
    var offset = lineStart
    while offset < index.lineStarts[2] - 1 {
      XCTAssertEqual(index.offset(of: index.position(of: offset)), offset)
      offset += 1
      while offset < text.utf8.count, Array(text.utf8)[offset] & 0xC0 == 0x80 { offset += 1 }
    }
    // Past the end of a line is the line's end; past the last line is the end of the text.
    XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 99)), 1)
    XCTAssertEqual(index.offset(of: TextPosition(line: 9, character: 0)), text.utf8.count)
    // Inside a surrogate pair: after the whole scalar.
    let emoji = Array(text.utf8).firstIndex(of: 0xF0)!
    XCTAssertEqual(index.offset(of: TextPosition(line: 1, character: 12)), emoji + 4)
  }

  /// Lines end in "\n", "\r\n" or a lone "\r", as LSP counts them.
  func testEveryLineBreakLSPKnowsEndsALine() {
    let text = "a\rbc\r\nd\n\re"
    let index = LineIndex(Array(text.utf8))
    XCTAssertEqual(index.lineStarts, [0, 2, 6, 8, 9])
    XCTAssertEqual(index.position(of: 3), TextPosition(line: 1, character: 1))
    XCTAssertEqual(index.position(of: 9), TextPosition(line: 4, character: 0))
    XCTAssertEqual(index.offset(of: TextPosition(line: 3, character: 0)), 8)
    // Past the end of a line is before its break, both bytes of a "\r\n": an insertion there
    // never splits the pair.
    XCTAssertEqual(index.offset(of: TextPosition(line: 1, character: 99)), 4)
    XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 99)), 1)
    XCTAssertEqual(index.offset(of: TextPosition(line: 2, character: 99)), 7)
    // An unclosed string's token ends at its line's end, whichever break ends it.
    XCTAssertEqual(LineIndex(Array("\"ab\rcd\"".utf8)).tokenEnd(at: 0), 3)
    XCTAssertEqual(LineIndex(Array("\"ab\ncd\"".utf8)).tokenEnd(at: 0), 3)
    XCTAssertEqual(LineIndex(Array("\"ab\"".utf8)).tokenEnd(at: 0), 4)
  }

  func testPositionsOnLongLinesMatchCountingFromTheLineStart() {
    // Lines far longer than the index's checkpoints, with scalars of every width across them.
    var text = ""
    for n in 0..<3000 { text += ["a", "é", "電", "🎬"][n % 4] + (n % 997 == 0 ? "\n" : "") }
    text += "\n" + String(repeating: "🎬", count: 700) + "x"
    let bytes = Array(text.utf8)
    let index = LineIndex(bytes)
    var line = 0
    var units = 0
    for offset in 0...bytes.count {
      if offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
        XCTAssertEqual(index.position(of: offset), TextPosition(line: line, character: units), "at \(offset)")
        XCTAssertEqual(index.offset(of: TextPosition(line: line, character: units)), offset, "at \(offset)")
      }
      guard offset < bytes.count else { break }
      if bytes[offset] == 0x0A {
        line += 1
        units = 0
      } else if bytes[offset] & 0xC0 != 0x80 {
        units += bytes[offset] >= 0xF0 ? 2 : 1
      }
    }
    XCTAssertEqual(LineIndex([]).position(of: 0), TextPosition(line: 0, character: 0))
  }

  func testTokenEndsAtTheClosingQuote() {
    let index = LineIndex(Array(#"{"a": "b\"c", "n": 12.5}"#.utf8))
    XCTAssertEqual(index.tokenEnd(at: 6), 12)
    XCTAssertEqual(index.tokenEnd(at: 19), 23)
    XCTAssertEqual(index.tokenEnd(at: 0), 1)
  }

  func testContentLengthHeader() {
    XCTAssertEqual(MessageReader.contentLength("Content-Length: 42"), 42)
    XCTAssertEqual(MessageReader.contentLength("content-type: x\r\ncontent-length:7"), 7)
    XCTAssertNil(MessageReader.contentLength("Content-Type: application/json"))
    XCTAssertNil(MessageReader.contentLength("Content-Length: -1"))
  }

  func context(_ marked: String) throws -> CursorContext {
    let offset = try XCTUnwrap(marked.utf8.firstIndex(of: UInt8(ascii: "|"))).utf16Offset(in: marked)
    let bytes = Array(marked.replacingOccurrences(of: "|", with: "").utf8)
    let root = try XCTUnwrap(LooseJSON.parse(bytes))
    return try XCTUnwrap(LooseJSON.context(in: root, at: offset, bytes: bytes))
  }

  func testCursorInHalfTypedJSON() throws {
    // A value being typed, with the rest of the file still to come and the string unterminated.
    var c = try context("[{\"styles\": {\"cell_styles\": [\"HOR|\n  \"layout\": \"X\"}}]")
    guard case .value(let container, nil, let typed?) = c.place else { return XCTFail("\(c.place)") }
    XCTAssertEqual(container.keyInParent, "cell_styles", "\(container.kind) \(String(describing: container.parent?.kind))")
    XCTAssertEqual(typed.text, "HOR")
    XCTAssertEqual(c.path, [.index(0), .key("styles"), .key("cell_styles")])
    // After a colon: the value of that key.
    c = try context("{\"data\": {\"target\": |}}")
    guard case .value(_, "target"?, nil) = c.place else { return XCTFail("\(c.place)") }
    // Between members: a key.
    c = try context("{\"a\": 1, |}")
    guard case .key(_, nil) = c.place else { return XCTFail("\(c.place)") }
    // In a key being typed, the object's other keys are still known.
    c = try context("{\"id\": \"x\", \"ty|\"}")
    guard case .key(let object, let typed?) = c.place else { return XCTFail("\(c.place)") }
    XCTAssertEqual(typed.text, "ty")
    XCTAssertEqual(object.string("id"), "x")
  }

  func testLenientReadingNeverFails() {
    for text in ["", "{", "[", "\"", "{\"a\":", "{\"a\" \"b\"}", "]]]", "{\"a\": [1, 2", String(repeating: "[", count: 300), "<Family/>"] {
      let root = LooseJSON.parse(Array(text.utf8))
      for offset in 0...text.utf8.count { _ = root.flatMap { LooseJSON.context(in: $0, at: offset, bytes: Array(text.utf8)) } }
    }
  }
}
