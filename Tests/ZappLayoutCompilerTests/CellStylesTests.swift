import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// Every cell style of a section reaches the bundle (its renderer, its geometry on every device,
/// the repeat rule), and the elements inside a family cell are placed on every device by the
/// runtime's `ElementLayout.frames`.
final class CellStylesTests: XCTestCase {
  /// The first card of the card-and-element seed (../shared/seeds/000_*) as a family cell's
  /// `elements`, each entry as card JSON writes it (`type`, `image`, `style`).
  static let cardElements = #"""
    [
      {"type": 1, "image": "a.jpg", "style": {"display": "inline", "margin": ["0", "0", "0.75", "0.75"], "width_ratio": 0.5, "width_height_ratio": 2}},
      {"type": 1, "image": "b.jpg", "style": {"display": "inline", "margin": ["0", "0.75", "0.75", "0"], "width_ratio": 0.5, "width_height_ratio": 2}},
      {"type": 1, "image": "c.jpg", "style": {"display": "inline", "margin": ["0.75", "0", "0", "0.75"], "width_ratio": 0.5, "width_height_ratio": 2}},
      {"type": 1, "image": "d.jpg", "style": {"display": "inline", "margin": ["0.75", "0.75", "0", "0"], "width_ratio": 0.5, "width_height_ratio": 2}},
      {"type": 1, "image": "e.jpg", "style": {"display": "block", "margin": ["0.75", "0", "0", "0"], "width_height_ratio": 4.57}},
      {"type": 1, "image": "f.jpg", "style": {"display": "inline", "margin": ["0.75", "0", "0", "0.75"], "width_ratio": 0.7, "width_height_ratio": 1.6}},
      {"type": 1, "image": "g.jpg", "style": {"display": "inline", "margin": {"top": 0.75, "left": 0.75}, "width_ratio": 0.3, "width_height_ratio": 0.685}}
    ]
    """#

  /// A family whose `cards` component draws the card full width (no insets), then a half-width
  /// tile that repeats: the "first cell full width, then half width" pattern.
  static let family = #"""
    {"name": "CARDS", "screens": [{"type": "universal", "insetLeft": 0, "insetRight": 0, "insetTop": 0, "insetBottom": 0, "interItemSpacing": 0}],
     "components": [
       {"type": "grid", "layout": "flow", "cells": [
         {"name": "CARD", "layoutId": "card_full", "columns": 1, "aspectCellRatio": 0.8645, "background": "#ffffff", "elements": \#(cardElements)},
         {"name": "TILE", "layoutId": "tile_half", "columns": 2, "aspectCellRatio": 1, "displayRules": {"hide_title": true}}]}]}
    """#

  static let screen = #"""
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "CARDS"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD", "TILE"]}}]}]
    """#

  static let settings = #"""
    {"devices": [{"name": "se", "width": 320}, {"name": "x", "width": 375}, {"name": "pad", "class": "tablet", "width": 768}]}
    """#

  func section(family: String = CellStylesTests.family, screen: String = CellStylesTests.screen) throws -> ResolvedSection {
    let dir = try makeProject(["zlc.json": Self.settings, "families/cards.json": family, "screens/home.json": screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    let resolved = Resolver(project: outcome.project).resolvedScreen(outcome.project.screens[0])
    // What the bundle holds, decoded as a client decodes it.
    let decoded = try ResolvedScreen(data: Data(resolved.json.encoded()))
    XCTAssertEqual(decoded, resolved)
    return try XCTUnwrap(decoded.resolved.sections.first)
  }

  func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }

  func testEveryCellStyleReachesTheSectionWithItsRenderer() throws {
    let grid = try section()
    // Old readers keep reading the first style's renderer.
    XCTAssertEqual(grid.renderer.layoutID, "card_full")
    XCTAssertEqual(grid.cellAttributes.map(\.0), ["background"])
    XCTAssertEqual(grid.cells.map(\.cellStyle), ["CARD", "TILE"])
    XCTAssertEqual(grid.cells.map(\.layoutID), ["card_full", "tile_half"])
    XCTAssertEqual(grid.cells[0].cellAttributes.map(\.0), ["background"])
    XCTAssertEqual(grid.cells[1].cellAttributes.map(\.0), [])
    XCTAssertEqual(grid.cells[1].displayRules, .object([("hide_title", .bool(true))]))
    // Item 0 is the card; every item after it is a tile (the last style repeats).
    XCTAssertEqual((0..<5).map { grid.cellStyle(forItem: $0)?.cellStyle }, ["CARD", "TILE", "TILE", "TILE", "TILE"])
  }

  func testEachStyleHasItsGeometryOnEveryDevice() throws {
    let grid = try section()
    XCTAssertEqual(grid.geometry?.styles.map(\.style), ["CARD", "TILE"])
    for device in ["se", "x", "pad"] {
      let cells = try XCTUnwrap(grid.layout(on: device)?.cells, device)
      XCTAssertEqual(cells.map(\.style), ["CARD", "TILE"], device)
    }
    // 320 pt: the card is 320 wide in 1 column and 320 / 0.8645 = 370.16 high, the tiles
    // (320 − 0) / 2 = 160 square in 2.
    let se = try XCTUnwrap(grid.layout(on: "se"))
    XCTAssertEqual(se.cell(forItem: 0).item, ItemSize(width: 320, height: 370.16))
    XCTAssertEqual(se.cell(forItem: 1).item, ItemSize(width: 160, height: 160))
    XCTAssertEqual(se.cell(forItem: 7).columns, 2)
    XCTAssertEqual(grid.layout(on: "pad")?.cell(forItem: 3).item, ItemSize(width: 384, height: 384))
  }

  func testTheCardsElementsArePlacedOnEveryDevice() throws {
    let grid = try section()
    XCTAssertEqual(grid.geometry?.styles[0].elements.count, 7)
    XCTAssertEqual(grid.geometry?.styles[1].elements, [])
    let se = try XCTUnwrap(grid.layout(on: "se")?.cells?[0].elements)
    // 320 pt: banners 160 × 80 two per line, their content 159.25 wide, the second at x 160.75.
    XCTAssertEqual(se[0].content, f(0, 0, 159.25, 79.25))
    XCTAssertEqual(se[1].content, f(160.75, 0, 159.25, 79.25))
    XCTAssertEqual(se[3].content, f(160.75, 80.75, 159.25, 79.25))
    // The block banner on a line of its own, the full width, below them.
    XCTAssertEqual(se[4].box, f(0, 160, 320, 70.02))
    XCTAssertEqual(se[5].box, f(0, 230.02, 224, 140))
    XCTAssertEqual(se[6].box, f(224, 230.02, 96, 140.15))
    // The very frames the runtime's own code gives for the card's width on each device.
    for device in ["se", "x", "pad"] {
      let card = try XCTUnwrap(grid.layout(on: device)?.cells?[0])
      let styles = try XCTUnwrap(grid.geometry?.styles[0].elements)
      XCTAssertEqual(card.elements, ElementLayout.frames(for: styles, width: card.item.width), device)
    }
    XCTAssertEqual(grid.layout(on: "x")?.cells?[0].elements?[1].content, f(188.25, 0, 186.75, 93))
    XCTAssertNil(grid.layout(on: "x")?.cells?[1].elements)
  }

  func testOneStyleWithElementsListsItsCell() throws {
    let screen = Self.screen.replacingOccurrences(of: #"["CARD", "TILE"]"#, with: #"["CARD"]"#)
    let grid = try section(screen: screen)
    XCTAssertEqual(grid.cells, [])
    XCTAssertEqual(grid.cellStyleDetails.map(\.layoutID), ["card_full"])
    XCTAssertEqual(grid.layout(on: "se")?.cells?.count, 1)
    XCTAssertEqual(grid.layout(on: "se")?.cells?[0].elements?.count, 7)
  }

  func testAnXMLCellsElements() throws {
    let xml = """
      <Family name="CARDS">
        <Screens><Screen type="universal" insetLeft="0" insetRight="0" interItemSpacing="0"/></Screens>
        <GridComponent name="GRID" columns="1">
          <Cell name="CARD" layoutId="card_full" aspectCellRatio="2">
            <Elements>
              <Element display="inline" widthRatio="0.5" widthHeightRatio="2" margin="0,0,0.75,0.75"/>
              <Element display="inline" widthRatio="0.5" widthHeightRatio="2" margin="0 0.75 0.75 0"/>
              <Element display="block" widthHeightRatio="4.57" margin="0.75,0,0,0"/>
            </Elements>
          </Cell>
        </GridComponent>
      </Family>
      """
    let dir = try makeProject([
      "zlc.json": Self.settings, "families/cards.xml": xml,
      "screens/home.json": Self.screen.replacingOccurrences(of: #"["CARD", "TILE"]"#, with: #"["CARD"]"#),
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    let grid = try XCTUnwrap(Resolver(project: outcome.project).resolution(outcome.project.screens[0]).sections.first)
    let frames = try XCTUnwrap(grid.layout(on: "se")?.cells?[0].elements)
    XCTAssertEqual(frames.map(\.content), [f(0, 0, 159.25, 79.25), f(160.75, 0, 159.25, 79.25), f(0, 80.75, 320, 69.27)])
  }

  func testAnXMLElementsAttributesAreChecked() throws {
    let xml = Marked(
      #"""
      <Family name="CARDS">
        <GridComponent name="GRID" columns="1">
          <Cell name="CARD" cellHeight="200">
            <Element display=⟦ZL0203⟧"flex" ⟦ZL0206⟧widthRaito="0.5" bogus="1" margin=⟦ZL0202⟧"1 2 3"/>
            <Element widthRatio=⟦ZL0203⟧"2" widthHeightRatio=⟦ZL0202⟧"tall"/>
          </Cell>
        </GridComponent>
      </Family>
      """#)
    let dir = try makeProject([
      "zlc.json": Self.settings, "families/cards.xml": xml.text,
      "screens/home.json": Self.screen.replacingOccurrences(of: #"["CARD", "TILE"]"#, with: #"["CARD"]"#),
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.location?.file.hasSuffix("cards.xml") == true }
    XCTAssertEqual(
      found.map { "\($0.code) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }.sorted(),
      xml.markers.map { "\($0.code ?? "") \($0.line):\($0.column)" }.sorted(), found.map(\.message).joined(separator: "\n"))
    XCTAssertEqual(found.first { $0.code == "ZL0206" }?.fixIt?.replacement, "widthRatio")
  }

  /// An XML margin's slot left empty (`"1,,2,3,4"`, `"1,2,3,"`) is no number: skipped, it would
  /// move the numbers after it to other sides. Commas and spaces still separate the four.
  func testAnXMLMarginWithAnEmptySlotIsAWrongType() throws {
    let m = Marked(
      #"""
      <Family name="F"><GridComponent name="GRID"><Cell name="C" cellHeight="9">
        <Element margin=⟦ZL0202⟧"1,,2,3,4"/><Element margin=⟦ZL0202⟧"1,2,3,"/><Element margin=⟦ZL0202⟧"1 , ,2 3"/>
        <Element margin="1, 2 ,3,4"/><Element margin=" 1 2  3 4 "/>
      </Cell></GridComponent></Family>
      """#)
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "f.xml", text: m.text))
    let found = "'margin' takes four numbers (top, left, bottom, right), found"
    assertDiagnostics(
      diagnostics, m, file: "f.xml", messages: ["\(found) '1,,2,3,4'", "\(found) '1,2,3,'", "\(found) '1 , ,2 3'"])
    let elements = try XCTUnwrap(decl?.family.component("grid")?.cell(named: "C")?.elements)
    let written = Insets(top: 1, left: 2, bottom: 3, right: 4)
    XCTAssertEqual(elements.map(\.margin), [.zero, .zero, .zero, written, written])
  }

  func testElementValuesAreCheckedWhereTheyStand() throws {
    let family = #"""
      {"name": "CARDS", "components": [{"type": "grid", "cells": [{"name": "CARD", "cellHeight": 100, "elements": [
        ⟦ZL0202⟧3,
        {"display": ⟦ZL0203⟧"flex", "width_ratio": ⟦ZL0202⟧"half", "margin": ⟦ZL0203⟧[1, 2]},
        {"style": {"width_height_ratio": ⟦ZL0202⟧true, "margin": ⟦ZL0202⟧"1 2 3 4"}}]},
        {"name": "TILE", "cellHeight": 100, "elements": ⟦ZL0202⟧{"display": "block"}},
        {"name": "WIDE", "cellHeight": 100, "elements": [
          {"width_ratio": ⟦ZL0203⟧1.5, "width_height_ratio": ⟦ZL0203⟧0, "margin": ⟦ZL0203⟧[0, -1, 0, 0]}]},
        {"name": "SIDES", "cellHeight": 100, "elements": [
          {"margin": [0, 0, ⟦ZL0202⟧"x", 0]}, {"margin": {"left": 3, ⟦ZL0202⟧"lef": 2}}, {"margin": {"top": 1, ⟦ZL0202⟧"lft": 2}}]}]}]}
      """#
    let marked = Marked(family)
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "cards.json", text: marked.text))
    XCTAssertEqual(decl?.family.component("grid")?.cell(named: "CARD")?.elements.count, 2)
    XCTAssertEqual(decl?.family.component("grid")?.cell(named: "TILE")?.attributes, [:], "not passed through")
    XCTAssertEqual(diagnostics.map(\.code), marked.markers.compactMap(\.code), diagnostics.map(\.message).joined(separator: "\n"))
    XCTAssertEqual(diagnostics.map { $0.location?.line ?? 0 }, marked.markers.map(\.line))
    XCTAssertEqual(diagnostics.map { $0.location?.column ?? 0 }, marked.markers.map(\.column))
    // A side the object has already is not suggested: the rename would write it twice.
    XCTAssertNil(diagnostics.dropLast().last?.fixIt)
    XCTAssertEqual(
      diagnostics.suffix(6).map(\.message),
      [
        "'width_ratio' is a share of the cell's width: above 0 and at most 1, found 1.5",
        "'width_height_ratio' is a width ÷ height from 0.01 to 100, found 0", "'margin' values are from 0 to 10,000, found -1",
        // At the value that is no number, and at the side of another name, with the side it is near.
        "'margin' takes four numbers (top, left, bottom, right) or an object of sides",
        "'margin' takes the sides top, left, bottom and right, found 'lef'",
        "'margin' takes the sides top, left, bottom and right, found 'lft'",
      ])
    XCTAssertEqual(diagnostics.last?.fixIt?.replacement, #""left""#)
  }

  func testTheRuntimeReadsAFamilysElements() throws {
    let checked = try XCTUnwrap(FamilyReader.read(SourceFile(path: "f.json", text: Self.family)).0?.family)
    let runtime = try Family(jsonFamily: Data(Self.family.utf8))
    XCTAssertEqual(runtime, checked)
    XCTAssertEqual(runtime.component("grid")?.cell(named: "CARD")?.elements.count, 7)
  }

  func testWholeRowsAsTheStylesFillThem() {
    func layout(_ columns: [Int], kind: LayoutKind = .flow) -> SectionLayout {
      SectionLayout(
        kind: kind, columns: columns[0], item: ItemSize(width: 10, height: 10), insets: .zero, interItemSpacing: 0, lineSpacing: 0,
        cells: columns.map { CellLayout(style: "S\($0)", columns: $0, item: ItemSize(width: 10, height: 10)) })
    }
    // 4 then 3 columns: 1/4 + 1/3 + 1/3 (a fourth item would not fit), then rows of 3.
    XCTAssertEqual((1...10).map { layout([4, 3]).itemsInWholeRows(of: $0) }, [0, 0, 3, 3, 3, 6, 6, 6, 9, 9])
    // One full-width item, then halves: rows end at 1, 3, 5, …
    XCTAssertEqual((1...6).map { layout([1, 2]).itemsInWholeRows(of: $0) }, [1, 1, 3, 3, 5, 5])
    // A huge limit is counted without walking every item.
    XCTAssertEqual(layout([1, 2]).itemsInWholeRows(of: 1_000_000_001), 1_000_000_001)
    // One style, or another kind: rows of the section's columns, as before.
    XCTAssertEqual(layout([3]).itemsInWholeRows(of: 7), 6)
    XCTAssertEqual(layout([2, 3], kind: .horizontal).itemsInWholeRows(of: 5), 4)
  }

  func testTheRepeatRule() {
    XCTAssertEqual((0..<4).map { SectionCell.styleIndex(forItem: $0, count: 2) }, [0, 1, 1, 1])
    XCTAssertEqual(SectionCell.styleIndex(forItem: 3, count: 0), nil)
    XCTAssertEqual(SectionCell.styleIndex(forItem: -1, count: 3), 0)
  }
}

/// A list of cell styles with a hole (ZL0304).
final class CellStyleHoleTests: XCTestCase {
  /// An empty or `null` entry beside a cell style is an error at the entry: clients take the
  /// styles by position. A list of `null` alone names no style (one finding, at the type), and a
  /// list of styles passes.
  func testAnEmptyOrNullEntryAmongCellStylesIsAnError() throws {
    let data = #""data": {"source": "1", "type": "APPLICASTER_COLLECTION"}"#
    let components = [
      #"{"component_type": "grid", \#(data), "styles": {"cell_styles": [⟦ZL0304⟧"", "GRID_1", ⟦ZL0304⟧null]}}"#,
      #"{"component_type": ⟦ZL0304⟧"grid", \#(data), "styles": {"cell_styles": [null]}}"#,
      #"{"component_type": "grid", \#(data), "styles": {"cell_styles": ["GRID_1", "GRID_2"]}}"#,
    ]
    func hole(_ entry: Int, _ what: String) -> String {
      "entry \(entry) of 'styles.cell_styles' is \(what): it names no cell style, so the items a client styles by it would have no size"
    }
    try assertFindings(
      ["screens/o.json": Example.screen(components.joined(separator: ", "))],
      [
        "screens/o.json": [
          (hole(1, "empty"), [], nil), (hole(3, "null"), [], nil),
          (
            "component 'grid' names no cell style in 'styles.cell_styles', so its items would have no size (family 'FAMILY_1' offers GRID_1, GRID_2 for 'grid')",
            [], nil
          ),
        ]
      ])
  }
}

/// A size class mapped to a word meant as "hide" (ZL0314).
final class HideMisspelledTests: XCTestCase {
  /// `hid`, `Hide` and `hidden` get "hide" as their fix; a number or another word gets none.
  func testAWordMeantAsHideGetsItAsItsFix() throws {
    let hero =
      #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]}, "#
    let components = [
      hero + #""size_class_mapping": {"S": ⟦ZL0314⟧"hid", "L": ⟦ZL0314⟧"Hide", "XL": ⟦ZL0314⟧"hidden"}}"#,
      hero + #""size_class_mapping": {"S": ⟦ZL0314⟧42, "L": ⟦ZL0314⟧"banner"}}"#,
    ]
    func message(_ size: String) -> String { "size class '\(size)' maps to neither \"hide\" nor an object with a 'component_type'" }
    try assertFindings(
      ["screens/o.json": Example.screen(components.joined(separator: ", "))],
      [
        "screens/o.json": [
          (message("S"), [], #""hide""#), (message("L"), [], #""hide""#), (message("XL"), [], #""hide""#),
          (message("S"), [], nil), (message("L"), [], nil),
        ]
      ])
  }
}
