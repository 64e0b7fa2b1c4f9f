import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappRules

/// Every item a section draws has a height: a tablet without a `Screen` entry of its own reads the
/// `default` one, and an item left with a width and no height is ZL0511.
final class ItemHeightTests: XCTestCase {
  static func family(_ screens: String) -> String {
    #"<Family name="F"><Components><GridComponent name="GRID" columns="1"><Cell name="CARD" layoutId="card"><Screens>"#
      + screens + "</Screens></Cell></GridComponent></Components></Family>"
  }

  static let screen =
    #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}}]}]"#

  func project(_ screens: String) throws -> String {
    var files = Example.baseProject
    files["families/F.xml"] = Self.family(screens)
    files["screens/o.json"] = Self.screen
    return try makeProject(files)
  }

  /// An entry that sets `cellWidth` alone replaces the cell's whole shape, its own `cellHeight`
  /// too: the tablets' items have no height, and the finding says what to write; written whole,
  /// the entry gives them one.
  func testAnEntrySettingCellWidthAloneIsToldToWriteCellHeightBesideIt() throws {
    func family(_ entry: String) -> String {
      #"<Family name="F"><Components><GridComponent name="GRID" columns="1"><Cell name="CARD" layoutId="card" cellWidth="16" cellHeight="9"><Screens>"#
        + entry + "</Screens></Cell></GridComponent></Components></Family>"
    }
    var files = Example.baseProject
    files["screens/o.json"] = Self.screen
    files["families/F.xml"] = family(#"<Screen type="sw600" cellWidth="4"/>"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let findings = Driver.check(dir).diagnostics.filter { $0.code == "ZL0511" }
    XCTAssertEqual(findings.count, 1, "\(findings.map(\.message))")
    XCTAssertTrue(
      findings.first?.message.hasSuffix(
        "(an entry for this device sets cellWidth alone, which replaces the cell's whole shape: write cellHeight beside it there)") == true,
      "\(findings.map(\.message))")
    files["families/F.xml"] = family(#"<Screen type="sw600" cellWidth="4" cellHeight="3"/>"#)
    let whole = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: whole) }
    XCTAssertEqual(Driver.check(whole).diagnostics.map(\.message), [])
  }

  /// The `default` entry alone: phones and tablets both get 16:9 items.
  func testATabletWithoutItsOwnEntryReadsTheDefaultOne() throws {
    let dir = try project(#"<Screen type="default" cellWidth="16" cellHeight="9"/>"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let screen = Resolver(project: outcome.project).resolvedScreen(try XCTUnwrap(outcome.project.screen(id: "other")))
    let layout = try XCTUnwrap(screen.resolved.sections.first).layout
    XCTAssertEqual(layout.map(\.device), ["phone", "tablet-portrait", "tablet-landscape"])
    for entry in layout {
      let item = entry.layout.item
      XCTAssertEqual(try XCTUnwrap(item.height, entry.device), Geometry.round2(item.width * 9 / 16), accuracy: 0.01, entry.device)
    }
    // The tablet's own entry still wins over the default one.
    let own = try project(#"<Screen type="default" cellWidth="16" cellHeight="9"/><Screen type="sw600" cellHeight="100"/>"#)
    defer { try? FileManager.default.removeItem(atPath: own) }
    let checked = Driver.check(own)
    let tablet = Resolver(project: checked.project).resolvedScreen(try XCTUnwrap(checked.project.screen(id: "other")))
      .resolved.sections[0].layout.first { $0.device == "tablet-portrait" }
    XCTAssertEqual(tablet?.layout.item.height, 100)
  }

  /// A height for tablets only leaves the phone's items without one: an error at the cell style,
  /// with a note at the component that uses it.
  func testItemsWithAWidthAndNoHeightAreAnError() throws {
    let dir = try project(#"<Screen type="sw600" aspectCellRatio="0.66"/>"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0511", file: "families/F.xml", line: 1, column: 80,
          message:
            "cell style 'CARD' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight",
          notes: ["used by component 'grid' of screen 'other'"])
      ])
  }

