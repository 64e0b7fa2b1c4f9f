import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A family attribute near a known one is an error either way (ZL0206), but its rename is a fix
/// only when it cannot change what the attribute means: `zlc check --fix` wrote `insetLeft` for
/// `insetEnd` (the other side), `padding` for `paddingTop` (both sides), `paddingTopBottom` for
/// `paddingBottom` and `innerSpacing` for `interSpacing`, and the build went green with another
/// geometry.
final class FamilyAttributeMeaningTests: XCTestCase {
  /// The renames that may change the meaning, and those that are a typo's (a letter dropped,
  /// swapped, or changed into its key's neighbour making no word of another name of the element,
  /// case, another layout system's name, a prefix).
  func testWhichRenamesMayChangeTheMeaning() {
    let names = [
      "insetLeft", "insetRight", "insetTop", "padding", "paddingSide", "paddingTopBottom", "innerSpacing", "interItemSpacing",
      "lineSpacing", "columns", "cellHeight", "divider",
    ]
    for (written, meant) in [
      ("insetEnd", "insetLeft"), ("paddingTop", "padding"), ("paddingBottom", "paddingTopBottom"), ("interSpacing", "innerSpacing"),
      ("paddingSize", "paddingSide"), ("cellWeight", "cellHeight"), ("devider", "divider"), ("innerSpasing", "innerSpacing"),
    ] {
      XCTAssertTrue(MisspelledKeyRule.changesMeaning(written, to: meant, allowed: names), "\(written) → \(meant)")
    }
    for (written, meant) in [
      ("insetLft", "insetLeft"), ("insetLfet", "insetLeft"), ("colums", "columns"), ("columnz", "columns"),
      ("interitemSpacing", "interItemSpacing"), ("inset_left", "insetLeft"), ("minimumLineSpacing", "lineSpacing"),
      ("app:columns", "columns"), ("paddingTopBotom", "paddingTopBottom"), ("colunns", "columns"), ("insetTip", "insetTop"),
      ("paddingSude", "paddingSide"), ("cellHeoght", "cellHeight"), ("paddimg", "padding"),
    ] {
      XCTAssertFalse(MisspelledKeyRule.changesMeaning(written, to: meant, allowed: names), "\(written) → \(meant)")
    }
  }

  /// How two names' words differ, as both the attribute rule and ZL0337 weigh a rename.
  func testWordDifferences() {
    XCTAssertEqual(WordDifference("interitemSpacing", "interItemSpacing"), .sameLetters)
    XCTAssertEqual(WordDifference("paddingTop", "padding"), .wordsAdded)
    XCTAssertEqual(WordDifference("paddingBottom", "paddingTopBottom"), .wordsAdded)
    XCTAssertEqual(WordDifference("insetleftright", "insetLeft"), .regrouped)
    XCTAssertEqual(WordDifference("insetEnd", "insetLeft"), .oneWord(Array("end"), Array("left")))
    XCTAssertEqual(WordDifference("cell_end_top", "cellHeightWidth"), .severalWords)
  }

  /// Keys beside each other on a QWERTY keyboard: in a row, and between rows (each sits half a
  /// key right of the one above).
  func testKeyboardNeighbours() {
    for (a, b) in [("n", "m"), ("i", "o"), ("u", "i"), ("a", "q"), ("a", "w"), ("s", "e"), ("z", "a"), ("b", "g"), ("M", "n")] {
      XCTAssertTrue(MisspelledKeyRule.areKeyboardNeighbours(Character(a), Character(b)), "\(a) \(b)")
    }
    for (a, b) in [("z", "d"), ("w", "h"), ("t", "n"), ("e", "i"), ("a", "e"), ("q", "q"), ("1", "2")] {
      XCTAssertFalse(MisspelledKeyRule.areKeyboardNeighbours(Character(a), Character(b)), "\(a) \(b)")
    }
  }

  /// Through a check: each is ZL0206 with its did-you-mean; `insetEnd` and `paddingTop` as hints,
  /// which `--fix` leaves, `insetRigt` as a fix it applies.
  func testAMeaningChangingRenameIsAHintThatFixLeaves() throws {
    let xml = """
      <Family name="X"><Components><Component type="grid" columns="2">\
      <Cell name="G" layoutId="l" aspectCellRatio="1" ⟦ZL0206⟧insetEnd="40" ⟦ZL0206⟧paddingTop="8" ⟦ZL0206⟧insetRigt="4"/>\
      </Component></Components></Family>
      """
    let message = { (name: String) in "misspelled attribute '\(name)' on <Cell>: clients ignore it" }
    try assertFindings(
      ["families/x.xml": xml],
      [
        "families/x.xml": [
          (message("insetEnd"), [], "insetLeft"), (message("paddingTop"), [], "padding"), (message("insetRigt"), [], "insetRight"),
        ]
      ])
    let dir = try makeProject(Example.baseProject.merging(["families/x.xml": Marked(xml).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let findings = Driver.check(dir).diagnostics.filter { $0.code == "ZL0206" }
    XCTAssertEqual(findings.map { $0.fixIt?.range == nil }, [true, true, false], "hints, then a fix")
  }

  /// A required attribute written in another case (`Type` on a `<Screen>`, `Name` on a cell, a
  /// JSON cell's `"Name"`) leaves the element without it (ZL0201): the finding renames it.
  func testARequiredAttributeInAnotherCaseIsRenamed() throws {
    let xml = """
      <Family name="X"><Screens>⟦ZL0201⟧<Screen Type="sw600" insetLeft="4"/></Screens><Components>\
      <Component type="grid" columns="2">⟦ZL0201⟧<Cell Name="G" aspectCellRatio="1"/></Component></Components></Family>
      """
    let json = #"{"name": "J", "components": [{"type": "grid", "cells": [⟦ZL0201⟧{"Name": "G", "aspectCellRatio": 1}]}]}"#
    try assertFindings(
      ["families/x.xml": xml, "families/j.json": json],
      [
        "families/x.xml": [("<Screen> needs a 'type' (default, sw600 or universal)", [], "type"), ("a <Cell> needs a 'name'", [], "name")],
        "families/j.json": [("a <Cell> needs a 'name'", [], #""name""#)],
      ])
    // A component's type and a layout's kind too; beside the name written blank, no rename.
    let more = """
      <Family name="Y"><Components>⟦ZL0201⟧<Component Type="grid"><Cell name="G" aspectCellRatio="1"/></Component>\
      <Component type="list">⟦ZL0201⟧<Cell name=" " Name="N" aspectCellRatio="1"/>\
      <Layouts>⟦ZL0201⟧<Layout name="L" Kind="flow"/></Layouts></Component></Components></Family>
      """
    try assertFindings(
      ["families/y.xml": more],
      [
        "families/y.xml": [
          ("a component needs a 'type'", [], "type"), ("a <Cell> needs a 'name'", [], nil),
          ("a <Layout> needs a 'name' and a 'kind'", [], "kind"),
        ]
      ])
  }
}
