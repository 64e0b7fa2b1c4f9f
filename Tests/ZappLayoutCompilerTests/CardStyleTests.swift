import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A JSON family cell's `style`: its card style, checked where each value stands (ZL0417), and read
/// the same by the runtime.
final class CardStyleTests: XCTestCase {
  func testACellsCardStyleIsCheckedWhereItStands() throws {
    let family = #"""
      {"name": "CARDS", "components": [{"type": "grid", "cells": [
        {"name": "CARD", "cellHeight": 100, "style": {"backgroundColor": ⟦ZL0417⟧"white", "cornerRadius": ⟦ZL0417⟧-2}},
        {"name": "TILE", "cellHeight": 100, "style": {"backgroundColor": ⟦ZL0417⟧16777215, "margin": ⟦ZL0417⟧[1, 2]}},
        {"name": "SIDE", "cellHeight": 100, "style": {"margin": ⟦ZL0417⟧{"tpo": 4}}},
        {"name": "HEX", "cellHeight": 100, "style": {"cornerRadius": ⟦ZL0417⟧"0x10"}},
        {"name": "FINE", "cellHeight": 100, "style": {"backgroundColor": "#80ffffff", "cornerRadius": " 8", "margin": {"bottom": 10}}}]}]}
      """#
    let marked = Marked(family)
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "t.json", text: marked.text))
    assertDiagnostics(
      diagnostics, marked,
      messages: [
        "'backgroundColor' takes a colour: #RGB, #RRGGBB or #AARRGGBB, found \"white\"",
        "'cornerRadius' takes a number from 0 to 10,000, found -2",
        "'backgroundColor' takes a colour: #RGB, #RRGGBB or #AARRGGBB, found 16777215",
        "'margin' takes four numbers (top, left, bottom, right) or an object of sides, found [1, 2]",
        "'margin' takes four numbers (top, left, bottom, right) or an object of sides, found {\"tpo\": 4}",
        "'cornerRadius' takes a number from 0 to 10,000, found \"0x10\"",
      ])
    let fine = try XCTUnwrap(decl?.family.component("grid")?.cell(named: "FINE"))
    XCTAssertEqual(
      fine.cardStyle, CardStyle(backgroundColor: "#80ffffff", cornerRadius: 8, margin: Insets(top: 0, left: 0, bottom: 10, right: 0)))
    XCTAssertEqual(fine.attributes, [:], "a card style is not a pass-through attribute")
    let runtime = try Family(jsonFamily: Data(marked.text.utf8))
    XCTAssertEqual(runtime.component("grid")?.cell(named: "FINE")?.cardStyle, fine.cardStyle)
  }

  func testColours() {
    XCTAssertEqual(
      ["#fff", "#FFFFFF", "#80ffffff", "#ffff", "fff", "#ggg", "#"].map(CardStyle.isColor), [true, true, true, false, false, false, false])
  }

  /// A cell's `style` holds the card style keys alone: a near miss is an error with its fix, any
  /// other key a warning, each at the key.
  func testAMisspelledCellStyleKeyIsAnError() throws {
    let family = #"""
      {"name": "J", "components": [{"type": "grid", "cells": [
        {"name": "C", "cellHeight": 100, "style": {⟦⟧"backgroundColour": "#fff", ⟦⟧"shadow": 2, "cornerRadius": 4}}]}]}
      """#
    let marked = Marked(family)
    var files = Example.baseProject
    files["families/j.json"] = marked.text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.location?.file.hasSuffix("j.json") ?? false }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0206", file: "families/j.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "misspelled attribute 'backgroundColour' on <style>: clients ignore it", fixIt: #""backgroundColor""#),
        DiagnosticSpec(
          code: "ZL0204", file: "families/j.json", line: marked.markers[1].line, column: marked.markers[1].column,
          message: "unknown attribute 'shadow' on <style>"),
      ])
  }
}
