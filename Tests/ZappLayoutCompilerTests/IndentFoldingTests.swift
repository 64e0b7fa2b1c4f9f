import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappWriters

/// A file whose indentation is folded out of its bytes reads, locates and quotes every value as the
/// file as written does.
final class IndentFoldingTests: XCTestCase {
  /// Spaces, tabs, CRLF line breaks, a blank line of spaces, an indentation wider than one code
  /// holds (200 spaces), multi-byte scalars and a line longer than an excerpt.
  let indented = [
    "{",
    "  \"screens\": [",
    "    {",
    "      \"id\": \"home\",",
    "\t\t\"name\": \"Accueil é 日本 🎬\",\r",
    "      \"count\": 12.5e3,",
    "      ",
    "      \"flags\": [true, false, null],",
    String(repeating: " ", count: 200) + "\"deep\": \"x\",",
    "      \"long\": \"" + String(repeating: "abcdefghij", count: 30) + "\",",
    "      \"empty\": {},",
    "      \"list\": [",
    "        1,",
    "        2",
    "      ]",
    "    }",
    "  ]",
    "}",
    "",
  ].joined(separator: "\n")

  func read(_ text: String) throws -> JSONDocument {
    let result = JSONReader.read(SourceFile(path: "t.json", text: text))
    XCTAssertEqual(result.diagnostics.map(\.message), [])
    return try XCTUnwrap(result.document)
  }

  func testFoldedDocumentKeepsEveryValueLocationLineAndExcerpt() throws {
    let written = try read(indented)
    let folded = written.foldingIndentation()
    XCTAssertFalse(folded === written)
    // 2 + 4 + 6 + 2 tabs + 6 + 6 + 6 + 127 (one code's most) + 6 + 6 + 6 + 8 + 8 + 6 + 4 + 2.
    XCTAssertEqual(written.source.bytes.count - folded.source.bytes.count, 205)
    XCTAssertEqual(folded.nodeCount, written.nodeCount)
    for index in 0..<written.nodeCount {
      let before = JSONValue(document: written, index: index)
      let after = JSONValue(document: folded, index: index)
      XCTAssertEqual(after.kind, before.kind, "node \(index)")
      XCTAssertEqual(after.string, before.string, "node \(index)")
      XCTAssertEqual(after.number, before.number, "node \(index)")
      XCTAssertEqual(after.spot.location, before.spot.location, "node \(index)")
      XCTAssertEqual(after.spot.pointer, before.spot.pointer, "node \(index)")
      XCTAssertEqual(
        folded.source.location(at: folded.end(of: index)), written.source.location(at: written.end(of: index)), "end of node \(index)")
      for width in [12, 80, 400] {
        let a = folded.source.excerptLine(at: after.spot.offset, width: width)
        let b = written.source.excerptLine(at: before.spot.offset, width: width)
        XCTAssertEqual(a.scalars, b.scalars, "node \(index), width \(width)")
        XCTAssertEqual(a.caret, b.caret, "node \(index), width \(width)")
      }
    }
    let lines = indented.split(separator: "\n", omittingEmptySubsequences: false).count
    for line in 1...lines { XCTAssertEqual(folded.source.lineText(line), written.source.lineText(line), "line \(line)") }
  }

  func testEveryOffsetOfAFoldedFileMapsToTheWrittenOne() throws {
    // As written above; with a BOM; and with its last line indented and no line break after it.
    for text in [indented, "\u{FEFF}" + indented, indented + "    "] {
      try assertOffsetsMap(text)
    }
  }

  func assertOffsetsMap(_ text: String) throws {
    let written = try read(text)
    let folded = written.foldingIndentation()
    XCTAssertFalse(folded === written)
    // Every byte of the folded file is a byte of the file as written: same line, column and offset.
    for offset in 0...folded.source.bytes.count where offset == folded.source.bytes.count || folded.source.bytes[offset] & 0xC0 != 0x80 {
      let location = folded.source.location(at: offset)
      if offset < folded.source.bytes.count {
        XCTAssertEqual(written.source.bytes[location.offset], folded.source.bytes[offset], "offset \(offset)")
      }
      XCTAssertEqual(written.source.location(at: location.offset), location, "offset \(offset)")
    }
  }

