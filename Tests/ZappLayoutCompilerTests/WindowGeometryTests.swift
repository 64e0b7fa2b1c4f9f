import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution

/// What `zlc check` lets through has a size above zero at every width a client may lay a section
/// out in, not only on the project's devices: where the responsive rule adds a column, and in a
/// size class that holds no device. Each finding names the width a sweep of the runtime finds first.
final class WindowGeometryTests: XCTestCase, OneFamilyProject {
  static let devices =
    #""devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": "tablet", "class": "tablet", "width": 768}]"#
  static let grid = #"{"component_type": "grid", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}"#

  /// The first width from 320 to `widest` pt, every 0.5 pt, at which the runtime lays the home
  /// screen's first section out, in a window in `state`, with a size of zero or less, with that size
  /// (as the arithmetic gives it: `drawn(forWidth:)` would return it as 0).
  func firstBadWidth(_ outcome: CheckOutcome, upTo widest: Int = 2000, state: ScreenState? = nil) throws -> (
    width: Double, path: String, value: Double
  )? {
    let resolver = Resolver(project: outcome.project)
    let index = try BundleIndex(json: try JSON.parse(Data(resolver.bundleIndex().json.encoded())))
    let screen = try ResolvedScreen(data: Data(resolver.resolvedScreen(outcome.project.screens[0]).json.encoded()))
    let section = try XCTUnwrap(screen.resolved.sections.first)
    for step in 640...(widest * 2) {
      let width = Double(step) / 2
      let window = Device(forWidth: width, state: state, sizeClasses: index.sizeClasses)
      if let bad = section.drawn(on: window).layout?.firstNonPositiveSize {
        return (width, bad.path, bad.value)
      }
    }
    return nil
  }

  /// The note's line and column.
  func position(_ note: DiagnosticNote?) -> [Int]? { note?.spot.map { [$0.location.line, $0.location.column] } }

