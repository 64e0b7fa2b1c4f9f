import Foundation
import XCTest
import ZappLayout

/// `zlc verify` refuses a section whose cell styles disagree: a client picks each item's style,
/// renderer and size from `cell_styles`, `cells`, `renderer` and the geometry, which the compiler
/// writes from the component's `styles.cell_styles` alone.
extension VerifySectionTests {
  /// The demo's grid on the home screen: two cell styles, GRID_1 then GRID_2.
  static let grid = 6

  /// The line and column of the value after `prefix`, at its first place inside the section at
  /// `index` of a pretty screen file.
  func position(after prefix: String, inSection index: Int, of file: URL) throws -> (line: Int, column: Int) {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    let start = try sectionPosition(index, in: file).line
    let line = try XCTUnwrap(lines.indices.first { $0 >= start && lines[$0].contains(prefix) }, "no \(prefix) in \(file.path)")
    let column = try XCTUnwrap(lines[line].range(of: prefix)).upperBound.utf16Offset(in: lines[line]) + 1
    return (line + 1, column)
  }

  /// Verifies the bundle at `out` after `change` to the grid's section of home (and its copy in
  /// `rivers.json`), and returns the status and standard error.
  func verifyEditingGrid(_ out: URL, _ change: (inout [(String, JSON)]) -> Void) throws -> (status: Int32, err: String, home: URL) {
    let home = out.appendingPathComponent("screens/home.json")
    let tree = try screen(home)
    let grid = try ScreenBundle.load(from: out).screen(id: "home")?.resolved.sections[Self.grid]
    XCTAssertEqual(grid?.cellStyles, ["GRID_1", "GRID_2"])
    try rewrite(home, try editingSection(tree, Self.grid, change), in: out)
    try mirrorInRivers(home, in: out)
    let result = try zlc(["verify", out.path])
    return (result.status, result.err, home)
  }

  func testTheDemosGridWithItsTwoCellStylesVerifies() throws {
    for flags in [["--expanded"], ["--pretty"]] {
      let out = try builtDemo(flags)
      let result = try verifyEditingGrid(out) { _ in }
      XCTAssertEqual(result.status, 0, result.err)
      XCTAssertEqual(result.err, "\(out.path): ok, 10 screens load\n")
    }
  }

  /// A change to one key of a section: its value made `transform(value)`.
  func replacingValue(of key: String, _ transform: @escaping (JSON) -> JSON) -> (inout [(String, JSON)]) -> Void {
    { section in section = section.map { ($0.0, $0.0 == key ? transform($0.1) : $0.1) } }
  }

  /// Builds the demo with `flags`, changes the grid's section by `change`, and checks that `zlc
  /// verify` refuses it with the one error `message` at `path`, located at the value after
  /// `prefix` in the section, `back` columns before the end of `prefix`.
  func assertGridRefused(
    _ flags: [String] = ["--expanded"], change: (inout [(String, JSON)]) -> Void, at prefix: String, back: Int = 0, _ path: String,
    _ message: String, line: UInt = #line
  ) throws {
    let out = try builtDemo(flags)
    let result = try verifyEditingGrid(out, change)
    let at = try position(after: prefix, inSection: Self.grid, of: result.home)
    XCTAssertEqual(result.status, 1, result.err, line: line)
    XCTAssertEqual(
      result.err,
      "\(result.home.path):\(at.line):\(at.column - back): error: \(path): screen 'home', section 6 ('grid'): \(message)\n",
      flags.joined(), line: line)
  }

  func testCellsListingFewerStylesThanTheSectionIsRefused() throws {
    try assertGridRefused(
      change: replacingValue(of: "cells") { .array(Array(($0.arrayValue ?? []).prefix(1))) }, at: "\"cells\": ",
      "resolved.sections[6].cells",
      "cells lists 1 style, but the section has 2 cell styles (cells lists each when there are several, else none)")
  }

  /// `cell_styles` cut to one style is one finding, at `cell_styles`: the rest agrees with the component.
  func testCellStylesThatAreNotTheComponentsAreRefusedOnce() throws {
    for flags in [["--expanded"], ["--pretty"]] {
      try assertGridRefused(
        flags,
        change: { section in
          section.removeAll { $0.0 == "cell_styles" }
          section.insert(("cell_styles", .array([.string("GRID_1")])), at: 0)
        }, at: "\"cell_styles\": ", "resolved.sections[6].cell_styles",
        "cell_styles [\"GRID_1\"] are not its component's styles.cell_styles [\"GRID_1\",\"GRID_2\"]; a client would draw its items with styles the screen does not name"
      )
    }
  }

  func testACellOfAnotherStyleIsRefused() throws {
    try assertGridRefused(
      change: replacingValue(of: "cells") { cells in
        var cells = cells.arrayValue ?? []
        cells[1] = cells[1].replacing("cell_style", with: .string("GRID_3"))
        return .array(cells)
      }, at: "\"cell_style\": \"GRID_3", back: 7, "resolved.sections[6].cells[1].cell_style",
      "cells[1] is the style 'GRID_3', but cell style 1 of the section is 'GRID_2'")
  }

  func testARendererThatIsNotTheFirstCellsIsRefused() throws {
    try assertGridRefused(
      change: replacingValue(of: "renderer") { _ in .object([("layout_id", .string("layout_01_grid_02"))]) }, at: "\"layout_id\": ",
      "resolved.sections[6].renderer.layout_id",
      "renderer.layout_id 'layout_01_grid_02' is not the first cell style's ('layout_01_grid_01' in cells); a client would draw the first items with another renderer"
    )
  }

  /// A compact section given the `layouts` entry of another section is drawn with that entry's
  /// styles and renderer: both are named at the reference.
  func testALayoutsEntryOfOtherStylesIsRefusedAtTheReference() throws {
    let out = try builtDemo(["--pretty"])
    let sections = try XCTUnwrap(try screen(out.appendingPathComponent("screens/home.json"))["resolved"]?["sections"]?.arrayValue)
    let list = try XCTUnwrap(sections[5]["layout_ref"]?.stringValue)
    let result = try verifyEditingGrid(out, replacingValue(of: "layout_ref") { _ in .string(list) })
    let at = try position(after: "\"layout_ref\": ", inSection: Self.grid, of: result.home)
    let prefix = "\(result.home.path):\(at.line):\(at.column): error: resolved.sections[6].layout_ref: screen 'home', section 6 ('grid'): "
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      prefix
        + "renderer.layout_id 'layout_01_list_02' is not the first cell style's ('layout_01_grid_01' in cells); a client would draw the first items with another renderer\n"
        + prefix
        + "the geometry of layouts entry '\(list)' lays out the styles [\"LIST_2\"], but the section's are [\"GRID_1\",\"GRID_2\"]; a client would size its cells with other styles\n"
    )
  }
}
