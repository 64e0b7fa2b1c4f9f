import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// `zlc check --fix` on files written in unusual ways: a fix-it's range is bytes of the file as
/// written, so the bytes around it stay as they were.
final class FixHostileInputTests: XCTestCase {
  /// A project of `ios` and a Quick Brick platform whose screen `other` is `bytes`; returns the
  /// folder and the screen's path.
  func project(screen bytes: [UInt8]) throws -> (dir: String, screen: String) {
    let files = Example.baseProject.merging(["zlc.json": #"{"platforms": {"ios": {}, "android_for_quickbrick": {}}}"#]) { $1 }
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let screen = dir + "/screens/o.json"
    try Data(bytes).write(to: URL(fileURLWithPath: screen))
    return (dir, screen)
  }

  /// The screen `other` holding `component`, its `@@` written as `bytes`.
  func screenBytes(_ component: String, bytes: [UInt8]) throws -> [UInt8] {
    let parts = Example.screen(component).components(separatedBy: "@@")
    XCTAssertEqual(parts.count, 2)
    return Array(parts[0].utf8) + bytes + Array(parts[1].utf8)
  }

  /// A value holding bytes that are not UTF-8 is replaced whole and alone: the range is the
  /// value's bytes in the file, not the length of its text decoded (where each such byte is three),
  /// so the fix neither eats what follows nor is refused for breaking the file.
  func testAValueWithInvalidBytesIsReplacedAlone() throws {
    let grid = #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "#
    let (dir, screen) = try project(
      screen: try screenBytes(
        grid + #""styles": {"cell_styles": ["GRID_1"], "footer": {"visible": @@, "style": "HEADER_1"}}}"#,
        bytes: [0x22, 0xFF, 0xFE, 0x22]))
    let before = try XCTUnwrap(FileManager.default.contents(atPath: screen))
    let prefix = #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": ["#
    // The value's quote: one column per character before it.
    let column = prefix.count + grid.count + #""styles": {"cell_styles": ["GRID_1"], "footer": {"visible": "#.count + 1

    let checked = Driver.check(dir).diagnostics.filter { $0.code == "ZL0330" }
    assertDiagnostics(
      checked, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0330", file: "screens/o.json", line: 1, column: column,
          message:
            "the ios client hides footer 'HEADER_1': it shows one only when 'visible' is true, found \"\u{FFFD}\u{FFFD}\" (android_for_quickbrick shows it)",
          fixIt: "true")
      ])
    let range = try XCTUnwrap(checked.first?.fixIt?.range)
    XCTAssertEqual(range.length, 4, "two quotes and two bytes")
    XCTAssertEqual([range.start.line, range.start.column, range.end.line, range.end.column], [1, column, 1, column + 4])

    let outcome = Driver.fix(dir, dryRun: false)
    XCTAssertEqual(outcome.fixed.map(\.summaries), [["show it on ios: replace '\"\u{FFFD}\u{FFFD}\"' with 'true'"]])
    let after = try XCTUnwrap(FileManager.default.contents(atPath: screen))
    XCTAssertEqual(
      [UInt8](after), [UInt8](before.replacingOccurrences(of: Data([0x22, 0xFF, 0xFE, 0x22]), with: Data("true".utf8))),
      "the value alone is replaced")
    assertDiagnostics(outcome.check.diagnostics, in: dir, [])
    XCTAssertEqual(outcome.check.status, .success)
  }

