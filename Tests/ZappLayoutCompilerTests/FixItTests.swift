import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules
@testable import ZappWriters

/// A did-you-mean is a fix-it (the range and the replacement), never part of the message, and
/// every printer renders it.
final class FixItTests: XCTestCase {
  func typo() throws -> (dir: String, diagnostics: [Diagnostic]) {
    let m = Marked(
      Example.screen(#"{"component_type": ⟦⟧"gridd", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#))
    let dir = try makeProject(Example.baseProject.merging(["screens/o.json": m.text]) { $1 })
    let diagnostics = Driver.check(dir).diagnostics
    assertDiagnostics(
      diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0303", file: "screens/o.json", line: m.positions[0].line, column: m.positions[0].column,
          message: "unknown component type 'gridd'", fixIt: "\"grid\"")
      ])
    return (dir, diagnostics)
  }

  func testTheRangeCoversTheQuotedTokenAndTheReplacementKeepsItsQuotes() throws {
    let (dir, diagnostics) = try typo()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fix = try XCTUnwrap(diagnostics.first?.fixIt)
    let range = try XCTUnwrap(fix.range)
    XCTAssertEqual(fix.message, "did you mean 'grid'?")
    XCTAssertEqual(range.text, "\"gridd\"")
    XCTAssertEqual(range.end.column - range.start.column, 7)
    XCTAssertEqual(range.start.line, range.end.line)
  }

