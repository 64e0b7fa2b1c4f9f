import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappWriters

/// Lines, columns and excerpts, including the long single lines of minified JSON.
final class SourceFileTests: XCTestCase {
  /// Columns counted the slow way: scalars from the start of the line.
  func naiveColumn(_ text: String, _ offset: Int) -> Int {
    let prefix = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self)
    let line = prefix.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    return line.unicodeScalars.count + 1
  }

  func testColumnsOnALongLineWithMultibyteCharacters() {
    var text = "{\n"
    for i in 0..<3_000 { text += #""é\#(i)": "日本", "# }
    text += "\"end\": 0}\n"
    let file = SourceFile(path: "long.json", text: text)
    let bytes = Array(text.utf8)
    for offset in stride(from: 2, to: bytes.count - 2, by: 997) where bytes[offset] & 0xC0 != 0x80 {
      let (line, column) = file.lineAndColumn(of: offset)
      XCTAssertEqual(line, 2)
      XCTAssertEqual(column, naiveColumn(text, offset), "offset \(offset)")
    }
    XCTAssertEqual(file.lineAndColumn(of: bytes.count).line, 3)
  }

  /// Lines and columns at every scalar of a text mixing one- to four-byte scalars and line breaks,
  /// across several of the index's 256-byte blocks (which count scalars eight bytes at a time).
  func testColumnsAtEveryScalarAcrossBlocks() {
    let pieces = ["a", "é", "日", "🎬", "\n", "bc", "\r\n", "ü日"]
    var text = ""
    for i in 0..<700 { text += pieces[(i * 7 + i / 5) % pieces.count] }
    let file = SourceFile(path: "mixed.json", text: text)
    let bytes = Array(text.utf8)
    for offset in 0..<bytes.count where bytes[offset] & 0xC0 != 0x80 {
      // By bytes: a "\r\n" is one Character, so splitting the String would miss its line break.
      let lineStart = (bytes[..<offset].lastIndex(of: 0x0A) ?? -1) + 1
      let line = bytes[..<offset].filter { $0 == 0x0A }.count + 1
      let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
      let found = file.lineAndColumn(of: offset)
      XCTAssertEqual(found.line, line, "offset \(offset)")
      XCTAssertEqual(found.column, column, "offset \(offset)")
    }
  }

  func testBOMIsNotAColumn() {
    let file = SourceFile(path: "bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
    XCTAssertEqual(file.lineAndColumn(of: 3).column, 1)
    XCTAssertEqual(file.lineAndColumn(of: 9).column, 7)
    XCTAssertEqual(file.lineText(1), "{\"a\": 1}")
  }

  func testExcerptOfALongLineIsAWindowAroundTheCaret() {
    let text = String(repeating: "abcdefghij", count: 500) + "X" + String(repeating: "klmnopqrst", count: 500)
    let file = SourceFile(path: "min.json", text: text)
    let (scalars, caret) = file.excerptLine(at: 5_000, width: 120)
    XCTAssertEqual(scalars.first, "…")
    XCTAssertEqual(scalars.last, "…")
    XCTAssertEqual(scalars.count, 122)
    XCTAssertEqual(scalars[caret], "X")
    let start = file.excerptLine(at: 0, width: 120)
    XCTAssertEqual(start.caret, 0)
    XCTAssertEqual(start.scalars.first, "a")
    XCTAssertEqual(start.scalars.last, "…")
    let short = SourceFile(path: "s.json", text: "[1,\n\t\"é\", x]\n")
    let shortLine = short.excerptLine(at: 11, width: 120)
    XCTAssertEqual(String(String.UnicodeScalarView(shortLine.scalars)), "\t\"é\", x]")
    XCTAssertEqual(shortLine.scalars[shortLine.caret], "x")
  }

  func testPrinterShowsTheWindowWithTheCaretUnderTheSpot() {
    let text = String(repeating: "1, ", count: 2_000) + "?" + String(repeating: ", 2", count: 2_000)
    let file = SourceFile(path: "min.json", text: text)
    let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "?"))!
    let d = Diagnostic(.jsonSyntax, "unexpected '?'", at: SourceSpot(file: file, offset: offset))
    let lines = DiagnosticPrinter(format: .text).render([d], fileCount: 1).split(separator: "\n")
    XCTAssertEqual(lines[0], "min.json:1:\(offset + 1): error: unexpected '?' [ZL0101]")
    let source = lines[2].dropFirst(4)  // "1 | "
    let caretLine = lines[3].dropFirst(4)
    XCTAssertLessThanOrEqual(source.unicodeScalars.count, DiagnosticPrinter.excerptWidth + 2)
    let caretIndex = caretLine.unicodeScalars.count - 1
    XCTAssertEqual(Array(source.unicodeScalars)[caretIndex], "?")
  }
}