  /// A tablet spacing of 115 with a column every 100 pt: 7 columns fit at 768, but from 800 on,
  /// where the responsive rule gives 8, the items have no width (-1.1 at 1,024).
  func testEachWidthWhereTheResponsiveRuleAddsAColumnIsChecked() throws {
    let family = #"""
      {"name": "T", "responsive": ⟦⟧{"standardWidth": 200, "scale": 1},
       "screens": [{"type": "default", "interItemSpacing": 12}, {"type": "tablet", "responsive": true, "interItemSpacing": 115}],
       "components": [{"type": "grid", "columns": 2, "cells": [{"name": ⟦ZL0503⟧"A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
      """#
    let (dir, outcome, marked) = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: #"{"app": "t", \#(Self.devices)}"#)
    let message = "cell style 'A' of family 'T' has no room at 800 wide, a window of size class 'L': 8 columns leave an item width of -0.63"
    let note = "the family's responsive rule gives 8 columns from 800 wide, one every 100 points"
    assertDiagnostics(outcome.diagnostics, in: dir, [spec(marked, "families/T.json", at: 1, message, notes: [note])])
    let rule = marked["families/T.json"]!.markers[0]
    XCTAssertEqual(position(outcome.diagnostics.first?.notes.first), [rule.line, rule.column])
    let bad = try XCTUnwrap(try firstBadWidth(outcome))
    XCTAssertEqual([bad.width, bad.value], [800, -0.63])
  }

  /// On a declared device, too, the finding says the responsive rule sets the columns, and that it
  /// would give more than a row holds (2,048 at 1,024 pt, a column every 0.5 pt), cut to 1,000.
  func testADeclaredDeviceNamesTheResponsiveRuleThatSetsItsColumns() throws {
    let family = #"""
      {"name": "T", "responsive": ⟦⟧{"standardWidth": 1, "scale": 1},
       "screens": [{"type": "tablet", "responsive": true, "interItemSpacing": 2}],
       "components": [{"type": "grid", "columns": 2, "cells": [{"name": ⟦ZL0503⟧"A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
      """#
    let devices = #""devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": "tablet", "class": "tablet", "width": 1024}]"#
    let (_, outcome, marked) = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: #"{"app": "t", \#(devices)}"#)
    let finding = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0503" }, "\(outcome.diagnostics.map(\.message))")
    XCTAssertEqual(
      finding.message, "cell style 'A' of family 'T' has no room on device 'tablet' (1024 wide): 1000 columns leave an item width of -0.97")
    XCTAssertEqual(
      finding.notes.map(\.message),
      [
        "device 'tablet' is declared here",
        "the family's responsive rule gives 1000 columns from 500 wide, one every 0.5 points (it would give 2048, cut to 1000)",
      ])
    let rule = marked["families/T.json"]!.markers[0]
    XCTAssertEqual(position(finding.notes.last), [rule.line, rule.column])
  }

  /// A size class that holds no device of the project is drawn all the same, by a wider window:
  /// XL's insets leave no width from 1,200 pt on.
  func testASizeClassWithoutADeviceIsChecked() throws {
    let family = #"""
      {"name": "T", "components": [{"type": "grid", "columns": 2,
       "screens": [{"type": "tablet", "interItemSpacing": 16}, {"type": "XL", "columns": 2, "insetLeft": 700, "insetRight": 700}],
       "cells": [{"name": ⟦ZL0503⟧"A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
      """#
    let components = #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#
    let message =
      "cell style 'A' of family 'T' has no room at 1200 wide, the narrowest window of size class 'XL': its left and right insets (700 + 700) are as wide as the window"
    let noDevice = "no device of the project is in size class 'XL', but a client lays sections out at any width"
    let (dir, outcome, marked) = try check(family: family, components: components, settings: #"{"app": "t", \#(Self.devices)}"#)
    assertDiagnostics(outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message, notes: [noDevice])])
    XCTAssertEqual(try firstBadWidth(outcome)?.width, 1200)
    // Declared size classes: a note at where XL starts too.
    let settings = #"""
      {"app": "t", \#(Self.devices), "size_classes": [{"name": "S", "min_width": 0, "max_width": 600},
       {"name": "L", "min_width": 600, "max_width": 1200}, {"name": "XL", "min_width": ⟦⟧1200}]}
      """#
    let (declared, checked, marks) = try check(family: family, components: components, settings: settings)
    assertDiagnostics(
      checked.diagnostics, in: declared, [spec(marks, "families/T.json", message, notes: ["size class 'XL' starts here", noDevice])])
    let start = marks["zlc.json"]!.markers[0]
    XCTAssertEqual(position(checked.diagnostics.first?.notes.first), [start.line, start.column])
  }

  /// A family whose items fit at every width stays clean, and the runtime agrees at every width.
  func testAFamilyThatFitsAtEveryWidthIsClean() throws {
    let family = #"""
      {"name": "T", "responsive": {"standardWidth": 200, "scale": 1},
       "screens": [{"type": "default", "interItemSpacing": 12}, {"type": "tablet", "responsive": true, "interItemSpacing": 12, "insetLeft": 24, "insetRight": 24}],
       "components": [{"type": "grid", "columns": 2, "screens": [{"type": "XL", "insetLeft": 100, "insetRight": 100}],
       "cells": [{"name": "A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
      """#
    let (dir, outcome, _) = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: #"{"app": "t", \#(Self.devices)}"#)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    XCTAssertNil(try firstBadWidth(outcome).map { "\($0)" })
  }

  /// In a section of several styles, a style's responsive columns are checked within the section's
  /// spacing (its first style's) where each column starts.
  func testAStyleOfASectionIsCheckedWhereItsColumnsStart() throws {
    let family = #"""
      {"name": "T", "responsive": {"standardWidth": 200, "scale": 1},
       "screens": [{"type": "default", "interItemSpacing": 12}, {"type": "tablet", "responsive": true, "interItemSpacing": 0}],
       "components": [{"type": "grid", "cells": [
         {"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "screens": [{"type": "tablet", "columns": 1, "interItemSpacing": 115}]},
         {"name": "B", "layoutId": "b", "columns": 2, "cellHeight": 50}]}]}
      """#
    let (dir, outcome, marked) = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A", ⟦ZL0503⟧"B"]}}]"#,
      settings: #"{"app": "t", \#(Self.devices)}"#)
    let message =
      "cell style 'B' of family 'T' has no room in this section at 800 wide, a window of size class 'L': with the section's insets (0 + 0) and spacing (115), its first style's, 8 columns leave an item width of -0.63"
    assertDiagnostics(
      outcome.diagnostics, in: dir, [spec(marked, "screens/home.json", message, notes: ["the section's first cell style is 'A'"])])
    XCTAssertEqual(try firstBadWidth(outcome)?.width, 800)
  }

  /// Values given per window state are checked in each size class in that state: split-view
  /// insets of 300 on each side fit the 1,000 pt split-view iPad but leave no width at 600, still L.
  func testAWindowStateIsCheckedInEachSizeClass() throws {
    let family = #"""
      {"name": "T", "screens": [{"type": "default", "interItemSpacing": 12}, {"type": "split_view", "insetLeft": 300, "insetRight": 300}],
       "components": [{"type": "grid", "columns": 2, "screens": [{"type": "S", "insetLeft": 0, "insetRight": 0}],
       "cells": [{"name": ⟦ZL0503⟧"A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
      """#
    let devices =
      #""devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": "ipad-split", "class": "tablet", "width": 1000, "state": "split_view"}]"#
    let (dir, outcome, marked) = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: #"{"app": "t", \#(devices)}"#)
    let message =
      "cell style 'A' of family 'T' has no room at 600 wide, the narrowest window of size class 'L' in state 'split_view': its left and right insets (300 + 300) are as wide as the window"
    assertDiagnostics(outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message)])
    XCTAssertEqual(try firstBadWidth(outcome, state: .splitView)?.width, 600)
    XCTAssertNil(try firstBadWidth(outcome).map { "\($0)" })
  }

  /// A one_and_n hero whose small items fit at 768 has none at 600, still L: ZL0509 there.
  func testHeightsAreCheckedAtEachSizeClassesNarrowestWindow() throws {
    let family = #"""
      {"name": "T", "screens": [{"type": "default", "interItemSpacing": 10}, {"type": "tablet", "interItemSpacing": 100}],
       "components": [{"type": "hero", "layout": "one_and_n", "smallItems": 2, "cells": [{"name": ⟦ZL0509⟧"H", "layoutId": "h", "aspectCellRatio": 3}]}]}
      """#
    let hero = #"{"component_type": "hero", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}}"#
    let (dir, outcome, marked) = try check(family: family, components: "[\(hero)]", settings: #"{"app": "t", \#(Self.devices)}"#)
    let message =
      "cell style 'H' of family 'T' has no height at 600 wide, the narrowest window of size class 'L': its one_and_n large item is 83.33 high, too short for 2 small items with 100-point spacing: each would be -8.33 high"
    assertDiagnostics(outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message)])
    XCTAssertEqual(try firstBadWidth(outcome)?.width, 600)
  }
  /// The columns that start at L's `max_width` (6 from 1,200) are XL's: the last width before it
  /// reads them too, but the finding is XL's, at its narrowest window, not L's.
  func testTheColumnsThatStartAtAClassesEndAreTheNextClasses() throws {
    let family = #"""
      {"name": "T", "responsive": ⟦⟧{"standardWidth": 200, "scale": 1},
       "screens": [{"type": "default", "interItemSpacing": 12}, {"type": "tablet", "responsive": true, "interItemSpacing": 245}],
       "components": [{"type": "grid", "columns": 1, "cells": [{"name": ⟦ZL0503⟧"A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
      """#
    let (dir, outcome, marked) = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: #"{"app": "t", \#(Self.devices)}"#)
    let message =
      "cell style 'A' of family 'T' has no room at 1200 wide, the narrowest window of size class 'XL': 6 columns leave an item width of -4.17"
    let notes = [
      "no device of the project is in size class 'XL', but a client lays sections out at any width",
      "the family's responsive rule gives 6 columns from 1200 wide, one every 200 points",
    ]
    assertDiagnostics(outcome.diagnostics, in: dir, [spec(marked, "families/T.json", at: 1, message, notes: notes)])
    let rule = marked["families/T.json"]!.markers[0]
    XCTAssertEqual(position(outcome.diagnostics.first?.notes.last), [rule.line, rule.column])
    XCTAssertEqual(try firstBadWidth(outcome)?.width, 1200)
  }

  /// An app of TV platforms alone lays its screens out on its TVs only, whose windows keep their
  /// width: insets that leave no room at 1,200 pt but fit the 1,920 pt TV are clean.
  func testATelevisionAppIsCheckedOnItsDevicesAlone() throws {
    let family = #"""
      {"name": "T", "screens": [{"type": "tablet", "insetLeft": 600, "insetRight": 600}],
       "components": [{"type": "grid", "columns": 2, "cells": [{"name": "A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
      """#
    let components = #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#
    let television = try check(family: family, components: components, settings: #"{"app": "t", "platforms": {"tvos": {}}}"#)
    XCTAssertEqual(television.outcome.diagnostics.map(\.code), [])
    let mobile = try check(family: family, components: components, settings: #"{"app": "t", "platforms": {"tvos": {}, "ios": {}}}"#)
    XCTAssertEqual(mobile.outcome.diagnostics.map(\.code), ["ZL0503"])
  }

  /// A built-in family no screen draws with is not checked: a 50-point device leaves the shipped
  /// FAMILY_1 and FAMILY_2 no room, which the app could not act on; a component drawn with
  /// FAMILY_1 brings its findings back, at the family.
  func testABuiltInFamilyIsCheckedWhereAScreenDrawsWithIt() throws {
    let family = #"{"name": "T", "components": [{"type": "grid", "cells": [{"name": "A", "layoutId": "a", "cellHeight": 10}]}]}"#
    let settings = #"{"app": "t", "devices": [{"name": "p", "class": "phone", "width": 50}]}"#
    let unused = try check(family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: settings)
    XCTAssertEqual(unused.outcome.diagnostics.map(\.code), [])
    let used = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]"#, settings: settings)
    let builtIn = used.outcome.diagnostics.filter { $0.spot?.file.path.hasPrefix("<built-in>/") ?? false }
    XCTAssertEqual(builtIn.map(\.code).sorted(), ["ZL0503", "ZL0509"], "\(used.outcome.diagnostics.map(\.message))")
    XCTAssertEqual(Set(builtIn.compactMap { $0.spot?.file.path }), ["<built-in>/FAMILY_1.xml"])
  }

  /// On generated families (a responsive rule, spacing and insets per device class and for XL),
  /// a clean check means no size of zero or less at any width a sweep of the runtime tries, and a
  /// size of zero or less found by the sweep, up to 10,000 pt, is reported.
  func testACleanCheckMeansPositiveSizesAtEveryWidth() throws {
    var rng = ResponsiveTests.SplitMix(state: 503)
    func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    var clean = 0
    for _ in 0..<24 {
      let family = """
        {"name": "T", "responsive": {"standardWidth": \(number(100...500)), "scale": \(Double(number(5...20)) / 10)},
         "screens": [{"type": "default", "interItemSpacing": \(number(0...30)), "insetLeft": \(number(0...40))},
          {"type": "tablet", "responsive": true, "interItemSpacing": \(number(0...150)), "insetRight": \(number(0...200))},
          {"type": "XL", "insetLeft": \(number(0...500))}],
         "components": [{"type": "grid", "columns": \(number(1...4)), "cells": [{"name": "A", "layoutId": "a", "aspectCellRatio": 0.6667}]}]}
        """
      let (_, outcome, _) = try check(
        family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: #"{"app": "t", \#(Self.devices)}"#)
      let findings = outcome.diagnostics.filter { ["ZL0503", "ZL0509"].contains($0.code) }.map(\.message)
      let bad = try firstBadWidth(outcome, upTo: 10_000)
      if findings.isEmpty { clean += 1 }
      XCTAssertEqual(findings.isEmpty, bad == nil, "\(family): \(findings), first bad width \(bad.map { "\($0)" } ?? "none")")
    }
    // Both kinds are generated.
    XCTAssert((1..<24).contains(clean), "\(clean) clean")
  }
}
