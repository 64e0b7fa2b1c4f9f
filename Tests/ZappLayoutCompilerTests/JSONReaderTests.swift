import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappWriters

final class JSONReaderTests: XCTestCase {
  func testReadsValuesWithOffsetsAndPointers() throws {
    let m = Marked(#"{"a": [1, ⟦⟧"x\u00e9\n", true, null], "b": {"c": -1.5e2}}"#)
    let result = readJSON(m)
    XCTAssertTrue(result.diagnostics.isEmpty)
    let root = try XCTUnwrap(result.document?.root)
    let x = try XCTUnwrap(root["a"]?.elements[1])
    XCTAssertEqual(x.string, "xé\n")
    let loc = x.file.location(at: x.offset)
    XCTAssertEqual(loc.line, m.positions[0].line)
    XCTAssertEqual(loc.column, m.positions[0].column)
    XCTAssertEqual(root["b"]?["c"]?.number, -150)
    XCTAssertEqual(root["a"]?.elements[2].bool, true)
    XCTAssertTrue(root["a"]?.elements[3].isNull ?? false)
    XCTAssertEqual(root.members.map { $0.key.string }, ["a", "b"])
  }

  /// The tape is reserved for a value every 4 bytes; an indented file, of far fewer values, keeps
  /// a tape of its size (the room left was held until the check ended), folded or not, and reads
  /// alike.
  func testAnIndentedFileKeepsATapeOfItsSize() throws {
    let text =
      "[\n" + (0..<200).map { "    {\n        \"id\": \"screen-\($0)\",\n        \"home\": false\n    }" }.joined(separator: ",\n")
      + "\n]\n"
    for folding in [false, true] {
      let document = try XCTUnwrap(JSONReader.read(SourceFile(path: "s.json", text: text), foldingIndentation: folding).document)
      XCTAssertEqual(document.nodes.count, 1 + 200 * 5, "folding: \(folding)")
      XCTAssertLessThanOrEqual(document.nodes.capacity, 2 * document.nodes.count, "folding: \(folding)")
      XCTAssertEqual(document.root?.elements[199]["id"]?.string, "screen-199")
    }
  }

  func testPointersAreWorkedOutFromTheTape() throws {
    let text = #"{"a": [1, {"b/c": [true, {"~d": "x"}]}], "e": {}, "f": [[], [null]]}"#
    let root = try XCTUnwrap(readJSON(Marked(text)).document?.root)
    XCTAssertEqual(root.spot.pointer, "")
    XCTAssertEqual(root["a"]?.spot.pointer, "/a")
    XCTAssertEqual(root["a"]?.elements[0].spot.pointer, "/a/0")
    let deep = try XCTUnwrap(root["a"]?.elements[1]["b/c"]?.elements[1]["~d"])
    XCTAssertEqual(deep.spot.pointer, "/a/1/b~1c/1/~0d")
    XCTAssertEqual(root["e"]?.spot.pointer, "/e")
    XCTAssertEqual(root["f"]?.elements[1].elements[0].spot.pointer, "/f/1/0")
    // A key points where it is written but shares its value's pointer.
    let key = try XCTUnwrap(root.keyNode("e"))
    XCTAssertEqual(key.spot.pointer, "/e")
    let quotedKey = try XCTUnwrap(text.range(of: #""e""#))
    XCTAssertEqual(key.spot.offset, text.utf8.distance(from: text.startIndex, to: quotedKey.lowerBound))
  }

  func testPointersFromTheParentIndexMatchTheWalk() throws {
    // More than 16 requests switch a document to its parent index; both must agree everywhere.
    let text = #"{"a": [1, {"b/c": [true, {"~d": "x"}]}, [[], [null, {"e": {}}]]], "f": {"g": [0, 1, 2]}}"#
    let document = try XCTUnwrap(readJSON(Marked(text)).document)
    for _ in 0..<20 { _ = document.pointer(to: 0) }
    let indexed = (0..<document.nodeCount).map { document.pointer(to: $0) }
    let walked = (0..<document.nodeCount).map { index -> String in
      let value = document.nodes[index].flags & JSONNode.isKey != 0 ? index + 1 : index
      return document.walkPointer(to: value)
    }
    XCTAssertEqual(indexed, walked)
    XCTAssertTrue(walked.contains("/a/1/b~1c/1/~0d"))
    XCTAssertTrue(walked.contains("/a/2/1/1/e"))
    XCTAssertTrue(walked.contains("/f/g/2"))
  }

  /// A file in UTF-16 or UTF-32 without a byte-order mark is named by its encoding, told by
  /// where the zeros of its first bytes are, as a device tells them: JSON and XML alike, at the
  /// file's first byte.
  func testAFileInUTF16OrUTF32WithoutAMarkIsNamed() throws {
    let encodings: [(String.Encoding, String)] = [
      (.utf16LittleEndian, "UTF-16 little-endian"), (.utf16BigEndian, "UTF-16 big-endian"),
      (.utf32LittleEndian, "UTF-32 little-endian"), (.utf32BigEndian, "UTF-32 big-endian"),
    ]
    for (encoding, name) in encodings {
      let bytes = try XCTUnwrap(#"{"id": "x"}"#.data(using: encoding))
      let read = JSONReader.read(SourceFile(path: "t.json", bytes: Array(bytes)))
      XCTAssertEqual(read.diagnostics.map(\.message), ["file is not UTF-8 (it looks like \(name)); save it as UTF-8"], name)
      XCTAssertEqual(read.diagnostics.map(\.code), ["ZL0106"], name)
      for text in [#"<?xml version="1.0"?><Family name="F"/>"#, "\n<Family name=\"F\"/>"] {
        let xml = XMLReader.read(SourceFile(path: "t.xml", bytes: Array(try XCTUnwrap(text.data(using: encoding)))))
        XCTAssertEqual(xml.diagnostics.map(\.message), ["file is not UTF-8 (it looks like \(name)); save it as UTF-8"], name)
        XCTAssertEqual(xml.diagnostics.map(\.code), ["ZL0106"], name)
        XCTAssertEqual(xml.diagnostics.first.map { [$0.location?.line, $0.location?.column] }, [1, 1], name)
      }
    }
  }

  func testTrailingCommaPointsAtTheComma() {
    let m = Marked("{\n  \"cell_styles\": [\"A\"⟦ZL0102⟧,],\n  \"b\": 1⟦ZL0102⟧,\n}")
    assertDiagnostics(
      readJSON(m).diagnostics, m, messages: ["trailing comma before ']' | fix-it: ", "trailing comma before '}' | fix-it: "])
    XCTAssertNotNil(readJSON(m).document, "a trailing comma is recoverable")
    XCTAssertEqual(readJSON(m).diagnostics.map { $0.fixIt?.range?.text }, [",", ","], "the fix deletes the comma alone")
    XCTAssertEqual(readJSON(m).diagnostics.map { $0.fixIt?.summary }, Array(repeating: "remove the trailing comma: delete ','", count: 2))
  }

  func testDuplicateKeyPointsAtSecondWithNoteAtFirst() throws {
    let first = Marked("{ ⟦⟧\"id\": 1,\n  \"id\": 2 }")
    let m = Marked("{ \"id\": 1,\n  ⟦ZL0107⟧\"id\": 2 }")
    let d = readJSON(m).diagnostics
    assertDiagnostics(d, m, messages: ["duplicate key 'id'"], notes: [["'id' is first defined here"]])
    let note = try XCTUnwrap(d.first?.notes.first?.spot?.location)
    XCTAssertEqual(note.line, first.positions[0].line)
    XCTAssertEqual(note.column, first.positions[0].column)
    XCTAssertEqual(d.first?.pointer, "/id")
  }

  func testDuplicateKeysInLargeObjectsAndEscapedKeys() {
    var text = "{"
    for i in 0..<40 { text += "\"k\(i)\": \(i), " }
    text += "⟦ZL0107⟧\"k\\u0031\": 0}"
    let m = Marked(text)
    assertDiagnostics(readJSON(m).diagnostics, m, messages: ["duplicate key 'k1'"], notes: [["'k1' is first defined here"]])
  }

  /// Small objects compare keys by their first eight bytes and length first: keys alike in both but
  /// not after are other keys, the same key is a duplicate wherever it stands (at the file's end,
  /// where fewer than eight bytes follow, too), and an escaped key is compared as text.
  func testDuplicateKeysAlikeInTheirFirstBytes() {
    let alike = Marked("{\"abcdefghX\": 1, \"abcdefghY\": 2, \"abcdefgh\": 3, \"abcdefg\": 4, \"abcdefghXY\": 5}")
    XCTAssertEqual(readJSON(alike).diagnostics.count, 0)
    let long = Marked("{\"component_typeA\": 1, \"component_typeB\": 2, ⟦ZL0107⟧\"component_typeA\": 3}")
    assertDiagnostics(
      readJSON(long).diagnostics, long, messages: ["duplicate key 'component_typeA'"],
      notes: [["'component_typeA' is first defined here"]])
    let atEnd = Marked("{\"ab\":1,⟦ZL0107⟧\"ab\":2}")
    assertDiagnostics(readJSON(atEnd).diagnostics, atEnd, messages: ["duplicate key 'ab'"], notes: [["'ab' is first defined here"]])
    let empty = Marked("{\"\": 1, \"a\": 2, ⟦ZL0107⟧\"\": 3}")
    assertDiagnostics(readJSON(empty).diagnostics, empty, messages: ["duplicate key ''"], notes: [["'' is first defined here"]])
    let escaped = Marked(#"{"ab": 1, "ac": 2, ⟦ZL0107⟧"a\u0062": 3, ⟦ZL0107⟧"\u0061c": 4}"#)
    assertDiagnostics(
      readJSON(escaped).diagnostics, escaped, messages: ["duplicate key 'ab'", "duplicate key 'ac'"],
      notes: [["'ab' is first defined here"], ["'ac' is first defined here"]])
    let nested = Marked("{\"a\": {\"a\": {\"a\": 1}, \"b\": 2}, \"b\": {\"a\": 3}, ⟦ZL0107⟧\"a\": 4}")
    assertDiagnostics(readJSON(nested).diagnostics, nested, messages: ["duplicate key 'a'"], notes: [["'a' is first defined here"]])
  }

  /// Objects of 16 keys or more look their keys up by hash, in a table of their own: two such
  /// objects side by side, with the same keys, share nothing, and a duplicate in the second is
  /// still found.
  func testLargeObjectsSideBySideKeepTheirOwnKeys() {
    let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let apart = Marked("{\"a\": {\(keys)}, \"b\": {\(keys)}, \"c\": [{\(keys)}, {\(keys)}]}")
    XCTAssertEqual(readJSON(apart).diagnostics.count, 0)
    let twice = Marked("{\"a\": {\(keys)}, \"b\": {\(keys), ⟦ZL0107⟧\"k7\": 0}}")
    assertDiagnostics(readJSON(twice).diagnostics, twice, messages: ["duplicate key 'k7'"], notes: [["'k7' is first defined here"]])
  }

  /// Keys that are the same text written with different characters ("é" as one character, and as
  /// "e" and U+0301; "K" and the Kelvin sign) are one key to clients: a duplicate, written plainly
  /// or escaped, in small objects and in large ones, with a note that says why.
  func testKeysOfTheSameTextWrittenDifferentlyAreDuplicates() {
    let composed = "caf\u{e9}"
    let decomposed = "cafe\u{301}"
    let why = DuplicateKeyRule.Message.writtenDifferently.message
    let small = Marked("{\"\(composed)\": 1, \"x\": 2, ⟦ZL0107⟧\"\(decomposed)\": 3, \"K\": 4, ⟦ZL0107⟧\"\u{212A}\": 5}")
    assertDiagnostics(
      readJSON(small).diagnostics, small, messages: ["duplicate key '\(decomposed)'", "duplicate key '\u{212A}'"],
      notes: [["'\(decomposed)' is first defined here", why], ["'\u{212A}' is first defined here", why]])
    let escaped = Marked(#"{"caf\u00e9": 1, ⟦ZL0107⟧"cafe\u0301": 2}"#)
    assertDiagnostics(
      readJSON(escaped).diagnostics, escaped, messages: ["duplicate key '\(decomposed)'"],
      notes: [["'\(decomposed)' is first defined here", why]])
    var text = "{\"\(decomposed)\": 0, "
    for i in 0..<40 { text += "\"k\(i)\": \(i), " }
    text += "⟦ZL0107⟧\"\(composed)\": 1}"
    let large = Marked(text)
    assertDiagnostics(
      readJSON(large).diagnostics, large, messages: ["duplicate key '\(composed)'"], notes: [["'\(composed)' is first defined here", why]])
    // Other text is other keys, plain or with non-ASCII keys around; the same bytes need no note.
    XCTAssertEqual(readJSON(Marked("{\"cafe\": 1, \"\(composed)\": 2, \"caf\": 3, \"e\u{301}\": 4, \"e\": 5}")).diagnostics.count, 0)
    let same = Marked("{\"\(composed)\": 1, ⟦ZL0107⟧\"\(composed)\": 2}")
    assertDiagnostics(
      readJSON(same).diagnostics, same, messages: ["duplicate key '\(composed)'"], notes: [["'\(composed)' is first defined here"]])
  }

  /// Strings are scanned eight bytes at a time, and indentation too: each byte that ends a
  /// string's plain run (an escape, a control character, a byte beyond ASCII), at each place of
  /// strings of 0 to 24 bytes after plain bytes next to the scan's bounds, in values and in keys,
  /// and after indentation of 0 to 20 spaces, is seen where a byte-by-byte scan sees it.
  func testSpecialBytesAtEveryPlaceOfAString() throws {
    let specials: [(bytes: [UInt8], flags: UInt8, diagnostics: Int)] = [
      ([0x5C, 0x2F], JSONNode.hasEscapes, 0), ([0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], JSONNode.hasEscapes, 0),
      ([0x1F], JSONNode.needsRepair, 1), ([0x00], JSONNode.needsRepair, 1), ([0xC3, 0xA9], 0, 0), ([0xFF], JSONNode.needsRepair, 1),
      ([0x27], 0, 0), ([0x61], 0, 0),
    ]
    let flagMask = JSONNode.hasEscapes | JSONNode.needsRepair
    for filler in [0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F] as [UInt8] {
      for length in 0...24 {
        for place in 0...length {
          for special in specials {
            let text = Array(repeating: filler, count: place) + special.bytes + Array(repeating: UInt8(ascii: "b"), count: length - place)
            let indent = Array(repeating: UInt8(ascii: " "), count: length - place)
            // Keys and values in double quotes, and values in single quotes (reported and repaired),
            // where a double quote is plain text.
            for (asKey, quote) in [(false, UInt8(0x22)), (true, 0x22), (false, 0x27)] {
              let open = Array((asKey ? "{\n" : "[\n").utf8) + indent + [quote]
              let body = quote == 0x27 ? text.map { $0 == 0x27 ? 0x22 : $0 } : text
              let bytes = open + body + [quote] + Array((asKey ? ": 1}" : "]").utf8)
              let read = JSONReader.read(SourceFile(path: "t.json", bytes: bytes))
              let at = "\(special.bytes) at \(place) of \(length) after \(filler), \(asKey ? "key" : "value") in \(quote)"
              XCTAssertEqual(read.diagnostics.count, special.diagnostics + (quote == 0x27 ? 1 : 0), at)
              let node = try XCTUnwrap(read.document?.nodes[1], at)
              XCTAssertEqual(node.kind, .string, at)
              XCTAssertEqual(node.start, open.count - 1, at)
              XCTAssertEqual(node.end, open.count + text.count + 1, at)
              XCTAssertEqual(node.flags & flagMask, special.flags | (quote == 0x27 ? JSONNode.needsRepair : 0), at)
            }
          }
        }
      }
    }
  }

  func testCommentsAreReportedAndSkipped() {
    let m = Marked("{ ⟦ZL0103⟧// note\n \"a\": ⟦ZL0103⟧/* x */ 1 }")
    let r = readJSON(m)
    assertDiagnostics(r.diagnostics, m, messages: Array(repeating: "JSON does not allow comments", count: 2))
    XCTAssertEqual(r.document?.root?["a"]?.number, 1)
  }

  func testNumbersRFC8259Forbids() {
    let m = Marked("[⟦ZL0104⟧01, ⟦ZL0104⟧NaN, ⟦ZL0104⟧Infinity, ⟦ZL0104⟧-Infinity, ⟦ZL0104⟧+1, ⟦ZL0104⟧1., ⟦ZL0104⟧1e400, 0, -0.5, 1E+2]")
    assertDiagnostics(
      readJSON(m).diagnostics, m,
      messages: [
        "a JSON number has no leading zeros", "'NaN' is not a JSON number", "'Infinity' is not a JSON number",
        "'-Infinity' is not a JSON number", "a JSON number has no leading '+'", "a JSON number needs digits after the decimal point",
        "number 1e400 is beyond the range of a 64-bit float",
      ])
  }

  func testStringsRFC8259Forbids() {
    let m = Marked(
      "[⟦ZL0105⟧'single', \"tab⟦ZL0105⟧\there\", \"⟦ZL0105⟧\\x\", \"⟦ZL0105⟧\\ud800\", \"⟦ZL0105⟧\\udc00 low\", \"ok \\ud83d\\ude00\"]")
    let r = readJSON(m)
    assertDiagnostics(
      r.diagnostics, m,
      messages: [
        "strings use double quotes, not single quotes", "raw tab in a string; write it as an escape", "invalid escape '\\x' in a string",
        "lone surrogate \\uD800 (a high surrogate must be followed by a low one)",
        "lone surrogate \\uDC00 (a low surrogate must follow a high one)",
      ])
    XCTAssertEqual(r.document?.root?.elements[5].string, "ok 😀")
  }

  /// A backslash before a character beyond ASCII names that character, read whole: its other
  /// bytes are not reported as broken UTF-8.
  func testAnEscapeOfACharacterBeyondASCIINamesIt() {
    let m = Marked("[\"a⟦ZL0105⟧\\é\", \"⟦ZL0105⟧\\世界\"]")
    assertDiagnostics(readJSON(m).diagnostics, m, messages: ["invalid escape '\\é' in a string", "invalid escape '\\世' in a string"])
  }

  func testInvalidUTF8IsReported() {
    var bytes = Array("[\"ab".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\"]".utf8)
    let r = JSONReader.read(SourceFile(path: "t.json", bytes: bytes))
    XCTAssertEqual(r.diagnostics.map(\.code), ["ZL0106"])
    XCTAssertEqual(r.diagnostics.first?.location?.column, 5, "the first byte of the bad sequence")
    let byte = JSONReader.read(SourceFile(path: "t.json", bytes: Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8)))
    XCTAssertEqual(byte.diagnostics.map(\.message), ["invalid UTF-8 byte 0xFF"], "a byte is two hex digits")
  }

  func testUTF8BOMIsAcceptedAndUTF16Refused() {
    let bom = JSONReader.read(SourceFile(path: "t.json", bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)))
    XCTAssertTrue(bom.diagnostics.isEmpty)
    XCTAssertEqual(bom.document?.root?["a"]?.number, 1)
    XCTAssertEqual(bom.document.map { $0.source.location(at: $0.root!.offset).column }, 1)
    let utf16 = JSONReader.read(SourceFile(path: "t.json", bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]))
    XCTAssertEqual(utf16.diagnostics.map(\.code), ["ZL0106"])
    XCTAssertNil(utf16.document)
  }

  /// A UTF-32 file is named as UTF-32, not as UTF-16, though its little-endian byte-order mark
  /// starts as UTF-16's does; JSON and XML alike, at the file's first byte.
  func testByteOrderMarksNameTheirEncoding() {
    let utf16 = "file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"
    let utf32 = "file is UTF-32 (it starts with a UTF-32 byte-order mark); save it as UTF-8"
    for (encoding, message): (String.Encoding, String) in [
      (.utf16LittleEndian, utf16), (.utf16BigEndian, utf16), (.utf32LittleEndian, utf32), (.utf32BigEndian, utf32),
    ] {
      for text in ["\u{FEFF}{\"a\": 1}", "\u{FEFF}<Family name=\"F\"/>"] {
        let bytes = [UInt8](text.data(using: encoding)!)
        let found =
          text.contains("<")
          ? XMLReader.read(SourceFile(path: "t.xml", bytes: bytes)).diagnostics
          : JSONReader.read(SourceFile(path: "t.json", bytes: bytes)).diagnostics
        XCTAssertEqual(found.map(\.code), ["ZL0106"], "\(encoding)")
        XCTAssertEqual(found.map(\.message), [message], "\(encoding)")
        XCTAssertEqual(found.first.map { [$0.location?.line, $0.location?.column] }, [1, 1], "\(encoding)")
      }
    }
  }

  func testSyntaxErrorsStopTheFile() {
    for (text, code) in [
      ("{\"a\": 1 ⟦⟧\"b\": 2}", "ZL0101"), ("[1, 2⟦⟧", "ZL0101"), ("⟦⟧\"unterminated", "ZL0101"), ("{⟦⟧a: 1}", "ZL0101"),
      ("[1] ⟦⟧2", "ZL0101"), ("[⟦⟧tru]", "ZL0101"), ("⟦⟧", "ZL0101"), ("[1, ⟦⟧]", "ZL0102"),
    ] {
      let m = Marked(text)
      let r = readJSON(m)
      XCTAssertEqual(r.diagnostics.first?.code, code, text)
      if code == "ZL0101" {
        XCTAssertNil(r.document, text)
        XCTAssertEqual(r.diagnostics.first?.location?.line, m.positions.first?.line, text)
      }
    }
    let m = Marked("{\"a\": 1 ⟦⟧\"b\": 2}")
    XCTAssertEqual(readJSON(m).diagnostics.first?.location?.column, m.positions[0].column)
  }

  func testNestingAndSizeLimitsAreDiagnosticsNotCrashes() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let r = JSONReader.read(SourceFile(path: "deep.json", text: deep))
    XCTAssertEqual(r.diagnostics.map(\.code), ["ZL0115"])
    var limits = ReaderLimits()
    limits.maxFileBytes = 10
    let big = JSONReader.read(SourceFile(path: "big.json", text: "[1,2,3,4,5,6,7]"), limits: limits)
    XCTAssertEqual(big.diagnostics.map(\.code), ["ZL0108"])
    limits = ReaderLimits()
    limits.maxStringBytes = 8
    let long = JSONReader.read(SourceFile(path: "s.json", text: "[\"0123456789abcdef\"]"), limits: limits)
    XCTAssertEqual(long.diagnostics.map(\.code), ["ZL0116"])
  }

  func testNULByte() {
    let r = JSONReader.read(SourceFile(path: "t.json", bytes: Array("[1,".utf8) + [0] + Array("]".utf8)))
    XCTAssertEqual(r.diagnostics.map(\.code), ["ZL0106"])
  }

  func testColumnsCountCharactersNotBytes() {
    let m = Marked("{\"é€😀\": ⟦⟧x}")
    let r = readJSON(m)
    XCTAssertEqual(r.diagnostics.first?.location?.column, m.positions[0].column)
  }

  /// `element(at:)` and `forEachElement` reach the same values as `elements`, skipping nested
  /// subtrees, and give nothing past the end or on a non-array.
  func testElementAtAndForEachElementMatchElements() throws {
    let root = try XCTUnwrap(readJSON(Marked(#"[1, {"a": [2, 3]}, [4, [5]], "x"]"#)).document?.root)
    let all = root.elements
    XCTAssertEqual(all.count, 4)
    for (k, value) in all.enumerated() { XCTAssertEqual(root.element(at: k)?.offset, value.offset) }
    XCTAssertNil(root.element(at: 4))
    XCTAssertNil(root.element(at: -1))
    XCTAssertNil(all[1].element(at: 0), "an object has no elements")
    var offsets: [Int] = []
    root.forEachElement { offsets.append($0.offset) }
    XCTAssertEqual(offsets, all.map(\.offset))
  }

  /// A cursor reaches the element at any position, in rising, repeated and falling order alike, as
  /// `element(at:)` does, nothing past the end or below 0 (and then still the ones before), and
  /// is no cursor on a value that is not an array.
  func testAnArrayCursorReachesEachPositionInAnyOrder() throws {
    let root = try XCTUnwrap(readJSON(Marked(#"[1, {"a": [2, 3]}, [4, [5]], "x", []]"#)).document?.root)
    var cursor = try XCTUnwrap(JSONArrayCursor(root))
    for position in [0, 2, 2, 4, 1, 5, 3, -1, 0, 4] {
      XCTAssertEqual(cursor.element(at: position)?.offset, root.element(at: position)?.offset, "position \(position)")
    }
    XCTAssertEqual(cursor.element(at: 3)?.string, "x")
    XCTAssertNil(JSONArrayCursor(try XCTUnwrap(root.element(at: 1))), "an object is no array")
    var empty = try XCTUnwrap(JSONArrayCursor(try XCTUnwrap(root.element(at: 4))))
    XCTAssertNil(empty.element(at: 0))
  }

  /// A tape node is 8 bytes; a scalar keeps its length and a container's end is found from its last
  /// member, past closers, whitespace, comments and a trailing comma.
  func testSourceTextOfEveryValueFromTheEightByteTape() throws {
    XCTAssertEqual(MemoryLayout<JSONNode>.stride, 8)
    let text = #"{"a": [1, {"b": [true, {}]} /* } */ , [[], [null, "x\"]" ]]], "c": {"d": -2.5e3, /*]*/ "e": [], // }"# + "\n}}"
    let document = try XCTUnwrap(JSONReader.read(SourceFile(path: "t.json", text: text)).document)
    let texts = (0..<document.nodeCount).map { JSONValue(document: document, index: $0).sourceText }
    XCTAssertEqual(texts[0], text)
    XCTAssertTrue(texts.contains(#"[1, {"b": [true, {}]} /* } */ , [[], [null, "x\"]" ]]]"#))
    XCTAssertTrue(texts.contains(#"{"b": [true, {}]}"#))
    XCTAssertTrue(texts.contains(#"[[], [null, "x\"]" ]]"#))
    XCTAssertTrue(texts.contains(#"[null, "x\"]" ]"#))
    XCTAssertTrue(texts.contains(#""x\"]""#))
    XCTAssertTrue(texts.contains(#"{"d": -2.5e3, /*]*/ "e": [], // }"# + "\n}"))
    XCTAssertEqual(texts.filter { $0 == "[]" }.count, 2)
    XCTAssertTrue(texts.contains("{}"))
    XCTAssertTrue(texts.contains("-2.5e3"))
  }

  /// Offsets, lengths and `next` of a file of 256 MiB fit a node; no limit reads a larger JSON file.
  func testFileLimitIsCappedByTheTape() {
    XCTAssertEqual(JSONNode.maxFileBytes, 256 << 20)
    let node = JSONNode(
      start: JSONNode.maxFileBytes - 1, length: JSONNode.maxFileBytes, kind: .string, flags: JSONNode.isKey | JSONNode.needsRepair)
    XCTAssertEqual(node.start, JSONNode.maxFileBytes - 1)
    XCTAssertEqual(node.end, 2 * JSONNode.maxFileBytes - 1)
    XCTAssertEqual(node.kind, .string)
    XCTAssertEqual(node.flags, JSONNode.isKey | JSONNode.needsRepair)
    XCTAssertEqual(node.next(at: 7), 8)
    for kind in [JSONKind.null, .bool, .number, .string, .array, .object] {
      XCTAssertEqual(JSONNode(start: 1, length: 2, kind: kind, flags: JSONNode.hasEscapes).kind, kind)
    }
    var container = JSONNode(containerAt: 3, kind: .object)
    container.close(next: JSONNode.maxFileBytes)
    XCTAssertEqual(container.kind, .object)
    XCTAssertEqual(container.start, 3)
    XCTAssertEqual(container.next(at: 0), JSONNode.maxFileBytes)
  }
}
