import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// Screens and families moved to other files: a move line, and what else changed beside it.
final class DiffMoveTests: XCTestCase {
  /// The movies screen of `DiffTests.extraScreens`, alone.
  static let movies = """
    { "id": "movies", "name": "Movies", "type": "general_content", "styles": { "family": "STARTER" },
      "ui_components": [ { "id": "movies-grid", "component_type": "grid",
        "data": { "source": "movies", "type": "APPLICASTER_COLLECTION", "target": "show" },
        "styles": { "cell_styles": ["GRID_POSTER"] } } ] }
    """

  /// The kids screen of `DiffTests.extraScreens`, alone.
  static let kids = """
    { "id": "kids", "name": "Kids", "type": "general_content", "styles": { "family": "STARTER" },
      "ui_components": [ { "id": "kids-grid", "component_type": "grid",
        "data": { "source": "kids", "type": "APPLICASTER_COLLECTION", "target": "show" },
        "styles": { "cell_styles": ["GRID_POSTER"] } } ] }
    """

  /// The starter project with movies and kids in `screens/more.json`, or, `split`, kids in
  /// `screens/kids.json`; the family at `family` (its path), its text and every screens file's
  /// passed through `edit`.
  func project(
    split: Bool = false, kidsFile: String = "screens/kids.json", family: String = "families/STARTER.json",
    _ edit: (String, String) -> String = { $1 }
  ) throws
    -> String
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-move-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let screens =
      split
      ? [("screens/more.json", "[\n\(Self.movies)\n]\n"), (kidsFile, "[\n\(Self.kids)\n]\n")]
      : [("screens/more.json", "[\n\(Self.movies),\n\(Self.kids)\n]\n")]
    for (path, text) in StarterTemplate.basic.files(app: "Diff") + screens {
      let written = path == "families/STARTER.json" ? family : path
      let url = folder.appendingPathComponent(written)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try edit(path, text).write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  func report(_ base: String, _ head: String, file: StaticString = #filePath, line: UInt = #line) throws -> DiffReport {
    try XCTUnwrap(assertSameAsByDigests(base: base, head: head, file: file, line: line), file: file, line: line)
  }

  /// A screen moved to a file of its own and a family to a subfolder, nothing else changed: one
  /// move line each, not a screen removed and added, nor nothing.
  func testAScreenAndAFamilyMovedToOtherFilesAreMoves() throws {
    let report = try report(try project(), try project(split: true, family: "families/kids/STARTER.json"))
    XCTAssertEqual(
      DiffPrinter(format: .text).render(report),
      """
       kids | moved from screens/more.json
       1 screen changed (0 added, 0 removed, 0 renamed, 1 moved), 2 changes (1 to the whole project)

      screen moved: screens/more.json → screens/kids.json on kids
      family moved: STARTER families/STARTER.json → families/kids/STARTER.json

      """)
    let json = try JSON.parse(Data(DiffPrinter(format: .json).render(report).utf8))
    let changes = try XCTUnwrap(json["changes"]?.arrayValue)
    XCTAssertEqual(changes.map { $0["kind"] }, [.string("screen_moved"), .string("family_moved")])
    XCTAssertEqual(changes[0]["screens"], .array([.string("kids")]))
    XCTAssertEqual(changes[0]["field"], .string("file"))
    XCTAssertEqual(changes[1]["family"], .string("STARTER"))
    XCTAssertEqual(changes[1]["screens"], .array([]))
    XCTAssertEqual(changes[1]["old"], .string("families/STARTER.json"))
    XCTAssertEqual(changes[1]["new"], .string("families/kids/STARTER.json"))
    let markdown = DiffPrinter(format: .markdown).render(report)
    XCTAssertTrue(
      markdown.contains(
        "| family moved |  | family STARTER |  |  | file | families/STARTER.json | families/kids/STARTER.json |"), markdown)
    // Back again is the same moves the other way.
    let back = try self.report(try project(split: true, family: "families/kids/STARTER.json"), try project())
    XCTAssertEqual(back.changes.map(\.kind), [.screenMoved, .familyMoved])
    XCTAssertEqual(back.changes.first?.old, .string("screens/kids.json"))
  }

  /// What changed in the move is listed beside it: the family's new tablet columns and the
  /// screen's new name, its screens in the head's order (kids' file now comes before movies').
  func testAMoveWithAnEditListsTheEditToo() throws {
    let head = try project(split: true, family: "families/kids/STARTER.json") { path, text in
      text.replacingOccurrences(of: #""type": "tablet", "columns": 4"#, with: #""type": "tablet", "columns": 3"#)
        .replacingOccurrences(of: #""name": "Kids""#, with: #""name": "Children""#)
    }
    let text = DiffPrinter(format: .text).render(try report(try project(), head))
    XCTAssertTrue(
      text.hasPrefix(" home   | 1 change ~\n kids   | moved from screens/more.json, 2 changes\n movies | 1 change ~\n"), text)
    let lines = text.split(separator: "\n").dropFirst(4).map(String.init)
    XCTAssertEqual(
      lines.prefix(3),
      [
        "screen renamed: kids: name Kids → Children", "screen moved: screens/more.json → screens/kids.json on kids",
        "family moved: STARTER families/STARTER.json → families/kids/STARTER.json",
      ])
    XCTAssertTrue(lines[3].hasPrefix("layout: grid (GRID_POSTER), family STARTER on tablet: columns 4 → 3"), lines[3])
    XCTAssertEqual(lines[4], "    on 3 screens: home, kids, movies")
  }

  /// A file's name from the project is shown as names are: a bidi override escaped in text and
  /// Markdown, whole in JSON.
  func testAMovedFilesNameIsShownEscaped() throws {
    let report = try report(try project(), try project(split: true, kidsFile: "screens/k\u{202E}nosj.json"))
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(text.hasSuffix("screen moved: screens/more.json → screens/k\\u{202E}nosj.json on kids\n"), text)
    XCTAssertFalse(text.contains("\u{202E}"), text)
    XCTAssertFalse(DiffPrinter(format: .markdown).render(report).contains("\u{202E}"))
    XCTAssertEqual(report.changes.first?.new, .string("screens/k\u{202E}nosj.json"))
  }

  /// A screen given a new id as it moves is renamed and moved; screens that stay where they were
  /// are no move.
  func testANewIDAndANewFileAreBothSaid() throws {
    let head = try project(split: true) { path, text in
      path == "screens/kids.json" ? text.replacingOccurrences(of: #""id": "kids""#, with: #""id": "children""#) : text
    }
    let report = try report(try project(), head)
    XCTAssertEqual(
      DiffPrinter(format: .text).render(report),
      """
       children | renamed from kids, moved from screens/more.json
       1 screen changed (0 added, 0 removed, 1 renamed, 1 moved), 2 changes

      screen renamed: kids → children
      screen moved: screens/more.json → screens/kids.json on children

      """)
  }
}