  /// A file written every unusual way (a byte order mark, CRLF and LF line ends mixed, a tab,
  /// trailing spaces, no final newline) with misspelled values after an emoji and a combining
  /// accent: each fix replaces its value's bytes alone, every other byte stays, and a second run
  /// finds nothing to fix and leaves the file byte for byte.
  func testFixesInAFileWrittenUnusuallyReplaceTheirValuesAlone() throws {
    let lines = [
      #"[{"id": "other", "type": "general_content",   "#,
      "\t\"name\": \"\u{1F600}e\u{301}\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [",
      "\t{\"name\": \"\u{1F600}e\u{301}\", \"component_type\": \"gird\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}},  ",
      "\t{\"name\": \"e\u{301}\", \"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRIID_1\"]}}]}]",
    ]
    let text = lines[0] + "\r\n" + lines[1] + "\n" + lines[2] + "\r\n" + lines[3]
    let (dir, screen) = try project(screen: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    // Columns count Unicode scalars, the mark none: the emoji is one, the accented e two.
    func column(of token: String, in line: String) throws -> Int {
      let prefix = try XCTUnwrap(line.range(of: token)).lowerBound
      return line.unicodeScalars[..<prefix].count + 1
    }
    let gird = try column(of: #""gird""#, in: lines[2])
    let grid11 = try column(of: #""GRIID_1""#, in: lines[3])
    XCTAssertEqual(gird, "\t{\"name\": \"".unicodeScalars.count + 3 + #"", "component_type": "#.unicodeScalars.count + 1)
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0303", file: "screens/o.json", line: 3, column: gird, message: "unknown component type 'gird'", fixIt: #""grid""#),
        DiagnosticSpec(
          code: "ZL0304", file: "screens/o.json", line: 4, column: grid11,
          message: "cell style 'GRIID_1' is not in family 'FAMILY_1' for 'grid' (the family offers GRID_1, GRID_2 for 'grid')",
          notes: ["cell style 'GRID_1' is defined here"], fixIt: #""GRID_1""#),
      ])

    let outcome = Driver.fix(dir, dryRun: false)
    XCTAssertEqual(outcome.fixed.count, 1)
    let fixed =
      lines[0] + "\r\n" + lines[1] + "\n" + lines[2].replacingOccurrences(of: #""gird""#, with: #""grid""#) + "\r\n"
      + lines[3].replacingOccurrences(of: #""GRIID_1""#, with: #""GRID_1""#)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: screen)), Data([0xEF, 0xBB, 0xBF] + Array(fixed.utf8)))
    assertDiagnostics(outcome.check.diagnostics, in: dir, [])

    let again = Driver.fix(dir, dryRun: false)
    XCTAssertEqual(again.fixed.map(\.path), [])
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: screen)), Data([0xEF, 0xBB, 0xBF] + Array(fixed.utf8)))
  }

  /// A cell's `height` (a header's name) and a misspelled `cellHeigt` on one element would both
  /// be renamed to `cellHeight`, which the element would then hold twice: either value would be a
  /// guess, so both are hints (no range), which `--fix` leaves as they are. Either alone is fixed.
  /// Beside `cellHeidth`, as near `cellWidth` as `cellHeight`, the rename is as much a guess: on a
  /// cell's screen entry and on the cell itself, whose other attributes are passed to clients.
  func testAMisplacedAndAMisspelledHeightOnOneElementAreHints() throws {
    let family = { (onCell: Bool, attributes: String) in
      let cell =
        onCell
        ? #"<Cell name="C" layoutId="card" \#(attributes)/>"#
        : #"<Cell name="C" layoutId="card"><Screens><Screen type="default" \#(attributes)/></Screens></Cell>"#
      return """
        <Family name="X"><Components><GridComponent type="grid" columns="2">
        \(cell)
        </GridComponent></Components></Family>

        """
    }
    let misspelled = { (name: String) in "misspelled '\(name)' leaves cell style 'C' of family 'X' with a width and no height" }
    let misplaced = { (element: String) in "attribute 'height' on <\(element)> is a header's: clients ignore it" }
    for (onCell, attributes, messages, fixed) in [
      (false, #"⟦ZL0510⟧cellHeigt="90" ⟦ZL0206⟧height="80""#, [misspelled("cellHeigt"), misplaced("Screen")], nil),
      (false, #"⟦ZL0510⟧cellHeigt="90""#, [misspelled("cellHeigt")], #"cellHeight="90""#),
      (false, #"⟦ZL0206⟧height="80""#, [misplaced("Screen")], #"cellHeight="80""#),
      (false, #"⟦ZL0510⟧cellHeidth="90" ⟦ZL0206⟧height="80""#, [misspelled("cellHeidth"), misplaced("Screen")], nil),
      (true, #"⟦ZL0510⟧cellHeidth="90" ⟦ZL0206⟧height="80""#, [misspelled("cellHeidth"), misplaced("Cell")], nil),
      (true, #"⟦ZL0206⟧height="80""#, [misplaced("Cell")], #"cellHeight="80""#),
    ] as [(Bool, String, [String], String?)] {
      let marked = Marked(family(onCell, attributes))
      let dir = try makeProject(Example.baseProject.merging(["families/x.xml": marked.text]) { $1 })
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      let diagnostics = Driver.check(dir).diagnostics
      let specs = zip(marked.markers, messages).map { marker, message in
        DiagnosticSpec(
          code: marker.code ?? "?", file: "families/x.xml", line: marker.line, column: marker.column, message: message,
          fixIt: "cellHeight")
      }
      assertDiagnostics(diagnostics, in: dir, specs)
      XCTAssertEqual(diagnostics.map { $0.fixIt?.range == nil }, Array(repeating: fixed == nil, count: messages.count), attributes)

      let outcome = Driver.fix(dir, dryRun: false)
      let after = try String(contentsOfFile: dir + "/families/x.xml", encoding: .utf8)
      XCTAssertEqual(after, fixed.map { family(onCell, $0) } ?? marked.text, attributes)
      XCTAssertEqual(outcome.fixed.count, fixed == nil ? 0 : 1, attributes)
    }
  }
}

extension Data {
  /// The bytes with each run of `old` replaced by `new` (none overlapping), for the expected bytes
  /// of a fixed file.
  fileprivate func replacingOccurrences(of old: Data, with new: Data) -> Data {
    var out = Data()
    var i = startIndex
    while i < endIndex {
      if self[i...].starts(with: old) {
        out += new
        i += old.count
      } else {
        out.append(self[i])
        i += 1
      }
    }
    return out
  }
}
