import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules
@testable import ZappWriters

#if canImport(FoundationXML)
  import FoundationXML
#endif

final class XMLAndFamilyTests: XCTestCase {
  func testElementAndAttributePositions() throws {
    let m = Marked("<Family ⟦⟧name=⟦⟧\"F\">\n  ⟦⟧<Screens/>\n</Family>")
    let r = XMLReader.read(SourceFile(path: "f.xml", text: m.text))
    XCTAssertTrue(r.diagnostics.isEmpty)
    let root = try XCTUnwrap(r.root)
    let name = try XCTUnwrap(root.attribute("name"))
    let file = root.file
    XCTAssertEqual(file.lineAndColumn(of: name.nameOffset).column, m.positions[0].column)
    XCTAssertEqual(file.lineAndColumn(of: name.valueOffset).column, m.positions[1].column)
    let screens = try XCTUnwrap(root.children.first)
    XCTAssertEqual(file.lineAndColumn(of: screens.offset).line, m.positions[2].line)
    XCTAssertEqual(file.lineAndColumn(of: screens.offset).column, m.positions[2].column)
    XCTAssertEqual(screens.path, "/Family/Screens")
  }

  static let malformed = [
    "<a><b></a>", "<a>", "<a x=1/>", "<a x=\"1\" x=\"2\"/>", "<a>&bogus;</a>", "<a>&#0;</a>", "<a/><b/>", "text",
    "<a x=\"<\"/>", "<a>]]></a>", "<!-- a -- b --><a/>", "<a><?xml version=\"1.0\"?></a>", "", "<a>&amp</a>", "<1a/>",
    "<a x=\"1\"y=\"2\"/>", "<a></a >x", "<a>\u{1}</a>", "<a x=\"&#x+33;\"/>", "<a>&#+51;</a>", "<a>&#x-0;</a>",
  ]

  /// A character reference holds digits alone: one with a sign (`&#x+33;`, `&#+51;`) is invalid
  /// where it stands, as expat and libxml2 read it, not the character the number names.
  func testSignedCharacterReferencesAreInvalid() {
    for body in ["#x+33", "#+51", "#x-0", "#-0"] {
      let m = Marked("<Family name=\"F\">\n  <Screen type=\"default\" columns=\"⟦ZL0109⟧&\(body);\"/>\n</Family>")
      let r = XMLReader.read(SourceFile(path: "f.xml", text: m.text))
      XCTAssertNil(r.root, body)
      assertDiagnostics(r.diagnostics, m, file: "f.xml", messages: ["invalid character reference '&\(body);'"])
    }
  }

  /// A component type, cell style, layout or header style defined twice, in XML or JSON, is ZL0507
  /// at the repeat with a note at the first, which is the one zlc keeps.
  func testRepeatedLayoutsAndHeadersAreErrors() throws {
    var files = Example.baseProject
    files["families/f.xml"] = """
      <Family name="F"><Components><Component type="grid">
      <Layout name="L" kind="flow"/>
      <Layout name="L" kind="sticky"/>
      <Cell name="C" layoutId="a" cellHeight="9"/>
      </Component>
      <Component type="grid"><Cell name="C" layoutId="d" cellHeight="9"/>
      </Component></Components><Headers>
      <Header name="H" height="40"/>
      <Header name="H" height="80"/>
      </Headers></Family>
      """
    files["families/j.json"] = #"{"name": "J", "headers": [{"name": "H", "height": 40}, {"name": "H", "height": 80}]}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let found = outcome.diagnostics.filter { $0.code == "ZL0507" }
    XCTAssertEqual(
      found.map {
        "\(place($0, in: dir)) \($0.message) | \($0.notes.map { "\($0.message) \($0.spot?.location.line ?? 0):\($0.spot?.location.column ?? 0)" })"
      },
      [
        "ZL0507@families/f.xml:3:14 layout 'L' is defined twice for 'grid' | [\"first defined here 2:14\"]",
        "ZL0507@families/f.xml:6:17 component type 'grid' is defined twice in family F | [\"first defined here 1:46\"]",
        "ZL0507@families/f.xml:6:35 cell style 'C' is defined twice for 'grid' | [\"first defined here 4:12\"]",
        "ZL0507@families/f.xml:9:14 header or footer style 'H' is defined twice in family F (they share their names) | [\"first defined here 8:14\"]",
        "ZL0507@families/j.json:1:65 header or footer style 'H' is defined twice in family J (they share their names) | [\"first defined here 1:36\"]",
      ])
    let family = try XCTUnwrap(outcome.project.families["F"]?.family)
    XCTAssertEqual(family.headers.map(\.name), ["H", "H"])
  }

