import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// Size classes, any-width geometry and the size-class mapping: the runtime's `drawn(forWidth:)`
/// must give exactly what the compiler writes for a device of that width.
final class ResponsiveTests: XCTestCase {
  /// A deterministic generator (SplitMix64), so a failure repeats.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Widths from 280 to 2,000 pt (two decimals), with the acceptance widths first.
  static func widths(count: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix(state: seed)
    let fixed: [Double] = [320, 393, 507, 694, 768, 1024, 1366, 599.99, 600, 1199.99, 1200]
    return fixed + (0..<count).map { _ in (Double.random(in: 280...2000, using: &rng) * 100).rounded() / 100 }
  }

  /// zlc.json declaring one device per width, by width alone, each with the next of `states`
  /// (nil: none) in turn.
  static func settings(widths: [Double], states: [String?] = [nil]) -> String {
    let devices = widths.enumerated().map { i, width in
      let state = states[i % states.count].map { #", "state": "\#($0)""# } ?? ""
      return #"{"name": "w\#(i)", "width": \#(width)\#(state)}"#
    }
    return #"{"app": "T", "devices": [\#(devices.joined(separator: ", "))], "data_types": ["RIVERFLIX_RECOMMENDATIONS"]}"#
  }

  func loadProject(_ files: [String: String]) throws -> Project {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map { "\($0.code) \($0.message)" }, [])
    return outcome.project
  }

  /// For every screen and section: the bundle's bytes decoded by the runtime, laid out at each
  /// device's width and state with `drawn(forWidth:state:)`, equal the layout the compiler wrote
  /// for that device.
  func assertAnyWidthMatchesCompiler(_ project: Project, widths: [Double], file: StaticString = #filePath, line: UInt = #line) throws {
    let resolver = Resolver(project: project)
    let index = try BundleIndex(json: try JSON.parse(Data(resolver.bundleIndex().json.encoded())))
    XCTAssertEqual(index.devices.map(\.width), widths, file: file, line: line)
    var compared = 0
    for screen in project.screens {
      let decoded = try ResolvedScreen(data: Data(resolver.resolvedScreen(screen).json.encoded()))
      for device in index.devices {
        let runtime =
          device.state == nil
          ? decoded.sections(forWidth: device.width, sizeClasses: index.sizeClasses)
          : decoded.sections(forWidth: device.width, state: device.state, sizeClasses: index.sizeClasses)
        for (section, drawn) in zip(decoded.resolved.sections, runtime) {
          XCTAssertEqual(
            drawn.layout, section.layout(on: device.name), "\(screen.id) §\(section.section) at \(device.width)", file: file, line: line)
          XCTAssertEqual(drawn.sizeClass, device.sizeClass, file: file, line: line)
          // The items shown at any width agree with the compiler's device of that width, fill_rows
          // and the size class's limit included (none where the section is hidden).
          if section.fillRows || section.itemLimit != nil {
            for available in [7, 13] {
              XCTAssertEqual(
                section.itemsShown(of: available, forWidth: device.width, state: device.state, sizeClasses: index.sizeClasses),
                section.itemsShown(of: available, on: device.name, sizeClass: device.sizeClass),
                "\(screen.id) §\(section.section), \(available) items at \(device.width)", file: file, line: line)
            }
          }
          compared += 1
        }
      }
    }
    XCTAssertGreaterThan(compared, widths.count, file: file, line: line)
  }

  func testTheDemoLaidOutAtAnyWidthEqualsTheCompilersDevices() throws {
    var files: [String: String] = [:]
    let demo = repositoryRoot.appendingPathComponent("manifests")
    for path in try FileManager.default.subpathsOfDirectory(atPath: demo.path) where path.hasSuffix(".json") || path.hasSuffix(".xml") {
      files[path] = try String(contentsOf: demo.appendingPathComponent(path), encoding: .utf8)
    }
    let widths = Self.widths(count: 2000, seed: 13)
    files["zlc.json"] = Self.settings(widths: widths, states: [nil] + ScreenState.knownWords)
    try assertAnyWidthMatchesCompiler(try loadProject(files), widths: widths)
  }

