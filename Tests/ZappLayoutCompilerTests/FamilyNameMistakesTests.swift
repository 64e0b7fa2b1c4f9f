import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

/// Names in a family a client could never match: a cell's empty `layoutId` or one with spaces at
/// its ends (ZL0203), and a `<View>` a `<DisplayRule>` sets twice (ZL0507, a warning).
final class FamilyNameMistakesTests: XCTestCase {
  static let emptyLayoutID =
    "'layoutId' is empty: it names no cell layout a client draws with; write the layout's id or leave 'layoutId' out"
  static let blankLayoutID =
    "'layoutId' is spaces alone: it names no cell layout a client draws with; write the layout's id or leave 'layoutId' out"
  static func spaces(_ value: String) -> String { "'layoutId' '\(value)' has spaces at its ends: it matches no cell layout" }

  /// An XML cell's `layoutId=""` (or spaces alone) is ZL0203 at the value, without a fix; one with
  /// spaces at its ends is ZL0203 with the trimmed id as its fix. A plain id, and a cell without
  /// one, are clean.
  func testAnEmptyOrSpacedLayoutIdInXMLIsAnInvalidValue() throws {
    let xml = """
      <Family name="F"><Components><Component type="list">
      <Cell name="A" layoutId=⟦ZL0203⟧""/>
      <Cell name="B"
        layoutId=⟦ZL0203⟧"   "/>
      <Cell name="C" layoutId=⟦ZL0203⟧" tile_half "/>
      <Cell name="D" layoutId="tile_half"/>
      <Cell name="E"/>
      </Component></Components></Family>
      """
    try assertFindings(
      ["families/f.xml": xml],
      [
        "families/f.xml": [
          (Self.emptyLayoutID, [], nil), (Self.blankLayoutID, [], nil), (Self.spaces(" tile_half "), [], "\"tile_half\""),
        ]
      ])
  }

  /// A JSON cell's `"layoutId": ""` is ZL0203 at the value, and `"tile "` with `"tile"` as its fix.
  func testAnEmptyOrSpacedLayoutIdInJSONIsAnInvalidValue() throws {
    let json = """
      {"name": "F", "components": [{"type": "list", "cells": [
        {"name": "A", "layoutId": ⟦ZL0203⟧""},
        {"name": "B", "layoutId": ⟦ZL0203⟧"tile "},
        {"name": "C", "layoutId": "tile"}]}]}
      """
    try assertFindings(
      ["families/f.json": json],
      ["families/f.json": [(Self.emptyLayoutID, [], nil), (Self.spaces("tile "), [], "\"tile\"")]])
  }

  /// An empty `layoutId` names no layout: the cell has none, as read by zlc and by the runtime's
  /// own family reader, so no empty name reaches `required_renderers.cell_layouts`.
  func testAnEmptyLayoutIdNamesNoLayout() throws {
    let xml =
      #"<Family name="F"><Components><Component type="list"><Cell name="A" layoutId=""/><Cell name="B" layoutId="b"/></Component></Components></Family>"#
    let read = try XCTUnwrap(FamilyReader.read(SourceFile(path: "f.xml", text: xml)).0?.family.component("list"))
    XCTAssertEqual(read.cells.map(\.layoutID), [nil, "b"])
    let json =
      #"{"name": "F", "components": [{"type": "list", "cells": [{"name": "A", "layoutId": " "}, {"name": "B", "layoutId": "b"}]}]}"#
    let downloaded = try XCTUnwrap(Family(jsonFamily: Data(json.utf8)).component("list"))
    XCTAssertEqual(downloaded.cells.map(\.layoutID), [nil, "b"])
  }

  /// A `<View>` named twice in one `<DisplayRule>` is a ZL0507 warning at the second name with a
  /// note at the first; one name in two rules, or two names in one, is clean.
  func testAViewSetTwiceInOneDisplayRuleIsAWarning() throws {
    let rules = """
      <DisplayRule type="GENERIC"><View name="play" visibility="VISIBLE"/><View name="share" visibility="GONE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO"><View name="play" visibility="GONE"/>
        <View name=⟦ZL0507⟧"play" visibility="VISIBLE"/></DisplayRule>
      """
    let file = DisplayRuleTests.family(rules)
    try assertFindings(
      ["families/f.xml": file],
      [
        "families/f.xml": [
          ("view 'play' is set twice in one <DisplayRule>: whether clients apply one or both is not known", ["first set here"], nil)
        ]
      ])
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": Marked(file).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0507" }
    XCTAssertEqual(found.map(\.severity), [.warning])
    // The note points at the first `play` of the ATOM_VIDEO rule (line 4), not the GENERIC one.
    let note = try XCTUnwrap(found.first?.notes.first?.spot)
    XCTAssertEqual(note.file.lineAndColumn(of: note.offset).line, 4)
  }
}
