import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// Where each family element may stand: an element the format has no place for where it is written
/// is reported there (a near miss of one of the format's names as ZL0206, another as ZL0204), in
/// XML and JSON, rather than dropped unread.
final class FamilyPlacementTests: XCTestCase {
  /// Asserts the diagnostics of `path` in a project of the base files and the marked family: one
  /// message per marker, each at its marker with its code.
  func assertFamilyDiagnostics(
    _ family: Marked, at path: String, messages: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let dir = try makeProject(Example.baseProject.merging([path: family.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.location?.file.hasSuffix(path) == true }
    XCTAssertEqual(family.markers.count, messages.count, "one message per marker", file: file, line: line)
    let specs = zip(family.markers, messages).map { marker, message in
      DiagnosticSpec(code: marker.code ?? "?", file: path, line: marker.line, column: marker.column, message: message)
    }
    assertDiagnostics(found, in: dir, specs, file: file, line: line)
  }

  /// A `<Screen>`, an `<Element>` and `<Responsive>` hold no elements, and only a cell holds
  /// `<Element>`s: each child elsewhere was dropped with the values it held, unchecked.
  func testXMLElementsWhereTheFormatHasNoneAreReported() throws {
    let family = Marked(
      #"""
      <Family name="F">
        <Component type="grid" columns="2">
          <Screens>
            <Screen type="sw600" columns="4">
              ⟦ZL0206⟧<Screns/>
              ⟦ZL0204⟧<Screen type="XL" columns="9999"/>
              ⟦ZL0204⟧<Footer name="FT" height="10"/>
            </Screen>
          </Screens>
          <Layout name="G" kind="flow">
            <Elements>⟦ZL0204⟧<Element display="blok" widthRatio="-3"/></Elements>
          </Layout>
          <Cell name="POSTER" layoutId="poster" aspectCellRatio="0.6667">
            <Screen type="default">⟦ZL0204⟧<Element display="block"/></Screen>
            <Element display="block" widthHeightRatio="2">⟦ZL0204⟧<Margn/>⟦ZL0204⟧<Screen type="bogus"/></Element>
            ⟦ZL0204⟧<GridComponent name="INNER"/>
          </Cell>
        </Component>
        <Header name="H" height="40"><Elements>⟦ZL0204⟧<Element display="nope"/></Elements></Header>
        <Footer name="FT" height="20">⟦ZL0204⟧<Element display="nope"/></Footer>
        ⟦ZL0515⟧<Responsive standardWidth="400">⟦ZL0206⟧<Scren type="default" columns="0"/></Responsive>
      </Family>
      """#)
    try assertFamilyDiagnostics(
      family, at: "families/f.xml",
      messages: [
        "misspelled element <Screns> in <Screen>, near <Screens>: clients ignore it", "unexpected <Screen> in <Screen>",
        "unexpected <Footer> in <Screen>", "unexpected <Element> in a layout", "unexpected <Element> in <Screen>",
        "unexpected <Margn> in <Element>", "unexpected <Screen> in <Element>", "unexpected <GridComponent> in a cell",
        "unexpected <Element> in a header", "unexpected <Element> in a footer",
        "family 'F' has a responsive rule but no entry turns it on with responsive=\"true\": it has no effect",
        "misspelled element <Scren> in <Responsive>, near <Screen>: clients ignore it",
      ])
  }

  /// An element named as an attribute the format reads (`<columns>2</columns>` in a component,
  /// as another format writes values) holds a value clients never read: an error (ZL0206), not
  /// a warning; an element of another name stays a warning (ZL0204), one in a display rule too
  /// (passed to clients as written), and a near miss of an element is said to be one.
  func testAnElementNamedAsAnAttributeIsAnError() throws {
    let family = Marked(
      #"""
      <Family name="F">
        ⟦ZL0206⟧<responsive standardWidth="375"/>
        <Component type="grid" layout="flow">
          ⟦ZL0206⟧<columns>⟦ZL0204⟧2</columns>
          ⟦ZL0204⟧<colours>⟦ZL0204⟧2</colours>
          <Cell name="POSTER" layoutId="poster" aspectCellRatio="0.6667">⟦ZL0206⟧<insetLeft>⟦ZL0204⟧8</insetLeft>
            <DisplayRules><DisplayRule type="GENERIC">⟦ZL0204⟧<height/></DisplayRule></DisplayRules>
          </Cell>
        </Component>
      </Family>
      """#)
    try assertFamilyDiagnostics(
      family, at: "families/f.xml",
      messages: [
        "misspelled element <responsive> in <Family>, near <Responsive>: clients ignore it",
        "element <columns> in a component names an attribute: clients read 'columns' as an attribute alone and ignore it",
        "text inside <columns> is ignored", "unexpected <colours> in a component", "text inside <colours> is ignored",
        "element <insetLeft> in a cell names an attribute: clients read 'insetLeft' as an attribute alone and ignore it",
        "text inside <insetLeft> is ignored", "unexpected <height> in <DisplayRule>; expected <View>",
      ])
  }

  /// In a JSON family, a list of screens or cells, or the responsive rule, inside a screen entry or
  /// the rule is reported where it stands; `responsive` there is `true` or `false`, and the rule's
  /// object in its place turned nothing on.
  func testJSONListsAndRulesWhereTheFormatHasNoneAreReported() throws {
    let family = Marked(
      #"""
      {"name": "J", "responsive": ⟦ZL0515⟧{"standardWidth": 400, "screens": [⟦ZL0204⟧{"type": "default"}]},
       "screens": [{"type": "sw600", "insetLeft": 16,
         "screens": [⟦ZL0204⟧{"type": "XL", "columns": "abc"}],
         "responsive": ⟦ZL0202⟧{"standardWidth": 400},
         "cells": [⟦ZL0204⟧{"name": "X", "layoutId": 5}]}],
       "components": [{"type": "grid", "cells": [{"name": "G", "cellHeight": 9, "responsive": ⟦ZL0202⟧[true]}]}]}
      """#)
    try assertFamilyDiagnostics(
      family, at: "families/j.json",
      messages: [
        "family 'J' has a responsive rule but no entry turns it on with responsive=\"true\": it has no effect",
        "unexpected <Screen> in <Responsive>", "unexpected <Screen> in <Screen>", "'responsive' must be true or false, found an object",
        "unexpected <Cell> in <Screen>", "'responsive' must be true or false, found an array",
      ])
    let (decl, _) = FamilyReader.read(SourceFile(path: "j.json", text: family.text))
    XCTAssertEqual(decl?.family.responsive, ResponsiveRule(standardWidth: 400, scale: 1))
    XCTAssertNil(decl?.family.screens.byClass[.tablet]?.responsive)
  }
}
