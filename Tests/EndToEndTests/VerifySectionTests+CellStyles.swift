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

  func testCellsListingFewerStylesThanTheSectionIsRefused() throws {
    let out = try builtDemo()
    let result = try verifyEditingGrid(out) { section in
      section = section.map { key, value in (key, key == "cells" ? .array(Array((value.arrayValue ?? []).prefix(1))) : value) }
    }
    let at = try position(after: "\"cells\": ", inSection: Self.grid, of: result.home)
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(result.home.path):\(at.line):\(at.column): error: resolved.sections[6].cells: screen 'home', section 6 ('grid'): cells lists 1 style, but the section has 2 cell styles (cells lists each when there are several, else none)\n"
    )
  }

  /// `cell_styles` cut to one style is one finding, at `cell_styles`: the rest agrees with the component.
  func testCellStylesThatAreNotTheComponentsAreRefusedOnce() throws {
    for flags in [["--expanded"], ["--pretty"]] {
      let out = try builtDemo(flags)
      let result = try verifyEditingGrid(out) { section in
        section.removeAll { $0.0 == "cell_styles" }
        section.insert(("cell_styles", .array([.string("GRID_1")])), at: 0)
      }
      let at = try position(after: "\"cell_styles\": ", inSection: Self.grid, of: result.home)
      XCTAssertEqual(result.status, 1, result.err)
      XCTAssertEqual(
        result.err,
        "\(result.home.path):\(at.line):\(at.column): error: resolved.sections[6].cell_styles: screen 'home', section 6 ('grid'): cell_styles [\"GRID_1\"] are not its component's styles.cell_styles [\"GRID_1\",\"GRID_2\"]; a client would draw its items with styles the screen does not name\n",
        flags.joined()
      )
    }
  }

  func testACellOfAnotherStyleIsRefused() throws {
    let out = try builtDemo()
    let result = try verifyEditingGrid(out) { section in
      section = section.map { key, value in
        guard key == "cells", var cells = value.arrayValue else { return (key, value) }
        cells[1] = cells[1].replacing("cell_style", with: .string("GRID_3"))
        return (key, .array(cells))
      }
    }
    let at = try position(after: "\"cell_style\": \"GRID_3", inSection: Self.grid, of: result.home)
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(result.home.path):\(at.line):\(at.column - 7): error: resolved.sections[6].cells[1].cell_style: screen 'home', section 6 ('grid'): cells[1] is the style 'GRID_3', but cell style 1 of the section is 'GRID_2'\n"
    )
  }

  func testARendererThatIsNotTheFirstCellsIsRefused() throws {
    let out = try builtDemo()
    let result = try verifyEditingGrid(out) { section in
      section = section.map { key, value in
        (key, key == "renderer" ? .object([("layout_id", .string("layout_01_grid_02"))]) : value)
      }
    }
    let at = try position(after: "\"layout_id\": ", inSection: Self.grid, of: result.home)
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(result.home.path):\(at.line):\(at.column): error: resolved.sections[6].renderer.layout_id: screen 'home', section 6 ('grid'): renderer.layout_id 'layout_01_grid_02' is not the first cell style's ('layout_01_grid_01' in cells); a client would draw the first items with another renderer\n"
    )
  }

  /// A compact section given the `layouts` entry of another section is drawn with that entry's
  /// styles and renderer: both are named at the reference.
  func testALayoutsEntryOfOtherStylesIsRefusedAtTheReference() throws {
    let out = try builtDemo(["--pretty"])
    let sections = try XCTUnwrap(try screen(out.appendingPathComponent("screens/home.json"))["resolved"]?["sections"]?.arrayValue)
    let list = try XCTUnwrap(sections[5]["layout_ref"]?.stringValue)
    let result = try verifyEditingGrid(out) { section in
      section = section.map { key, value in (key, key == "layout_ref" ? .string(list) : value) }
    }
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