  /// A cell with elements and no shape: the message says how high its elements are in the item's
  /// width, and the `aspectCellRatio` (to three places) that holds them; with it, the cell checks clean.
  func testACellOfElementsWithoutAHeightIsToldTheRatioThatHoldsThem() throws {
    var files = Example.baseProject
    let family = { (shape: String) in
      #"<Family name="F"><Components><GridComponent name="GRID" columns="1"><Cell name="CARD" layoutId="c"\#(shape)>"#
        + #"<Element widthRatio="0.5" widthHeightRatio="2"/><Element widthRatio="0.5" widthHeightRatio="2"/>"#
        + #"<Element display="block" widthHeightRatio="3" margin="0,0,0,0"/></Cell></GridComponent></Components></Family>"#
    }
    files["families/F.xml"] = family("")
    files["screens/o.json"] = Self.screen
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // 375 wide: two halves of shape 2 (93.75 high), then a full-width line of shape 3 (125).
    XCTAssertEqual(
      Driver.check(dir).diagnostics.map(\.message),
      [
        "cell style 'CARD' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight (its elements are 218.75 high in that width: aspectCellRatio 1.714 holds them)"
      ])
    try family(#" aspectCellRatio="1.714""#).write(toFile: dir + "/families/F.xml", atomically: true, encoding: .utf8)
    XCTAssertEqual(Driver.check(dir).diagnostics.map(\.message), [])
    // An exact ratio is given as it is, not a hair under it.
    for (width, ratio, shown) in [(375.0, 1.5, "1.5"), (320, 3, "3"), (414, 0.6, "0.6")] {
      let cell = CellStyle(name: "C", elements: [ElementStyle(display: .block, widthHeightRatio: ratio)])
      XCTAssertTrue(MissingItemHeightRule.elementsHeight(cell, width: width).hasSuffix("aspectCellRatio \(shown) holds them)"), shown)
    }
  }

  /// Of several cell styles a component uses, each is laid out as the family has it (the first of
  /// a name written twice, in a type written in capitals): only the one without a phone height is
  /// reported, and a design width is checked against its own cell.
  func testEachUsedStyleIsLaidOutAsTheFamilyHasIt() throws {
    var files = Example.baseProject
    files["families/F.xml"] =
      #"<Family name="F"><Components><GridComponent name="GRID" columns="1">"#
      + #"<Cell name="CARD" layoutId="a"><Screens><Screen type="sw600" aspectCellRatio="0.66"/></Screens></Cell>"#
      + #"<Cell name="CARD" layoutId="b"><Screens><Screen type="default" cellHeight="100"/></Screens></Cell>"#
      + #"<Cell name="ROW" layoutId="r"><Screens><Screen type="default" cellHeight="90" designWidth="300"/></Screens></Cell>"#
      + #"<Cell name="WIDE" layoutId="w"><Screens><Screen type="default" cellHeight="90" designWidth="320"/></Screens></Cell>"#
      + "</GridComponent></Components></Family>"
    files["screens/o.json"] = Self.screen.replacingOccurrences(of: #"["CARD"]"#, with: #"["ROW", "CARD", "WIDE"]"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    XCTAssertEqual(
      found.filter { $0.code == "ZL0511" }.map(\.message),
      [
        "cell style 'CARD' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight"
      ])
    // One column of a 320-point phone is 320 wide: WIDE's design width holds, ROW's does not.
    XCTAssertEqual(
      found.filter { $0.code == "ZL0505" }.map(\.message),
      [
        "cell style 'ROW' declares a design width of 300 but the family arithmetic gives 320 on a 320-point phone"
      ])
  }

  /// A size class replacement whose cell has no height on its size class's devices: the same error,
  /// the note naming the replacement.
  func testAReplacementWithoutAHeightIsAnError() throws {
    var files = Example.baseProject
    files["families/F.xml"] =
      #"<Family name="F"><Components><GridComponent name="GRID" columns="1"><Cell name="CARD" layoutId="card" cellHeight="90"/><Cell name="FLAT" layoutId="flat"/></GridComponent></Components></Family>"#
    files["screens/o.json"] = Self.screen.replacingOccurrences(
      of: #""styles": {"cell_styles": ["CARD"]}}"#,
      with: #""styles": {"cell_styles": ["CARD"]}, "size_class_mapping": {"L": {"component_type": "grid", "cell_style": "FLAT"}}}"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0511", file: "families/F.xml", line: 1, column: 131,
          message:
            "cell style 'FLAT' of family 'F' has no item height on device 'tablet-portrait' (768 wide): its items would be 768 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight",
          notes: ["used by component 'grid' of screen 'other' as its size class 'L' replacement"])
      ])
  }

  /// A section is laid out only where it is drawn as its own type: a cell style with a height on
  /// tablets alone is no error while the component's size class mapping hides it on phones (S) or
  /// replaces it there, and stays one where the mapping leaves phones alone.
  func testACellStyleIsCheckedOnlyWhereItsComponentIsDrawn() throws {
    func findings(_ mapping: String) throws -> [String] {
      var files = Example.baseProject
      files["families/F.xml"] =
        #"<Family name="F"><Components><GridComponent name="GRID" columns="1"><Cell name="CARD" layoutId="card"><Screens><Screen type="sw600" aspectCellRatio="0.66"/></Screens></Cell><Cell name="FLAT" layoutId="flat" cellHeight="90"/></GridComponent></Components></Family>"#
      files["screens/o.json"] = Self.screen.replacingOccurrences(
        of: #""styles": {"cell_styles": ["CARD"]}}"#, with: #""styles": {"cell_styles": ["CARD"]}\#(mapping)}"#)
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0511" }.map(\.message)
    }
    XCTAssertEqual(try findings(#", "size_class_mapping": {"S": "hide"}"#), [])
    XCTAssertEqual(try findings(#", "size_class_mapping": {"S": {"component_type": "grid", "cell_style": "FLAT"}}"#), [])
    XCTAssertEqual(
      try findings(#", "size_class_mapping": {"L": "hide"}"#),
      [
        "cell style 'CARD' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight"
      ])
  }

  /// A fallback whose cell has no height: the same error on the first device, the note naming the
  /// fallback (a client that draws it lays it out on any device).
  func testAFallbackWithoutAHeightIsAnError() throws {
    var files = Example.baseProject
    files["families/F.xml"] =
      #"<Family name="F"><Components><GridComponent name="GRID" columns="1"><Cell name="CARD" layoutId="card" cellHeight="90"/><Cell name="FLAT" layoutId="flat"/></GridComponent></Components></Family>"#
    files["screens/o.json"] = Self.screen.replacingOccurrences(
      of: #""styles": {"cell_styles": ["CARD"]}}"#,
      with: #""styles": {"cell_styles": ["CARD"]}, "fallback": {"component_type": "grid", "cell_style": "FLAT"}}"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0511", file: "families/F.xml", line: 1, column: 131,
          message:
            "cell style 'FLAT' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight",
          notes: ["used by component 'grid' of screen 'other' as its fallback"])
      ])
  }
}
