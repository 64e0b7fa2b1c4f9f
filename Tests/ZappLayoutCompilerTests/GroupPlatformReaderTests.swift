import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// The rules that ask whether a component is a group, beyond ZL0411 and ZL0412, read each
/// platform's manifest: a plugin that is a group on some platforms only is a group in their
/// bundles alone, whichever platform `zlc.json` names first, and a finding only some platforms
/// make names them.
final class GroupPlatformReaderTests: XCTestCase {
  /// The project of `zlc.json`, plugin `x` a group on iOS only (or Android only), the screen
  /// `other` (marked) and `files` (by path).
  func project(_ zlc: String, groupOn platform: String, screen: Marked, files: [String: String] = [:]) throws -> String {
    let appearance = #"["group", "screen"]"#
    var all = Example.baseProject.merging(files) { $1 }
    all["zlc.json"] = zlc
    all["components/x/ios.json"] = GroupPlatformTests.manifest("ios", group: platform == "ios", appearance: appearance).text
    all["components/x/android.json"] = GroupPlatformTests.manifest("android", group: platform == "android", appearance: appearance).text
    all["screens/o.json"] = screen.text
    let dir = try makeProject(all)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  func found(_ dir: String, _ code: String) -> [Diagnostic] {
    Driver.check(dir).diagnostics.filter { $0.code == code }
  }

  /// The screen `other` of these components, marked at its `ui_components` list.
  static func screen(_ components: String) -> Marked {
    Marked(#"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": ⟦⟧[\#(components)]}]"#)
  }

  /// `x` holds nothing and is a group on iOS only: iOS's bundle draws no section of the screen,
  /// Android's draws `x`: ZL0415 names iOS, in either order of the platforms.
  func testAScreenOfAnEmptyPluginThatIsAGroupOnOnePlatformResolvesToNoSectionThere() throws {
    let screen = Self.screen(#"{"component_type": "x"}"#)
    for zlc in GroupPlatformTests.bothOrders {
      let dir = try project(zlc, groupOn: "ios", screen: screen)
      assertDiagnostics(
        found(dir, "ZL0415"), in: dir,
        [
          DiagnosticSpec(
            code: "ZL0415", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "screen 'other' resolves to no section: its groups hold no components (on ios)")
        ])
    }
  }

  /// A grid that merges the next section, then `x`, empty: where `x` is a group, the grid is the
  /// last section and ZL0418 names that platform, in either order of the platforms; on the other,
  /// `x` is the next section, which takes no data: nothing to merge there either.
  func testAMergeBeforeAnEmptyPluginThatIsAGroupOnOnePlatformIsReportedThere() throws {
    let grid =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"merge_next_by_size_class": ⟦⟧["L"]}}"#
    let screen = Marked(Example.screen(grid + #", {"component_type": "x"}"#))
    for platform in ["ios", "android"] {
      for zlc in GroupPlatformTests.bothOrders {
        let dir = try project(zlc, groupOn: platform, screen: screen)
        assertDiagnostics(
          found(dir, "ZL0418"), in: dir,
          [
            DiagnosticSpec(
              code: "ZL0418", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
              message: "the last section of screen 'other' has no next section to merge (on \(platform))"),
            DiagnosticSpec(
              code: "ZL0418", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
              message:
                "the next section of screen 'other' (component 'x') takes no data: there is nothing to merge (on \(platform == "ios" ? "android" : "ios"))",
              notes: ["the next section"]),
          ])
      }
    }
  }

  /// `x` is a group on iOS only and its family styles it with a cell of no height: Android's
  /// bundle lays it out, so ZL0511 reports the cell naming Android, in either order.
  func testACellOfAPluginThatIsAGroupOnOnePlatformIsLaidOutOnTheOthers() throws {
    let family = Marked(#"{"name": "F", "components": [{"type": "x", "layout": "flow", "cells": [{"name": ⟦⟧"C"}]}]}"#)
    let screen = Self.screen(#"{"component_type": ⟦⟧"x", "styles": {"cell_styles": ["C"]}}, \#(Example.grid)"#)
    for zlc in GroupPlatformTests.bothOrders {
      let dir = try project(zlc, groupOn: "ios", screen: screen, files: ["families/f.json": family.text])
      let reported = found(dir, "ZL0511")
      let used = reported.first?.notes.first?.spot?.location
      XCTAssertEqual(used.map { [$0.line, $0.column] }, [screen.markers[1].line, screen.markers[1].column])
      assertDiagnostics(
        reported, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0511", file: "families/f.json", line: family.markers[0].line, column: family.markers[0].column,
            message:
              "cell style 'C' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight (on android)",
            notes: ["used by component 'x' of screen 'other'"])
        ])
    }
  }

  /// `x` is a group on iOS only and has a fallback: iOS's bundle never draws `x`, so the fallback
  /// never applies there: ZL0314 names iOS, in either order of the platforms.
  func testTheFallbackOfAPluginThatIsAGroupOnOnePlatformIsReportedThere() throws {
    let screen = Marked(
      Example.screen(#"{"component_type": "x", "fallback": ⟦⟧{"component_type": "grid", "cell_style": "GRID_1"}}, \#(Example.grid)"#))
    for zlc in GroupPlatformTests.bothOrders {
      let dir = try project(zlc, groupOn: "ios", screen: screen)
      assertDiagnostics(
        found(dir, "ZL0314"), in: dir,
        [
          DiagnosticSpec(
            code: "ZL0314", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "a group is not drawn, so its fallback never applies; give each component in it a fallback of its own (on ios)")
        ])
    }
  }

  /// `x` is a group on iOS only, and a registry of each platform lists `grid` alone: Android's
  /// client must draw `x`, iOS's never does, so ZL0313 names the Android client alone, in either
  /// order of the platforms (the first platform's manifest decided it for both).
  func testARegistryNeedsAPluginThatIsAGroupOnOnePlatformOnTheOthersOnly() throws {
    let screen = Marked(Example.screen(#"{"component_type": ⟦⟧"x"}, \#(Example.grid)"#))
    let lists = #""component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]"#
    let registries = [
      "registries/ios.json": #"{"platform": "ios", "client_version": "20.0.0", \#(lists)}"#,
      "registries/android.json": #"{"platform": "android", "client_version": "20.0.0", \#(lists)}"#,
    ]
    for zlc in GroupPlatformTests.bothOrders {
      let dir = try project(zlc, groupOn: "ios", screen: screen, files: registries)
      assertDiagnostics(
        found(dir, "ZL0313"), in: dir,
        [
          DiagnosticSpec(
            code: "ZL0313", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "component 'x' of screen 'other' needs component type 'x', which the android client 20.0.0 cannot render",
            notes: ["component_types of the android 20.0.0 registry, without 'x'"])
        ])
    }
  }
}
