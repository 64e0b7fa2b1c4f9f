import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler

/// Whether a plugin is a group and where it may stand, as each platform's manifest says (ZL0411):
/// an app of several platforms is checked against every platform's manifest, whichever `zlc.json`
/// names first, and each platform's bundle is built with its own.
final class GroupPlatformTests: XCTestCase {
  static let bothOrders = [#"{"platforms": {"ios": {}, "android": {}}}"#, #"{"platforms": {"android": {}, "ios": {}}}"#]

  /// The manifest of plugin `x` for `platform` with these characteristics, its identifier marked.
  static func manifest(_ platform: String, group: Bool, appearance: String) -> Marked {
    Marked(
      Example.manifest(
        #", "platform": "\#(platform)", "characteristics": {"group": \#(group), "appearance": \#(appearance)}"#,
        identifier: "⟦⟧x"))
  }

  /// The project of `zlc.json`, the manifests of `x` and the screen `other` (marked) in `screens/o.json`.
  func project(_ zlc: String, ios: Marked, android: Marked, screen: Marked) throws -> String {
    let files = [
      "zlc.json": zlc, "components/x/ios.json": ios.text, "components/x/android.json": android.text, "screens/o.json": screen.text,
    ]
    return try makeProject(Example.baseProject.merging(files) { $1 })
  }

  func groupContent(_ dir: String, platform: String? = nil) -> [Diagnostic] {
    Driver.check(dir, platform: platform).diagnostics.filter { $0.code == "ZL0411" }
  }

  /// The line and column of each of the diagnostic's notes.
  func noteAt(_ d: Diagnostic?) -> [[Int]] {
    (d?.notes ?? []).compactMap { $0.spot?.location }.map { [$0.line, $0.column] }
  }

  /// Android's manifest keeps `x` out of groups; iOS's lets it in: the group holding it is
  /// reported on Android, naming Android, in either order of the platforms.
  func testAComponentThatMayStandInAGroupOnOnePlatformOnlyIsReportedOnTheOther() throws {
    let ios = Self.manifest("ios", group: false, appearance: #"["group", "screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["screen"]"#)
    let screen = Marked(Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"x"}]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let found = groupContent(dir)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "'x' cannot stand in a group: its manifest's appearance is [screen] (on android)", notes: ["declared here"])
        ])
      XCTAssertEqual(noteAt(found.first), [[android.markers[0].line, android.markers[0].column]])
      XCTAssertEqual(
        groupContent(dir, platform: "android").map(\.message), ["'x' cannot stand in a group: its manifest's appearance is [screen]"])
      XCTAssertEqual(groupContent(dir, platform: "ios").map(\.message), [])
    }
  }

  /// Where every platform's manifest keeps `x` out of groups, the one finding names no platform
  /// and points at each manifest.
  func testAComponentNoPlatformLetsInAGroupIsReportedOnceWithoutPlatforms() throws {
    let ios = Self.manifest("ios", group: false, appearance: #"["screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["screen"]"#)
    let screen = Marked(Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"x"}]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let found = groupContent(dir)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "'x' cannot stand in a group: its manifest's appearance is [screen]", notes: ["declared here", "declared here"])
        ])
      XCTAssertEqual(
        Set(noteAt(found.first)), [[ios.markers[0].line, ios.markers[0].column], [android.markers[0].line, android.markers[0].column]])
    }
  }

  /// Android's manifest lets `x` stand only in groups: `x` on the screen itself is reported on
  /// Android alone.
  func testAComponentThatStandsOnlyInGroupsOnOnePlatformIsReportedOnThatPlatform() throws {
    let ios = Self.manifest("ios", group: false, appearance: #"["group", "screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["group"]"#)
    let screen = Marked(Example.screen(#"{"component_type": ⟦⟧"x"}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let found = groupContent(dir)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "'x' stands only in a group: its manifest's appearance is [group] (on android)", notes: ["declared here"])
        ])
      XCTAssertEqual(noteAt(found.first), [[android.markers[0].line, android.markers[0].column]])
    }
  }

  /// `x` is a group on iOS only: the components it holds are lost on Android, which is reported,
  /// naming Android, in either order of the platforms, and the build writes nothing.
  func testComponentsInAPluginThatIsAGroupOnOnePlatformOnlyAreReportedOnTheOther() throws {
    let ios = Self.manifest("ios", group: true, appearance: #"["screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["screen"]"#)
    let screen = Marked(Example.screen(#"{"component_type": "x", "ui_components": ⟦⟧[\#(Example.grid)]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      assertDiagnostics(
        groupContent(dir), in: dir,
        [
          DiagnosticSpec(
            code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "'x' is not a group and cannot hold components (on android)")
        ])
      XCTAssertEqual(groupContent(dir, platform: "ios").map(\.message), [])
      let outcome = Driver.build(dir, output: dir + "/out")
      XCTAssertFalse(outcome.written)
    }
  }

  /// `x` is a group on iOS only and holds nothing: the app is sound, and each platform's bundle is
  /// built with its own manifest: iOS's draws no section for the empty group, Android's draws `x`.
  func testEachPlatformsBundleTellsGroupsByItsOwnManifest() throws {
    let ios = Self.manifest("ios", group: true, appearance: #"["screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["screen"]"#)
    let screen = Marked(Example.screen(#"{"component_type": "x"}, \#(Example.grid)"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let outcome = Driver.build(dir, output: dir + "/out")
      XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map { "\($0.code) \($0.message)" }, [])
      XCTAssertTrue(outcome.written)
      var drawn: [String: [String]] = [:]
      for platform in ["ios", "android"] {
        let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"), platform: platform)
        let other = try XCTUnwrap(bundle.screen(id: "other"))
        drawn[platform] = other.resolved.sections.map(\.componentType)
      }
      XCTAssertEqual(drawn, ["ios": ["grid"], "android": ["x", "grid"]])
    }
  }

  /// `x` is a group on iOS only: inside a group it is reported on iOS alone (ZL0412), in either
  /// order of the platforms.
  func testAPluginThatIsAGroupOnOnePlatformOnlyIsReportedInAGroupOnThatPlatform() throws {
    let ios = Self.manifest("ios", group: true, appearance: #"["group", "screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["group", "screen"]"#)
    let screen = Marked(Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"x"}]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let found = Driver.check(dir).diagnostics.filter { ["ZL0411", "ZL0412"].contains($0.code) }
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0412", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "a group cannot stand inside another group (on ios)")
        ])
    }
  }

  /// `x` is a group on both platforms, by manifests of their own: inside a group it is reported
  /// once, naming no platform.
  func testAPluginThatIsAGroupOnEveryPlatformIsReportedInAGroupOnce() throws {
    let ios = Self.manifest("ios", group: true, appearance: #"["group", "screen"]"#)
    let android = Self.manifest("android", group: true, appearance: #"["screen"]"#)
    let screen = Marked(Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"x"}]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let found = Driver.check(dir).diagnostics.filter { ["ZL0411", "ZL0412"].contains($0.code) }
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0412", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "a group cannot stand inside another group")
        ])
    }
  }

  /// The components of a plugin that is a group on iOS only are drawn in iOS's bundle: they are
  /// checked whichever platform `zlc.json` names first.
  func testTheComponentsOfAPluginThatIsAGroupOnOnePlatformOnlyAreChecked() throws {
    let ios = Self.manifest("ios", group: true, appearance: #"["screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["screen"]"#)
    let grid = #"{"component_type": "grid", "data": {"type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let screen = Marked(Example.screen(#"{"component_type": "x", "ui_components": [\#(grid)]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      XCTAssertEqual(
        Driver.check(dir).diagnostics.filter { $0.code == "ZL0401" }.map(\.message),
        ["'grid' component on root screen 'other' has no data source"], zlc)
    }
  }

  /// `x` is a group on iOS only and holds a group: that group stands inside another group on iOS
  /// alone (ZL0412, naming iOS), and on Android `x` holds components it cannot (ZL0411), in either
  /// order of the platforms.
  func testAGroupInAPluginThatIsAGroupOnOnePlatformIsReportedOnThatPlatform() throws {
    let ios = Self.manifest("ios", group: true, appearance: #"["screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["screen"]"#)
    let screen = Marked(
      Example.screen(#"{"component_type": "x", "ui_components": ⟦⟧[{"component_type": ⟦⟧"group", "ui_components": [\#(Example.grid)]}]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let found = Driver.check(dir).diagnostics.filter { ["ZL0411", "ZL0412"].contains($0.code) }
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "'x' is not a group and cannot hold components (on android)"),
          DiagnosticSpec(
            code: "ZL0412", file: "screens/o.json", line: screen.markers[1].line, column: screen.markers[1].column,
            message: "a group cannot stand inside another group (on ios)"),
        ])
    }
  }

  /// `x` is a group on iOS only and holds `y`, a group on Android only: `y` stands inside a group
  /// on no platform, so ZL0412 says nothing, in either order of the platforms; `x` on Android and
  /// `y` on iOS hold components they cannot (ZL0411).
  func testAPluginInAPluginThatAreGroupsOnDifferentPlatformsIsNoGroupInAGroup() throws {
    let ios = Self.manifest("ios", group: true, appearance: #"["group", "screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["group", "screen"]"#)
    func y(_ platform: String, group: Bool) -> String {
      Example.manifest(
        #", "platform": "\#(platform)", "characteristics": {"group": \#(group), "appearance": ["group", "screen"]}"#, identifier: "y")
    }
    let screen = Marked(
      Example.screen(#"{"component_type": "x", "ui_components": [{"component_type": "y", "ui_components": [\#(Example.grid)]}]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      try y("ios", group: false).write(toFile: dir + "/components/x/y-ios.json", atomically: true, encoding: .utf8)
      try y("android", group: true).write(toFile: dir + "/components/x/y-android.json", atomically: true, encoding: .utf8)
      let found = Driver.check(dir).diagnostics.filter { ["ZL0411", "ZL0412"].contains($0.code) }
      XCTAssertEqual(
        found.map { "\($0.code) \($0.message)" },
        [
          "ZL0411 'x' is not a group and cannot hold components (on android)",
          "ZL0411 'y' is not a group and cannot hold components (on ios)",
        ], zlc)
    }
  }

  /// A plugin drawn as the fallback of a component in a group, kept out of groups by Android's
  /// manifest alone, is reported at the fallback's `component_type`, naming Android.
  func testAFallbackThatMayStandInAGroupOnOnePlatformOnlyIsReportedOnTheOther() throws {
    let ios = Self.manifest("ios", group: false, appearance: #"["group", "screen"]"#)
    let android = Self.manifest("android", group: false, appearance: #"["screen"]"#)
    let grid =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "fallback": {"component_type": ⟦⟧"x"}}"#
    let screen = Marked(Example.screen(#"{"component_type": "group", "ui_components": [\#(grid)]}"#))
    for zlc in Self.bothOrders {
      let dir = try project(zlc, ios: ios, android: android, screen: screen)
      let found = groupContent(dir)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
            message: "'x' cannot stand in a group: its manifest's appearance is [screen] (on android)", notes: ["declared here"])
        ])
      XCTAssertEqual(noteAt(found.first), [[android.markers[0].line, android.markers[0].column]])
      XCTAssertEqual(groupContent(dir, platform: "ios").map(\.message), [])
    }
  }
}