  /// Random JSON families: every metric, per class, size class and state, the responsive rule and
  /// columns set per class vary; each is laid out at many widths and states by the compiler and by
  /// the runtime.
  func testGeneratedFamiliesLaidOutAtAnyWidthEqualTheCompilersDevices() throws {
    var rng = SplitMix(state: 2026)
    for round in 0..<12 {
      let widths = Self.widths(count: 250, seed: UInt64(round))
      let states: [String?] = [nil, "landscape", "portrait", "slide_over", "split_view"]
      let family = Self.randomFamily(&rng)
      let screen = #"""
        [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "G"}, "ui_components": [
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["A", "B"], "header": {"style": "H"}}},
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["B"], "layout": "W"}},
          {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["A"]}},
          {"component_type": "horizontal_list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["A"]}},
          {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["A"], "layout": "ONE"}}]}]
        """#
      let project = try loadProject([
        "zlc.json": Self.settings(widths: widths, states: states), "families/g.json": family, "screens/home.json": screen,
      ])
      try assertAnyWidthMatchesCompiler(project, widths: widths)
    }
  }

  static func randomFamily(_ rng: inout SplitMix) -> String {
    func length() -> String { String(Double(Int.random(in: 0...40, using: &rng)) / 2) }
    /// Random metrics; with `height`, always a height of their own (items without one are ZL0511).
    func metrics(height: Bool = false) -> String {
      var parts = [#""insetLeft": \#(length())"#, #""insetRight": \#(length())"#, #""interItemSpacing": \#(length())"#]
      if Bool.random(using: &rng) { parts.append(#""insetTop": \#(length())"#) }
      if Bool.random(using: &rng) { parts.append(#""columns": \#(Int.random(in: 1...4, using: &rng))"#) }
      let ratio = Bool.random(using: &rng)
      if ratio { parts.append(#""aspectCellRatio": \#(Double(Int.random(in: 30...300, using: &rng)) / 100)"#) }
      let shape = Bool.random(using: &rng)
      if shape { parts.append(#""cellWidth": 16, "cellHeight": \#(Int.random(in: 5...20, using: &rng))"#) }
      if height, !ratio, !shape { parts.append(#""aspectCellRatio": 0.75"#) }
      return parts.joined(separator: ", ")
    }
    /// Entries for some of the size classes and states, or none.
    func windows() -> String {
      ["S", "XL", "landscape", "split_view"].filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        .map { #", {"type": "\#($0)", \#(metrics())}"# }.joined()
    }
    let standard = Int.random(in: 300...500, using: &rng)
    let scale = Double(Int.random(in: 80...150, using: &rng)) / 100
    return #"""
      {"name": "G", "responsive": {"standardWidth": \#(standard), "scale": \#(scale)},
       "screens": [{"type": "default", \#(metrics())}, {"type": "sw600", "responsive": \#(Bool.random(using: &rng)), \#(metrics())}\#(windows())],
       "components": [
         {"type": "grid", "layout": "flow", "columns": \#(Int.random(in: 1...4, using: &rng)),
          "screens": [{"type": "sw600", \#(Bool.random(using: &rng) ? #""columns": 5"# : #""lineSpacing": 3"#)}\#(windows())],
          "layouts": [{"name": "W", "kind": "waterfall"}],
          "cells": [{"name": "A", \#(metrics(height: true)), "screens": [{"type": "phone"}\#(windows())]},
            {"name": "B", "aspectCellRatio": 1.5, "screens": [{"type": "sw600", \#(metrics())}\#(windows())]}]},
         {"type": "hero", "layout": "paged", "layouts": [{"name": "ONE", "kind": "one_and_n", "widthRatio": 0.\#(Int.random(in: 3...8, using: &rng)), "smallItems": \#(Int.random(in: 1...4, using: &rng))}],
          "cells": [{"name": "A", "cellWidth": 16, "cellHeight": 9}]},
         {"type": "horizontal_list", "layout": "horizontal", "columns": 3, "cells": [{"name": "A", \#(metrics(height: true))}]}],
       "headers": [{"name": "H", "height": \#(Int.random(in: 20...60, using: &rng)), "screens": [{"type": "sw600", "height": \#(Int.random(in: 20...60, using: &rng))}, {"type": "\#(["XL", "landscape"].randomElement(using: &rng)!)", "height": \#(Int.random(in: 20...60, using: &rng))}]}]}
      """#
  }

  /// The Youku figures: n₀ = 2 columns on a phone, S = 440, k = 1.2 → 3 columns at 1,024 pt.
  func testYoukuColumnsAtAnyWidth() throws {
    let file = try XCTUnwrap(BuiltinFamilies.files.first { $0.path.hasSuffix("FAMILY_2.json") })
    let family = try XCTUnwrap(FamilyReader.read(file, builtin: true, limits: .default).0?.family)
    let geometry = Geometry.sectionGeometry(family: family, componentType: "grid", cellStyles: ["GRID_1"], layoutName: nil)
    // unit = 440 / 2 × 1.2 = 264 pt: floor(1024 / 264) = 3, floor(768 / 264) = 2, floor(1366 / 264) = 5.
    for (width, columns) in [(1024.0, 3), (768, 2), (1366, 5), (694, 2), (507, 2), (393, 2), (320, 2)] {
      XCTAssertEqual(geometry.layout(forWidth: width, sizeClasses: SizeClass.defaults).columns, columns, "\(width)")
    }
  }
}

/// The issue's acceptance project: a phone-only hero drawn as a grid cell on L and XL, hidden on S.
final class SizeClassMappingTests: XCTestCase {
  static let settings = #"""
    {"app": "T", "devices": [{"name": "se", "width": 320}, {"name": "pad", "width": 768}, {"name": "pad-land", "width": 1024}, {"name": "pro", "width": 1366}]}
    """#
  static let home = #"""
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [
      {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]},
       "size_class_mapping": {"S": "hide", "L": {"component_type": "grid", "cell_style": "GRID_1"}, "XL": {"component_type": "grid", "cell_style": "GRID_1"}}},
      {"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
    """#

  func testTheHeroIsAGridCellOnLAndXLAndHiddenOnS() throws {
    let dir = try makeProject(["zlc.json": Self.settings, "screens/home.json": Self.home])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    let resolver = Resolver(project: outcome.project)
    XCTAssertEqual(
      outcome.project.settings.devices.map { "\($0.name) \($0.sizeClass ?? "-") \($0.deviceClass)" },
      [
        "se S phone", "pad L tablet", "pad-land L tablet", "pro XL tablet",
      ])
    let screen = try ResolvedScreen(data: Data(resolver.resolvedScreen(outcome.project.screens[0]).json.encoded()))
    let hero = screen.resolved.sections[0]
    XCTAssertEqual(hero.drawn.map(\.device), ["se", "pad", "pad-land", "pro"])
    XCTAssertEqual(hero.drawn.map { $0.drawn.hidden }, [true, false, false, false])
    XCTAssertEqual(hero.drawn.map { $0.drawn.componentType }, ["hero", "grid", "grid", "grid"])
    XCTAssertEqual(hero.drawn.map { $0.drawn.cellStyles }, [["HERO_CELL_1"], ["GRID_1"], ["GRID_1"], ["GRID_1"]])
    // Hidden on S: no layout there. On L and XL the hero is laid out exactly as the grid beside it.
    XCTAssertNil(hero.layout(on: "se"))
    let grid = screen.resolved.sections[1]
    for device in ["pad", "pad-land", "pro"] {
      XCTAssertEqual(hero.layout(on: device), grid.layout(on: device), device)
    }
    // FAMILY_2 on a tablet: insets 24, spacing 12, responsive columns floor(W / 264); poster 0.6667.
    // 1,024 pt: 3 columns, (1024 − 48 − 2 × 12) / 3 = 317.333… wide, 317.333… / 0.6667 = 475.98 high.
    XCTAssertEqual(hero.layout(on: "pad-land")?.columns, 3)
    XCTAssertEqual(hero.layout(on: "pad-land")?.item, ItemSize(width: 317.33, height: 475.98))
    // The runtime at any width says the same.
    let index = resolver.bundleIndex()
    XCTAssertTrue(hero.drawn(forWidth: 320, sizeClasses: index.sizeClasses).hidden)
    XCTAssertEqual(hero.drawn(forWidth: 1024, sizeClasses: index.sizeClasses).componentType, "grid")
    XCTAssertEqual(hero.drawn(forWidth: 375, sizeClasses: index.sizeClasses).hidden, true)
    // `zlc map --device` applies the same mapping.
    for (device, type, status) in [("se", "hero", "hidden"), ("pad", "grid", "own"), ("pro", "grid", "own")] {
      let map = try XCTUnwrap(Driver.map(screen: "home", project: dir, sender: nil, device: device).result)
      XCTAssertEqual(map.sections[0].componentType, type, device)
      XCTAssertEqual(map.sections[0].status.word, status, device)
      XCTAssertEqual(map.sections[1].status.word, "own", device)
    }
  }
}

/// Bad mappings and size classes are diagnosed at the exact key, with their messages and notes.
final class SizeClassDiagnosticsTests: XCTestCase {
  func check(_ files: [String: String]) throws -> (diagnostics: [Diagnostic], dir: String, markers: [String: [(line: Int, column: Int)]]) {
    var clean: [String: String] = [:]
    var markers: [String: [(line: Int, column: Int)]] = [:]
    for (path, text) in files {
      let m = Marked(text)
      clean[path] = m.text
      markers[path] = m.positions
    }
    let dir = try makeProject(clean)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (Driver.check(dir).diagnostics, dir, markers)
  }

  func testBadMappingsAreReportedAtTheirKeys() throws {
    let manifest = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "poster",
       "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true, "data_types": ["APPLICASTER_ATOM_FEED"],
       "data": {"fields": [{"key": "source", "type": "select"}]}}
      """#
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [
        {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]},
         "size_class_mapping": {⟦⟧"M": "hide", "S": ⟦⟧42, "L": {"component_type": ⟦⟧"gridd"}, "XL": ⟦⟧{"component_type": "grid"}}},
        {"component_type": "hero", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]},
         "size_class_mapping": {"L": {"component_type": "grid", "cell_style": ⟦⟧"GRID_9"}, "XL": {"component_type": ⟦⟧"poster"}}}]}]
      """#
    let (diagnostics, dir, markers) = try check(["screens/home.json": screen, "components/poster.json": manifest])
    let at = try XCTUnwrap(markers["screens/home.json"])
    let f = "screens/home.json"
    assertDiagnostics(
      diagnostics.filter { $0.code.hasPrefix("ZL031") }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0317", file: f, line: at[0].line, column: at[0].column, message: "size class 'M' is not one of the project's (S, L, XL)",
          fixIt: #""S""#),
        DiagnosticSpec(
          code: "ZL0314", file: f, line: at[1].line, column: at[1].column,
          message: "size class 'S' maps to neither \"hide\" nor an object with a 'component_type'"),
        DiagnosticSpec(
          code: "ZL0314", file: f, line: at[2].line, column: at[2].column, message: "unknown component type 'gridd' for size class 'L'",
          fixIt: #""grid""#),
        DiagnosticSpec(
          code: "ZL0315", file: f, line: at[3].line, column: at[3].column,
          message: "the replacement 'grid' for size class 'XL' needs a 'cell_style' (family 'FAMILY_2' offers GRID_1, GRID_2)"),
        DiagnosticSpec(
          code: "ZL0315", file: f, line: at[4].line, column: at[4].column,
          message: "cell style 'GRID_9' is not in family 'FAMILY_2' for 'grid' (the family offers GRID_1, GRID_2 for 'grid')",
          notes: ["cell style 'GRID_1' is defined here"], fixIt: #""GRID_1""#),
        DiagnosticSpec(
          code: "ZL0316", file: f, line: at[5].line, column: at[5].column,
          message: "'poster' accepts APPLICASTER_ATOM_FEED, not APPLICASTER_COLLECTION that 'hero' shows"),
      ])
  }

  /// Checks a project with `settings` as its zlc.json and asserts its ZL0508 findings: one per
  /// marker, in order, each with its message and notes.
  func assertRangeFindings(
    _ settings: String, _ expected: [(message: String, notes: [String])], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let screen = #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": []}]"#
    let (diagnostics, dir, markers) = try check(["zlc.json": settings, "screens/home.json": screen])
    let at = markers["zlc.json"] ?? []
    XCTAssertEqual(at.count, expected.count, "one marker per finding", file: file, line: line)
    assertDiagnostics(
      diagnostics.filter { $0.code == "ZL0508" }, in: dir,
      zip(at, expected).map { spot, finding in
        DiagnosticSpec(
          code: "ZL0508", file: "zlc.json", line: spot.line, column: spot.column, message: finding.message, notes: finding.notes)
      }, file: file, line: line)
  }

  func testOverlappingAndEmptyRangesAreReportedAtTheirWidths() throws {
    let settings = #"""
      {"size_classes": [
        {"name": "S", "min_width": 0, "max_width": 600, "class": "phone"},
        {"name": "M", "min_width": 700, "max_width": ⟦⟧650},
        {"name": "L", "min_width": ⟦⟧580, "max_width": 1200, "class": "tablet"},
        {"name": "XL", "min_width": 1200}]}
      """#
    try assertRangeFindings(
      settings,
      [
        ("size class 'M' is empty: max_width 650 is not above min_width 700", []),
        ("size class 'L' (from 580 to 1200) overlaps size class 'S' (from 0 to 600)", ["'S' is defined here"]),
      ])
  }

  /// A class that begins past the widest window zlc lays out (10,000 points, as wide as a device
  /// may be) is never checked, and a client lays its windows out as 10,000 points wide: an error.
  /// One that begins at 10,000 points is checked there and passes.
  func testASizeClassBeginningPastTheWidestWindowIsReported() throws {
    let past = #"""
      {"size_classes": [
        {"name": "S", "min_width": 0, "max_width": 600, "class": "phone"},
        {"name": "L", "min_width": 600, "max_width": 12000, "class": "tablet"},
        {"name": "XXL", "min_width": ⟦⟧12000, "class": "tablet"}]}
      """#
    try assertRangeFindings(
      past,
      [
        (
          "size class 'XXL' begins at 12000 points, past the widest window zlc checks and clients lay out (10000 points): a client lays a wider window out as 10000 points wide, so its values would never apply as checked",
          []
        )
      ])
    try assertRangeFindings(past.replacingOccurrences(of: "12000", with: "10000").replacingOccurrences(of: "⟦⟧", with: ""), [])
  }

  /// Ranges apart are not reported in whatever order they are declared, touching ones included;
  /// once two overlap, each class that overlaps an earlier one names the first it overlaps.
  func testRangesApartInAnyOrderPassAndAnOverlapNamesTheFirstEarlierClass() throws {
    let apart = #"""
      {"size_classes": [
        {"name": "XL", "min_width": 1200}, {"name": "S", "min_width": 0, "max_width": 600},
        {"name": "L", "min_width": 900, "max_width": 1200}, {"name": "M", "min_width": 600, "max_width": 900}]}
      """#
    try assertRangeFindings(apart, [])
    let overlapping = #"""
      {"size_classes": [
        {"name": "XL", "min_width": 1200}, {"name": "S", "min_width": 0, "max_width": 600},
        {"name": "E", "min_width": 700, "max_width": ⟦⟧700},
        {"name": "L", "min_width": 900, "max_width": 1200}, {"name": "M", "min_width": ⟦⟧500, "max_width": 1300},
        {"name": "N", "min_width": ⟦⟧1250, "max_width": 1260}, {"name": "XXL", "min_width": ⟦⟧2000}]}
      """#
    let xl = ["'XL' is defined here"]
    try assertRangeFindings(
      overlapping,
      [
        ("size class 'E' is empty: max_width 700 is not above min_width 700", []),
        ("size class 'M' (from 500 to 1300) overlaps size class 'XL' (from 1200 up)", xl),
        ("size class 'N' (from 1250 to 1260) overlaps size class 'XL' (from 1200 up)", xl),
        ("size class 'XXL' (from 2000 up) overlaps size class 'XL' (from 1200 up)", xl),
      ])
  }

  /// Ranges apart with a gap between them, in any order: the later one is reported where it
  /// begins, with a note where the earlier ends (a window in the gap would have no size class).
  func testAGapBetweenRangesIsReported() throws {
    let gapped = #"""
      {"size_classes": [
        {"name": "XL", "min_width": ⟦⟧1300}, {"name": "S", "min_width": 0, "max_width": 600},
        {"name": "L", "min_width": 600, "max_width": 1200}]}
      """#
    try assertRangeFindings(
      gapped, [("no size class holds widths from 1200 to 1300: size class 'XL' begins after 'L' ends", ["'L' ends here"])])
  }
}

/// A flow cell with a width ratio (the card-and-element seed's 0.7 / 0.3 pair) in a JSON family.
final class WidthRatioCellTests: XCTestCase {
  func testFlowCellsTakeTheirWidthRatioAndKeepTheirAttributeTypes() throws {
    let family = #"""
      {"name": "CARDS", "screens": [{"type": "default", "insetLeft": 0, "insetRight": 0, "interItemSpacing": 0}],
       "components": [
         {"type": "grid", "layout": "flow", "columns": 2, "cells": [
           {"name": "WIDE", "widthRatio": 0.7, "aspectCellRatio": 1.6, "display": "inline", "margin": [0.75, 0, 0, 0.75]},
           {"name": "NARROW", "widthRatio": 0.3, "aspectCellRatio": 0.685, "display": "inline", "margin": {"top": 0.75, "left": 0.75}}]},
         {"type": "hero", "layout": "one_and_n", "widthRatio": 0.6, "smallItems": 2, "cells": [{"name": "H", "aspectCellRatio": 1}]}]}
      """#
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "CARDS"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["WIDE", "NARROW"]}},
        {"component_type": "hero", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}}]}]
      """#
    let settings = #"{"devices": [{"name": "se", "width": 320}, {"name": "x", "width": 375}]}"#
    let dir = try makeProject(["zlc.json": settings, "families/cards.json": family, "screens/home.json": screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    let text = Resolver(project: outcome.project).resolvedScreen(outcome.project.screens[0]).json.encodedString(pretty: false)
    let screenJSON = try ResolvedScreen(data: Data(text.utf8))
    let grid = screenJSON.resolved.sections[0]
    // 320 × 0.7 = 224 wide, 224 / 1.6 = 140 high; 320 × 0.3 = 96 wide, 96 / 0.685 = 140.146 high.
    XCTAssertEqual(grid.layout(on: "se")?.cells?.map(\.item), [ItemSize(width: 224, height: 140), ItemSize(width: 96, height: 140.15)])
    XCTAssertEqual(grid.layout(on: "se")?.cells?.map(\.columns), [1, 3])
    // 375 × 0.7 = 262.5 wide, 262.5 / 1.6 = 164.0625; 375 × 0.3 = 112.5, 112.5 / 0.685 = 164.234.
    XCTAssertEqual(
      grid.layout(on: "x")?.cells?.map(\.item), [ItemSize(width: 262.5, height: 164.06), ItemSize(width: 112.5, height: 164.23)])
    // one_and_n keeps its ratio: (320 − 0) × 0.6 = 192 for the large slot.
    XCTAssertEqual(screenJSON.resolved.sections[1].layout(on: "se")?.large?.width, 192)
    // The first cell's pass-through attributes keep their JSON types.
    XCTAssertTrue(text.contains(#""cell_attributes":{"display":"inline","margin":[0.75,0,0,0.75]}"#), text)
  }
}

/// JSON families decode with the runtime's own types, to the very family zlc's checked reader builds.
final class RuntimeFamilyDecodingTests: XCTestCase {
  func assertSameFamily(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let checked = try XCTUnwrap(FamilyReader.read(SourceFile(path: "f.json", text: text)).0?.family, file: file, line: line)
    let runtime = try Family(jsonFamily: Data(text.utf8))
    XCTAssertEqual(runtime, checked, file: file, line: line)
  }

  func testTheBuiltInFamily2DecodesWithTheRuntimeTypes() throws {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_2.json"), encoding: .utf8)
    try assertSameFamily(text)
    let family = try Family(jsonFamily: Data(text.utf8))
    XCTAssertEqual(family.responsive, ResponsiveRule(standardWidth: 440, scale: 1.2))
    XCTAssertEqual(family.component("grid")?.cell(named: "GRID_1")?.metrics.base.aspectCellRatio, 0.6667)
  }

  func testGeneratedFamiliesDecodeAsZlcReadsThem() throws {
    var rng = ResponsiveTests.SplitMix(state: 7)
    for _ in 0..<20 { try assertSameFamily(ResponsiveTests.randomFamily(&rng)) }
  }

  /// A downloaded family's numbers out of zlc's range are left out, as zlc's reader leaves them out
  /// (reporting them), instead of trapping a client converting `columns: 1e300` to `Int`.
  func testNumbersOutOfRangeAreLeftOutAsZlcLeavesThemOut() throws {
    let text = """
      {"name": "F", "responsive": {"standardWidth": 0, "scale": 2},
       "screens": [{"type": "default", "insetLeft": -4, "insetRight": 8, "interItemSpacing": 1e300}],
       "components": [{"type": "grid", "layout": "flow", "columns": 1e300, "cells": [
         {"name": "A", "columns": 2.5, "smallItems": 9223372036854775807, "widthRatio": 1, "aspectCellRatio": 1e-300},
         {"name": "B", "columns": 3, "smallItems": 2, "widthRatio": 0.5, "aspectCellRatio": 1.5}]}]}
      """
    try assertSameFamily(text)
    let family = try Family(jsonFamily: Data(text.utf8))
    XCTAssertNil(family.responsive)
    let screen = try XCTUnwrap(family.screens.byClass.values.first)
    XCTAssertNil(screen.insetLeft)
    XCTAssertEqual(screen.insetRight, 8)
    XCTAssertNil(screen.interItemSpacing)
    let grid = try XCTUnwrap(family.component("grid"))
    XCTAssertNil(grid.metrics.base.columns)
    let a = try XCTUnwrap(grid.cell(named: "A")?.metrics.base)
    XCTAssertEqual([a.columns, a.smallItems], [nil, nil])
    XCTAssertEqual([a.widthRatio, a.aspectCellRatio], [nil, nil])
    let b = try XCTUnwrap(grid.cell(named: "B")?.metrics.base)
    XCTAssertEqual([b.columns, b.smallItems], [3, 2])
    XCTAssertEqual([b.widthRatio, b.aspectCellRatio], [0.5, 1.5])
  }

  /// A count written as text with spaces, a plus sign, leading zeros, a decimal point or an
  /// exponent is not read, as zlc does not read it; plain digits, in a string or not, and the
  /// number `2.0` are.
  func testACountWrittenOddlyIsLeftOutAsZlcLeavesItOut() throws {
    let text = """
      {"name": "F", "components": [
        {"type": "grid", "cells": [
          {"name": "A", "columns": "+2"}, {"name": "B", "columns": " 2"}, {"name": "C", "columns": "02"},
          {"name": "D", "columns": "2"}, {"name": "E", "columns": 2.0}, {"name": "F", "smallItems": "003"},
          {"name": "G", "columns": "2.0"}, {"name": "H", "columns": "1e1"}]}]}
      """
    try assertSameFamily(text)
    let grid = try XCTUnwrap(try Family(jsonFamily: Data(text.utf8)).component("grid"))
    XCTAssertEqual(grid.cells.map(\.metrics.base.columns), [nil, nil, nil, 2, 2, nil, nil, nil])
    XCTAssertNil(grid.cell(named: "F")?.metrics.base.smallItems)
  }

  /// A type (in any case) or a cell name written twice: the first one is the family's, as in zlc.
  func testTheFirstOfATypeOrCellWrittenTwiceWins() throws {
    let text = """
      {"name": "F", "components": [
        {"type": "grid", "columns": 2, "cells": [{"name": "A", "cellHeight": 10}, {"name": "A", "cellHeight": 20}]},
        {"type": "GRID", "columns": 3},
        {"type": "list", "cells": [{"name": "A", "cellHeight": 30}]}]}
      """
    try assertSameFamily(text)
    let family = try Family(jsonFamily: Data(text.utf8))
    XCTAssertEqual(family.components.map(\.type), ["grid", "list"])
    XCTAssertEqual(family.component("grid")?.metrics.base.columns, 2)
    XCTAssertEqual(family.component("grid")?.cells.map(\.metrics.base.cellHeight), [10])
    XCTAssertEqual(family.component("list")?.cell(named: "A")?.metrics.base.cellHeight, 30)
  }

  func testAFamilyThatIsNotAnObjectIsAnError() {
    XCTAssertThrowsError(try Family(jsonFamily: Data("[]".utf8))) { error in
      XCTAssertEqual((error as? FamilyDecodingError)?.description, "family: expected an object")
    }
    XCTAssertThrowsError(try Family(jsonFamily: Data(#"{"components": []}"#.utf8))) { error in
      XCTAssertEqual((error as? FamilyDecodingError)?.description, "name: missing")
    }
  }
}

/// The data side: limits per size class and whole rows, on root screens too.
final class ItemCountTests: XCTestCase {
  func testRootScreensCarryTheCountsEachDeviceShows() throws {
    let settings = #"{"devices": [{"name": "se", "width": 320}, {"name": "pad", "width": 1024}, {"name": "pro", "width": 1366}]}"#
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]},
         "rules": {"item_limit": 7, "fill_rows": true, "item_limit_by_size_class": {"S": 4, ⟦⟧"XXL": 9}}}]}]
      """#
    let marked = Marked(screen)
    let dir = try makeProject(["zlc.json": settings, "screens/home.json": marked.text])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0317", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "size class 'XXL' is not one of the project's (S, L, XL)", fixIt: #""XL""#)
      ])
    let section = Resolver(project: outcome.project).resolvedScreen(outcome.project.screens[0]).resolved.sections[0]
    // S (320): its own limit 4, 2 columns → 4. L (1,024): item_limit 7, 3 columns → 6 (two rows).
    // XL (1,366): 7, floor(1366 / 264) = 5 columns → 5 (one row).
    XCTAssertEqual(section.itemsShown.map { "\($0.device) \($0.count)" }, ["se 4", "pad 6", "pro 5"])
    XCTAssertEqual(section.itemsShown(of: 3, on: "pad", sizeClass: "L"), 3, "less than a row is shown whole")
  }
}

/// A JSON family may map a component type per size class for every screen (`sizeClassMapping`);
/// a screen component's own `size_class_mapping` wins.
final class FamilySizeClassMappingTests: XCTestCase {
  static let family = #"""
    {"name": "F", "screens": [{"type": "default", "insetLeft": 10, "insetRight": 10, "interItemSpacing": 10}],
     "components": [
       {"type": "hero", "layout": "paged", "cells": [{"name": "H", "cellWidth": 16, "cellHeight": 9}],
        "sizeClassMapping": {"S": "hide", "L": {"component_type": "grid", "cell_style": "G"}, ⟦⟧"M": "hide", "XL": {"component_type": ⟦⟧"gridd", "cell_style": "G"}}},
       {"type": "grid", "columns": 3, "cells": [{"name": "G", "aspectCellRatio": 1}]}]}
    """#

  func testAFamilyMapsAComponentTypeOnEveryScreen() throws {
    let marked = Marked(Self.family)
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
        {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}},
        {"component_type": "hero", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}, "size_class_mapping": {"S": {"component_type": "grid", "cell_style": "G"}}}]}]
      """#
    let settings = #"{"devices": [{"name": "se", "width": 320}, {"name": "pad", "width": 768}]}"#
    let dir = try makeProject(["zlc.json": settings, "families/f.json": marked.text, "screens/home.json": screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let at = marked.positions
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0317", file: "families/f.json", line: at[0].line, column: at[0].column,
          message: "size class 'M' is not one of the project's (S, L, XL)", fixIt: #""S""#),
        DiagnosticSpec(
          code: "ZL0314", file: "families/f.json", line: at[1].line, column: at[1].column,
          message: "unknown component type 'gridd' for size class 'XL'", fixIt: #""grid""#),
      ])
    let sections = Resolver(project: outcome.project).resolvedScreen(outcome.project.screens[0]).resolved.sections
    // The family's mapping: hidden on S (320), a grid cell on L (768). The tablet class has no entry
    // of its own and reads the default one: 3 columns of (768 − 10 − 10 − 2 · 10) / 3, square (the width rounded
    // down, so that the row fits the window; the height to the nearest).
    XCTAssertEqual(sections[0].drawn.map { $0.drawn.hidden ? "hidden" : $0.drawn.componentType }, ["hidden", "grid"])
    XCTAssertEqual(sections[0].layout(on: "pad")?.item, ItemSize(width: 242.66, height: 242.67))
    // The component's own mapping wins: a grid on S, the hero as written on L.
    XCTAssertEqual(sections[1].drawn.map { $0.drawn.componentType }, ["grid", "hero"])
  }
}
