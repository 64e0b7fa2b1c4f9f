import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules
@testable import ZappWriters

/// Floods of findings are capped per file and code, values quoted in messages are shortened, and
/// the printers stay bounded and linear however large a message or a value is.
final class DiagnosticBoundsTests: XCTestCase {
  // MARK: the cap

  /// A screens file of 300,000 numbers: one ZL0202 per element, of which the first 100 are kept and
  /// one summary at the 101st counts the other 299,900, in every format.
  func testAFloodOfFindingsIsCappedWithOneSummaryThatCountsTheRest() throws {
    let dir = try makeProject(["screens/a.json": "[" + Array(repeating: "1", count: 300_000).joined(separator: ",") + "]\n"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let flood = outcome.diagnostics.filter { $0.code == "ZL0202" }
    XCTAssertEqual(flood.count, diagnosticsPerFileAndCode + 1)
    // Element i (0-based) is at column 2 + 2i: the kept ones are the first 100, the summary at the 101st.
    XCTAssertEqual(flood.prefix(100).map { $0.location?.column ?? 0 }, (0..<100).map { 2 + 2 * $0 })
    XCTAssertEqual(Set(flood.prefix(100).map(\.message)), ["a screen is an object, found a number"])
    let summary = try XCTUnwrap(flood.last)
    XCTAssertEqual(summary.message, "and 299,900 more ZL0202 in this file")
    XCTAssertEqual(summary.location?.line, 1)
    XCTAssertEqual(summary.location?.column, 202)
    XCTAssertEqual(summary.omittedCount, 299_900)
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0202" }.count(of: .error), 300_000)

    let text = DiagnosticPrinter(format: .text).text(outcome.diagnostics)
    let headings = text.split(separator: "\n").filter { $0.hasSuffix("[ZL0202]") }
    XCTAssertEqual(headings.count, 101)
    XCTAssertEqual(headings.last, "\(dir)/screens/a.json:1:202: error: and 299,900 more ZL0202 in this file [ZL0202]")
    XCTAssertLessThan(text.utf8.count, 100_000, "the text of 300,000 findings stays small")

    let json = DiagnosticPrinter(format: .json).render(outcome.diagnostics, fileCount: 1)
    let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let items = try XCTUnwrap(root["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == "ZL0202" }
    XCTAssertEqual(items.count, 101)
    XCTAssertEqual(items.last?["message"] as? String, "and 299,900 more ZL0202 in this file")
    XCTAssertEqual(items.last?["omitted"] as? Int, 299_900)
    XCTAssertEqual(items.last?["column"] as? Int, 202)
    XCTAssertNil(items.first?["omitted"], "only the summary says how many it stands for")
    let counts = try XCTUnwrap(root["summary"] as? [String: Any])
    XCTAssertEqual(counts["errors"] as? Int, outcome.errorCount)
    XCTAssertGreaterThanOrEqual(outcome.errorCount, 300_000)

    let sarif = DiagnosticPrinter(format: .sarif).render(outcome.diagnostics, fileCount: 1)
    let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    let results = try XCTUnwrap(run["results"] as? [[String: Any]]).filter { $0["ruleId"] as? String == "ZL0202" }
    XCTAssertEqual(results.count, 101)
    XCTAssertEqual((results.last?["message"] as? [String: Any])?["text"] as? String, "and 299,900 more ZL0202 in this file")
    XCTAssertEqual((results.last?["properties"] as? [String: Any])?["omitted"] as? Int, 299_900)
  }

  /// `[{}, {}, …]`: the schema pass finds two missing keys per element (ZL0201, 'id' and 'type'),
  /// capped as one code: the first 50 elements' two each, and the summary at the 51st.
  func testAFloodOfShapeFindingsIsCapped() throws {
    let dir = try makeProject(["screens/a.json": "[" + Array(repeating: "{}", count: 300_000).joined(separator: ",") + "]\n"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let flood = Driver.check(dir).diagnostics.filter { $0.code == "ZL0201" }
    XCTAssertEqual(flood.count, 101)
    XCTAssertEqual(flood.last?.message, "and 599,900 more ZL0201 in this file")
    XCTAssertEqual(flood.last?.location?.column, 2 + 3 * 50)
    XCTAssertEqual(flood.prefix(2).map(\.message), ["screen is missing required key 'id'", "screen is missing required key 'type'"])
  }

  /// Which findings are kept does not depend on the order they arrive in, and a summary added to
  /// another list counts as the findings it stands for.
  func testTheCapKeepsTheFirstFindingsInAnyOrderAndSummariesMerge() {
    let file = SourceFile(path: "a.json", text: String(repeating: "1,", count: 20))
    func finding(_ i: Int, _ code: Rule = .wrongType) -> Diagnostic {
      Diagnostic(code, "finding \(i)", at: SourceSpot(file: file, offset: 2 * i))
    }
    func render(_ list: DiagnosticList) -> [String] {
      list.all.sortedForOutput().map { "\($0.code)@\($0.spot?.offset ?? -1) \($0.message)" }
    }
    var forwards = DiagnosticList(cap: 3)
    var backwards = DiagnosticList(cap: 3)
    for i in 0..<10 { forwards.append(finding(i)) }
    for i in (0..<10).reversed() { backwards.append(finding(i)) }
    backwards.append(finding(0, .missingKey))
    let expected = ["ZL0202@0 finding 0", "ZL0202@2 finding 1", "ZL0202@4 finding 2", "ZL0202@6 and 7 more ZL0202 in this file"]
    XCTAssertEqual(render(forwards), expected)
    XCTAssertEqual(render(backwards), ["ZL0201@0 finding 0"] + expected, "another code has its own cap")
    XCTAssertEqual(forwards.count(of: .error), 10)
    XCTAssertEqual(forwards.all.count(of: .error), 10)

    // A list's output added to another (a file's findings read apart, then merged) keeps the counts.
    var merged = DiagnosticList(cap: 3)
    merged.append(contentsOf: forwards.all)
    XCTAssertEqual(render(merged), expected)
    merged.append(finding(15))
    XCTAssertEqual(render(merged).last, "ZL0202@6 and 8 more ZL0202 in this file")
    XCTAssertEqual(merged.count(of: .error), 11)

    var few = DiagnosticList(cap: 3)
    for i in 0..<3 { few.append(finding(i)) }
    XCTAssertEqual(render(few), Array(expected.prefix(3)), "no summary when nothing is dropped")
    XCTAssertEqual(groupedDigits(1_234_567), "1,234,567")
    XCTAssertEqual(groupedDigits(999), "999")
  }

  // MARK: values quoted in messages

  func testShortValueKeepsTheFirstLineAndFortyCharacters() {
    XCTAssertEqual(shortValue("six"), "six")
    XCTAssertEqual(shortValue(String(repeating: "a", count: 40)), String(repeating: "a", count: 40))
    XCTAssertEqual(shortValue(String(repeating: "a", count: 41)), String(repeating: "a", count: 40) + "…")
    XCTAssertEqual(shortValue("[\n  1,\n  2\n]"), "[…")
    XCTAssertEqual(shortValue("{\"a\": 1,   \n\"b\": 2}"), "{\"a\": 1,…")
    XCTAssertEqual(shortValue("日本語🎬"), "日本語🎬")
  }

  /// An `item_limit` whose value is an array of 100,000 lines, and one of a single line of 900,000
  /// characters: the message quotes each shortened.
  func testAHugeValueIsQuotedShortened() throws {
    let lines = "[\n" + (0..<100_000).map { "        \($0)" }.joined(separator: ",\n") + "\n      ]"
    let wide = "[" + Array(repeating: "123456789", count: 90_000).joined(separator: ",") + "]"
    func component(_ limit: String) -> String {
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": ⟦⟧"#
        + limit + "}}"
    }
    let screen = Marked(Example.screen(component(lines) + ", " + component(wide)))
    var files = Example.baseProject
    files["screens/o.json"] = screen.text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == Rule.invalidItemLimit.code }
    let messages = ["[…", "[123456789,123456789,123456789,123456789…"].map {
      "item_limit must be a whole number from 1 to 999,999,999, found \($0)"
    }
    assertDiagnostics(
      found, in: dir,
      zip(screen.markers, messages).map {
        DiagnosticSpec(code: Rule.invalidItemLimit.code, file: "screens/o.json", line: $0.0.line, column: $0.0.column, message: $0.1)
      })
    // The whole report of both is a few lines, in every format.
    for format in DiagnosticFormat.allCases where format != .sarif {
      XCTAssertLessThan(DiagnosticPrinter(format: format).render(found, fileCount: 1).utf8.count, 2_000, "\(format)")
    }
  }

  // MARK: printing at 100,000 quoted lines

  /// A finding whose message holds a value of 100,000 lines (as a library user may word one), at
  /// a value that spans them: the text and github formats show one line of the message cut with
  /// `…` and a one-line excerpt; json and sarif carry the whole message, escaped, in one line.
  /// A long message is cut between characters: no flag is split in two (the halves of two flags
  /// would read as another flag), no accent lands on the `…`.
  func testALongMessageIsCutBetweenCharacters() {
    let flags = String(repeating: "🇺🇸", count: 700)
    let shown = DiagnosticPrinter.shown("found " + flags)
    let parts = shown.components(separatedBy: "…")
    XCTAssertEqual(parts.count, 2)
    XCTAssertEqual(parts[0], "found " + String(repeating: "🇺🇸", count: 347), "whole flags up to 700 scalars")
    XCTAssertEqual(parts[1], String(repeating: "🇺🇸", count: 149), "whole flags up to 299 scalars")
    let accents = String(repeating: "e\u{301}", count: 700)
    let cut = DiagnosticPrinter.shown(accents).components(separatedBy: "…")
    XCTAssertTrue(cut.allSatisfy { $0.allSatisfy { $0 == "e\u{301}" } }, "every é keeps its accent")
    let huge = "type 'a" + String(repeating: "\u{301}", count: 5_000) + "'"
    let hugeShown = DiagnosticPrinter.shown(huge)
    XCTAssertTrue(
      hugeShown.unicodeScalars.starts(with: "type 'a\u{301}\u{301}".unicodeScalars),
      "a character longer than the part shown shows its start")
    XCTAssertEqual(hugeShown.unicodeScalars.count, 700 + 1 + 1, "700 scalars, the …, and the closing quote")
    XCTAssertEqual(
      DiagnosticPrinter.shown(String(repeating: "a", count: 1_000)), String(repeating: "a", count: 1_000), "up to the limit, whole")
    XCTAssertEqual(
      DiagnosticPrinter.shown(String(repeating: "a", count: 1_001)).unicodeScalars.count, DiagnosticPrinter.shownMessageLimit,
      "a cut message shows exactly the limit, its … included")
  }

  /// The limit holds for a message as shown, its control characters escaped (`\u{A}`, five
  /// scalars each): the text and github formats cut 700 line breaks to at most 1,000 scalars,
  /// never inside an escape.
  func testAMessageOfControlCharactersIsCutAsShown() {
    let message = "unknown component type '" + String(repeating: "\n", count: 700) + "'"
    let text = DiagnosticPrinter.shown(message, as: TerminalText.distinct)
    XCTAssertLessThanOrEqual(text.unicodeScalars.count, DiagnosticPrinter.shownMessageLimit)
    let parts = text.components(separatedBy: "…")
    XCTAssertEqual(parts.count, 2, text)
    XCTAssertEqual(parts[0], "unknown component type '" + String(repeating: "\\u{A}", count: (700 - 24) / 5))
    XCTAssertEqual(parts[1], String(repeating: "\\u{A}", count: 299 / 5) + "'")
    let file = SourceFile(path: "s.json", text: "{}\n")
    let finding = Diagnostic(.unknownComponentType, message, at: SourceSpot(file: file, offset: 0))
    for format in [DiagnosticFormat.text, .github] {
      let printed = DiagnosticPrinter(format: format).render([finding], fileCount: 1)
      let line = printed.split(separator: "\n").first { $0.contains("unknown component type") } ?? ""
      XCTAssertLessThan(line.count, DiagnosticPrinter.shownMessageLimit + 60, "\(format): \(line.count)")
    }
  }

  func testPrintingAt100000QuotedLinesIsBounded() throws {
    let value = "[\n" + (0..<100_000).map { "  \($0)" }.joined(separator: ",\n") + "\n]"
    let file = SourceFile(path: "s.json", text: #"{"limit": "# + value + "}\n")
    let spot = SourceSpot(file: file, offset: 10)
    let findings = (0..<3).map { _ in Diagnostic(.invalidItemLimit, "found " + value, at: spot) }

    let text = DiagnosticPrinter(format: .text).render(findings, fileCount: 1)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 3 * 4 + 1, "a heading and a three-line excerpt each")
    XCTAssertTrue(lines[0].hasPrefix(#"s.json:1:11: error: found [\u{A}  0,\u{A}  1,"#), String(lines[0]))
    XCTAssertTrue(lines[0].hasSuffix(#"  99999\u{A}] [ZL0410]"#), "the message's end stays: \(lines[0].suffix(40))")
    XCTAssertEqual(lines[0].components(separatedBy: "…").count, 2, "its middle is cut once")
    XCTAssertFalse(lines[0].contains("  50000"), "the middle is left out")
    XCTAssertEqual(lines[2], #"1 | {"limit": ["#)
    XCTAssertEqual(lines[3], "  |           ^")
    XCTAssertLessThan(text.utf8.count, 3 * (DiagnosticPrinter.shownMessageLimit * 6 + 200))

    let github = DiagnosticPrinter(format: .github).render(findings, fileCount: 1)
    XCTAssertEqual(github.split(separator: "\n").count, 3)
    XCTAssertTrue(github.hasPrefix(#"::error file=s.json,line=1,col=11,title=ZL0410::found [\u{A}  0,\u{A}"#), String(github.prefix(80)))
    XCTAssertLessThan(github.utf8.count, 3 * (DiagnosticPrinter.shownMessageLimit * 6 + 200))

    // Machine formats carry the message whole: its line breaks as JSON escapes, in one line.
    for format in [DiagnosticFormat.json, .sarif] {
      let out = DiagnosticPrinter(format: format).render(findings, fileCount: 1)
      let message = try XCTUnwrap(String(data: try JSONEncoder().encode("found " + value), encoding: .utf8))
      XCTAssertEqual(out.components(separatedBy: message).count, 4, "\(format): the three messages whole")
      let none = DiagnosticPrinter(format: format).render([], fileCount: 1)
      XCTAssertLessThan(out.utf8.count - none.utf8.count, 3 * (message.utf8.count + 1_000), "\(format)")
    }
  }

  /// Escaping for a terminal and for a workflow command is one pass over the text: a line break,
  /// `%`, `:` and `,` are each escaped where they are, however many there are.
  func testEscapingAManyLineTextEscapesEachLineBreak() {
    let many = String(repeating: "a%\n", count: 100_000)
    XCTAssertEqual(TerminalText.visible(many), String(repeating: #"a%\u{A}"#, count: 100_000))
    let printer = DiagnosticPrinter(format: .github)
    XCTAssertEqual(printer.escapeData(many), String(repeating: #"a%25\u{A}"#, count: 100_000))
    XCTAssertEqual(printer.escapeProperty("a:b,c%\r"), #"a%3Ab%2Cc%25\u{D}"#)
    XCTAssertEqual(TerminalText.visible("é\u{1B}日\u{202E}"), #"é\u{1B}日\u{202E}"#)
  }

  /// An annotation names a file whose name holds a line break as the runner decodes it (`%0A`);
  /// a control character it does not decode stays visible.
  func testAFileNameWithALineBreakIsEscapedAsTheRunnerDecodesIt() {
    let printer = DiagnosticPrinter(format: .github)
    let at = { (path: String) in Diagnostic(DuplicateScreenIDRule.rule, "no place", at: nil, path: path) }
    XCTAssertEqual(printer.github([at("screens/a\nb,c.json")]), "::error file=screens/a%0Ab%2Cc.json,title=ZL0404::no place\n")
    XCTAssertEqual(
      printer.github([at("screens/a\u{1B}\nb.json")]), #"::error file=screens/a\u{1B}\u{A}b.json,title=ZL0404::no place"# + "\n")
  }
}
