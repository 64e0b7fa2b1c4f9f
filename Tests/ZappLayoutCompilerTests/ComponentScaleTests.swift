import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution

/// A component's own responsive `scale`: k of the family's rule for that component's cell styles,
/// read from XML and JSON families alike, written as its sections' `geometry.responsive`, laid out
/// with by the runtime, range-checked (ZL0504) and warned at where it has no effect (ZL0516).
final class ComponentScaleTests: XCTestCase {
  /// A family `S` whose tablets are responsive (S = 440, k = 1.2), a grid of 2 phone columns with
  /// `scale` (`gridScale`) and a list of 2 phone columns without one.
  static func xmlFamily(gridScale: String = #" scale="2""#) -> String {
    """
    <Family name="S"><Responsive standardWidth="440" scale="1.2"/>
      <Screens><Screen type="default" padding="0" divider="0"/><Screen type="sw600" responsive="true"/></Screens>
      <Component type="grid" columns="2"\(gridScale)><Cell name="G" aspectCellRatio="1"/></Component>
      <Component type="list" columns="2"><Cell name="L" aspectCellRatio="1"/></Component>
    </Family>
    """
  }

  static let jsonFamily = """
    {"name": "S", "responsive": {"standardWidth": 440, "scale": 1.2},
     "screens": [{"type": "default", "padding": 0, "divider": 0}, {"type": "sw600", "responsive": true}],
     "components": [{"type": "grid", "columns": 2, "scale": 2, "cells": [{"name": "G", "aspectCellRatio": 1}]},
       {"type": "list", "columns": 2, "cells": [{"name": "L", "aspectCellRatio": 1}]}]}
    """

