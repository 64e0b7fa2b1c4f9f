import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayout
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// A section's `cell_body` carries its first cell style's card style (`card_style`), the family
/// cell's `style`, as each entry of a body's `cells` carries its own.
final class CellBodyCardStyleTests: XCTestCase {
  /// A project whose tab bar's body is a `list` of `bodyStyles`, its cell `A` styled by
  /// `cardStyle` (none when empty) and the tab bar's own `styles` setting a card colour of their
  /// own; built compact into `c` and expanded into `e`.
  func built(bodyStyles: String = #"["A"]"#, cardStyle: String) throws -> String {
    let style = cardStyle.isEmpty ? "" : #", "style": \#(cardStyle)"#
    let dir = try makeProject([
      "families/f.json": #"""
      {"name": "F", "components": [{"type": "tab_bar", "cells": [{"name": "T", "cellHeight": 40}]}, {"type": "list", "cells": [
        {"name": "A", "cellHeight": 100\#(style)}, {"name": "B", "cellHeight": 100, "style": {"backgroundColor": "#0f0"}}]}]}
      """#,
      "screens/home.json": #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
        {"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
         "styles": {"cell_styles": ["T"], "backgroundColor": "#00f", "cell_body_component_type": "list", "cell_body_styles": \#(bodyStyles)}}]}]
      """#,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let compact = Driver.build(dir, output: dir + "/c")
    XCTAssertEqual(compact.status, .success, "\(compact.diagnostics)")
    let expanded = Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true))
    XCTAssertEqual(expanded.status, .success, "\(expanded.diagnostics)")
    return dir
  }

  /// The tab bar's section in the written screen file of `form` (`c` or `e`).
  func section(_ dir: String, _ form: String) throws -> JSON {
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/" + form))
    let entry = try XCTUnwrap(bundle.index.screens.first { $0.id == "home" })
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + form + "/" + entry.file))
    return try XCTUnwrap(try JSON.parse(bytes)["resolved"]?["sections"]?.arrayValue?.first)
  }

  /// A body of one cell style whose family cell has a card `style` holds exactly that card style,
  /// in place in both forms (not the tab bar's own `styles` colour, which is its section's); the
  /// runtime decodes it, and encodes the screen to the same bytes again.
  func testABodyOfOneCellStyleCarriesItsCardStyle() throws {
    let dir = try built(cardStyle: ##"{"backgroundColor": "#ff0000", "cornerRadius": 4}"##)
    for form in ["c", "e"] {
      let section = try section(dir, form)
      XCTAssertEqual(section["card_style"]?["background_color"]?.stringValue, "#00f", form)
      let card = try XCTUnwrap(section["cell_body"]?["card_style"], form)
      XCTAssertEqual(card.objectValue?.map(\.0), ["background_color", "corner_radius"], form)
      XCTAssertEqual(card["background_color"]?.stringValue, "#ff0000", form)
      XCTAssertEqual(card["corner_radius"]?.doubleValue, 4, form)
      XCTAssertNil(section["cell_body"]?["cells"], form)

      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/" + form))
      let screen = try XCTUnwrap(try bundle.screen(id: "home"), form)
      let body = try XCTUnwrap(screen.resolved.sections[0].cellBody, form)
      XCTAssertEqual(body.cardStyle, CardStyle(backgroundColor: "#ff0000", cornerRadius: 4), form)
      let entry = try XCTUnwrap(bundle.index.screens.first { $0.id == "home" })
      let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + form + "/" + entry.file))
      XCTAssertEqual(
        form == "c" ? screen.encoded(pretty: false, form: .compact) : screen.encoded(pretty: true, form: .expanded), Array(bytes), form)
      XCTAssertEqual(BundleVerifier.verify(dir + "/" + form).problems, [], form)
    }
  }

  /// A body of several cell styles holds its first style's card style as its first `cells` entry
  /// does: the same value, from the same family cell.
  func testABodyOfSeveralCellStylesCarriesItsFirstStylesCardStyle() throws {
    let dir = try built(bodyStyles: #"["A", "B"]"#, cardStyle: ##"{"backgroundColor": "#ff0000", "cornerRadius": 4}"##)
    let body = try XCTUnwrap(try section(dir, "e")["cell_body"])
    XCTAssertEqual(body["card_style"], body["cells"]?.arrayValue?.first?["card_style"])
    XCTAssertEqual(body["card_style"]?["background_color"]?.stringValue, "#ff0000")
  }

  /// A decoded body of one cell style gives that style, its renderer and card style, for every
  /// item (`cellStyle(forItem:)`), as a section of one style does.
  func testABodyOfOneCellStyleGivesItsStyleForEveryItem() throws {
    let dir = try built(cardStyle: ##"{"backgroundColor": "#ff0000"}"##)
    for form in ["c", "e"] {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/" + form))
      let body = try XCTUnwrap(try bundle.screen(id: "home")?.resolved.sections[0].cellBody, form)
      let red = CardStyle(backgroundColor: "#ff0000")
      XCTAssertEqual(body.cellStyleDetails.map(\.cellStyle), ["A"], form)
      XCTAssertEqual(body.cellStyleDetails.first?.layoutID, body.renderer.layoutID, form)
      XCTAssertEqual((0..<3).map { body.cellStyle(forItem: $0)?.cardStyle }, [red, red, red], form)
    }
  }

  /// A decoded body of several cell styles gives item i style min(i, n − 1) with its own card
  /// style: the last style repeats to the end of the data.
  func testABodyOfSeveralCellStylesGivesEachItemsStyle() throws {
    let dir = try built(bodyStyles: #"["A", "B"]"#, cardStyle: ##"{"backgroundColor": "#ff0000"}"##)
    for form in ["c", "e"] {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/" + form))
      let body = try XCTUnwrap(try bundle.screen(id: "home")?.resolved.sections[0].cellBody, form)
      XCTAssertEqual(body.cellStyleDetails, body.cells, form)
      XCTAssertEqual((0..<4).map { body.cellStyle(forItem: $0)?.cellStyle }, ["A", "B", "B", "B"], form)
      XCTAssertEqual(
        (0..<4).map { body.cellStyle(forItem: $0)?.cardStyle?.backgroundColor }, ["#ff0000", "#0f0", "#0f0", "#0f0"], form)
    }
  }

  /// A body whose first cell style gives no card style has no `card_style`, in either form.
  func testABodyWithoutACardStyleHasNoKey() throws {
    let dir = try built(cardStyle: "")
    for form in ["c", "e"] {
      let body = try XCTUnwrap(try section(dir, form)["cell_body"], form)
      XCTAssertNil(body["card_style"], form)
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/" + form))
      XCTAssertNil(try XCTUnwrap(try bundle.screen(id: "home")).resolved.sections[0].cellBody?.cardStyle, form)
    }
  }

  /// The ZL0424 warnings of a project whose tab bar (its own `styles` giving a `shadowColor`) has
  /// a body of cell `A` styled `cellStyle`, with the family and the screen (marked at `A`).
  func shadowWarnings(_ cellStyle: String) throws -> (dir: String, found: [Diagnostic], family: Marked) {
    let family = Marked(
      #"{"name": "F", "components": [{"type": "tab_bar", "cells": [{"name": "T", "cellHeight": 40}]}, "#
        + #"{"type": "list", "cells": [{"name": "A", "cellHeight": 100, "style": \#(cellStyle)}]}]}"#)
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
        {"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
         "styles": {"cell_styles": ["T"], "shadowColor": "#000", "cell_body_component_type": "list", "cell_body_styles": ["A"]}}]}]
      """#
    let dir = try makeProject(["families/f.json": family.text, "screens/home.json": screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == "ZL0424" }, family)
  }

  /// A body's family cell that shapes a shadow without a colour is warned of (ZL0424) at its key:
  /// the bundle's `cell_body.card_style` draws it without one, whatever colour the tab bar's own
  /// `styles` give its cells. With a colour it is not.
  func testABodysShadowWithoutAColourIsWarnedOf() throws {
    let (dir, found, family) = try shadowWarnings(#"{⟦⟧"shadowRadius": 3}"#)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0424", file: "families/f.json", line: family.markers[0].line, column: family.markers[0].column,
          message: "'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style",
          notes: ["drawn here as the component's cell body, which its own styles do not reach"])
      ])
    let (dir2, none, _) = try shadowWarnings(##"{"shadowRadius": 3, "shadowColor": "#40000000"}"##)
    assertDiagnostics(none, in: dir2, [])
  }
}