  func testTextShowsTheRangeAndTheFixUnderTheCaret() throws {
    let (dir, diagnostics) = try typo()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let text = DiagnosticPrinter(format: .text).render(diagnostics, fileCount: 2)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines[0].hasSuffix("error: unknown component type 'gridd' [ZL0303]"), text)
    XCTAssertTrue(lines[3].hasSuffix("^~~~~~~"), text)
    XCTAssertEqual(lines[4], "  = fix-it: did you mean 'grid'? replace '\"gridd\"' with '\"grid\"'")
  }

  func testJSONCarriesAFixitsArray() throws {
    let (dir, diagnostics) = try typo()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = DiagnosticPrinter(format: .json).render(diagnostics, fileCount: 2)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let first = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual(first["message"] as? String, "unknown component type 'gridd'")
    let fix = try XCTUnwrap((first["fixits"] as? [[String: Any]])?.first)
    XCTAssertEqual(fix["message"] as? String, "did you mean 'grid'?")
    XCTAssertEqual(fix["replacement"] as? String, "\"grid\"")
    XCTAssertEqual(fix["file"] as? String, first["file"] as? String)
    XCTAssertEqual(fix["line"] as? Int, first["line"] as? Int)
    XCTAssertEqual(fix["column"] as? Int, first["column"] as? Int)
    XCTAssertEqual(fix["end_line"] as? Int, first["line"] as? Int)
    XCTAssertEqual(fix["end_column"] as? Int, (first["column"] as? Int ?? 0) + 7)
    // A finding without a fix has `fixits` too, empty, as it has `notes`.
    var unfixed = try XCTUnwrap(diagnostics.first)
    unfixed.fixIt = nil
    let plain = DiagnosticPrinter(format: .json).render([unfixed], fileCount: 2)
    let bare = try XCTUnwrap(
      ((JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])?["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual((bare["fixits"] as? [Any])?.count, 0, plain)
    XCTAssertEqual((bare["notes"] as? [Any])?.count, 0, plain)
  }

  /// A fix with no place in a file (a hint) is a JSON fix-it whose positions are null, so a reader
  /// that applies the fix-its can tell it from an edit; it is no SARIF fix.
  func testJSONMarksAFixWithoutAPlace() throws {
    let (dir, diagnostics) = try typo()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var hinted = try XCTUnwrap(diagnostics.first)
    hinted.fixIt?.range = nil
    let json = DiagnosticPrinter(format: .json).render([hinted], fileCount: 2)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let first = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual(first["message"] as? String, "unknown component type 'gridd'")
    let fix = try XCTUnwrap((first["fixits"] as? [[String: Any]])?.first, json)
    XCTAssertEqual(fix["replacement"] as? String, "\"grid\"")
    for key in ["line", "column", "end_line", "end_column"] { XCTAssertTrue(fix[key] is NSNull, key) }
    let sarif = DiagnosticPrinter(format: .sarif).render([hinted], fileCount: 2)
    let run = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])
    let result = try XCTUnwrap((run.first?["results"] as? [[String: Any]])?.first)
    XCTAssertNil(result["fixes"], sarif)
    // Its text is the message's second line, as the text format prints it.
    XCTAssertEqual(
      (result["message"] as? [String: Any])?["text"] as? String,
      "unknown component type 'gridd'\nfix-it: did you mean 'grid'?")
    XCTAssertTrue(DiagnosticPrinter(format: .text).render([hinted], fileCount: 2).contains("fix-it: did you mean 'grid'?"))
  }

  func testSARIFCarriesAFixWithAReplacement() throws {
    let (dir, diagnostics) = try typo()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = DiagnosticPrinter(format: .sarif).render(diagnostics, fileCount: 2)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let run = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first)
    let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
    let fix = try XCTUnwrap((result["fixes"] as? [[String: Any]])?.first)
    XCTAssertEqual((fix["description"] as? [String: Any])?["text"] as? String, "did you mean 'grid'?")
    let change = try XCTUnwrap((fix["artifactChanges"] as? [[String: Any]])?.first)
    let replacement = try XCTUnwrap((change["replacements"] as? [[String: Any]])?.first)
    let region = try XCTUnwrap(replacement["deletedRegion"] as? [String: Int])
    XCTAssertEqual(region["endColumn"].map { $0 - (region["startColumn"] ?? 0) }, 7)
    XCTAssertEqual((replacement["insertedContent"] as? [String: Any])?["text"] as? String, "\"grid\"")
    // The result's region ends where the token the text format underlines ends.
    let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    XCTAssertEqual(location["region"] as? [String: Int], region)
  }

  func testGitHubAnnotationCarriesTheFix() throws {
    let (dir, diagnostics) = try typo()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = DiagnosticPrinter(format: .github).render(diagnostics, fileCount: 2)
    XCTAssertTrue(
      out.hasSuffix("::unknown component type 'gridd'%0Afix-it: did you mean 'grid'? replace '\"gridd\"' with '\"grid\"'\n"), out)
  }

  /// No message anywhere pastes a suggestion into its text any more.
  func testNoMessageSaysDidYouMean() throws {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
    for file in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      XCTAssertFalse(text.contains("; did you mean"), file.path)
    }
  }

  /// A quoted value is replaced to its closing quote, across line breaks (an XML attribute may hold
  /// one); a value whose quote never closes gets no range, only the hint.
  func testAQuotedValueIsReplacedToItsClosingQuote() {
    let xml = SourceFile(path: "f.xml", text: "<Screen type=\"tablte\r\" padding=\"10\"/>")
    let fix = FixIt.didYouMean("tablet", at: SourceSpot(file: xml, offset: 13))
    XCTAssertEqual(fix.range?.text, "\"tablte\r\"")
    XCTAssertEqual(fix.replacement, "\"tablet\"")
    let unclosed = SourceFile(path: "f.xml", text: "<Screen type=\"tablte")
    XCTAssertNil(FixIt.didYouMean("tablet", at: SourceSpot(file: unclosed, offset: 13)).range)
  }

  /// A fix's summary puts a colon after words that are no question or lead-in, and spells out
  /// texts that read alike but differ in their scalars: it read `write it as declared replace
  /// '"CAFÉ"' with '"CAFÉ"'`.
  func testASummaryReadsAsASentenceAndSpellsOutTextsThatReadAlike() {
    let file = SourceFile(path: "s.json", text: "{\"f\": \"CAFE\u{301}\"}")
    var fix = FixIt.didYouMean("CAF\u{C9}", at: SourceSpot(file: file, offset: 6))
    XCTAssertEqual(fix.summary, "did you mean 'CAF\u{C9}'? replace '\"CAFE\\u{301}\"' with '\"CAF\\u{c9}\"'")
    fix.message = "write it as declared"
    XCTAssertEqual(fix.summary, #"write it as declared: replace '"CAFE\u{301}"' with '"CAF\u{c9}"'"#)
    fix.message = "copy the rule the chain ends at, 'a':"
    XCTAssertTrue(fix.summary.hasPrefix("copy the rule the chain ends at, 'a': replace"), fix.summary)
    let plain = FixIt.didYouMean("grid", at: SourceSpot(file: SourceFile(path: "s.json", text: #"{"t": "gird"}"#), offset: 6))
    XCTAssertEqual(plain.summary, #"did you mean 'grid'? replace '"gird"' with '"grid"'"#)
  }

  /// A fix of `text` at the first `⟦⟧`, and the file with it applied.
  func fixed(_ suggestion: String, in text: String, path: String) -> (fix: FixIt, after: String) {
    let parts = text.components(separatedBy: "⟦⟧")
    let file = SourceFile(path: path, text: parts.joined())
    let fix = FixIt.didYouMean(suggestion, at: SourceSpot(file: file, offset: parts[0].utf8.count))
    guard let range = fix.range else { return (fix, parts.joined()) }
    let bytes = file.bytes
    let after = bytes[..<range.spot.offset] + Array(fix.replacement.utf8) + bytes[(range.spot.offset + range.length)...]
    return (fix, String(decoding: after, as: UTF8.self))
  }

  /// A bare JSON number is replaced by a number, up to the `}`, `]` or `,` that ends it; a word
  /// replacing one is quoted; an array is no token (a hint).
  func testABareJSONValueIsReplacedAloneAndStaysJSON() {
    XCTAssertEqual(fixed("20", in: #"{"size": ⟦⟧21}"#, path: "s.json").after, #"{"size": 20}"#)
    XCTAssertEqual(fixed("20", in: #"{"size": [⟦⟧21]}"#, path: "s.json").after, #"{"size": [20]}"#)
    XCTAssertEqual(fixed("-1.5e3", in: #"{"size": ⟦⟧21, "a": 1}"#, path: "s.json").after, #"{"size": -1.5e3, "a": 1}"#)
    XCTAssertEqual(fixed("red", in: #"{"c": ⟦⟧true}"#, path: "s.json").after, #"{"c": "red"}"#)
    XCTAssertEqual(fixed("01", in: #"{"c": ⟦⟧2}"#, path: "s.json").after, #"{"c": "01"}"#)
    XCTAssertNil(fixed("green", in: #"{"c": ⟦⟧["red", "gren"]}"#, path: "s.json").fix.range)
  }

  /// A backslash escapes in a JSON string, not in an XML attribute value: the XML value ends at
  /// its quote.
  func testAnXMLValueEndingInABackslashEndsAtItsQuote() {
    let xml = fixed("default", in: #"<Screen type=⟦⟧"defaul\" divider="12" padding="12"/>"#, path: "f.XML")
    XCTAssertEqual(xml.fix.range?.text, #""defaul\""#)
    XCTAssertEqual(xml.after, #"<Screen type="default" divider="12" padding="12"/>"#)
    XCTAssertEqual(fixed("b", in: #"{"k": ⟦⟧"a\"", "x": 1}"#, path: "f.json").after, #"{"k": "b", "x": 1}"#)
  }

  /// A suggestion is escaped as the file's kind escapes: an entity in XML, a backslash in JSON.
  func testTheReplacementIsEscapedAsTheFileKindEscapes() {
    XCTAssertEqual(fixed("W&Dx", in: #"<Screen type=⟦⟧"W&amp;Dy"/>"#, path: "f.xml").after, #"<Screen type="W&amp;Dx"/>"#)
    XCTAssertEqual(fixed("W\\Dx", in: #"<Screen type=⟦⟧"W\Dy"/>"#, path: "f.xml").after, #"<Screen type="W\Dx"/>"#)
    XCTAssertEqual(fixed("a\"<'b", in: #"<Screen type=⟦⟧'x'/>"#, path: "f.xml").after, #"<Screen type='a&quot;&lt;&apos;b'/>"#)
    XCTAssertEqual(fixed("W\\Dx", in: #"{"type": ⟦⟧"W\\Dy"}"#, path: "f.json").after, #"{"type": "W\\Dx"}"#)
  }

  /// What the token holds of the suggestion is kept as written: a trim keeps a lone surrogate's
  /// escape, `\/` and `\u00e9`; a scheme's fix writes only what it adds; an XML character
  /// reference stays. A change that would write U+FFFD for what the token holds is a hint.
  func testAFixKeepsTheBytesOfWhatItKeeps() {
    XCTAssertEqual(
      fixed("feat\u{FFFD}ured\u{E9}/x", in: #"{"s": ⟦⟧" feat\udc00ured\u00e9\/x"}"#, path: "f.json").after,
      #"{"s": "feat\udc00ured\u00e9\/x"}"#)
    XCTAssertEqual(
      fixed("https://x.example/a", in: #"{"s": ⟦⟧"htps:\/\/x.example\/a"}"#, path: "f.json").after,
      #"{"s": "https:\/\/x.example\/a"}"#)
    XCTAssertEqual(fixed("AB", in: #"<Cell layoutId=⟦⟧" &#65;B "/>"#, path: "f.xml").after, #"<Cell layoutId="&#65;B"/>"#)
    XCTAssertEqual(fixed("gri\u{1F600}d", in: #"{"s": ⟦⟧"grd\ud83d\ude00d"}"#, path: "f.json").after, #"{"s": "gri\ud83d\ude00d"}"#)
    XCTAssertNil(fixed("x\u{FFFD}y", in: #"{"s": ⟦⟧"\udc00"}"#, path: "f.json").fix.range)
  }

  /// A single-quoted JSON string's suggestion is escaped as the reader reads it back: a
  /// backslash doubled, a quote as `\u0027`.
  func testASingleQuotedSuggestionIsEscaped() {
    XCTAssertEqual(fixed(#"sh\now"#, in: #"{"t": ⟦⟧'sh\\nw'}"#, path: "f.json").after, #"{"t": 'sh\\now'}"#)
    XCTAssertEqual(fixed(#"it's\"#, in: #"{"t": ⟦⟧'x'}"#, path: "f.json").after, #"{"t": 'it\u0027s\\'}"#)
  }
}
