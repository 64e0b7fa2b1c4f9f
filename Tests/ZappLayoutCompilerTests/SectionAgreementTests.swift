import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// What the compiler writes for a section equals what the runtime library gives a client for the
/// same window, and what the checker lets through is what both lay out: several cell styles within
/// the section's insets, items shown where a section is hidden, limits per size class, the default
/// devices under custom size classes, rounding, and widths between the declared devices.
final class SectionAgreementTests: XCTestCase, OneFamilyProject {
  static let grid = #"{"component_type": "grid", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}"#

  /// The home screen's first section and the bundle's index, decoded as a client decodes them.
  func decoded(_ outcome: CheckOutcome) throws -> (section: ResolvedSection, index: BundleIndex) {
    let resolver = Resolver(project: outcome.project)
    let index = try BundleIndex(json: try JSON.parse(Data(resolver.bundleIndex().json.encoded())))
    let screen = try ResolvedScreen(data: Data(resolver.resolvedScreen(outcome.project.screens[0]).json.encoded()))
    return (try XCTUnwrap(screen.resolved.sections.first), index)
  }

  /// Each style keeps its own columns, and takes the section's insets and spacing (its first
  /// style's): B's own spacing of 50 and zero insets are not used, on a device or at any width.
  func testEveryCellStyleIsSizedWithinTheSectionsInsetsAndSpacing() throws {
    let family = #"""
      {"name": "T", "components": [{"type": "grid", "cells": [
        {"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "insetLeft": 100, "insetRight": 100, "interItemSpacing": 10},
        {"name": "B", "layoutId": "b", "columns": 2, "cellHeight": 50, "insetLeft": 0, "insetRight": 0, "interItemSpacing": 50}]}]}
      """#
    let (dir, outcome, _) = try check(family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A", "B"]}}]"#)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let (section, index) = try decoded(outcome)
    for (device, widths) in [("phone", [175, 82.5]), ("tablet-portrait", [568, 279])] {
      let layout = try XCTUnwrap(section.layout(on: device))
      XCTAssertEqual(layout.cells?.map(\.item.width), widths, device)
      XCTAssertEqual(layout.cells?.map(\.columns), [1, 2], device)
    }
    let runtime = try XCTUnwrap(section.drawn(forWidth: 500, sizeClasses: index.sizeClasses).layout)
    XCTAssertEqual(runtime.cells?.map(\.item.width), [300, 145])
  }

  /// A style with room of its own and none within the section's insets and spacing is an error at
  /// its entry of `cell_styles`, with a note at the first style.
  func testAStyleWithNoRoomWithinTheSectionsInsetsIsReportedAtItsEntry() throws {
    let family = #"""
      {"name": "T", "components": [{"type": "grid", "cells": [
        {"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "insetLeft": 100, "insetRight": 100, "interItemSpacing": 30},
        {"name": "B", "layoutId": "b", "columns": 8, "cellHeight": 50}]}]}
      """#
    let (dir, outcome, marked) = try check(family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A", ⟦ZL0503⟧"B"]}}]"#)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        spec(
          marked, "screens/home.json",
          "cell style 'B' of family 'T' has no room in this section on device 'phone' (375 wide): with the section's insets (100 + 100) and spacing (30), its first style's, 8 columns leave an item width of -4.38",
          notes: ["the section's first cell style is 'A'"])
      ])
  }

  /// A style with a height alone and none within the section's insets and spacing (its items
  /// left 0.2 wide, 100 times as wide as high) is ZL0509 at its entry of `cell_styles`; with
  /// room for a height, the section builds.
  func testAStyleWithNoHeightWithinTheSectionsInsetsIsReportedAtItsEntry() throws {
    func family(spacing: Double) -> String {
      #"""
      {"name": "T", "components": [{"type": "grid", "cells": [
        {"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "insetLeft": 170, "insetRight": 170, "interItemSpacing": \#(spacing)},
        {"name": "B", "layoutId": "b", "columns": 2, "aspectCellRatio": 100}]}]}
      """#
    }
    let (dir, outcome, marked) = try check(
      family: family(spacing: 34.6), components: #"[\#(Self.grid), "styles": {"cell_styles": ["A", ⟦ZL0509⟧"B"]}}]"#)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        spec(
          marked, "screens/home.json",
          "cell style 'B' of family 'T' has no height in this section on device 'phone' (375 wide): with the section's insets (170 + 170) and spacing (34.6), its first style's, its items would be 0.2 wide and 0 high",
          notes: ["the section's first cell style is 'A'"])
      ])
    let (roomy, fine, _) = try check(family: family(spacing: 10), components: #"[\#(Self.grid), "styles": {"cell_styles": ["A", "B"]}}]"#)
    assertDiagnostics(fine.diagnostics, in: roomy, [])
    let (section, _) = try decoded(fine)
    XCTAssertEqual(try XCTUnwrap(section.layout(on: "phone")).cells?.map(\.item.width), [35, 12.5])
  }

  /// Sections alike, laid out once, are each reported at their own entry with their own note; the
  /// same section hidden where it has no room (its own mapping of size class S) is not reported.
  func testAlikeSectionsAreEachReportedAtTheirOwnEntries() throws {
    let family = #"""
      {"name": "T", "components": [{"type": "grid", "cells": [
        {"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "insetLeft": 100, "insetRight": 100, "interItemSpacing": 30},
        {"name": "B", "layoutId": "b", "columns": 8, "cellHeight": 50}]}]}
      """#
    let section = #"\#(Self.grid), "styles": {"cell_styles": [⟦⟧"A", ⟦⟧"B"]}}"#
    let hidden = #"\#(Self.grid), "size_class_mapping": {"S": "hide"}, "styles": {"cell_styles": ["A", "B"]}}"#
    let (_, outcome, marked) = try check(family: family, components: "[\(section), \(hidden), \(section)]")
    let markers = marked["screens/home.json"]!.markers
    let found = outcome.diagnostics.filter { $0.code == "ZL0503" }.sorted { $0.location!.offset < $1.location!.offset }
    XCTAssertEqual(found.count, 2)
    for (n, diagnostic) in found.prefix(2).enumerated() {
      XCTAssertEqual(
        diagnostic.message,
        "cell style 'B' of family 'T' has no room in this section on device 'phone' (375 wide): with the section's insets (100 + 100) and spacing (30), its first style's, 8 columns leave an item width of -4.38"
      )
      XCTAssertEqual([diagnostic.location?.line, diagnostic.location?.column], [markers[2 * n + 1].line, markers[2 * n + 1].column])
      XCTAssertEqual(diagnostic.notes.map(\.message), ["the section's first cell style is 'A'"])
      XCTAssertEqual(diagnostic.notes.first?.spot?.location.column, markers[2 * n].column)
    }
  }

  /// A component's own mapping stands in for its family's: a section its family hides on the
  /// phone and its own mapping does not is drawn there, and checked there.
  func testAnOwnMappingStandsInForTheFamilysWhereTheSectionIsChecked() throws {
    let family = #"""
      {"name": "T", "components": [{"type": "grid", "sizeClassMapping": {"S": "hide"}, "cells": [
        {"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "insetLeft": 100, "insetRight": 100, "interItemSpacing": 30},
        {"name": "B", "layoutId": "b", "columns": 8, "cellHeight": 50}]}]}
      """#
    let own = #"\#(Self.grid), "size_class_mapping": {"XL": "hide"}, "styles": {"cell_styles": ["A", ⟦ZL0503⟧"B"]}}"#
    let (dir, outcome, marked) = try check(
      family: family, components: "[\(own), \(Self.grid), \"styles\": {\"cell_styles\": [\"A\", \"B\"]}}]")
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0503" }, in: dir,
      [
        spec(
          marked, "screens/home.json",
          "cell style 'B' of family 'T' has no room in this section on device 'phone' (375 wide): with the section's insets (100 + 100) and spacing (30), its first style's, 8 columns leave an item width of -4.38",
          notes: ["the section's first cell style is 'A'"])
      ])
  }

  /// `items_shown` has no count for a device where the section is hidden (by its own mapping or
  /// its family's), and the runtime shows none there, at the device's width or by its name.
  func testItemsShownLeavesOutDevicesWhereTheSectionIsHidden() throws {
    let cells = #""cells": [{"name": "A", "layoutId": "a", "cellHeight": 50}]"#
    let rules = #""rules": {"item_limit": 5, "fill_rows": true}"#
    let cases = [
      (#"{"name": "T", "components": [{"type": "grid", "columns": 2, \#(cells)}]}"#, #", "size_class_mapping": {"S": "hide"}"#),
      (#"{"name": "T", "components": [{"type": "grid", "columns": 2, "sizeClassMapping": {"S": "hide"}, \#(cells)}]}"#, ""),
    ]
    for (family, mapping) in cases {
      let (dir, outcome, _) = try check(
        family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}, \#(rules)\#(mapping)}]"#)
      assertDiagnostics(outcome.diagnostics, in: dir, [])
      let (section, index) = try decoded(outcome)
      XCTAssertEqual(section.itemsShown.map { "\($0.device) \($0.count)" }, ["tablet-portrait 4", "tablet-landscape 4"], mapping)
      for device in index.devices {
        let written = section.itemsShown.first { $0.device == device.name }?.count ?? 0
        XCTAssertEqual(section.itemsShown(of: 5, forWidth: device.width, sizeClasses: index.sizeClasses), written, device.name)
        XCTAssertEqual(section.itemsShown(of: 5, on: device.name, sizeClass: device.sizeClass), written, device.name)
      }
    }
  }

  /// `zlc verify` refuses a count of `items_shown` the runtime would not show: here on a device
  /// where the section is hidden.
  func testVerifyRefusesItemsShownWhereTheSectionIsHidden() throws {
    let family =
      #"{"name": "T", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "A", "layoutId": "a", "cellHeight": 50}]}]}"#
    let component = #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}, "rules": {"item_limit": 5}, "size_class_mapping": {"S": "hide"}}]"#
    let (dir, _, _) = try check(family: family, components: component)
    let out = dir + "/out"
    XCTAssertTrue(Driver.build(dir, output: out).written)
    XCTAssertEqual(BundleVerifier.verify(out).problems.map(\.message), [])
    let path = out + "/screens/home.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains(#""items_shown":{"#), text)
    try text.replacingOccurrences(of: #""items_shown":{"#, with: #""items_shown":{"phone":5,"#)
      .write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      BundleVerifier.verify(out).problems.map(\.message).filter { $0.contains("items_shown") },
      [
        "resolved.sections[0].items_shown.phone: screen 'home', section 0 ('grid'), device 'phone': items_shown gives 5, but the section is hidden there"
      ])
  }

  /// A limit per size class below 1, empty or null would leave its size class with `item_limit`:
  /// each is an error at the value.
  func testAPerSizeClassLimitThatIsNoPositiveWholeNumberIsReportedAtItsValue() throws {
    let family =
      #"{"name": "T", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "A", "layoutId": "a", "cellHeight": 50}]}]}"#
    let limits = #"{"S": ⟦ZL0410⟧0, "L": ⟦ZL0410⟧"-1", "XL": ⟦ZL0410⟧null}"#
    let (dir, outcome, marked) = try check(
      family: family,
      components:
        #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}, "rules": {"item_limit": 7, "fill_rows": true, "item_limit_by_size_class": \#(limits)}}, \#(Self.grid), "styles": {"cell_styles": ["A"]}, "rules": {"item_limit_by_size_class": {"S": ⟦ZL0410⟧"", "L": 3}}}]"#
    )
    let file = "screens/home.json"
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        spec(marked, file, at: 0, "item_limit_by_size_class 'S' must be a whole number from 1 to 999,999,999, found 0"),
        spec(marked, file, at: 1, #"item_limit_by_size_class 'L' must be a whole number from 1 to 999,999,999, found "-1""#),
        spec(marked, file, at: 2, "item_limit_by_size_class 'XL' must be a whole number from 1 to 999,999,999, found null"),
        spec(marked, file, at: 3, #"item_limit_by_size_class 'S' must be a whole number from 1 to 999,999,999, found """#),
      ])
  }

  /// A limit above 999,999,999 is an error in either form, a string of digits as a number;
  /// 999,999,999 itself is a limit.
  func testALimitAboveTheBoundIsReportedWrittenAsANumberOrAString() throws {
    let family =
      #"{"name": "T", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "A", "layoutId": "a", "cellHeight": 50}]}]}"#
    let rules = [
      #"{"item_limit": ⟦ZL0410⟧"9223372036854775807"}"#, #"{"item_limit": ⟦ZL0410⟧1000000000}"#, #"{"item_limit": "999999999"}"#,
      #"{"item_limit_by_size_class": {"S": ⟦ZL0410⟧"1000000000", "L": 999999999}}"#,
    ]
    let components = rules.map { #"\#(Self.grid), "styles": {"cell_styles": ["A"]}, "rules": \#($0)}"# }
    let (dir, outcome, marked) = try check(family: family, components: "[" + components.joined(separator: ", ") + "]")
    let file = "screens/home.json"
    let bound = "must be a whole number from 1 to 999,999,999"
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        spec(marked, file, at: 0, #"item_limit \#(bound), found "9223372036854775807""#),
        spec(marked, file, at: 1, "item_limit \(bound), found 1000000000"),
        spec(marked, file, at: 2, #"item_limit_by_size_class 'S' \#(bound), found "1000000000""#),
      ])
  }

  /// Under size classes of its own and no `devices`, each default device takes its size class's
  /// class, as a window of its width does: 768 is compact, so a phone, with the phone's columns.
  func testTheDefaultDevicesTakeTheClassOfTheirSizeClass() throws {
    let family =
      #"{"name": "T", "components": [{"type": "grid", "columns": 2, "screens": [{"type": "sw600", "columns": 4}], "cells": [{"name": "A", "layoutId": "a", "cellHeight": 50}]}]}"#
    let settings =
      #"{"app": "t", "size_classes": [{"name": "compact", "min_width": 0, "max_width": 800, "class": "phone"}, {"name": "regular", "min_width": 800, "class": "tablet"}]}"#
    let (dir, outcome, _) = try check(
      family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#, settings: settings)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let (section, index) = try decoded(outcome)
    XCTAssertEqual(
      index.devices.map { "\($0.name) \($0.deviceClass.rawValue) \($0.sizeClass ?? "-")" },
      ["phone phone compact", "tablet-portrait phone compact", "tablet-landscape tablet regular"])
    XCTAssertEqual(index.devices.map { section.layout(on: $0.name)?.columns }, [2, 2, 4])
    for device in index.devices {
      XCTAssertEqual(section.drawn(forWidth: device.width, sizeClasses: index.sizeClasses).layout, section.layout(on: device.name))
    }
  }

  /// Insets and header and footer heights are rounded to 0.01 by the runtime as in the bundle.
  func testInsetsAndHeaderHeightsAreRoundedAtRunTimeAsInTheBundle() throws {
    let family = #"""
      {"name": "T", "headers": [{"name": "H", "height": 44.005}, {"name": "F", "height": 10.555}],
       "components": [{"type": "grid", "columns": 2, "insetLeft": 12.345, "insetTop": 0.125, "cells": [{"name": "A", "layoutId": "a", "cellHeight": 50}]}]}
      """#
    let component = #"[\#(Self.grid), "styles": {"cell_styles": ["A"], "header": {"style": "H"}, "footer": {"style": "F"}}}]"#
    let (dir, outcome, _) = try check(family: family, components: component)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let (section, index) = try decoded(outcome)
    for device in index.devices {
      let written = try XCTUnwrap(section.layout(on: device.name))
      XCTAssertEqual(written.insets.left, 12.35, device.name)
      XCTAssertEqual(written.headerHeight, 44.01, device.name)
      XCTAssertEqual(section.drawn(forWidth: device.width, sizeClasses: index.sizeClasses).layout, written, device.name)
    }
  }

  /// A size class from above 0 is checked at its `min_width` too: tablet insets that fit at 768
  /// leave no width at 600, still L. A class from 0 is not (a phone's insets would not fit at 0).
  /// A class that holds no device is checked all the same.
  func testEachSizeClassIsCheckedAtItsNarrowestWidth() throws {
    let family =
      #"{"name": "T", "components": [{"type": "grid", "columns": 2, "insetLeft": 100, "insetRight": 100, "screens": [{"type": "sw600", "insetLeft": 290, "insetRight": 290, "interItemSpacing": 20}], "cells": [{"name": ⟦ZL0503⟧"A", "layoutId": "a", "cellHeight": 50}]}]}"#
    let message =
      "cell style 'A' of family 'T' has no room at 600 wide, the narrowest window of size class 'L': 2 columns leave an item width of 0"
    let components = #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#
    let (dir, outcome, marked) = try check(family: family, components: components)
    assertDiagnostics(outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message)])
    // Declared size classes: a note at where L starts.
    let settings = #"{"app": "t", "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": ⟦⟧600}]}"#
    let (declared, checked, marks) = try check(family: family, components: components, settings: settings)
    let note = marks["zlc.json"]!.markers[0]
    assertDiagnostics(checked.diagnostics, in: declared, [spec(marks, "families/T.json", message, notes: ["size class 'L' starts here"])])
    XCTAssertEqual(checked.diagnostics.first?.notes.first?.spot.map { [$0.location.line, $0.location.column] }, [note.line, note.column])
    // A project whose devices are all phones still draws L, in a wider window (a phone in
    // landscape): the same finding, with a note that no device is in L.
    let phones = #"{"app": "t", "devices": [{"name": "phone", "class": "phone", "width": 375}]}"#
    XCTAssertEqual(
      try check(family: family, components: components, settings: phones).outcome.diagnostics.map {
        [$0.message] + $0.notes.map(\.message)
      },
      [[message, "no device of the project is in size class 'L', but a client lays sections out at any width"]])
  }

  /// A style with no room within the section's insets on a size class where the section is
  /// hidden or replaced (by its own mapping or its family's) is never drawn there: no finding.
  func testAStyleWithNoRoomWhereTheSectionIsNotDrawnIsNotReported() throws {
    let cells =
      #""cells": [{"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "insetLeft": 100, "insetRight": 100, "interItemSpacing": 30}, {"name": "B", "layoutId": "b", "columns": 8, "cellHeight": 50}]"#
    let plain = #"{"name": "T", "components": [{"type": "grid", \#(cells)}]}"#
    let mappedByFamily = #"{"name": "T", "components": [{"type": "grid", "sizeClassMapping": {"S": "hide"}, \#(cells)}]}"#
    let styles = #""styles": {"cell_styles": ["A", "B"]}"#
    let phones = #"{"app": "t", "devices": [{"name": "phone", "class": "phone", "width": 375}]}"#
    for (family, mapping) in [
      (plain, #", "size_class_mapping": {"S": "hide"}"#),
      (plain, #", "size_class_mapping": {"S": {"component_type": "grid", "cell_style": "A"}}"#),
      (mappedByFamily, ""),
    ] {
      let outcome = try check(family: family, components: #"[\#(Self.grid), \#(styles)\#(mapping)}]"#, settings: phones).outcome
      XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [], "\(family) \(mapping)")
    }
  }

  /// A shape value out of range is left out and reported (ZL0504); the items it leaves without a
  /// height are not reported again as missing one (ZL0511).
  func testAnOutOfRangeShapeIsReportedOnce() throws {
    let families = [
      #"{"name": "T", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "A", "layoutId": "a", "aspectCellRatio": ⟦ZL0504⟧0.001}]}]}"#,
      #"{"name": "T", "components": [{"type": "grid", "columns": 2, "aspectCellRatio": ⟦ZL0504⟧0.001, "cells": [{"name": "A", "layoutId": "a"}]}]}"#,
    ]
    for family in families {
      let (dir, outcome, marked) = try check(family: family, components: #"[\#(Self.grid), "styles": {"cell_styles": ["A"]}}]"#)
      assertDiagnostics(
        outcome.diagnostics, in: dir, [spec(marked, "families/T.json", "'aspectCellRatio' must be from 0.01 to 100, found '0.001'")])
    }
  }
}