  /// A JSON family's list (`screens`, `cells`, …) written as one object is a wrong type at its
  /// value, not an unknown attribute: its entries would be dropped.
  func testAJSONListWrittenAsAnObjectIsAWrongType() throws {
    var files = Example.baseProject
    files["families/j.json"] =
      #"{"name": "J", "screens": {"type": "default", "insetLeft": 16}, "components": [{"type": "grid", "cells": [{"name": "G", "screens": {"type": "sw600", "columns": 4}}]}]}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.location?.file.hasSuffix("j.json") == true }
    XCTAssertEqual(
      found.map { "\(place($0, in: dir)) \($0.message)" },
      [
        "ZL0202@families/j.json:1:26 'screens' must be an array of objects, found an object",
        "ZL0202@families/j.json:1:131 'screens' must be an array of objects, found an object",
      ])
    // A string under a list's name is a misspelled attribute (`layouts` for `layout`), fixed as one.
    files["families/j.json"] = #"{"name": "J", "components": [{"type": "grid", "layouts": "flow", "cells": [{"name": "G"}]}]}"#
    let misspelled = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: misspelled) }
    let typo = Driver.check(misspelled).diagnostics.filter { $0.location?.file.hasSuffix("j.json") == true }
    XCTAssertEqual(typo.map(\.code), ["ZL0206"], typo.map(\.message).joined(separator: "\n"))
    XCTAssertEqual(typo.first?.fixIt?.replacement, #""layout""#)
  }

  func testMalformedXMLIsAlwaysCaughtAndAgreesWithLibxml2() {
    for text in Self.malformed {
      let r = XMLReader.read(SourceFile(path: "f.xml", text: text))
      XCTAssertNil(r.root, text)
      XCTAssertFalse(r.diagnostics.isEmpty, text)
      #if canImport(FoundationXML)
        // XMLParser reports success for an unclosed root and for an empty file; zlc does not
        // rely on it, and refuses both.
        if text != "<a>" && !text.isEmpty {
          let parser = XMLParser(data: Data(text.utf8))
          let ok = parser.parse() && parser.parserError == nil
          XCTAssertFalse(ok, "libxml2 accepts \(text)")
        }
      #endif
    }
    for text in ["<a x='1' y=\"&lt;&#x41;\"><!-- c --><b/><![CDATA[<x>]]></a>", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a/>"] {
      XCTAssertNotNil(XMLReader.read(SourceFile(path: "f.xml", text: text)).root, text)
      #if canImport(FoundationXML)
        let parser = XMLParser(data: Data(text.utf8))
        XCTAssertTrue(parser.parse(), text)
      #endif
    }
  }

  func testDoctypeAndEntitiesAreNeverExpanded() {
    let bomb = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]><lolz>&lol2;</lolz>"
    let external = "<!DOCTYPE f [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><Family name=\"F\">&x;</Family>"
    for text in [bomb, external] {
      let r = XMLReader.read(SourceFile(path: "f.xml", text: text))
      XCTAssertNil(r.root)
      XCTAssertEqual(r.diagnostics.map(\.code), ["ZL0110"])
    }
  }

  /// The Android family published in Applicaster's docs, from the reference, reads unchanged.
  func testPublishedAndroidFamilyReadsUnchanged() throws {
    let reference = sharedFolder.appendingPathComponent("reference/zapp-formats.md")
    guard let text = try? String(contentsOf: reference, encoding: .utf8),
      let start = text.range(of: "<Family name=\"FAMILY_1\" showBottomPadding=\"true\" version=\"1.0\">"),
      let end = text.range(of: "</Family>", range: start.upperBound..<text.endIndex)
    else { throw XCTSkip("../shared/reference/zapp-formats.md is not beside the repository") }
    let xml = String(text[start.lowerBound..<end.upperBound])
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "published.xml", text: xml))
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let family = try XCTUnwrap(decl?.family)
    XCTAssertEqual(family.name, "FAMILY_1")
    let list = try XCTUnwrap(family.component("list"))
    XCTAssertEqual(list.metrics.base.columns, 2)
    XCTAssertEqual(list.cell(named: "LIST_1")?.layoutID, "layout_01_list_01")
    XCTAssertNotNil(list.cell(named: "LIST_1")?.displayRules)
    // sw600: padding 10, divider 12, cell paddingSide 10, columns 3, ratio 0.9 on a 768 tablet.
    let layout = Geometry.layout(
      for: GeometryInput(family: family, componentType: "list", cellStyle: "LIST_1"),
      device: Device(name: "t", deviceClass: .tablet, width: 768))
    XCTAssertEqual(layout.columns, 3)
    XCTAssertEqual(layout.item.width, Geometry.round2((768 - 10 - 10 - 2 * 12) / 3.0))
    XCTAssertEqual(layout.item.height, Geometry.round2((768 - 10 - 10 - 2 * 12) / 3.0 / 0.9))
  }

  /// The built-in FAMILY_1's list is the published one: the component's 2 columns are LIST_1's on
  /// phones, whose entry sets none; tablets keep the cell's 3; LIST_2 and LIST_3 keep 1 on phones.
  func testBuiltinFamily1ListHasThePublishedColumns() throws {
    let file = try XCTUnwrap(BuiltinFamilies.files.first { $0.path.hasSuffix("/FAMILY_1.xml") })
    let family = try XCTUnwrap(FamilyReader.read(file, builtin: true).0?.family)
    XCTAssertEqual(family.component("list")?.metrics.base.columns, 2)
    func layout(_ style: String, _ deviceClass: DeviceClass, _ width: Double) -> (Int, Double, Double) {
      let layout = Geometry.layout(
        for: GeometryInput(family: family, componentType: "list", cellStyle: style),
        device: Device(name: "d", deviceClass: deviceClass, width: width))
      return (layout.columns, layout.item.width, layout.item.height ?? -1)
    }
    // Phone: (375 − 12 − 12 − 12) / 2 = 169.5 wide, 169.5 / 0.9 = 188.33 high.
    let phone = layout("LIST_1", .phone, 375)
    XCTAssertEqual([Double(phone.0), phone.1, phone.2], [2, 169.5, 188.33])
    // Tablet: (768 − 10 − 10 − 2 · 12) / 3 = 241.33 wide, 241.33 / 0.9 = 268.15 high.
    let tablet = layout("LIST_1", .tablet, 768)
    XCTAssertEqual([Double(tablet.0), tablet.1, tablet.2], [3, 241.33, 268.15])
    XCTAssertEqual(layout("LIST_2", .phone, 375).0, 1)
    XCTAssertEqual(layout("LIST_3", .phone, 375).0, 1)
    XCTAssertEqual(layout("LIST_2", .tablet, 768).0, 2)
    XCTAssertEqual(layout("LIST_3", .tablet, 768).0, 3)
  }

  /// What a family tells renderers and not the arithmetic reaches every screen's bundle: each
  /// class's `innerSpacing` (a cell's over its screen class's) in the style's metrics, and
  /// `showBottomPadding` in the screen's resolution, in both forms and through the runtime.
  func testRendererFactsOfAFamilyReachTheBundle() throws {
    let family = """
      <Family name="F" showBottomPadding="false" version="1.0">
        <Screens>
          <Screen type="default" divider="12" innerSpacing="4" padding="12" paddingTopBottom="12"/>
          <Screen type="sw600" divider="12" padding="10" paddingTopBottom="10"/>
        </Screens>
        <Components>
          <GridComponent name="GRID" columns="2">
            <Cell name="GRID_1" layoutId="layout_01_grid_01">
              <Screens>
                <Screen type="default" aspectCellRatio="0.6667" innerSpacing="8"/>
                <Screen type="sw600" aspectCellRatio="0.6667" columns="4"/>
              </Screens>
            </Cell>
          </GridComponent>
        </Components>
      </Family>
      """
    let other = Example.screen(Example.grid).replacingOccurrences(of: "FAMILY_1", with: "F")
    let dir = try makeProject(["screens/home.json": Example.home, "screens/o.json": other, "families/F.xml": family])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    for form in [BundleForm.compact, .expanded] {
      let out = dir + "/build-\(form)"
      XCTAssertEqual(Driver.build(dir, output: out, bundle: BundleWriter.Options(form: form, pretty: true)).status, .success)
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
      let screen = try XCTUnwrap(try bundle.screen(id: "other"))
      XCTAssertEqual(screen.resolved.showBottomPadding, false, "\(form)")
      let style = try XCTUnwrap(screen.resolved.sections.first?.geometry?.styles.first)
      func innerSpacing(_ deviceClass: DeviceClass) -> Double? {
        style.classes.first { $0.deviceClass == deviceClass }?.metrics.innerSpacing
      }
      XCTAssertEqual(innerSpacing(.phone), 8, "the cell's, over its screen class's 4")
      XCTAssertNil(innerSpacing(.tablet), "neither the cell nor the tablet class gives one")
      // The built-in FAMILY_1 shows the bottom padding, with no spacing inside its cells.
      let home = try XCTUnwrap(try bundle.screen(id: "home"))
      XCTAssertEqual(home.resolved.showBottomPadding, true)
      XCTAssertEqual(home.resolved.sections.first?.geometry?.styles.first?.classes.first?.metrics.innerSpacing, 0)
      let text = try String(contentsOfFile: out + "/" + (bundle.index.screens.first { $0.id == "other" }?.file ?? ""), encoding: .utf8)
      XCTAssertTrue(text.contains(#""show_bottom_padding": false"#), "\(form)")
      let layouts = try String(contentsOfFile: out + "/bundle.json", encoding: .utf8) + text
      XCTAssertTrue(layouts.contains(#""inner_spacing": 8"#), "\(form)")
    }
  }

  func testBuiltinFamiliesReadCleanAndMatchTheFamiliesFolder() throws {
    for file in BuiltinFamilies.files {
      let (decl, diagnostics) = FamilyReader.read(file, builtin: true)
      XCTAssertNotNil(decl, file.path)
      XCTAssertEqual(diagnostics.map(\.message), [], file.path)
      let name = (file.path as NSString).lastPathComponent
      let onDisk = try String(contentsOf: repositoryRoot.appendingPathComponent("families/\(name)"), encoding: .utf8)
      XCTAssertEqual(
        file.bytes, Array(onDisk.utf8.dropLast()), "the embedded text is families/\(name) without its final newline: run make embed")
    }
  }

  /// The built-in families pass every family rule: each, as a project's own family, raises only
  /// the note that it replaces the built-in one.
  func testBuiltinFamiliesPassTheFamilyRules() throws {
    for file in BuiltinFamilies.files {
      let name = (file.path as NSString).lastPathComponent
      let dir = try makeProject(Example.baseProject.merging(["families/\(name)": String(decoding: file.bytes, as: UTF8.self)]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(Driver.check(dir).diagnostics.map { "\($0.code) \($0.message)" }.filter { !$0.hasPrefix("ZL0310") }, [], name)
    }
  }

  /// `<Footer>`, which docs/families.md lists beside `<Header>`, is read as a footer style, inside
  /// `<Footers>` or directly in the family: it was ZL0204 ("unexpected <Footer> inside <Footers>;
  /// expected <Header>") and dropped, so a screen's `styles.footer.style` naming it was ZL0306.
  func testFooterElementsAreFooterStyles() throws {
    let xml =
      #"<Family name="F"><Screens><Screen type="default" padding="12"/></Screens><Footers><Footer name="FT" height="20"/></Footers><Footer name="F2" height="10"/></Family>"#
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "f.xml", text: xml))
    XCTAssertEqual(diagnostics.map(\.message), [])
    XCTAssertEqual(decl?.strays.count, 0)
    XCTAssertEqual(decl?.family.headers.map(\.name), ["FT", "F2"])
  }

  /// What a family file holds that the format does not have is ZL0204, at its place: an attribute
  /// of a wrapper, an element out of place, text.
  func testStraysInAFamilyAreUnknownKeys() throws {
    let m = Marked(
      #"<Family name="F"><Screens ⟦⟧kind="x">⟦⟧<Cell name="C"/></Screens>⟦⟧<Extra/><Components><Component type="grid">⟦⟧<Note/></Component></Components>⟦⟧words</Family>"#
    )
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": m.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let p = m.positions
    func spec(_ i: Int, _ message: String) -> DiagnosticSpec {
      DiagnosticSpec(code: "ZL0204", file: "families/f.xml", line: p[i].line, column: p[i].column, message: message)
    }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        spec(0, "unknown attribute 'kind' on <Screens>"), spec(1, "unexpected <Cell> inside <Screens>; expected <Screen>"),
        spec(2, "unexpected <Extra> in <Family>"), spec(3, "unexpected <Note> in a component"),
        spec(4, "text inside <Family> is ignored"),
      ])
  }

  /// The reader keeps each attribute's value and spot; the rules report at the attribute, with
  /// the message, and a fix-it where a name is close to a known one.
  func testFamilyAttributeChecksPointAtTheAttributeValue() throws {
    let m = Marked(
      "<Family name=\"F\"><Screens><Screen type=\"default\" padding=⟦⟧\"-1\" ⟦⟧colums=\"2\"/><Screen type=⟦⟧\"phablet\"/></Screens><Components><Component type=\"grid\" columns=⟦⟧\"0\" layout=⟦⟧\"flo\"><Cell name=\"G\" aspectCellRatio=⟦⟧\"0\"/></Component></Components></Family>"
    )
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": m.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let p = m.positions
    let kinds = LayoutKind.knownWords.joined(separator: ", ")
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0501", file: "families/f.xml", line: p[0].line, column: p[0].column,
          message: "'padding' must not be negative, found '-1'"),
        DiagnosticSpec(
          code: "ZL0206", file: "families/f.xml", line: p[1].line, column: p[1].column,
          message: "misspelled attribute 'colums' on <Screen>: clients ignore it", fixIt: "columns"),
        DiagnosticSpec(
          code: "ZL0203", file: "families/f.xml", line: p[2].line, column: p[2].column,
          message:
            "unknown screen type 'phablet'; expected a device class (default, sw600, universal), a size class (S, L, XL) or a state (portrait, landscape, slide_over, split_view)",
          fixIt: "\"tablet\""),
        DiagnosticSpec(
          code: "ZL0502", file: "families/f.xml", line: p[3].line, column: p[3].column,
          message: "'columns' must be a whole number from 1 to 1000, found '0'"),
        DiagnosticSpec(
          code: "ZL0203", file: "families/f.xml", line: p[4].line, column: p[4].column,
          message: "unknown layout 'flo'; expected one of \(kinds)",
          fixIt: "\"flow\""),
        DiagnosticSpec(
          code: "ZL0504", file: "families/f.xml", line: p[5].line, column: p[5].column,
          message: "'aspectCellRatio' must be from 0.01 to 100, found '0'"),
      ])
  }

  func testAComponentElementWhoseNameNamesAnotherTypeIsAWarning() throws {
    let family = #"""
      <Family name="F">
        <Components>
          <GridComponent name=⟦ZL0335⟧"G" columns="2"><Cell name="G_1" aspectCellRatio="1"/></GridComponent>
          <HorizontalListComponent name="HORIZONTAL_LIST"><Cell name="H_1" aspectCellRatio="1"/></HorizontalListComponent>
        </Components>
        <ListComponent name="list"><Cell name="L_1" aspectCellRatio="1"/></ListComponent>
        <HTMLTickerComponent name="HTML_TICKER"><Cell name="T_1" aspectCellRatio="1"/></HTMLTickerComponent>
        <HorizontalList2Component name="HORIZONTAL_LIST_2"><Cell name="H2_1" aspectCellRatio="1"/></HorizontalList2Component>
      </Family>
      """#
    try assertFindings(
      ["families/f.xml": family],
      [
        "families/f.xml": [
          (
            "<GridComponent name=\"G\"> styles component type 'g', not 'grid': the name, not the element, names the type",
            ["the element names 'grid'"], nil
          )
        ]
      ])
  }

  func testJSONFamilyReadsTheSameModelAsXML() throws {
    let xml =
      "<Family name=\"F\"><Responsive standardWidth=\"440\" scale=\"1.2\"/><Screens><Screen type=\"default\" padding=\"10\" divider=\"10\"/><Screen type=\"sw600\" responsive=\"true\"/></Screens><Components><GridComponent name=\"GRID\" columns=\"2\"><Cell name=\"G1\" aspectCellRatio=\"2\"/><Layout name=\"W\" kind=\"waterfall\"/></GridComponent></Components><Headers><Header name=\"H\" height=\"40\"/></Headers></Family>"
    let json =
      #"{"name": "F", "responsive": {"standardWidth": 440, "scale": 1.2}, "screens": [{"type": "default", "padding": 10, "divider": "10"}, {"type": "sw600", "responsive": true}], "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G1", "aspectCellRatio": 2}], "layouts": [{"name": "W", "kind": "waterfall"}]}], "headers": [{"name": "H", "height": 40}]}"#
    let (a, da) = FamilyReader.read(SourceFile(path: "f.xml", text: xml))
    let (b, db) = FamilyReader.read(SourceFile(path: "f.json", text: json))
    XCTAssertTrue(da.isEmpty && db.isEmpty, "\(da.map(\.message)) \(db.map(\.message))")
    XCTAssertEqual(try XCTUnwrap(a).family, try XCTUnwrap(b).family)
  }

  /// A component style that names no layout has the one Zapp's clients draw its type with: a hero
  /// or carousel pages, a rail or tab bar scrolls sideways, other types flow; a written `layout`
  /// wins. The same in XML, JSON, and the runtime library's own family reader.
  func testAStyleWithoutALayoutHasTheOneItsTypeImplies() throws {
    let xml =
      #"<Family name="F"><Components><HeroComponent name="HERO"/><CarouselComponent name="CAROUSEL"/>"#
      + #"<HorizontalListComponent name="HORIZONTAL_LIST" columns="3"/><TabBarComponent name="TAB_BAR"/>"#
      + #"<GridComponent name="GRID" columns="2"/><ListComponent name="LIST"/>"#
      + #"<Component type="horizontal_list_qb"/></Components></Family>"#
    let json =
      #"{"name": "F", "components": [{"type": "hero"}, {"type": "carousel"}, {"type": "horizontal_list", "columns": 3}, "#
      + #"{"type": "tab_bar"}, {"type": "grid", "columns": 2}, {"type": "list"}, {"type": "horizontal_list_qb"}]}"#
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "f.xml", text: xml))
    let family = try XCTUnwrap(decl).family
    XCTAssertEqual(diagnostics.map(\.message), [])
    XCTAssertEqual(
      family.components.map { "\($0.type) \($0.layout.word)" },
      [
        "hero paged", "carousel paged", "horizontal_list horizontal", "tab_bar horizontal", "grid flow", "list flow",
        "horizontal_list_qb horizontal",
      ])
    let runtime = try Family(jsonFamily: Data(json.utf8))
    XCTAssertEqual(
      runtime.components.map { "\($0.type) \($0.layout.word)" },
      family.components.map { "\($0.type) \($0.layout.word)" })
    let heroXML = #"<Family name="G"><Components><HeroComponent name="HERO" layout="flow"/></Components></Family>"#
    let written = FamilyReader.read(SourceFile(path: "g.xml", text: heroXML))
    XCTAssertEqual(try XCTUnwrap(written.0).family.components.map(\.layout), [.flow])
  }

  /// A sticky named layout of a project family makes its type sticky where a component names it:
  /// the second such component of a screen is ZL0413 with a note at the first; the family's other
  /// types are not sticky.
  func testANamedStickyLayoutIsSticky() throws {
    let data = #""data": {"source": "1", "type": "APPLICASTER_COLLECTION"}"#
    let m = Marked(
      #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": ["#
        + #"{"component_type": ⟦⟧"grid", "styles": {"layout": "L"}, \#(data)}, {"component_type": "list", \#(data)}, "#
        + #"{"component_type": ⟦⟧"grid", "styles": {"layout": "L"}, \#(data)}]}]"#)
    let family =
      #"<Family name="F"><Components><Component type="grid"><Layout name="L" kind="sticky"/></Component>"#
      + #"<Component type="list" layout="linear"/></Components></Family>"#
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": family, "screens/o.json": m.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.project.families["F"]?.stickyTypes, ["grid"])
    let (first, second) = (m.positions[0], m.positions[1])
    XCTAssertEqual(
      outcome.diagnostics.filter { $0.code == "ZL0413" }.map {
        "\(place($0, in: dir)) \($0.message) | \($0.notes.map { "\($0.message) \($0.spot?.location.line ?? 0):\($0.spot?.location.column ?? 0)" })"
      },
      [
        "ZL0413@screens/o.json:\(second.line):\(second.column) a second sticky component on screen 'other'; at most one can be pinned"
          + " | [\"the first sticky component \(first.line):\(first.column)\"]"
      ])
  }
}
