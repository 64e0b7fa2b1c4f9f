import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// A family cell's `layout` picks how its elements are placed (`ElementLayoutKind`): the bundle
/// carries the kind beside the elements, the runtime reads it back and places an item's elements
/// with it, and a value that names no kind is reported where it stands.
final class CardLayoutTests: XCTestCase {
  /// A card of `layout` (a JSON member and a comma, or nothing): a square picture on the left half,
  /// two banners of shape 2 on its right.
  static func family(_ layout: String) -> String {
    #"""
    {"name": "CARDS", "screens": [{"type": "universal", "insetLeft": 0, "insetRight": 0, "insetTop": 0, "insetBottom": 0, "interItemSpacing": 0}],
     "components": [{"type": "grid", "layout": "flow", "columns": 1, "cells": [
       {"name": "CARD", "layoutId": "card", "aspectCellRatio": 2, \#(layout)"style": {"backgroundColor": "#ffffff"}, "elements": [
         {"type": 1, "style": {"width_ratio": 0.5, "width_height_ratio": 1}},
         {"type": 1, "style": {"width_ratio": 0.5, "width_height_ratio": 2}},
         {"type": 1, "style": {"width_ratio": 0.5, "width_height_ratio": 2}}]}]}]}
    """#
  }

  static let screen = #"""
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "CARDS"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}}]}]
    """#

  static let settings = #"{"devices": [{"name": "se", "width": 320}, {"name": "pad", "class": "tablet", "width": 768}]}"#

  func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }

  /// Builds the project in both forms; returns each form's first `style_geometry` as written (in
  /// the compact form, in the `layouts` entry the section names) and the screen the runtime loads,
  /// after checking that it encodes to the same bytes again, and that the build reports `findings`
  /// alone.
  func built(layout: String, findings: [String] = []) throws -> [(style: JSON, screen: ResolvedScreen)] {
    let dir = try makeProject(["zlc.json": Self.settings, "families/cards.json": Self.family(layout), "screens/home.json": Self.screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let compact = Driver.build(dir, output: dir + "/c")
    XCTAssertEqual(compact.diagnostics.map { "\($0.code) \($0.message)" }, findings)
    XCTAssertEqual(Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true)).status, .success)
    return try [("c", BundleForm.compact, false), ("e", .expanded, true)].map { folder, form, pretty in
      XCTAssertEqual(BundleVerifier.verify(dir + "/" + folder).problems.map(\.message), [String](), folder)
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/" + folder))
      let entry = try XCTUnwrap(bundle.index.screens.first { $0.id == "home" })
      let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + folder + "/" + entry.file))
      let screen = try XCTUnwrap(try bundle.screen(id: "home"))
      XCTAssertEqual(screen.encoded(pretty: pretty, form: form), Array(bytes), "decode, encode: the same bytes (\(folder))")
      var section = try XCTUnwrap(try JSON.parse(bytes)["resolved"]?["sections"]?.arrayValue?.first)
      if let id = section["layout_ref"]?.stringValue { section = try XCTUnwrap(bundle.index.layouts.first { $0.id == id }?.value) }
      return (try XCTUnwrap(section["geometry"]?["styles"]?.arrayValue?.first, folder), screen)
    }
  }

  func testTheBundleCarriesAOneAndNCardsKindAndFrames() throws {
    for (style, screen) in try built(layout: #""layout": 3, "#) {
      XCTAssertEqual(style["element_layout"], .string("one_and_n"))
      let grid = try XCTUnwrap(screen.resolved.sections.first)
      XCTAssertEqual(grid.geometry?.styles.first?.elementLayout, .oneAndN)
      // 320 pt: the picture 160 × 160 on the left, the banners 160 × 80 one below the other on its
      // right; 768 pt: 384 × 384, then 384 × 192 twice.
      XCTAssertEqual(
        grid.layout(on: "se")?.cells?.first?.elements?.map(\.box), [f(0, 0, 160, 160), f(160, 0, 160, 80), f(160, 80, 160, 80)])
      XCTAssertEqual(
        grid.layout(on: "pad")?.cells?.first?.elements?.map(\.box), [f(0, 0, 384, 384), f(384, 0, 384, 192), f(384, 192, 384, 192)])
      // The card's `layout` still reaches the renderer as written.
      XCTAssertEqual(grid.cellAttributes.first { $0.0 == "layout" }?.1, .int(3))
    }
  }

  /// A misspelled `element_layout` in a bundle this release wrote is refused, in a sentence.
  func testVerifyRefusesAnUnknownElementLayout() throws {
    let dir = try makeProject([
      "zlc.json": Self.settings, "families/cards.json": Self.family(#""layout": 3, "#), "screens/home.json": Self.screen,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    var edited = 0
    for name in try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: dir + "/c")) where name.hasSuffix(".json") {
      let path = dir + "/c/" + name
      let text = try String(contentsOfFile: path, encoding: .utf8)
      guard text.contains(#""one_and_n""#) else { continue }
      try text.replacingOccurrences(of: #""one_and_n""#, with: #""one_and_m""#).write(toFile: path, atomically: true, encoding: .utf8)
      edited += 1
    }
    XCTAssertEqual(edited, 1)
    // The word, and the frames it no longer gives (the section's layout holds one_and_n's).
    let problems = BundleVerifier.verify(dir + "/c").problems.map(\.message)
    XCTAssertEqual(
      problems.first?.drop { $0 != "." }.dropFirst().drop { $0 != "." },
      #".geometry.styles[0].element_layout: "one_and_m" is not an element_layout (expected one of: flow, linear, one_and_n, waterfall); the nearest is "one_and_n""#
    )
  }

  /// A card without `layout`, or of `layout` 1, flows as before and writes no `element_layout`;
  /// its third banner wraps below the picture, past the card's height.
  func testAFlowCardWritesNoKind() throws {
    let overflow =
      "ZL0513 the elements of cell style 'CARD' of family 'CARDS' are 240 high on device 'se' (320 wide), but its cells are 160 high: the card cuts off 80 points"
    for layout in ["", #""layout": "1", "#, #""layout": "flow", "#] {
      for (style, screen) in try built(layout: layout, findings: [overflow]) {
        XCTAssertNotNil(style["elements"], layout)
        XCTAssertNil(style["element_layout"], layout)
        let grid = try XCTUnwrap(screen.resolved.sections.first)
        XCTAssertEqual(
          grid.layout(on: "se")?.cells?.first?.elements?.map(\.box), [f(0, 0, 160, 160), f(160, 0, 160, 80), f(0, 160, 160, 80)],
          layout)
      }
    }
  }

  /// The runtime's family reader reads the kind as the compiler does, and the mapper places a feed
  /// item's elements (its styles over the family's) with it.
  func testTheRuntimeReadsTheKindAndPlacesAnItemsElementsWithIt() throws {
    let text = Self.family(#""layout": "waterfall", "#)
    let checked = try XCTUnwrap(FamilyReader.read(SourceFile(path: "f.json", text: text)).0?.family)
    let runtime = try Family(jsonFamily: Data(text.utf8))
    XCTAssertEqual(runtime, checked)
    XCTAssertEqual(runtime.component("grid")?.cell(named: "CARD")?.elementLayout, .waterfall)

    let screen = try XCTUnwrap(try built(layout: #""layout": " 3 ", "#).first?.screen)
    let grid = try XCTUnwrap(screen.resolved.sections.first)
    // The item's second element is square: 160 high on the right, the third below it at y 160.
    let item = FeedEntry(
      id: "card", typeValue: "card",
      entries: [FeedEntry(style: nil), FeedEntry(style: .object([("width_height_ratio", .int(1))])), FeedEntry(style: nil)])
    let shown = grid.shownEntries([(item, 0)], sizeClass: nil, layout: grid.layout(on: "se"))
    XCTAssertEqual(shown.first?.frames?.map(\.box), [f(0, 0, 160, 160), f(160, 0, 160, 160), f(160, 160, 160, 80)])
  }

  /// A feed item in card JSON's shape (`{"layout": 2, "elements": [{"type": 1, "style": {…}}]}`)
  /// places its elements with its own kind, each element's keys (its own, its `style`'s over them)
  /// over its cell style's; the runtime's decoder and the compiler's reader read it alike, and it
  /// encodes to what it was read from.
  func testAFeedItemsOwnLayoutAndElementsPlaceItsCard() throws {
    let feed = #"""
      {"id": "root", "entry": [{"id": "card-a", "layout": 2, "style": {"backgroundColor": "#000000"}, "elements": [
        {"type": 1, "image": "a.jpg", "width_height_ratio": 8, "style": {"width_height_ratio": 2}},
        {"type": 1, "width_ratio": 0.5, "style": {"width_height_ratio": 4}}]}]}
      """#
    let runtime = try FeedEntry.decode(Data(feed.utf8))
    let checked = try XCTUnwrap(FeedReader.read(SourceFile(path: "feed.json", text: feed)).feed)
    XCTAssertEqual(runtime, checked)
    let item = try XCTUnwrap(runtime.entries?.first)
    XCTAssertEqual(item.cardLayout, .linear)
    XCTAssertEqual(
      item.elements,
      [.object([("width_height_ratio", .int(2))]), .object([("width_ratio", .number("0.5")), ("width_height_ratio", .int(4))])],
      "the keys that place each element, the style's over the entry's, in one order")
    XCTAssertEqual(try JSONDecoder().decode(FeedEntry.self, from: JSONEncoder().encode(item)), item)

    let screen = try XCTUnwrap(try built(layout: #""layout": 3, "#).first?.screen)
    let grid = try XCTUnwrap(screen.resolved.sections.first)
    let shown = grid.shownEntries([(item, 0)], sizeClass: nil, layout: grid.layout(on: "se"))
    // Linear: each element a full-width line; the third is the family's (a half of shape 2).
    XCTAssertEqual(shown.first?.frames?.map(\.box), [f(0, 0, 320, 160), f(0, 160, 320, 80), f(0, 240, 320, 160)])
    // Without its own kind, the item's elements are placed as its cell style says (one_and_n).
    var flowing = item
    flowing.cardLayout = nil
    let left = grid.shownEntries([(flowing, 0)], sizeClass: nil, layout: grid.layout(on: "se")).first?.frames?.first?.box
    XCTAssertEqual(left, f(0, 0, 160, 80))
  }

  /// A feed item's `layout` that is a number but no code, or a near miss of a kind's word, is
  /// ZL0203 where it stands, at any depth (with the word as a near miss's fix); another string is
  /// another reader's.
  func testAFeedItemsLayoutThatNamesNoKindIsReported() throws {
    let feed = Marked(
      #"""
      {"id": "root", "entry": [{"id": "a", "layout": ⟦⟧7}, {"id": "b", "layout": "TAB_01", "entry": [{"id": "c", "layout": ⟦⟧"waterfal"}]}]}
      """#)
    let read = FeedReader.read(SourceFile(path: "feed.json", text: feed.text))
    XCTAssertEqual(
      read.diagnostics.map { "\($0.code) \($0.spot?.location.line ?? 0):\($0.spot?.location.column ?? 0) \($0.message)" },
      zip(feed.markers, ["7", "waterfal"]).map { marker, found in
        "ZL0203 \(marker.line):\(marker.column) a card's 'layout' is 1 (flow), 2 (linear), 3 (one_and_n) or 4 (waterfall), found '\(found)'"
      })
    XCTAssertEqual(read.diagnostics.map { $0.fixIt?.replacement }, [nil, #""waterfall""#])
    // Another reader's values of the keys are passed over, as the runtime passes them.
    let other =
      #"{"id": "root", "entry": [{"id": "a", "layout": {"a": 1}, "elements": "x"}, {"id": "b", "elements": [null, 1, {"width_ratio": 0.5}]}]}"#
    let otherRead = FeedReader.read(SourceFile(path: "feed.json", text: other))
    XCTAssertEqual(otherRead.diagnostics.map(\.message), [])
    XCTAssertEqual(otherRead.feed?.entries?.last?.elements, [nil, nil, .object([("width_ratio", .number("0.5"))])])
    XCTAssertEqual(try FeedEntry.decode(Data(other.utf8)), otherRead.feed)
  }

  /// A card's `layout` that is a number but no code, or a near miss of a kind's word, is reported
  /// where it stands (a near miss with the word as its fix) and its elements flow; another string
  /// is another reader's and passes unchecked; an array, a boolean or an object is ZL0202.
  func testACardsLayoutThatNamesNoKindIsReportedWhereItStands() throws {
    let marked = Marked(
      #"""
      {"name": "CARDS", "components": [{"type": "grid", "cells": [
        {"name": "A", "cellHeight": 100, "layout": ⟦ZL0203⟧"FLOW", "elements": [{"width_height_ratio": 2}]},
        {"name": "B", "cellHeight": 100, "layout": ⟦ZL0203⟧5, "elements": [{"width_height_ratio": 2}]},
        {"name": "C", "cellHeight": 100, "layout": ⟦ZL0203⟧"2.5", "elements": [{"width_height_ratio": 2}]},
        {"name": "D", "cellHeight": 100, "layout": ⟦ZL0203⟧"waterfal", "elements": [{"width_height_ratio": 2}]},
        {"name": "E", "cellHeight": 100, "layout": "grid"},
        {"name": "F", "cellHeight": 100, "layout": "4", "elements": [{"width_height_ratio": 2}]},
        {"name": "G", "cellHeight": 100, "layout": "TAB_01", "elements": [{"width_height_ratio": 2}]},
        {"name": "H", "cellHeight": 100, "layout": ⟦ZL0202⟧[3], "elements": [{"width_height_ratio": 2}]}]}]}
      """#)
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "t.json", text: marked.text))
    let accepted = "a card's 'layout' is 1 (flow), 2 (linear), 3 (one_and_n) or 4 (waterfall)"
    let found = ["FLOW", "5", "2.5", "waterfal"]
    let fixes = [#""flow""#, nil, nil, #""waterfall""#]
    let array = try XCTUnwrap(marked.markers.last)
    assertDiagnostics(
      diagnostics, in: "",
      zip(marked.markers, zip(found, fixes)).map { marker, expected in
        DiagnosticSpec(
          code: "ZL0203", file: "t.json", line: marker.line, column: marker.column, message: "\(accepted), found '\(expected.0)'",
          fixIt: expected.1)
      } + [
        DiagnosticSpec(
          code: "ZL0202", file: "t.json", line: array.line, column: array.column,
          message: "'layout' must be a number or a string, found an array")
      ])
    let cells = try XCTUnwrap(decl?.family.component("grid")?.cells)
    XCTAssertEqual(
      cells.map(\.elementLayout), [.unknown("FLOW"), .unknown("5"), .unknown("2.5"), .unknown("waterfal"), .flow, .waterfall, .flow, .flow])
    // A cell without elements keeps its `layout` for its renderer, unchecked; so does a card's
    // that is another reader's.
    XCTAssertEqual(cells[4].attributes["layout"], "grid")
    XCTAssertEqual(cells[6].attributes["layout"], "TAB_01")
  }

  /// Android's own cell `layout` (a layout mapping, `TAB_01`) on a cell with elements passes to
  /// clients unchecked, and the elements flow; a near miss of a kind is reported with its fix.
  func testAnXMLCellsLayout() throws {
    let marked = Marked(
      #"""
      <Family name="CARDS">
        <GridComponent name="GRID" columns="1">
          <Cell name="A" cellHeight="200" layout="linear"><Element widthHeightRatio="2"/><Element widthHeightRatio="4"/></Cell>
          <Cell name="B" cellHeight="200" layout=⟦ZL0203⟧"Linear"><Element widthHeightRatio="2"/></Cell>
          <Cell name="T" layoutId="t" cellHeight="200" layout="TAB_01"><Element widthHeightRatio="2"/></Cell>
          <Cell name="S" cellHeight="200" layout="stack"><Element widthHeightRatio="2"/></Cell>
        </GridComponent>
      </Family>
      """#)
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "t.xml", text: marked.text))
    let marker = try XCTUnwrap(marked.markers.first)
    assertDiagnostics(
      diagnostics, in: "",
      [
        DiagnosticSpec(
          code: "ZL0203", file: "t.xml", line: marker.line, column: marker.column,
          message: "a card's 'layout' is 1 (flow), 2 (linear), 3 (one_and_n) or 4 (waterfall), found 'Linear'", fixIt: #""linear""#)
      ])
    let grid = try XCTUnwrap(decl?.family.component("grid"))
    let cell = try XCTUnwrap(grid.cell(named: "A"))
    XCTAssertEqual(cell.elementLayout, .linear)
    XCTAssertEqual(
      ElementLayout.frames(for: cell.elements, width: 320, kind: cell.elementLayout).map(\.box), [f(0, 0, 320, 160), f(0, 160, 320, 80)])
    XCTAssertEqual(grid.cell(named: "T")?.elementLayout, .flow)
    XCTAssertEqual(grid.cell(named: "T")?.attributes["layout"], "TAB_01")
    XCTAssertEqual(grid.cell(named: "S")?.elementLayout, .flow)
  }

  /// The runtime reads another reader's `layout`, and a refused one, as flow.
  func testTheRuntimeFlowsACardWhoseLayoutNamesNoKind() throws {
    for layout in [#""layout": "TAB_01", "#, #""layout": "FLOW", "#, #""layout": 7, "#] {
      let runtime = try Family(jsonFamily: Data(Self.family(layout).utf8))
      XCTAssertEqual(runtime.component("grid")?.cell(named: "CARD")?.elementLayout, .flow, layout)
    }
  }

  /// A refused `layout` is one finding: its elements flow past the card's height, but ZL0513 does
  /// not report them as well. Another reader's `layout` flows, and ZL0513 reports the overflow.
  func testARefusedLayoutIsOneFinding() throws {
    let overflow =
      "ZL0513 the elements of cell style 'CARD' of family 'CARDS' are 240 high on device 'se' (320 wide), but its cells are 160 high: the card cuts off 80 points"
    let refused = "ZL0203 a card's 'layout' is 1 (flow), 2 (linear), 3 (one_and_n) or 4 (waterfall), found 'FLOW'"
    for (layout, findings) in [(#""layout": "FLOW", "#, [refused]), (#""layout": "TAB_01", "#, [overflow])] {
      let dir = try makeProject(["zlc.json": Self.settings, "families/cards.json": Self.family(layout), "screens/home.json": Self.screen])
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(Driver.build(dir, output: dir + "/c").diagnostics.map { "\($0.code) \($0.message)" }, findings, layout)
    }
  }
  /// An element's `display` other than `inline` or `block` is reported where it stands, with the
  /// value found and, for a near miss (`blok`, `Inline`), the word as its fix, in JSON and in XML;
  /// a value near neither gets no fix, and a number says only what is accepted.
  func testAnElementsDisplayThatIsNoKindNamesWhatItFoundAndItsFix() throws {
    let json = Marked(
      #"""
      {"name": "CARDS", "components": [{"type": "grid", "cells": [
        {"name": "A", "cellHeight": 100, "elements": [{"display": ⟦ZL0203⟧"blok"}, {"display": ⟦ZL0203⟧"Inline"}]},
        {"name": "B", "cellHeight": 100, "elements": [{"display": ⟦ZL0203⟧"flex"}, {"display": ⟦ZL0203⟧2}, {"display": "block"}]}]}]}
      """#)
    let accepted = #"'display' is "inline" or "block""#
    let (_, diagnostics) = FamilyReader.read(SourceFile(path: "t.json", text: json.text))
    let expected: [(String, String?)] = [
      (", found 'blok'", #""block""#), (", found 'Inline'", #""inline""#), (", found 'flex'", nil), ("", nil),
    ]
    assertDiagnostics(
      diagnostics, in: "",
      zip(json.markers, expected).map { marker, want in
        DiagnosticSpec(
          code: "ZL0203", file: "t.json", line: marker.line, column: marker.column, message: accepted + want.0, fixIt: want.1)
      })
    let xml = Marked(
      #"""
      <Family name="CARDS">
        <GridComponent name="GRID" columns="1">
          <Cell name="A" cellHeight="200"><Element display=⟦ZL0203⟧"inlin" widthHeightRatio="2"/><Element display="block"/></Cell>
        </GridComponent>
      </Family>
      """#)
    let (_, xmlDiagnostics) = FamilyReader.read(SourceFile(path: "t.xml", text: xml.text))
    let marker = try XCTUnwrap(xml.markers.first)
    assertDiagnostics(
      xmlDiagnostics, in: "",
      [
        DiagnosticSpec(
          code: "ZL0203", file: "t.xml", line: marker.line, column: marker.column, message: accepted + ", found 'inlin'",
          fixIt: #""inline""#)
      ])
  }
}
