import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// Family values per size class and per window state: what zlc writes for a device of a size
/// class or a state, and what the runtime gives at any width and state from the bundle.
final class ScreenStateTests: XCTestCase {
  /// A grid of 2 columns on phones and 3 on tablets, 5 on XL and 4 in landscape; its header 40
  /// high, 60 on XL and 50 in split view; its footer 30 high, 36 on tablets and 24 in landscape.
  static let xmlFamily = """
    <Family name="W">
      <Screens>
        <Screen type="default" padding="10" divider="10"/>
        <Screen type="sw600" padding="20" divider="10"/>
      </Screens>
      <Component type="grid" columns="2">
        <Cell name="G" layoutId="g" aspectCellRatio="1">
          <Screens>
            <Screen type="sw600" columns="3"/>
            <Screen type="XL" columns="5"/>
            <Screen type="landscape" columns="4"/>
          </Screens>
        </Cell>
      </Component>
      <Headers>
        <Header name="H" height="40">
          <Screens><Screen type="XL" height="60"/><Screen type="split_view" height="50"/></Screens>
        </Header>
      </Headers>
      <Footers>
        <Footer name="F" height="30">
          <Screens><Screen type="sw600" height="36"/><Screen type="landscape" height="24"/></Screens>
        </Footer>
      </Footers>
    </Family>
    """

  static let jsonFamily = """
    {"name": "W",
     "screens": [{"type": "default", "padding": 10, "divider": 10}, {"type": "sw600", "padding": 20, "divider": 10}],
     "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "layoutId": "g", "aspectCellRatio": 1, "screens": [
       {"type": "sw600", "columns": 3}, {"type": "XL", "columns": 5}, {"type": "landscape", "columns": 4}]}]}],
     "headers": [{"name": "H", "height": 40, "screens": [{"type": "XL", "height": 60}, {"type": "split_view", "height": 50}]}],
     "footers": [{"name": "F", "height": 30, "screens": [{"type": "sw600", "height": 36}, {"type": "landscape", "height": 24}]}]}
    """

  static let settings = """
    {"app": "T", "devices": [
      {"name": "phone", "width": 375}, {"name": "ipad", "width": 1024}, {"name": "ipad-landscape", "width": 1024, "state": "landscape"},
      {"name": "wide", "width": 1366}, {"name": "wide-landscape", "width": 1366, "state": "landscape"},
      {"name": "split", "width": 694, "state": "split_view"}, {"name": "slide", "width": 320, "state": "slide_over"}]}
    """

