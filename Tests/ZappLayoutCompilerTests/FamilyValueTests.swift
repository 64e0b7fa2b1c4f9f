import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// Family and size-class values that used to build green with a meaning no client shares: numbers
/// Swift reads but JSON does not write, a boolean in capitals, a second responsive rule, a size
/// class named twice, a device in no size class.
final class FamilyValueTests: XCTestCase {
  /// The findings of `code` in a project of the base files and `files`, as `CODE@file:line:column
  /// message | [notes]`.
  func findings(_ files: [String: String], codes: Set<String>) throws -> [String] {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).diagnostics.filter { codes.contains($0.code) }.map { d in
      let notes = d.notes.map { "\($0.message) \($0.spot?.location.line ?? 0):\($0.spot?.location.column ?? 0)" }
      return "\(place(d, in: dir)) \(d.message)" + (notes.isEmpty ? "" : " | \(notes)")
    }
  }

  /// Hexadecimal, `nan` and `inf` are no family numbers (Swift's `Double` reads them; JSON does
  /// not write them), in XML and JSON, in metrics and in elements; decimals with or without a
  /// leading digit still are. The runtime's reader leaves the same values out.
  func testFamilyNumbersAreDecimal() throws {
    let xml = """
      <Family name="X"><Screens><Screen type="default" insetLeft="0x10" insetRight=".5" lineSpacing="nan"/></Screens>
      <Components><Component type="grid" columns="0x2"><Cell name="G"><Element widthRatio="0x1p-1" margin="0x1,0,0,0"/></Cell></Component></Components></Family>
      """
    let json = #"{"name": "J", "screens": [{"type": "default", "insetLeft": "0x1p4", "insetTop": "1e1", "insetBottom": "inf"}]}"#
    XCTAssertEqual(
      try findings(["families/x.xml": xml, "families/j.json": json], codes: ["ZL0202"]),
      [
        "ZL0202@families/j.json:1:60 'insetLeft' takes a number, found '0x1p4'",
        "ZL0202@families/j.json:1:103 'insetBottom' takes a number, found 'inf'",
        "ZL0202@families/x.xml:1:60 'insetLeft' takes a number, found '0x10'",
        "ZL0202@families/x.xml:1:95 'lineSpacing' takes a number, found 'nan'",
        "ZL0202@families/x.xml:2:44 'columns' takes a number, found '0x2'",
        "ZL0202@families/x.xml:2:85 'widthRatio' takes a number, found '0x1p-1'",
        "ZL0202@families/x.xml:2:101 'margin' takes four numbers (top, left, bottom, right), found '0x1,0,0,0'",
      ])
    let family = try Family(
      jsonFamily: Data(#"{"name": "J", "screens": [{"type": "default", "insetLeft": "0x10", "insetTop": " 1e1 "}]}"#.utf8))
    XCTAssertNil(family.screens.byClass[.phone]?.insetLeft)
    XCTAssertEqual(family.screens.byClass[.phone]?.insetTop, 10)
  }

  /// `responsive` is `true` or `false` exactly, as clients read it: `TRUE` is an error, and the
  /// runtime's reader does not take it either.
  func testResponsiveIsExactlyTrueOrFalse() throws {
    let json = #"{"name": "J", "responsive": {"standardWidth": 440}, "screens": [{"type": "tablet", "responsive": "TRUE"}]}"#
    XCTAssertEqual(
      try findings(["families/j.json": json], codes: ["ZL0202"]),
      ["ZL0202@families/j.json:1:98 'responsive' is true or false, found 'TRUE'"])
    let family = try Family(jsonFamily: Data(json.utf8))
    XCTAssertNil(family.screens.byClass[.tablet]?.responsive)
  }

  /// A second `<Responsive>` is ZL0507 at it, with a note at the first, which is the one kept.
  func testASecondResponsiveRuleIsAnError() throws {
    let xml = """
      <Family name="X"><Responsive standardWidth="440" scale="1.2"/>
      <Responsive standardWidth="200"/></Family>
      """
    XCTAssertEqual(
      try findings(["families/x.xml": xml], codes: ["ZL0507"]),
      ["ZL0507@families/x.xml:2:1 <Responsive> is given twice in family X | [\"first given here 1:18\"]"])
    let dir = try makeProject(Example.baseProject.merging(["families/x.xml": xml]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).project.families["X"]?.family.responsive, ResponsiveRule(standardWidth: 440, scale: 1.2))
  }

  /// A JSON family's `sizeClassMapping` or `responsive` that is not an object is a wrong type at
  /// its value, not an unknown attribute: the mapping or the rule would be dropped.
  func testAMappingOrResponsiveRuleOfAnotherTypeIsAWrongType() throws {
    let json = #"{"name": "J", "responsive": [440, 1.2], "components": [{"type": "grid", "sizeClassMapping": "hide"}]}"#
    XCTAssertEqual(
      try findings(["families/j.json": json], codes: ["ZL0202", "ZL0204", "ZL0206"]),
      [
        "ZL0202@families/j.json:1:29 'responsive' must be an object, found an array",
        "ZL0202@families/j.json:1:93 'sizeClassMapping' must be an object, found a string",
      ])
    // "" is none, as a builder writes it.
    let empty = #"{"name": "J", "responsive": "", "components": [{"type": "grid", "sizeClassMapping": ""}]}"#
    XCTAssertEqual(try findings(["families/j.json": empty], codes: ["ZL0202", "ZL0204", "ZL0206"]), [])
  }

  /// `<DisplayRules>` outside a cell, a cell's second one, and text inside a wrapper (`<Screens>`)
  /// would be dropped: each is ZL0204 at it. The cell's first display rules are kept (an element
  /// in them that is no rule is ZL0204 too).
  func testDroppedDisplayRulesAndTextInWrappersAreReported() throws {
    let xml = """
      <Family name="X"><Components><Component type="grid" columns="2"><DisplayRules><R/></DisplayRules>
      <Cell name="G" aspectCellRatio="1"><DisplayRules><A/></DisplayRules><DisplayRules><B/></DisplayRules></Cell>
      </Component></Components><Screens>cols=3<Screen type="default" padding="10"/></Screens></Family>
      """
    XCTAssertEqual(
      try findings(["families/x.xml": xml], codes: ["ZL0204"]),
      [
        "ZL0204@families/x.xml:1:65 unexpected <DisplayRules> in <Component>",
        "ZL0204@families/x.xml:2:50 unexpected <A> in <DisplayRules>; expected <DisplayRule>",
        "ZL0204@families/x.xml:2:69 unexpected <DisplayRules> after the cell's first <DisplayRules>",
        "ZL0204@families/x.xml:3:35 text inside <Screens> is ignored",
      ])
    let dir = try makeProject(Example.baseProject.merging(["families/x.xml": xml]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cell = Driver.check(dir).project.families["X"]?.family.component("grid")?.cell(named: "G")
    let kept = cell?.displayRules.map { "\($0)" } ?? ""
    XCTAssertTrue(kept.contains("A") && !kept.contains("B"), kept)
    // A JSON family's displayRules outside a cell is an unknown attribute there, not dropped silently.
    let json =
      #"{"name": "J", "components": [{"type": "grid", "displayRules": {"a": 1}, "cells": [{"name": "G", "displayRules": {"b": 1}}]}]}"#
    XCTAssertEqual(
      try findings(["families/j.json": json], codes: ["ZL0204"]),
      ["ZL0204@families/j.json:1:47 unknown attribute 'displayRules' on <Component>"])
  }

  /// A JSON cell's `layoutId` is a string: a number is no renderer name (clients read it as none).
  func testALayoutIdIsAString() throws {
    let json = #"{"name": "J", "components": [{"type": "grid", "cells": [{"name": "A", "layoutId": 5}, {"name": "B", "layoutId": "5"}]}]}"#
    XCTAssertEqual(
      try findings(["families/j.json": json], codes: ["ZL0202"]),
      ["ZL0202@families/j.json:1:83 'layoutId' must be a string, found a number"])
  }

  /// A family's, cell's, layout's or header's name is a string with more than spaces in it: a JSON
  /// name of another type is a wrong type at it (`"name": 2` defined a family "2"), and a blank
  /// name, which no screen can give, is a missing one.
  func testANameIsANonBlankString() throws {
    let json = Marked(
      #"""
      {"name": ⟦ZL0202⟧2, "components": [{"type": "grid", "cells": [{"name": ⟦ZL0202⟧[1]}],
       "layouts": [⟦ZL0201⟧{"name": " ", "kind": "flow"}]}], "headers": [{"name": ⟦ZL0202⟧true, "height": 4}]}
      """#)
    let (_, found) = FamilyReader.read(SourceFile(path: "j.json", text: json.text))
    assertDiagnostics(
      found, json, file: "j.json",
      messages: [
        "'name' must be a string, found a number", "'name' must be a string, found an array",
        "a <Layout> needs a 'name' and a 'kind'", "'name' must be a string, found a boolean",
      ])
    for (text, message) in [
      (#"⟦ZL0201⟧<Family name="  "><Component type="grid"/></Family>"#, "a family needs a 'name'"),
      (#"<Family name="F"><Component type="grid">⟦ZL0201⟧<Cell name=" " cellHeight="9"/></Component></Family>"#, "a <Cell> needs a 'name'"),
      (#"<Family name="F">⟦ZL0201⟧<Header name="&#9;" height="9"/></Family>"#, "a <Header> needs a 'name'"),
    ] {
      let xml = Marked(text)
      let (decl, found) = FamilyReader.read(SourceFile(path: "f.xml", text: xml.text))
      assertDiagnostics(found, xml, file: "f.xml", messages: [message])
      XCTAssertEqual(decl?.family.component("grid")?.cells.count ?? 0, 0, text)
      XCTAssertEqual(decl?.family.headers.count ?? 0, 0, text)
    }
  }

  /// A JSON component's `type` (or the `name` it falls back to) is a string: a number, a list or an
  /// object would define a component type named by its text (`"type": ["carousel"]`), which no
  /// screen gives, and the family's carousel would be gone without a word.
  func testAComponentTypeIsAString() throws {
    let json = Marked(
      #"""
      {"name": "J", "components": [{"type": ⟦ZL0202⟧["carousel"], "cells": [{"name": "A", "cellHeight": 9}]},
       {"type": ⟦ZL0202⟧7, "cells": [{"name": "B", "cellHeight": 9}]}, {"name": ⟦ZL0202⟧{}},
       {"type": "grid", "cells": [{"name": "C", "cellHeight": 9}]}]}
      """#)
    let (_, found) = FamilyReader.read(SourceFile(path: "j.json", text: json.text))
    assertDiagnostics(
      found, json, file: "j.json",
      messages: [
        "'type' must be a string, found an array", "'type' must be a string, found a number",
        "'name' must be a string, found an object",
      ])
  }

  /// A JSON cell's card `style` and an element's `style` are objects: a string, number or list in
  /// their place dropped the card's colours or the element's placement without a word. "" and
  /// null are none, as for a component's `sizeClassMapping`.
  func testACardOrElementStyleIsAnObject() throws {
    let json = Marked(
      #"""
      {"name": "J", "components": [{"type": "grid", "cells": [
       {"name": "A", "cellHeight": 9, "style": ⟦ZL0202⟧true, "elements": [{"type": 1, "style": ⟦ZL0202⟧7}]},
       {"name": "B", "cellHeight": 9, "style": ⟦ZL0202⟧[], "elements": [{"type": 1, "style": ⟦ZL0202⟧["x"]}]},
       {"name": "C", "cellHeight": 9, "style": "", "elements": [{"type": 1, "style": null}, {"type": 1, "style": ""}]},
       {"name": "D", "cellHeight": 9, "style": null, "elements": [{"type": 1, "style": {"display": "block"}}]},
       {"name": "E", "cellHeight": 9, "style": "LIST_ROW_STYLE"}]}]}
      """#)
    let (decl, found) = FamilyReader.read(SourceFile(path: "j.json", text: json.text))
    // A cell's style named by a string is the client's own, passed through as in XML.
    let passed = decl?.family.components.first?.cells.first { $0.name == "E" }?.attributes["style"]
    XCTAssertEqual(passed, "LIST_ROW_STYLE")
    assertDiagnostics(
      found, json, file: "j.json",
      messages: [
        "'style' must be an object, found a boolean", "'style' must be an object, found a number",
        "'style' must be an object, found an array", "'style' must be an object, found an array",
      ])
  }

  /// A `<Screen>` whose `type` is empty is reported with no fix-it: no screen type is near nothing.
  func testAnEmptyScreenTypeHasNoSuggestion() throws {
    let xml = Marked(#"<Family name="F"><Screen type=⟦⟧"" padding="4"/></Family>"#)
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": xml.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let expected =
      "expected a device class (default, sw600, universal), a size class (S, L, XL) or a state (portrait, landscape, slide_over, split_view)"
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.location?.file.hasSuffix("f.xml") == true }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0203", file: "families/f.xml", line: xml.positions[0].line, column: xml.positions[0].column,
          message: "unknown screen type ''; \(expected)")
      ])
  }

  /// A misspelled `<Screen>` type whose nearest type a sibling entry has already (`sw60` beside
  /// `sw600`, `Tablet ` beside `tablet`, another name of that class) gets its suggestion as a hint:
  /// the fix would give the class twice (ZL0507). Beside other entries, it is a fix.
  func testAScreenTypeASiblingHasAlreadyIsAHint() throws {
    func fixes(_ screens: String) throws -> [String] {
      let xml = #"<Family name="F">\#(screens)</Family>"#
      let dir = try makeProject(Example.baseProject.merging(["families/f.xml": xml]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0203" }.map {
        "\($0.fixIt?.replacement ?? "-") \($0.fixIt?.range == nil ? "hint" : "fix")"
      }
    }
    XCTAssertEqual(try fixes(#"<Screen type="sw600" padding="4"/><Screen type="sw60" padding="6"/>"#), [#""sw600" hint"#])
    XCTAssertEqual(try fixes(#"<Screen type="tablet" padding="4"/><Screen type="sw60" padding="6"/>"#), [#""sw600" hint"#])
    XCTAssertEqual(try fixes(#"<Screen type="default" padding="4"/><Screen type="sw60" padding="6"/>"#), [#""sw600" fix"#])
    XCTAssertEqual(try fixes(#"<Screen type="S" padding="4"/><Screen type="SS" padding="6"/>"#).map { $0.hasSuffix("hint") }, [true])
  }

  /// A sibling whose `type` is written in another case (`Type="sw600"`) is the entry its rename
  /// fix makes: a misspelled type whose nearest is that entry gets a hint, and a rename that would
  /// make an entry a sibling has already is a hint too, so that the fixes applied together never
  /// give a class twice (ZL0507).
  func testAScreenTypeASiblingWritesInAnotherCaseIsAHint() throws {
    func fixes(_ screens: String) throws -> [String] {
      let xml = #"<Family name="F">\#(screens)</Family>"#
      let dir = try makeProject(Example.baseProject.merging(["families/f.xml": xml]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { ["ZL0201", "ZL0203"].contains($0.code) }.map {
        "\($0.code) \($0.fixIt?.replacement ?? "-") \($0.fixIt?.range == nil ? "hint" : "fix")"
      }
    }
    XCTAssertEqual(
      try fixes(#"<Screen Type="sw600" padding="4"/><Screen type="tablett" padding="6"/>"#),
      ["ZL0201 type fix", #"ZL0203 "tablet" hint"#])
    XCTAssertEqual(
      try fixes(#"<Screen type="tablett" padding="6"/><Screen Type="sw600" padding="4"/>"#),
      [#"ZL0203 "tablet" hint"#, "ZL0201 type fix"])
    XCTAssertEqual(try fixes(#"<Screen Type="sw600" padding="4"/><Screen type="tablet" padding="6"/>"#), ["ZL0201 type hint"])
    XCTAssertEqual(
      try fixes(#"<Screen TYPE="phone" padding="4"/><Screen Type="default" padding="6"/>"#), ["ZL0201 type fix", "ZL0201 type hint"])
    XCTAssertEqual(
      try fixes(#"<Screen Type="default" padding="4"/><Screen type="tablett" padding="6"/>"#),
      ["ZL0201 type fix", #"ZL0203 "tablet" fix"#])
  }

  /// A component's `layout` written as a card's layout code (1 flow, 2 linear, 3 one_and_n, 4
  /// waterfall) gets the kind's word as its fix-it, in XML and JSON; another word its nearest.
  func testALayoutCodeGetsItsWordAsTheFix() throws {
    func fix(_ path: String, _ text: String) throws -> [String] {
      let dir = try makeProject(Example.baseProject.merging([path: text]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0203" }.map { $0.fixIt?.replacement ?? "-" }
    }
    let xml =
      #"<Family name="F"><Components><Component type="grid" layout="4"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>"#
    XCTAssertEqual(try fix("families/f.xml", xml), [#""waterfall""#])
    XCTAssertEqual(try fix("families/f.xml", xml.replacingOccurrences(of: #"layout="4""#, with: #"layout="2""#)), [#""linear""#])
    XCTAssertEqual(try fix("families/f.xml", xml.replacingOccurrences(of: #"layout="4""#, with: #"layout="5""#)).count, 1)
    let json = #"{"name": "J", "components": [{"type": "grid", "layout": 3, "cells": [{"name": "G", "aspectCellRatio": 1}]}]}"#
    XCTAssertEqual(try fix("families/j.json", json), [#""one_and_n""#])
  }

  /// A family list written as a string or a number is a wrong type, as one written as an object is;
  /// "" or null is no list.
  func testAFamilyListOfAnotherTypeIsAWrongType() throws {
    let json = #"{"name": "J", "footers": "x", "headers": "", "components": 5}"#
    XCTAssertEqual(
      try findings(["families/j.json": json], codes: ["ZL0202", "ZL0204"]),
      [
        "ZL0202@families/j.json:1:26 'footers' must be an array of objects, found a string",
        "ZL0202@families/j.json:1:60 'components' must be an array of objects, found a number",
      ])
    // The runtime's reader takes "" and null as no list, as zlc does.
    let family = try Family(jsonFamily: Data(#"{"name": "J", "footers": "", "headers": null, "components": []}"#.utf8))
    XCTAssertEqual(family.headers.count, 0)
  }

  /// Text outside the root element is reported where it begins.
  func testTextOutsideTheRootIsReportedWhereItBegins() throws {
    XCTAssertEqual(
      try findings(["families/a.xml": #"X<Family name="A"/>"#, "families/b.xml": "<Family name=\"B\"/>\n  junk"], codes: ["ZL0109"])
        .map { $0.components(separatedBy: " | ")[0] },
      [
        "ZL0109@families/a.xml:1:1 expected the root element, found text",
        "ZL0109@families/b.xml:2:3 text after the root element",
      ])
  }

  /// A size class is named once, and every device is in one: a device outside them all (above,
  /// below, or a default device the project does not list) is an error at its width.
  func testSizeClassesAreNamedOnceAndHoldEveryDevice() throws {
    let settings = """
      {"size_classes": [{"name": "S", "min_width": 400, "max_width": 600}, {"name": "S", "min_width": 600, "max_width": 800}],
       "devices": [{"name": "phone", "width": 375}, {"name": "mid", "width": 700}, {"name": "tablet", "width": 1024}]}
      """
    XCTAssertEqual(
      try findings(["zlc.json": settings], codes: ["ZL0508"]),
      [
        "ZL0508@zlc.json:1:79 size class 'S' is defined twice | [\"first defined here 1:28\"]",
        "ZL0508@zlc.json:2:41 device 'phone' (375 pt wide) is in no size class: clients would lay it out with no size class's values",
        "ZL0508@zlc.json:2:106 device 'tablet' (1024 pt wide) is in no size class: clients would lay it out with no size class's values",
      ])
    let unlisted = #"{"size_classes": [{"name": "S", "min_width": 0, "max_width": 600}]}"#
    XCTAssertEqual(
      try findings(["zlc.json": unlisted], codes: ["ZL0508"]),
      [
        "ZL0508@zlc.json:1:18 device 'tablet-landscape' (1024 pt wide) is in no size class: clients would lay it out with no size class's values",
        "ZL0508@zlc.json:1:18 device 'tablet-portrait' (768 pt wide) is in no size class: clients would lay it out with no size class's values",
      ])
    let covering = #"{"size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#
    XCTAssertEqual(try findings(["zlc.json": covering], codes: ["ZL0508"]), [])
  }
}