  /// A home screen of family S: the grid, then the list.
  static let home = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "S"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}},
      {"component_type": "list", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["L"]}}]}]
    """

  private func check(_ files: [String: String]) throws -> (dir: String, outcome: CheckOutcome) {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir))
  }

  /// Both family formats read the component's `scale`, and the runtime's JSON family decoder too;
  /// the family's other components keep the rule's scale.
  func testBothFamilyFormatsAndTheRuntimeReadAComponentsScale() throws {
    for (path, text) in ["families/S.xml": Self.xmlFamily(), "families/S.json": Self.jsonFamily] {
      let (_, outcome) = try check(["screens/home.json": Self.home, path: text])
      XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [], path)
      let family = try XCTUnwrap(outcome.project.families["S"]?.family, path)
      XCTAssertEqual(family.component("grid")?.scale, 2, path)
      XCTAssertNil(family.component("list")?.scale, path)
      XCTAssertEqual(family.responsive(for: "grid"), ResponsiveRule(standardWidth: 440, scale: 2), path)
      XCTAssertEqual(family.responsive(for: "list"), ResponsiveRule(standardWidth: 440, scale: 1.2), path)
      XCTAssertEqual(family.responsive(for: "hero"), ResponsiveRule(standardWidth: 440, scale: 1.2), path)
    }
    let downloaded = try Family(jsonFamily: Data(Self.jsonFamily.utf8))
    XCTAssertEqual(downloaded.component("grid")?.scale, 2)
    // A scale out of range is left out by the runtime, as zlc's reader leaves it out.
    let outOfRange = try Family(jsonFamily: Data(Self.jsonFamily.replacingOccurrences(of: #""scale": 2"#, with: #""scale": 0"#).utf8))
    XCTAssertNil(outOfRange.component("grid")?.scale)
    // Without a rule, a component's scale gives none.
    XCTAssertNil(Family(name: "N", components: [ComponentStyle(type: "grid", scale: 2)]).responsive(for: "grid"))
  }

  /// Each section's `geometry.responsive` carries its component's scale; the compiler's layout on
  /// a 1,024-point tablet and the runtime's at that width agree, and differ between the grid (one
  /// column every 440 / 2 × 2 = 440 points: 2) and the list (every 264 points: 3).
  func testEachSectionsGeometryCarriesItsComponentsScale() throws {
    let (_, outcome) = try check(["screens/home.json": Self.home, "families/S.xml": Self.xmlFamily()])
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let resolver = Resolver(project: outcome.project)
    let index = try BundleIndex(json: try JSON.parse(Data(resolver.bundleIndex().json.encoded())))
    let screen = try XCTUnwrap(outcome.project.screens.first)
    let decoded = try ResolvedScreen(data: Data(resolver.resolvedScreen(screen).json.encoded()))
    let sections = decoded.resolved.sections
    XCTAssertEqual(sections.map(\.geometry?.responsive?.scale), [2, 1.2])
    XCTAssertEqual(sections.map(\.geometry?.responsive?.standardWidth), [440, 440])
    let drawn = { (width: Double) in
      decoded.sections(forWidth: width, sizeClasses: index.sizeClasses).map { $0.layout?.columns }
    }
    XCTAssertEqual(drawn(1024), [2, 3])
    XCTAssertEqual(drawn(768), [1, 2])
    XCTAssertEqual(drawn(1366), [3, 5])
    XCTAssertEqual(drawn(375), [2, 2], "phones keep the columns the family gives them")
    XCTAssertEqual(sections.map { $0.layout(on: "tablet-landscape")?.columns }, [2, 3])
    // The runtime's family arithmetic agrees.
    let family = try Family(jsonFamily: Data(Self.jsonFamily.utf8))
    let tablet = Device(forWidth: 1024, sizeClasses: SizeClass.defaults)
    XCTAssertEqual(Geometry.columns(for: GeometryInput(family: family, componentType: "grid", cellStyle: "G"), device: tablet), 2)
    XCTAssertEqual(Geometry.columns(for: GeometryInput(family: family, componentType: "list", cellStyle: "L"), device: tablet), 3)
  }

  /// A scale out of range is ZL0504 at the value, as the rule's is; a misspelled one is ZL0206
  /// with the fix; one on a component's `<Screen>` entry is an attribute that entry does not take.
  func testAComponentsScaleIsRangeCheckedAndSpelledRight() throws {
    let xml = Marked(
      """
      <Family name="S"><Responsive standardWidth="440"/><Screens><Screen type="sw600" responsive="true"/></Screens>
        <Component type="grid" columns="2" scale=⟦ZL0504⟧"0"><Cell name="G" aspectCellRatio="1"/></Component>
        <Component type="list" columns="2" ⟦ZL0206⟧scael="2"><Cell name="L" aspectCellRatio="1"/></Component>
        <Component type="hero"><Screens><Screen type="sw600" ⟦ZL0204⟧scale="2"/></Screens></Component>
      </Family>
      """)
    let json = Marked(
      #"{"name": "J", "responsive": {"standardWidth": 440}, "screens": [{"type": "sw600", "responsive": true}], "components": [{"type": "grid", "scale": ⟦ZL0504⟧1000}, {"type": "list", "scale": ⟦ZL0202⟧true}]}"#
    )
    let (dir, outcome) = try check(["screens/home.json": Self.home, "families/S.xml": xml.text, "families/J.json": json.text])
    let found = outcome.diagnostics.filter { ["ZL0504", "ZL0206", "ZL0204", "ZL0202"].contains($0.code) }
    let spec = { (marked: Marked, file: String, i: Int, message: String, fixIt: String?) in
      DiagnosticSpec(
        code: marked.markers[i].code ?? "?", file: file, line: marked.markers[i].line, column: marked.markers[i].column, message: message,
        fixIt: fixIt)
    }
    assertDiagnostics(
      found, in: dir,
      [
        spec(xml, "families/S.xml", 0, "'scale' must be from 0.01 to 100, found '0'", nil),
        spec(xml, "families/S.xml", 1, "misspelled attribute 'scael' on <Component>: clients ignore it", "scale"),
        spec(xml, "families/S.xml", 2, "unknown attribute 'scale' on <Screen>", nil),
        spec(json, "families/J.json", 0, "'scale' must be from 0.01 to 100, found '1000'", nil),
        spec(json, "families/J.json", 1, "'scale' takes a number, found 'true'", nil),
      ])
    XCTAssertNil(outcome.project.families["S"]?.family.component("grid")?.scale)
  }

  /// A component's scale in a family without a `<Responsive>` rule, or for a component whose cell
  /// styles never take responsive columns (a paged hero; a grid that sets its tablet columns; the
  /// rule turned on for another component alone), is a warning at the value (ZL0516).
  func testAComponentScaleWithoutEffectIsWarnedAt() throws {
    let noRule = Marked(
      #"<Family name="A"><Component type="grid" columns="2" scale=⟦ZL0516⟧"2"><Cell name="G" aspectCellRatio="1"/></Component></Family>"#
    )
    let json = Marked(
      """
      {"name": "B", "responsive": {"standardWidth": 440, "scale": 1.2}, "screens": [{"type": "sw600", "responsive": true}],
       "components": [{"type": "hero", "scale": ⟦ZL0516⟧1.5, "cells": [{"name": "H", "aspectCellRatio": 2}]},
         {"type": "grid", "scale": ⟦ZL0516⟧"1.5", "columns": 2, "screens": [{"type": "sw600", "columns": 4}], "cells": [{"name": "G"}]},
         {"type": "list", "scale": 1.5, "columns": 2, "cells": [{"name": "L"}]}]}
      """)
    let other = Marked(
      """
      <Family name="C"><Responsive standardWidth="440"/>
        <Component type="grid" scale=⟦ZL0516⟧"2"/><Component type="list"><Screens><Screen type="sw600" responsive="true"/></Screens></Component>
      </Family>
      """)
    let jsonNoRule = Marked(#"{"name": "D", "components": [{"type": "grid", "columns": 2, "scale": ⟦ZL0516⟧2, "cells": [{"name": "G"}]}]}"#)
    let (dir, outcome) = try check([
      "screens/home.json": Self.home, "families/A.xml": noRule.text, "families/B.json": json.text, "families/C.xml": other.text,
      "families/D.json": jsonNoRule.text,
    ])
    let none = { (type: String, family: String) in
      "component '\(type)' of family '\(family)' sets a responsive scale, but responsive columns are turned on for none of its cell styles: it has no effect"
    }
    let noneNote =
      "the rule gives columns in a flow, horizontal or waterfall layout, where an entry says responsive=\"true\" and the component, its layout or its cell sets no 'columns' for that window"
    let spec = { (marked: Marked, file: String, i: Int, message: String, note: String) in
      DiagnosticSpec(
        code: marked.markers[i].code ?? "?", file: file, line: marked.markers[i].line, column: marked.markers[i].column, message: message,
        notes: [note])
    }
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0516" }, in: dir,
      [
        spec(
          noRule, "families/A.xml", 0,
          "component 'grid' of family 'A' sets a responsive scale, but the family has no <Responsive standardWidth=… scale=…> rule: it has no effect",
          "the scale takes the place of the rule's own for this component: add <Responsive standardWidth=\"440\"/> to the family, or remove 'scale'"
        ),
        spec(json, "families/B.json", 0, none("hero", "B"), noneNote),
        spec(json, "families/B.json", 1, none("grid", "B"), noneNote),
        spec(other, "families/C.xml", 0, none("grid", "C"), noneNote),
        spec(
          jsonNoRule, "families/D.json", 0,
          "component 'grid' of family 'D' sets a responsive scale, but the family has no \"responsive\" rule: it has no effect",
          "the scale takes the place of the rule's own for this component: add \"responsive\": {\"standardWidth\": 440} to the family, or remove 'scale'"
        ),
      ])
    // Where the rule gives the component columns, its scale is not warned at.
    let (_, clean) = try check(["screens/home.json": Self.home, "families/S.xml": Self.xmlFamily()])
    XCTAssertEqual(clean.diagnostics.map(\.code), [])
    // So too where it gives them in windows of one size class alone.
    let xl =
      #"<Family name="X"><Responsive standardWidth="440"/><Component type="grid" columns="2" scale="2"><Screens><Screen type="XL" responsive="true"/></Screens><Cell name="G" aspectCellRatio="1"/></Component></Family>"#
    let (_, sized) = try check(["screens/home.json": Self.home, "families/S.xml": Self.xmlFamily(), "families/X.xml": xl])
    XCTAssertEqual(sized.diagnostics.map(\.code).filter { $0 == "ZL0516" }, [])
  }

  /// The notes that explain responsive columns give the component's own scale: the unit of a
  /// phone's columns (ZL0514), and the window where a scaled grid's items have no width (ZL0503,
  /// found at the component's unit, not the family's).
  func testNotesGiveTheComponentsScale() throws {
    let phones = Marked(
      """
      <Family name="P"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="default" responsive=⟦ZL0514⟧"true"/></Screens>
        <Component type="grid" columns="2" scale="2"><Cell name="G" aspectCellRatio="1"/></Component>
      </Family>
      """)
    let narrow = Marked(
      """
      <Family name="W"><Responsive standardWidth="200" scale="1.2"/>
        <Screens><Screen type="sw600" responsive="true" padding="0" divider="115"/></Screens>
        <Component type="grid" columns="2" scale="1"><Cell name=⟦ZL0503⟧"G" aspectCellRatio="1"/></Component>
      </Family>
      """)
    // A phone alone: the tablet's windows are checked at the widths where the grid's columns change.
    let (dir, outcome) = try check([
      "screens/home.json": Self.home, "families/P.xml": phones.text, "families/W.xml": narrow.text,
      "zlc.json": #"{"app": "t", "devices": [{"name": "phone", "width": 375}]}"#,
    ])
    let spec = { (marked: Marked, file: String, message: String, notes: [String]) in
      DiagnosticSpec(
        code: marked.markers[0].code ?? "?", file: file, line: marked.markers[0].line, column: marked.markers[0].column, message: message,
        notes: notes)
    }
    assertDiagnostics(
      outcome.diagnostics.filter { ["ZL0514", "ZL0503"].contains($0.code) }, in: dir,
      [
        spec(
          phones, "families/P.xml",
          "responsive columns are turned on for phones here: on device 'phone' (375 wide), cell style 'G' of 'grid' has 1 column, not the 2 family 'P' gives it",
          ["the family's responsive rule (with the scale 2 of component 'grid') adds a column every 440 / 2 × 2 = 440 points"]),
        spec(
          narrow, "families/W.xml",
          "cell style 'G' of family 'W' has no room at 800 wide, a window of size class 'L': 8 columns leave an item width of -0.63",
          [
            "no device of the project is in size class 'L', but a client lays sections out at any width",
            "the family's responsive rule (with the scale 1 of component 'grid') gives 8 columns from 800 wide, one every 100 points",
          ]),
      ])
  }
}