  func testIndentCodesPackToAQuarterOfAByteALineAndBack() {
    // Two-space steps, a blank line of none, tabs (128 + n), the widest code, several lines alike.
    let codes: [UInt8] = [0, 2, 4, 4, 6, 4, 0, 4, 2, 0, 129, 130, 130, 129, 127, 2, 2, 2, 0]
    let packed = FoldedIndents(codes: codes)
    XCTAssertEqual(packed.codes(), codes)
    XCTAssertEqual(packed.count, codes.count)
    // 5 bytes of steps, and in full the codes no step of 2 reaches: 0 (after 4), 4 (after 0),
    // 129, 130 and 129 (tabs step by one) and 2 (after 127).
    XCTAssertEqual(packed.byteCount, 5 + 6)
    var random = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let codes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      XCTAssertEqual(FoldedIndents(codes: codes).codes(), codes)
    }
    // A regular file's lines cost a quarter of a byte each.
    let regular = (0..<4_000).map { UInt8(2 * (($0 / 3) % 6)) }
    XCTAssertEqual(FoldedIndents(codes: regular).codes(), regular)
    XCTAssertLessThan(FoldedIndents(codes: regular).byteCount, 1_000 + 700)
  }

  /// `--fix` reads the files as written; the fixes of a check that folded them are not applied.
  func testFixesOfFoldedFilesAreNotApplied() throws {
    let directory = try makeProject([
      "screens/o.json":
        "[\n  {\n    \"id\": \"o\",\n    \"type\": \"general_content\",\n    \"home\": true,\n    \"ui_components\": [\n      {\n        \"component_type\": \"gird\"\n      }\n    ]\n  }\n]\n"
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let checked = Driver.check(directory)
    let written = FixApplier.edits(for: checked.diagnostics, of: checked.project)
    XCTAssertEqual(written.count, 1)
    XCTAssertEqual(written.first.map { String(decoding: $0.after, as: UTF8.self) }?.contains("\"grid\""), true)
    let folded = Driver.check(directory, foldsIndentation: true)
    XCTAssertEqual(FixApplier.edits(for: folded.diagnostics, of: folded.project).count, 0)
  }

  func testAMinifiedFileIsLeftAsItIs() throws {
    let minified = try read(#"{"a": [1, 2, {"b": "c"}],"d": true}"# + "\n")
    XCTAssertTrue(minified.foldingIndentation() === minified)
    // Less than a byte of indentation per line: the codes would cost more than the fold saves.
    let sparse = try read("{\n\"a\": 1,\n\"b\": 2,\n \"c\": 3\n}\n")
    XCTAssertTrue(sparse.foldingIndentation() === sparse)
  }

  /// A project with errors in indented files (and in one that cannot be folded, having a reading
  /// diagnostic): a check with folded files reports exactly what one with the files as written does,
  /// in every output format.
  func testCheckOfFoldedFilesReportsWhatTheWrittenFilesDo() throws {
    var files = try cardsFixture()
    let page = try XCTUnwrap(files["screens/page.json"])
    files["screens/page.json"] = page.replacingOccurrences(of: "\"CARD_1\"", with: "\"CRAD_1\"")
      .replacingOccurrences(of: "\"cornerRadius\": 4", with: "\"cornerRadius\": \"four\",\n\t\t\"colour\": 1")
    files["screens/home.json"] = try XCTUnwrap(files["screens/home.json"]).replacingOccurrences(
      of: "\"target\": \"page\"", with: "\"target\": \"paeg\"")
    files["screens/broken.json"] = "[\n  {\n    \"id\": \"broken\",\n    \"name\": \"B\",\n  }\n]\n"
    // A fix-it whose range spans indented lines (a header's `visible` object, hidden on iOS):
    // its text output quotes the lines as written, indentation and all.
    if let settings = files["zlc.json"], let brace = settings.firstIndex(of: "{") {
      files["zlc.json"] = settings.replacingCharacters(in: brace...brace, with: #"{"platforms": {"ios": {}, "android": {}}, "#)
    } else {
      files["zlc.json"] = #"{"platforms": {"ios": {}, "android": {}}}"#
    }
    files["screens/header.json"] = """
      [
        {
          "id": "header", "type": "general_content", "ui_components": [
            {
              "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
              "styles": {"cell_styles": ["GRID_1"], "family": "FAMILY_1", "header": {"style": "HEADER_1", "visible": {
                "phone": true,
                "tablet": false
              }}}
            }
          ]
        }
      ]

      """
    let directory = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let written = Driver.check(directory)
    let folded = Driver.check(directory, foldsIndentation: true)
    XCTAssertGreaterThan(written.diagnostics.count, 3)
    // The files read without a diagnostic were folded, the broken one was not.
    let sizes = Dictionary(uniqueKeysWithValues: folded.project.files.map { ($0.path, ($0.bytes.count, $0.foldedIndents != nil)) })
    XCTAssertEqual(sizes[directory + "/screens/page.json"]?.1, true)
    XCTAssertEqual(sizes[directory + "/screens/broken.json"]?.1, false)
    for format in DiagnosticFormat.allCases {
      let printer = DiagnosticPrinter(format: format, color: false)
      XCTAssertEqual(
        printer.render(folded.diagnostics, fileCount: folded.project.files.count),
        printer.render(written.diagnostics, fileCount: written.project.files.count), "\(format)")
    }
    XCTAssertEqual(folded.diagnostics.map(\.location?.offset), written.diagnostics.map(\.location?.offset))
    let spanning = try XCTUnwrap(folded.diagnostics.first { $0.code == "ZL0330" }?.fixIt?.range)
    XCTAssertEqual(spanning.text, "{\n          \"phone\": true,\n          \"tablet\": false\n        }")
  }

  /// A file whose lines end in a lone `\r` (classic Mac line endings) is reported line by line,
  /// folded or not, as the same file with `\n` is: a comment ends at its `\r`, and an unclosed
  /// string stops at it.
  func testLinesEndingInALoneCarriageReturnAreLines() throws {
    let files = try cardsFixture()
    let page = try XCTUnwrap(files["screens/page.json"]).replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\"CARD_1\"", with: "\"CRAD_1\"")
    let brokenScreens = "[\n  // the page\n  {\n    \"id\": \"broken\",\n    \"name\": \"B\n  }\n]\n"
    func check(lineBreak: String, folds: Bool, broken: Bool) throws -> (text: String, lines: [Int?]) {
      var project = files
      project["screens/page.json"] = page.replacingOccurrences(of: "\n", with: lineBreak)
      if broken { project["screens/broken.json"] = brokenScreens.replacingOccurrences(of: "\n", with: lineBreak) }
      let directory = try makeProject(project)
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let outcome = Driver.check(directory, foldsIndentation: folds)
      let text = DiagnosticPrinter(format: .text, color: false).render(outcome.diagnostics, fileCount: outcome.project.files.count)
      return (text.replacingOccurrences(of: directory, with: "<project>"), outcome.diagnostics.map(\.location?.line))
    }
    for broken in [false, true] {
      let expected = try check(lineBreak: "\n", folds: false, broken: broken)
      if broken {
        XCTAssertTrue(expected.text.contains("<project>/screens/broken.json:2:3: error: JSON does not allow comments"), expected.text)
        XCTAssertTrue(expected.text.contains("<project>/screens/broken.json:5:13: error: unterminated string"), expected.text)
      } else {
        XCTAssertTrue(expected.text.contains("CRAD_1"), expected.text)
      }
      for (lineBreak, folds) in [("\r", false), ("\r", true), ("\r\n", true)] {
        let got = try check(lineBreak: lineBreak, folds: folds, broken: broken)
        XCTAssertEqual(got.text, expected.text, "line break \(lineBreak.debugDescription), folded: \(folds)")
        XCTAssertEqual(got.lines, expected.lines)
      }
    }
  }

  /// The files of the cards fixture, by path in the project.
  func cardsFixture() throws -> [String: String] {
    let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/cards").path
    var files: [String: String] = [:]
    for relative in try FileManager.default.subpathsOfDirectory(atPath: fixture) {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: fixture + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue else { continue }
      files[relative] = try String(contentsOfFile: fixture + "/" + relative, encoding: .utf8)
    }
    return files
  }
}