  static let screen = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "W"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
       "styles": {"cell_styles": ["G"], "header": {"style": "H"}, "footer": {"style": "F"}}}]}]
    """

  /// The home screen's one section, as the runtime decodes it from the bytes zlc writes, and the
  /// bundle's index.
  func builtSection(family: (path: String, text: String)) throws -> (ResolvedSection, BundleIndex) {
    let dir = try makeProject(["zlc.json": Self.settings, family.path: family.text, "screens/home.json": Self.screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map { "\($0.code) \($0.message)" }, [])
    let resolver = Resolver(project: outcome.project)
    let index = try BundleIndex(json: try JSON.parse(Data(resolver.bundleIndex().json.encoded())))
    let screen = try XCTUnwrap(outcome.project.screens.first)
    let decoded = try ResolvedScreen(data: Data(resolver.resolvedScreen(screen).json.encoded()))
    return (try XCTUnwrap(decoded.resolved.sections.first), index)
  }

  func assertSizeClassAndStateValues(family: (path: String, text: String), file: StaticString = #filePath, line: UInt = #line) throws {
    let (section, index) = try builtSection(family: family)
    XCTAssertEqual(index.devices.first { $0.name == "ipad-landscape" }?.state, .landscape, file: file, line: line)
    XCTAssertEqual(index.devices.first { $0.name == "wide" }?.sizeClass, "XL", file: file, line: line)
    // What zlc writes per device: the device class's value, the size class's over it, the
    // state's over both.
    let expected: [(device: String, columns: Int, header: Double, footer: Double)] = [
      ("phone", 2, 40, 30), ("ipad", 3, 40, 36), ("ipad-landscape", 4, 40, 24), ("wide", 5, 60, 36), ("wide-landscape", 4, 60, 24),
      ("split", 3, 50, 36), ("slide", 2, 40, 30),
    ]
    for (device, columns, header, footer) in expected {
      XCTAssertEqual(section.layout(on: device)?.columns, columns, device, file: file, line: line)
      XCTAssertEqual(section.layout(on: device)?.headerHeight, header, device, file: file, line: line)
      XCTAssertEqual(section.layout(on: device)?.footerHeight, footer, device, file: file, line: line)
    }
    XCTAssertEqual(section.layout(on: "wide")?.item.width, 257.2, file: file, line: line)  // (1366 − 40 − 4 × 10) / 5
    // The runtime, at any width and state, from the bundle alone.
    let classes = index.sizeClasses
    XCTAssertEqual(section.drawn(forWidth: 1300, sizeClasses: classes).layout?.columns, 5, file: file, line: line)
    XCTAssertEqual(section.drawn(forWidth: 1300, state: .landscape, sizeClasses: classes).layout?.columns, 4, file: file, line: line)
    XCTAssertEqual(section.drawn(forWidth: 900, state: .landscape, sizeClasses: classes).layout?.columns, 4, file: file, line: line)
    XCTAssertEqual(section.drawn(forWidth: 900, state: .portrait, sizeClasses: classes).layout?.columns, 3, file: file, line: line)
    XCTAssertEqual(section.drawn(forWidth: 900, sizeClasses: classes).layout?.columns, 3, file: file, line: line)
    let geometry = try XCTUnwrap(section.geometry, file: file, line: line)
    XCTAssertEqual(geometry.layout(forWidth: 1024, state: .landscape, sizeClasses: classes).columns, 4, file: file, line: line)
    XCTAssertEqual(geometry.layout(forWidth: 1024, sizeClasses: classes).columns, 3, file: file, line: line)
    XCTAssertEqual(geometry.layout(forWidth: 700, state: .splitView, sizeClasses: classes).headerHeight, 50, file: file, line: line)
    XCTAssertEqual(geometry.layout(forWidth: 1500, sizeClasses: classes).headerHeight, 60, file: file, line: line)
    XCTAssertEqual(geometry.layout(forWidth: 375, sizeClasses: classes).footerHeight, 30, file: file, line: line)
    XCTAssertEqual(geometry.layout(forWidth: 1500, sizeClasses: classes).footerHeight, 36, file: file, line: line)
    XCTAssertEqual(geometry.layout(forWidth: 1024, state: .landscape, sizeClasses: classes).footerHeight, 24, file: file, line: line)
  }

  func testAnXMLFamilyGivesItsXLAndLandscapeValues() throws {
    try assertSizeClassAndStateValues(family: ("families/w.xml", Self.xmlFamily))
  }

  func testAJSONFamilyGivesItsXLAndLandscapeValues() throws {
    try assertSizeClassAndStateValues(family: ("families/w.json", Self.jsonFamily))
    XCTAssertEqual(
      try Family(jsonFamily: Data(Self.jsonFamily.utf8)),
      try XCTUnwrap(FamilyReader.read(SourceFile(path: "w.json", text: Self.jsonFamily)).0?.family))
  }

  /// A family without size class or state values writes no variants: bundles stay as they were.
  func testGeometryCarriesOnlyTheWindowsThatDiffer() throws {
    let family = try XCTUnwrap(FamilyReader.read(SourceFile(path: "w.xml", text: Self.xmlFamily)).0?.family)
    let geometry = Geometry.sectionGeometry(family: family, componentType: "grid", cellStyles: ["G"], layoutName: nil, header: "H")
    let keys = geometry.styles[0].variants.map {
      [$0.screen.deviceClass.rawValue, $0.screen.sizeClass ?? "-", $0.screen.state?.word ?? "-"]
    }
    // The XL and landscape entries on each class; XL in landscape reads landscape's 4 columns, as
    // landscape alone does, so it is not repeated.
    XCTAssertEqual(keys, [["phone", "XL", "-"], ["phone", "-", "landscape"], ["tablet", "XL", "-"], ["tablet", "-", "landscape"]])
    XCTAssertEqual(geometry.headerVariants.map(\.height), [60, 50, 60, 50])
    var plain = family
    plain.components[0].cells[0].metrics.bySizeClass = [:]
    plain.components[0].cells[0].metrics.byState = [:]
    let before = Geometry.sectionGeometry(family: plain, componentType: "grid", cellStyles: ["G"], layoutName: nil)
    XCTAssertEqual(before.styles[0].variants.count, 0)
    XCTAssertFalse(String(decoding: before.encoded(pretty: false), as: UTF8.self).contains("variants"))
  }

  func check(_ files: [String: String]) throws -> (diagnostics: [Diagnostic], dir: String, at: [String: [(line: Int, column: Int)]]) {
    var clean: [String: String] = [:]
    var markers: [String: [(line: Int, column: Int)]] = [:]
    for (path, text) in files {
      let m = Marked(text)
      clean[path] = m.text
      markers[path] = m.positions
    }
    let dir = try makeProject(Example.baseProject.merging(clean) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (Driver.check(dir).diagnostics, dir, markers)
  }

  func testUnknownStatesAndScreenTypesAreReportedWhereTheyStand() throws {
    let settings =
      #"{"devices": [{"name": "phone", "width": 375}, {"name": "ipad", "width": 1024, "state": ⟦⟧"landscpe"}, {"name": "pad", "width": 1024, "state": ⟦⟧"landscape_left"}]}"#
    let xml = """
      <Family name="F"><Screens><Screen type=⟦⟧"XXL"/><Screen type=⟦⟧"Landscape"/><Screen type="XL"/><Screen type=⟦⟧"XL"/></Screens></Family>
      """
    let json = #"{"name": "J", "screens": [{"type": "split_view"}, {"type": ⟦⟧"split-view"}]}"#
    let (diagnostics, dir, at) = try check(["zlc.json": settings, "families/f.xml": xml, "families/j.json": json])
    let z = try XCTUnwrap(at["zlc.json"])
    let x = try XCTUnwrap(at["families/f.xml"])
    let j = try XCTUnwrap(at["families/j.json"])
    let expected =
      "a device class (default, sw600, universal), a size class (S, L, XL) or a state (portrait, landscape, slide_over, split_view)"
    assertDiagnostics(
      diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0319", file: "zlc.json", line: z[0].line, column: z[0].column,
          message: "unknown state 'landscpe' of device 'ipad'; expected portrait, landscape, slide_over, split_view", fixIt: #""landscape""#
        ),
        DiagnosticSpec(
          code: "ZL0319", file: "zlc.json", line: z[1].line, column: z[1].column,
          message:
            "unknown state 'landscape_left' of device 'pad'; expected portrait, landscape, slide_over, split_view ('landscape' stands for either side)",
          fixIt: #""landscape""#),
        DiagnosticSpec(
          code: "ZL0203", file: "families/f.xml", line: x[0].line, column: x[0].column,
          message: "unknown screen type 'XXL'; expected \(expected)", fixIt: #""XL""#),
        DiagnosticSpec(
          code: "ZL0203", file: "families/f.xml", line: x[1].line, column: x[1].column,
          message: "unknown screen type 'Landscape'; expected \(expected)", fixIt: #""landscape""#),
        DiagnosticSpec(
          code: "ZL0507", file: "families/f.xml", line: x[2].line, column: x[2].column, message: "size class 'XL' is given twice",
          notes: ["first given here"]),
        DiagnosticSpec(
          code: "ZL0203", file: "families/j.json", line: j[0].line, column: j[0].column,
          message: "unknown screen type 'split-view'; expected \(expected)", fixIt: #""split_view""#),
      ])
    let states = diagnostics.filter { $0.code == "ZL0319" }.map { $0.fixIt?.range == nil }
    XCTAssertEqual(states, [false, true], "a misspelling's fix; a side's orientation is a hint")
  }

  /// A state's or a size class's entry that turns the responsive rule on needs the family's formula
  /// too (ZL0506), as a device class's does, and so does a component's, a cell's or a layout's.
  func testAResponsiveWindowEntryNeedsTheFormula() throws {
    let xml = """
      <Family name="F"><Screens><Screen type="landscape" responsive=⟦⟧"true"/><Screen type="XL" responsive=⟦⟧"true"/></Screens>
      <Components><Component type="grid" responsive=⟦⟧"true"><Cell name="G"><Screens><Screen type="tablet" responsive=⟦⟧"true"/></Screens></Cell>
      <Layout name="L" kind="flow" responsive=⟦⟧"true"/></Component></Components></Family>
      """
    let (diagnostics, dir, at) = try check(["families/f.xml": xml])
    let x = try XCTUnwrap(at["families/f.xml"])
    let message = "responsive columns are turned on here but family 'F' has no <Responsive standardWidth=… scale=…> rule"
    XCTAssertEqual(x.count, 5)
    assertDiagnostics(
      diagnostics.filter { $0.code == "ZL0506" }, in: dir,
      x.map { DiagnosticSpec(code: "ZL0506", file: "families/f.xml", line: $0.line, column: $0.column, message: message) })
  }

  /// A project's own size class is a screen type its families may key values by.
  func testAProjectsOwnSizeClassKeysFamilyValues() throws {
    let settings = #"{"size_classes": [{"name": "compact", "min_width": 0, "max_width": 700}, {"name": "wide", "min_width": 700}]}"#
    let json = #"{"name": "J", "screens": [{"type": "wide", "insetLeft": 8}, {"type": ⟦⟧"XL"}]}"#
    let (diagnostics, dir, at) = try check(["zlc.json": settings, "families/j.json": json])
    let j = try XCTUnwrap(at["families/j.json"])
    assertDiagnostics(
      diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0203", file: "families/j.json", line: j[0].line, column: j[0].column,
          message:
            "unknown screen type 'XL'; expected a device class (default, sw600, universal), a size class (compact, wide) or a state (portrait, landscape, slide_over, split_view)"
        )
      ])
  }
}
