import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// A component type misspelled in a family (`gird`) leaves its cell styles under that type: the
/// family's type is a warning with the type meant (ZL0337), and a screen's grid naming one of its
/// cell styles is told where the family defines it (ZL0304).
final class FamilyComponentTypeTypoTests: XCTestCase {
  static func family(type: String, marker: String = "") -> String {
    """
    {"name": "F", "components": [
      {"type": \(marker)"\(type)", "layout": "flow", "cells": [{"name": "G", "layoutId": "g", "cellHeight": 10}]},
      {"type": "list", "layout": "linear", "cells": [{"name": "L", "layoutId": "l", "cellHeight": 10}]}]}
    """
  }

  static let screen = Example.screen(
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦ZL0304⟧"G"]}}"#
  ).replacingOccurrences(of: "FAMILY_1", with: "F")

  static let typoWarning =
    "family 'F' styles component type 'gird', which is neither built in nor a ui_component manifest's: it styles no component"

  /// ZL0304 at the style, with a note at the cell the family defines for `gird` (2:57, its name); a cell
  /// style no type defines has no note. Under `grid` it is clean.
  func testACellStyleDefinedForAnotherTypeIsNoted() throws {
    let message = "cell style 'G' is not in family 'F' for 'grid' (the family offers no cell styles for 'grid')"
    try assertMarked(
      ["families/F.json": Self.family(type: "gird", marker: "⟦ZL0337⟧"), "screens/o.json": Self.screen],
      [(Self.typoWarning, [], #""grid""#), (message, ["cell style 'G' is defined for 'gird' here"], nil)])
    let dir = try makeProject(
      Example.baseProject.merging(["families/F.json": Self.family(type: "gird"), "screens/o.json": Marked(Self.screen).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let note = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0304" }?.notes.first?.spot?.location)
    XCTAssertEqual([note.line, note.column], [2, 57])
    try assertMarked(
      [
        "families/F.json": Self.family(type: "gird", marker: "⟦ZL0337⟧"),
        "screens/o.json": Self.screen.replacingOccurrences(of: #""G""#, with: #""H""#),
      ],
      [(Self.typoWarning, [], #""grid""#), (message.replacingOccurrences(of: "'G'", with: "'H'"), [], nil)])
    try assertMarked(
      ["families/F.json": Self.family(type: "grid"), "screens/o.json": Self.screen.replacingOccurrences(of: "⟦ZL0304⟧", with: "")], [])
  }

  /// A component element misspelled in its `Component` (`<GridComponnet>`, `<Gridcomponent>`) is a misspelled
  /// element (ZL0206), named with the element of its type; one whose name is far from any is an
  /// unexpected one (ZL0204). `<GridComponent>` is clean.
  func testAMisspelledComponentElementIsNamedWithItsType() throws {
    let xml = { (marker: String, element: String) in
      #"<Family name="X"><Components>\#(marker)<\#(element) name="GRID"><Cell name="G" layoutId="l" aspectCellRatio="1"/></\#(element)></Components></Family>"#
    }
    try assertFindings(
      ["families/x.xml": xml("⟦ZL0206⟧", "GridComponnet")],
      ["families/x.xml": [("misspelled element <GridComponnet> inside <Components>, near <GridComponent>: clients ignore it", [], nil)]])
    try assertFindings(
      ["families/x.xml": xml("⟦ZL0206⟧", "Gridcomponent")],
      ["families/x.xml": [("misspelled element <Gridcomponent> inside <Components>, near <GridComponent>: clients ignore it", [], nil)]])
    try assertFindings(
      ["families/x.xml": xml("⟦ZL0204⟧", "GridWidget")],
      ["families/x.xml": [("unexpected <GridWidget> inside <Components>; expected <Component>", [], nil)]])
    try assertFindings(["families/x.xml": xml("", "GridComponent")], ["families/x.xml": []])
  }

  /// In XML, a type an element names (`<GirdComponent>`, `<HeorComponent name="HEOR">`) is named
  /// with its element, a hint without a range; a plugin's identifier misspelled in `type` gets its fix, with a note at
  /// its manifest; `<ListComponent name="LSIT">` is ZL0335's alone.
  func testAMisspelledTypeInXMLIsNamedAsWritten() throws {
    let family = """
      <Family name="X"><Components>
      ⟦ZL0337⟧<GirdComponent columns="2"><Cell name="G" aspectCellRatio="1"/></GirdComponent>
      <Component type=⟦ZL0337⟧"promo_baner"><Cell name="P" cellHeight="120"/></Component>
      <ListComponent name=⟦ZL0335⟧"LSIT"><Cell name="L" cellHeight="88"/></ListComponent>
      <HeorComponent name=⟦ZL0337⟧"HEOR" layout="paged"><Cell name="H" cellHeight="88"/></HeorComponent>
      </Components></Family>
      """
    let files = ["families/x.xml": family, "components/promo.json": Example.manifest("", identifier: "promo_banner")]
    let warning = { (type: String) in
      "family 'X' styles component type '\(type)', which is neither built in nor a ui_component manifest's: it styles no component"
    }
    try assertMarked(
      files,
      [
        (warning("gird"), [], "<GridComponent>"),
        (warning("promo_baner"), ["'promo_banner' is declared here"], #""promo_banner""#),
        (
          #"<ListComponent name="LSIT"> styles component type 'lsit', not 'list': the name, not the element, names the type"#,
          ["the element names 'list'"], nil
        ),
        (warning("HEOR"), [], "<HeroComponent>"),
      ])
    let dir = try makeProject(Example.baseProject.merging(files.mapValues { Marked($0).text }) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fixes = Driver.check(dir).diagnostics.filter { $0.code == "ZL0337" }.map { $0.fixIt?.range == nil }
    XCTAssertEqual(fixes, [true, false, true], "an element's is a hint (its name renamed alone would not match it), an attribute's a fix")
  }

  /// A type written in capitals is quoted as written (the family reads it in lower case), in XML
  /// and in JSON.
  func testATypeIsQuotedAsWritten() throws {
    let warning = { (family: String, type: String) in
      "family '\(family)' styles component type '\(type)', which is neither built in nor a ui_component manifest's: it styles no component"
    }
    try assertMarked(
      [
        "families/x.xml":
          #"<Family name="X"><Components><Component type=⟦ZL0337⟧"Gird"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>"#,
        "families/j.json": #"{"name": "J", "components": [{"type": ⟦ZL0337⟧"HEor", "cells": [{"name": "H", "cellHeight": 88}]}]}"#,
      ],
      [(warning("J", "HEor"), [], #""hero""#), (warning("X", "Gird"), [], #""grid""#)])
  }

  /// A type near no known one (a plugin of another app), one that looks like another name than a
  /// built-in or plugin type (`promo_banner_tv`, `carousel_tv`, `horizontal_list_tv` beside
  /// `horizontal_list_qb`), a numbered one (`grid_2`), and a known type in another case are not
  /// reported. A family that
  /// styles the type meant too gets a hint with a note at it, not a fix that would define it twice.
  func testOnlyAMisspellingOfAKnownTypeIsReported() throws {
    let component = { (type: String) in #"{"type": "\#(type)", "cells": [{"name": "C_\#(type)", "aspectCellRatio": 1}]}"# }
    let manifest = ["components/promo.json": Example.manifest("", identifier: "promo_banner")]
    for type in ["kids_carousel_widget", "promo_banner_tv", "GRID", "Promo_Banner", "grid_2", "hero2", "carousel_tv", "horizontal_list_tv"]
    {
      try assertMarked(manifest.merging(["families/f.json": #"{"name": "F", "components": [\#(component(type))]}"#]) { $1 }, [])
    }
    // A built-in type's word an edit off is a misspelling, a letter changed too (`grud`, `tab_baf`).
    for (typo, meant) in [("grud", "grid"), ("tab_baf", "tab_bar"), ("lists", "list"), ("web_vuew", "web_view")] {
      let family = #"{"name": "F", "components": [{"type": ⟦ZL0337⟧"\#(typo)", "cells": [{"name": "C", "aspectCellRatio": 1}]}]}"#
      let warning =
        "family 'F' styles component type '\(typo)', which is neither built in nor a ui_component manifest's: it styles no component"
      try assertMarked(["families/f.json": family], [(warning, [], "\"\(meant)\"")])
    }
    let both = #"{"name": "F", "components": [\#(component("grid")), {"type": ⟦ZL0337⟧"gird", "cells": []}]}"#
    try assertMarked(
      ["families/f.json": both],
      [(Self.typoWarning, ["family 'F' styles 'grid' here"], #""grid""#)])
    let dir = try makeProject(Example.baseProject.merging(["families/f.json": Marked(both).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let finding = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0337" })
    XCTAssertNil(finding.fixIt?.range, "a hint: the fix would style 'grid' twice")
  }

  /// A component element without a `name` styles the type its name gives, an acronym as one word:
  /// `<HTMLTickerComponent>` styles `html_ticker` and `<LISTComponent>` `list` (they styled
  /// `h_t_m_l_ticker` and `l_i_s_t`, which no component has); `<TabBarComponent>` `tab_bar`.
  func testAnElementsTypeReadsAnAcronymAsOneWord() throws {
    let family = """
      <Family name="X"><Components>\
      <HTMLTickerComponent layout="linear"><Cell name="T" cellHeight="10"/></HTMLTickerComponent>\
      <LISTComponent layout="linear"><Cell name="L" cellHeight="10"/></LISTComponent>\
      <TabBarComponent layout="linear"><Cell name="B" cellHeight="10"/></TabBarComponent>\
      </Components></Family>
      """
    let dir = try makeProject(Example.baseProject.merging(["families/x.xml": family]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.project.families["X"]?.family.components.map(\.type), ["html_ticker", "list", "tab_bar"])
    XCTAssertEqual(outcome.diagnostics.filter { ($0.spot?.file.path ?? $0.path ?? "").hasSuffix("x.xml") }.map(\.code), [])
  }
}
