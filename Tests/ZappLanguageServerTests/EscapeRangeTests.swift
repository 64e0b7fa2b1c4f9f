import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLanguageServer

/// A finding on an escape, a control character or a sequence that is not UTF-8 inside a string
/// covers that escape or character, and one on a run of non-ASCII letters (a word's, as the
/// terminal's carets take them) that run: not the rest of the string.
final class EscapeRangeTests: XCTestCase {
  func testATokenInsideAStringIsTheEscapeOrCharacterAtIt() {
    let text = #"{"a": "x\u0001y\n\u12", "b": "\"#
    let bytes = Array(text.utf8) + [UInt8(ascii: "\""), 0x01, 0xFF, 0xC3, 0xA9, 0xE2, 0x82, UInt8(ascii: "\"")]
    let index = LineIndex(bytes)
    let escape = 8
    XCTAssertEqual(index.tokenEnd(at: escape), escape + 6, "\\u0001")
    XCTAssertEqual(index.tokenEnd(at: escape + 7), escape + 9, "\\n")
    XCTAssertEqual(index.tokenEnd(at: escape + 9), escape + 13, "\\u12: the hex digits there are")
    let lone = text.utf8.count - 1
    XCTAssertEqual(index.tokenEnd(at: lone), lone + 2, "a backslash and the quote it escapes")
    let control = lone + 2
    XCTAssertEqual(index.tokenEnd(at: control), control + 1, "a control character")
    // Non-ASCII letters are a word's, as the terminal's carets take them: to the closing quote. A
    // sequence that is not UTF-8 is one character (a finding on it is on it alone).
    XCTAssertEqual(index.tokenEnd(at: control + 1), control + 2, "a byte of invalid UTF-8")
    XCTAssertEqual(index.tokenEnd(at: control + 2), control + 6, "é and what follows it")
    XCTAssertEqual(index.tokenEnd(at: control + 4), control + 6, "a sequence cut short")
    // A name that starts with a character beyond ASCII is one token, as `zlc check` underlines it.
    for name in ["中olumns", "😀ayout", "énd"] {
      let xml = Array("<Cell \(name)=\"2\"/>".utf8)
      let end = LineIndex(xml).tokenEnd(at: 6)
      XCTAssertEqual(end, 6 + name.utf8.count, name)
      XCTAssertEqual(SourceFile(path: "f.xml", bytes: xml).tokenLength(at: 6), name.unicodeScalars.count, name)
    }
    // A whole string and a bare token are as they were.
    XCTAssertEqual(index.tokenEnd(at: 6), 22)
    XCTAssertEqual(index.tokenEnd(at: 0), 1)
    XCTAssertEqual(LineIndex(Array("[12.5, true]".utf8)).tokenEnd(at: 7), 11)
    // A prefixed XML attribute's name is one token, as the terminal's caret underlines it.
    let xml = Array(#"<Cell android:layoutId="x"/>"#.utf8)
    XCTAssertEqual(LineIndex(xml).tokenEnd(at: 6), 22)
    XCTAssertEqual(SourceFile(path: "f.xml", bytes: xml).tokenLength(at: 6), 16)
    // A backslash ending the text, or its line.
    XCTAssertEqual(LineIndex(Array(#""\"#.utf8)).tokenEnd(at: 1), 2)
    XCTAssertEqual(LineIndex(Array("\"\\\n\"".utf8)).tokenEnd(at: 1), 2)
  }

  /// A raw line break in a string is the whole break: a `\r\n` ends on the next line's start, as a
  /// `\n` or a lone `\r` does, never between its two bytes (no column of the line).
  func testARawLineBreakIsTheWholeBreak() {
    for (break_, length) in [("\r\n", 2), ("\n", 1), ("\r", 1)] {
      let bytes = Array("{\r\n  \"app\": \"p1\(break_)\",\r\n}".utf8)
      let index = LineIndex(bytes)
      let at = 15
      XCTAssertEqual(index.tokenEnd(at: at), at + length, break_.debugDescription)
      let range = index.range(at, index.tokenEnd(at: at))
      XCTAssertEqual(range["start"] as? JSONObject as NSDictionary?, ["line": 1, "character": 12], break_.debugDescription)
      XCTAssertEqual(range["end"] as? JSONObject as NSDictionary?, ["line": 2, "character": 0], break_.debugDescription)
    }
  }

  /// A bare token outside a string ends where the terminal's carets end it: at the first byte
  /// that is not a letter, a digit or `_ - + . :` (`tr#ue` is `tr`), and a character of no token
  /// (`#`, `;`) is one alone.
  func testABareTokenEndsWhereTheTerminalsCaretsEnd() {
    for (text, start, length) in [
      (#"[{"a": tr#ue}]"#, 7, 2), (#"[{"a": #abc}]"#, 7, 1), (#"[{"a": 1;2}]"#, 8, 1), (#"[{"a": NaN!}]"#, 7, 3),
      (#"[{"a": -1.5e+3]"#, 7, 7), (#"<A android:b='x'/>"#, 3, 9), ("[nul(l)]", 1, 3),
    ] {
      let bytes = Array(text.utf8)
      XCTAssertEqual(LineIndex(bytes).tokenEnd(at: start), start + length, text)
      XCTAssertEqual(SourceFile(path: "f.json", bytes: bytes).tokenLength(at: start), length, text)
    }
  }

  /// The published findings on a string of many escaped control characters: one per escape (as
  /// many as a file keeps of one code), each over its six characters.
  func testEachEscapedControlCharacterIsPublishedOverItsEscape() throws {
    let project = try emptyProject()
    let count = 3000
    let prefix = #"[{"id": "home", "type": "general_content", "home": true, "name": ""#
    let text = prefix + String(repeating: #"\u0001"#, count: count) + #"", "ui_components": []}]"# + "\n"
    let home = try write(text, "screens/home.json", in: project)
    let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(home), checked(home)]))
    XCTAssertEqual(status, 0)
    let published = try XCTUnwrap(messages.last { $0["method"] as? String == "textDocument/publishDiagnostics" })
    let diagnostics = try XCTUnwrap((published["params"] as? JSONObject)?["diagnostics"] as? [JSONObject])
    let escapes = diagnostics.filter { ($0["message"] as? String)?.hasPrefix("escaped control character U+0001") == true }
    XCTAssertEqual(escapes.count, diagnosticsPerFileAndCode, "\(diagnostics.prefix(3))")
    let ranges = escapes.map { range(["uri": "home.json", "range": $0["range"] as Any]) }
    let expected = (0..<escapes.count).map { "home.json 0:\(prefix.utf8.count + 6 * $0)-0:\(prefix.utf8.count + 6 * $0 + 6)" }
    XCTAssertEqual(ranges.first, expected.first)
    XCTAssertEqual(ranges.last, expected.last)
    XCTAssertEqual(ranges.filter { !expected.contains($0) }.prefix(3), [])
  }

  /// In a family's XML, a finding covers what `zlc check` underlines: an attribute value in either
  /// kind of quote, an attribute's name up to its `=`, not the element after it.
  func testAFindingInAFamilyCoversItsAttributeValueOrName() throws {
    let project = try emptyProject()
    let family = """
      <Family name="STUDIO">
        <Components>
          <Component type='grid' layout='flw'><Cell name='P' cellHeigth="10"/></Component>
        </Components>
      </Family>

      """
    let file = try write(family, "families/STUDIO.xml", in: project)
    let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file), checked(file)]))
    XCTAssertEqual(status, 0)
    let published = try XCTUnwrap(
      messages.last {
        $0["method"] as? String == "textDocument/publishDiagnostics"
          && (($0["params"] as? JSONObject)?["uri"] as? String)?.hasSuffix("STUDIO.xml") == true
      })
    let diagnostics = try XCTUnwrap((published["params"] as? JSONObject)?["diagnostics"] as? [JSONObject])
    let ranges = Dictionary(
      diagnostics.map { ($0["code"] as? String ?? "", range(["uri": "STUDIO.xml", "range": $0["range"] as Any])) }
    ) { $0 + ", " + $1 }
    let line = family.split(separator: "\n")[2]
    let value = try XCTUnwrap(line.range(of: "'flw'")).lowerBound.utf16Offset(in: line)
    let name = try XCTUnwrap(line.range(of: "cellHeigth")).lowerBound.utf16Offset(in: line)
    XCTAssertEqual(ranges["ZL0203"], "STUDIO.xml 2:\(value)-2:\(value + 5)", "\(diagnostics)")
    XCTAssertEqual(ranges["ZL0510"], "STUDIO.xml 2:\(name)-2:\(name + 10)", "\(diagnostics)")
    let index = LineIndex(Array(#"<A b='x' c="y"/>"#.utf8))
    XCTAssertEqual(index.tokenEnd(at: 0), 2, "an element's tag ends at a space")
    XCTAssertEqual(index.tokenEnd(at: 14), 15, "a / that ends an element is one character")
    XCTAssertEqual(LineIndex(Array("</Ab>".utf8)).tokenEnd(at: 0), 4, "an end tag")
    XCTAssertEqual(index.tokenEnd(at: 3), 4, "an attribute's name at its =")
    XCTAssertEqual(index.tokenEnd(at: 5), 8, "a value in single quotes")
    XCTAssertEqual(LineIndex(Array("<A b='x\n'/>".utf8)).tokenEnd(at: 5), 7, "an unclosed value ends at its line's end")
  }
}
