import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler
@testable import ZappModel

/// Which of a plugin's manifests a check reads: the app's one platform's, each platform's where
/// the app has several, and every use of a plugin for the platform rules.
final class PlatformManifestTests: XCTestCase {
  /// A manifest of plugin `x` for `platform` (none: platform-free) with these styles fields.
  static func manifest(_ platform: String?, fields: String = "", extra: String = "") -> String {
    let styles = #", "styles": {"fields": [\#(fields)]}"# + extra
    return Example.manifest((platform.map { #", "platform": "\#($0)""# } ?? "") + styles).replacingOccurrences(
      of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "20.0.0""#)
  }

  static func count(_ max: Int) -> String { #"{"key": "count", "type": "number_input", "max": \#(max)}"# }
  static let tone = #"{"key": "tone", "type": "text_input"}"#
  static let data = #", "data": {"fields": [{"key": "source", "type": "text_input"}]}"#

  /// The diagnostics of a project of the base screens, `zlc.json` and these files, whose screen `o`
  /// holds `component` (marked), narrowed to `platform` when given.
  func check(_ zlc: String, _ files: [String: String], component: String, platform: String? = nil) throws -> (
    String, [Diagnostic], Marked
  ) {
    let marked = Marked(Example.screen(component))
    let all = Example.baseProject.merging(files) { $1 }.merging(["zlc.json": zlc, "screens/o.json": marked.text]) { $1 }
    let dir = try makeProject(all)
    return (dir, Driver.check(dir, platform: platform).diagnostics, marked)
  }

  /// A manifest's `platform` is a string: a number, a list or an object in its place made the
  /// manifest a platform-free one, read for every platform, without a word.
  func testAManifestsPlatformIsAString() throws {
    for (value, kind) in [("7", "a number"), (#"["ios"]"#, "an array"), ("{}", "an object")] {
      let manifest = Marked(Self.manifest(nil, extra: #", "platform": ⟦⟧\#(value)"#))
      let (dir, found, _) = try check(
        #"{"platforms": {"ios": {}}}"#, ["components/x.json": manifest.text], component: #"{"component_type": "x"}"#)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0202", file: "components/x.json", line: manifest.markers[0].line, column: manifest.markers[0].column,
            message: "'platform' must be a string, found \(kind)")
        ])
    }
  }

  /// An app of one platform reads that platform's manifest of a plugin, though another
  /// platform's comes first in file order: its fields, their bounds and the note's place.
  func testAnAppOfOnePlatformReadsThatPlatformsManifest() throws {
    let files = [
      "components/x/android.json": Self.manifest("android", fields: Self.count(5)),
      "components/x/ios.json": Self.manifest("ios", fields: Self.count(50) + ", " + Self.tone),
    ]
    let zlc = #"{"platforms": {"ios": {}}}"#
    let (_, clean, _) = try check(zlc, files, component: #"{"component_type": "x", "styles": {"count": 20, "tone": "t"}}"#)
    XCTAssertEqual(clean.map { "\($0.code) \($0.message)" }, [])
    let (dir, found, marked) = try check(zlc, files, component: #"{"component_type": "x", "styles": {"count": ⟦⟧60}}"#)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'styles.count' is a number_input field: expected a number of at most 50, found 60",
          notes: ["the x manifest declares it here"])
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.file, dir + "/components/x/ios.json")
  }

  /// zlc.json names no platform and the manifests name one: the app targets it, and a plugin's
  /// manifest for it is read before its platform-free one.
  func testAnAppOfTheManifestsOnePlatformReadsItsManifest() throws {
    let files = [
      "components/x/a.json": Self.manifest(nil), "components/x/ios.json": Self.manifest("ios", fields: Self.tone),
    ]
    let (_, found, _) = try check("{}", files, component: #"{"component_type": "x", "styles": {"tone": "t"}}"#)
    XCTAssertEqual(found.map { "\($0.code) \($0.message)" }, [])
  }

  /// A plugin that takes data on iOS only (its Android manifest, first in file order, has no
  /// `data`): the full check reports what `--platform ios` does, naming iOS. A misspelled type is
  /// one on Android too: its finding names no platform.
  func testDataChecksRunForEachPlatformWhoseManifestTakesData() throws {
    let zlc = #"{"platforms": {"ios": {}, "android": {}}}"#
    let files = [
      "components/x/android.json": Self.manifest("android"), "components/x/ios.json": Self.manifest("ios", extra: Self.data),
    ]
    let only = " (on ios only: the manifests of android take no data)"
    let none = #"⟦⟧{"component_type": "x"}"#
    let (dir, found, marked) = try check(zlc, files, component: none)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0401", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'x' component on root screen 'other' has no data source" + only)
      ])
    XCTAssertEqual(
      try check(zlc, files, component: none, platform: "ios").1.map(\.message), ["'x' component on root screen 'other' has no data source"])
    XCTAssertEqual(try check(zlc, files, component: none, platform: "android").1.map(\.message), [])

    let misspelt = #"{"component_type": "x", "data": {"source": "1", "type": ⟦⟧"APPLICASTER_COLECTION"}}"#
    let (dir2, found2, marked2) = try check(zlc, files, component: misspelt)
    assertDiagnostics(
      found2.filter { $0.code == "ZL0402" }, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0402", file: "screens/o.json", line: marked2.markers[0].line, column: marked2.markers[0].column,
          message: "unknown data source type 'APPLICASTER_COLECTION'", fixIt: #""APPLICASTER_COLLECTION""#)
      ])
    XCTAssertEqual(
      try check(zlc, files, component: misspelt, platform: "android").1.filter { $0.code == "ZL0402" }.map(\.message),
      ["unknown data source type 'APPLICASTER_COLECTION'"])
  }

  /// A size class's replacement that takes data on iOS only cannot draw a grid's data on Android:
  /// the full check says so, naming Android, as `--platform android` does.
  func testAReplacementThatTakesDataOnSomePlatformsIsCheckedOnTheOthers() throws {
    let zlc = #"{"platforms": {"ios": {}, "android": {}}}"#
    let files = [
      "components/x/android.json": Self.manifest("android"), "components/x/ios.json": Self.manifest("ios", extra: Self.data),
    ]
    let grid =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"L": {"component_type": ⟦⟧"x"}}}"#
    func replacementData(_ platform: String?) throws -> [String] {
      try check(zlc, files, component: grid, platform: platform).1.filter { $0.code == "ZL0316" }.map(\.message)
    }
    let (dir, found, marked) = try check(zlc, files, component: grid)
    assertDiagnostics(
      found.filter { $0.code == "ZL0316" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0316", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'x' takes no data, so it cannot draw the data of 'grid' (on android)")
      ])
    XCTAssertEqual(try replacementData("android"), ["'x' takes no data, so it cannot draw the data of 'grid'"])
    XCTAssertEqual(try replacementData("ios"), [])
  }

  /// On a connected screen a component shows the data its manifest accepts, each platform's its
  /// own: a replacement that accepts only iOS's type is reported on Android, naming it, though
  /// the iOS manifest comes first in file order.
  func testAReplacementOnAConnectedScreenIsCheckedAgainstEachPlatformsOriginal() throws {
    let zlc = #"{"platforms": {"ios": {}, "android": {}}}"#
    func accepting(_ types: String, _ platform: String) -> String {
      Self.manifest(platform, extra: #", "data_types": [\#(types)]"# + Self.data)
    }
    let files = [
      "components/x/a-ios.json": accepting(#""APPLICASTER_COLLECTION""#, "ios"),
      "components/x/b-android.json": accepting(#""APPLICASTER_ATOM_FEED""#, "android"),
      "components/wide.json": Example.manifest(#", "data_types": ["APPLICASTER_COLLECTION"]"# + Self.data, identifier: "wide"),
    ]
    let component = #"{"component_type": "x", "size_class_mapping": {"L": {"component_type": ⟦⟧"wide"}}}"#
    let marked = Marked(Example.screen(component, extra: #", "data": {"connected": true}"#))
    let dir = try makeProject(Example.baseProject.merging(files) { $1 }.merging(["zlc.json": zlc, "screens/o.json": marked.text]) { $1 })
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0316" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0316", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'wide' accepts APPLICASTER_COLLECTION, not APPLICASTER_ATOM_FEED that 'x' shows (on android)")
      ])
    XCTAssertEqual(Driver.check(dir, platform: "ios").diagnostics.filter { $0.code == "ZL0316" }.map(\.message), [])
  }

  /// Plugins used only as a size class's replacement, a fallback or the body of a component's
  /// cells need a manifest for every platform, reported where the type is written; all but the
  /// fallback must run on the oldest clients (a fallback's clients are the registries').
  func testEveryUseOfAPluginIsCheckedAgainstThePlatforms() throws {
    let zlc = #"{"platforms": {"ios": {"min_zapp_sdk": "19.0.0"}, "android": {}}}"#
    var files: [String: String] = [:]
    for name in ["wide", "spare", "body"] {
      files["components/\(name).json"] = PlatformTests.manifest(name, platform: "ios", extra: Self.data)
    }
    let grid = #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1""#
    let component = [
      grid + #"]}, "size_class_mapping": {"L": {"component_type": ⟦⟧"wide"}}}"#,
      grid + #"]}, "fallback": {"component_type": ⟦⟧"spare"}}"#,
      grid + #"], "cell_body_component_type": ⟦⟧"body"}}"#,
    ].joined(separator: ", ")
    let (dir, found, marked) = try check(zlc, files, component: component)
    var expected: [DiagnosticSpec] = []
    for (name, at) in zip(["wide", "spare", "body"], marked.markers) {
      expected.append(
        DiagnosticSpec(
          code: "ZL0610", file: "screens/o.json", line: at.line, column: at.column,
          message: "plugin '\(name)' has no manifest for platform 'android' (it has ios)", notes: ["manifest for 'ios'"]))
      // A plugin drawn only as a fallback is held to no client range (ZL0313 tells of the clients).
      guard name != "spare" else { continue }
      expected.append(
        DiagnosticSpec(
          code: "ZL0611", file: "screens/o.json", line: at.line, column: at.column,
          message: "plugin '\(name)' needs Zapp SDK 20.0.0 or later on 'ios', but the app supports clients from 19.0.0",
          notes: ["min_zapp_sdk of its 'ios' manifest", "the app's oldest client"]))
    }
    assertDiagnostics(found.filter { ["ZL0610", "ZL0611"].contains($0.code) }, in: dir, expected)
  }

  /// A hook's plugin runs on the client, so it is used as a component's type is: it needs a
  /// manifest on every platform (ZL0610) that runs on the app's oldest client (ZL0611), reported
  /// at the hook's identifier; a hook of a plugin without a manifest is not (ZL0323's, for a near miss).
  func testAHooksPluginIsCheckedAgainstThePlatforms() throws {
    let zlc = #"{"platforms": {"ios": {"min_zapp_sdk": "19.0.0"}, "android": {}}}"#
    let hooks = #", "hooks": {"preload_plugins": [{"identifier": ⟦⟧"gate", "type": "general", "weight": 1}, {"identifier": "analytics"}]}"#
    let grid =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let marked = Marked(Example.screen(grid, extra: hooks))
    let files = ["components/gate.json": PlatformTests.manifest("gate", platform: "ios", type: "general"), "zlc.json": zlc]
    let dir = try makeProject(Example.baseProject.merging(files) { $1 }.merging(["screens/o.json": marked.text]) { $1 })
    let found = Driver.check(dir).diagnostics.filter { ["ZL0610", "ZL0611"].contains($0.code) }
    let at = marked.markers[0]
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0610", file: "screens/o.json", line: at.line, column: at.column,
          message: "plugin 'gate' has no manifest for platform 'android' (it has ios)", notes: ["manifest for 'ios'"]),
        DiagnosticSpec(
          code: "ZL0611", file: "screens/o.json", line: at.line, column: at.column,
          message: "plugin 'gate' needs Zapp SDK 20.0.0 or later on 'ios', but the app supports clients from 19.0.0",
          notes: ["min_zapp_sdk of its 'ios' manifest", "the app's oldest client"]),
      ])
    let android = PlatformTests.manifest("gate", platform: "android", type: "general")
    let fixed = files.merging([
      "components/gate-android.json": android, "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}, "android": {}}}"#,
    ]) { $1 }
    let clean = try makeProject(Example.baseProject.merging(fixed) { $1 }.merging(["screens/o.json": marked.text]) { $1 })
    XCTAssertEqual(Driver.check(clean).diagnostics.filter { $0.code.hasPrefix("ZL06") }.map(\.message), [])
  }

  /// A cell style one platform's manifest offers and another's does not is reported for the
  /// platform that lacks it, naming the one that offers it, with its did-you-mean as a hint; a
  /// style no platform offers is suggested from those every platform offers.
  func testACellStyleIsCheckedAgainstEachPlatformsManifest() throws {
    let zlc = #"{"platforms": {"ios": {}, "android": {}}}"#
    func styles(_ option: String) -> String {
      #"{"key": "cell_styles", "type": "tag_select", "rules": "conditional", "conditional_fields": [{"key": "styles/family", "condition_value": "FAMILY_1", "options": [{"text": "o", "value": "OPT_1"}, {"text": "p", "value": "\#(option)"}]}]}"#
    }
    let files = [
      "components/x/android.json": Self.manifest("android", fields: styles("OPT_WIDER")),
      "components/x/ios.json": Self.manifest("ios", fields: styles("OPT_WIDE")),
    ]
    func component(_ style: String) -> String { #"{"component_type": "x", "styles": {"cell_styles": [⟦⟧"\#(style)"]}}"# }
    let (dir, found, marked) = try check(zlc, files, component: component("OPT_WIDER"))
    let spot = (line: marked.markers[0].line, column: marked.markers[0].column)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0304", file: "screens/o.json", line: spot.line, column: spot.column,
          message:
            "cell style 'OPT_WIDER' is not in family 'FAMILY_1' for 'x' (the family offers OPT_1, OPT_WIDE for 'x') (on ios only: the manifests of android offer it)",
          fixIt: "OPT_WIDE")
      ])
    XCTAssertNil(found.first?.fixIt?.range, "a style another platform offers is not rewritten by --fix")
    XCTAssertEqual(try check(zlc, files, component: component("OPT_WIDER"), platform: "android").1.map(\.message), [])
    XCTAssertEqual(
      try check(zlc, files, component: component("OPT_WIDER"), platform: "ios").1.map(\.message),
      ["cell style 'OPT_WIDER' is not in family 'FAMILY_1' for 'x' (the family offers OPT_1, OPT_WIDE for 'x')"])
    XCTAssertEqual(try check(zlc, files, component: component("OPT_1")).1.map(\.message), [])
    // A style offered twice (by two options, or by a cell and an option) is named once.
    let twice = files.mapValues {
      $0.replacingOccurrences(of: "OPT_WIDER", with: "OPT_1").replacingOccurrences(of: "OPT_WIDE", with: "OPT_1")
    }
    XCTAssertEqual(
      try check(zlc, twice, component: component("OPT_9")).1.filter { $0.code == "ZL0304" }.map(\.message),
      ["cell style 'OPT_9' is not in family 'FAMILY_1' for 'x' (the family offers OPT_1 for 'x')"])
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    let family = try XCTUnwrap(project.families["FAMILY_1"])
    XCTAssertEqual(
      EditorKnowledge.cellStyles(family: family, componentType: "x", in: project), ["OPT_1"],
      "completion offers the styles every platform accepts")

    let (dir2, found2, _) = try check(zlc, files, component: component("OPTT_1"))
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0304", file: "screens/o.json", line: spot.line, column: spot.column,
          message:
            "cell style 'OPTT_1' is not in family 'FAMILY_1' for 'x' (the family offers OPT_1 for 'x') (and on ios: OPT_WIDE; on android: OPT_WIDER)",
          fixIt: #""OPT_1""#)
      ])
    XCTAssertNotNil(found2.first?.fixIt?.range, "a style no platform offers keeps its did-you-mean")
  }

  /// Where each platform's manifest offers a style of its own, a finding names and suggests only
  /// what every platform it is about accepts, and the others' own styles by their platforms.
  func testACellStyleFindingOfSeveralPlatformsOffersWhatEachOfThemAccepts() throws {
    let zlc = #"{"platforms": {"ios": {}, "android": {}, "tvos": {}}}"#
    var files: [String: String] = [:]
    for platform in ["ios", "android", "tvos"] {
      let option = "OPT_\(platform.uppercased())"
      let field =
        #"{"key": "cell_styles", "type": "tag_select", "rules": "conditional", "conditional_fields": [{"key": "styles/family", "condition_value": "FAMILY_1", "options": [{"text": "o", "value": "OPT_1"}, {"text": "p", "value": "\#(option)"}]}]}"#
      files["components/x/\(platform == "tvos" ? "a" : "b")_\(platform).json"] = Self.manifest(platform, fields: field)
    }
    let tvOnly = #"{"component_type": "x", "styles": {"cell_styles": ["OPT_TVOS"]}}"#
    XCTAssertEqual(
      try check(zlc, files, component: tvOnly).1.filter { $0.code == "ZL0304" }.map(\.message),
      [
        "cell style 'OPT_TVOS' is not in family 'FAMILY_1' for 'x' (the family offers OPT_1 for 'x') (on ios, android only: the manifests of tvos offer it) (and on ios: OPT_IOS; on android: OPT_ANDROID)"
      ])
    let unstyled = #"{"component_type": "x", "styles": {"cell_styles": ["OPT_1"]}, "fallback": {"component_type": "x"}}"#
    XCTAssertEqual(
      try check(zlc, files, component: unstyled).1.filter { $0.code == "ZL0315" }.map(\.message),
      [
        "the replacement 'x' for the fallback needs a 'cell_style' (family 'FAMILY_1' offers OPT_1) (and on ios: OPT_IOS; on android: OPT_ANDROID; on tvos: OPT_TVOS)"
      ])
  }

  /// In an app of iOS and Android, a component whose family is not its screen's is drawn with the
  /// screen's family in the iOS bundle and with its own in Android's: each platform's manifest is
  /// checked against the family its bundle draws with, not the other's.
  func testACellStyleIsCheckedOnThePlatformsThatDrawWithTheFamily() throws {
    let zlc = #"{"platforms": {"ios": {}, "android": {}}}"#
    func offering(_ family: String) -> String {
      #"{"key": "cell_styles", "type": "tag_select", "rules": "conditional", "conditional_fields": [{"key": "styles/family", "condition_value": "\#(family)", "options": [{"text": "z", "value": "OPT_Z"}]}]}"#
    }
    let component = #"{"component_type": "x", "styles": {"family": "FAMILY_2", "cell_styles": ["OPT_Z"]}}"#
    let cellStyleFindings = { (files: [String: String]) in
      try self.check(zlc, files, component: component).1.filter { $0.code == "ZL0304" }.map(\.message)
    }
    // iOS draws with the screen's FAMILY_1, Android with the component's FAMILY_2: each offers it.
    XCTAssertEqual(
      try cellStyleFindings([
        "components/x/android.json": Self.manifest("android", fields: offering("FAMILY_2")),
        "components/x/ios.json": Self.manifest("ios", fields: offering("FAMILY_1")),
      ]), [])
    // iOS's manifest offers it for FAMILY_2 alone, which iOS does not draw with.
    XCTAssertEqual(
      try cellStyleFindings([
        "components/x/android.json": Self.manifest("android", fields: offering("FAMILY_2")),
        "components/x/ios.json": Self.manifest("ios", fields: offering("FAMILY_2")),
      ]), ["cell style 'OPT_Z' is not in family 'FAMILY_1' for 'x' (the family offers no cell styles for 'x')"])
  }

  /// A replacement is checked under each reading against the manifests of the platforms drawing
  /// with its family, whichever platform the app names first.
  func testAReplacementsCellStyleIsCheckedOnThePlatformsThatDrawWithTheFamily() throws {
    func offering(_ family: String, _ style: String) -> String {
      #"{"key": "cell_styles", "type": "tag_select", "rules": "conditional", "conditional_fields": [{"key": "styles/family", "condition_value": "\#(family)", "options": [{"text": "z", "value": "\#(style)"}]}]}"#
    }
    let files = [
      "components/x/android.json": Self.manifest("android", fields: offering("FAMILY_2", "OPT_Z"), extra: Self.data),
      "components/x/ios.json": Self.manifest("ios", fields: offering("FAMILY_1", "OPT_Q"), extra: Self.data),
    ]
    func component(_ replacement: String) -> String {
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_2", "cell_styles": ["GRID_1"]}, "size_class_mapping": {"L": \#(replacement)}}"#
    }
    for zlc in [#"{"platforms": {"ios": {}, "android": {}}}"#, #"{"platforms": {"android": {}, "ios": {}}}"#] {
      let findings = { (replacement: String) in
        try self.check(zlc, files, component: component(replacement)).1.filter { $0.code == "ZL0315" }.map(\.message).sorted()
      }
      // iOS draws it with the screen's FAMILY_1, which iOS's manifest styles with OPT_Q; Android
      // with the component's FAMILY_2, which Android's styles with OPT_Z alone.
      XCTAssertEqual(
        try findings(#"{"component_type": "x", "cell_style": "OPT_Q"}"#),
        ["cell style 'OPT_Q' is not in family 'FAMILY_2' for 'x' (the family offers OPT_Z for 'x')"], zlc)
      XCTAssertEqual(
        try findings(#"{"component_type": "x"}"#),
        [
          "the replacement 'x' for size class 'L' needs a 'cell_style' (family 'FAMILY_1' offers OPT_Q)",
          "the replacement 'x' for size class 'L' needs a 'cell_style' (family 'FAMILY_2' offers OPT_Z)",
        ], zlc)
    }
  }

  /// A plugin's platform-free manifest serves the platforms without one of their own: no ZL0610,
  /// and ZL0611 reads it for them.
  func testAPlatformFreeManifestServesThePlatformsWithoutTheirOwn() throws {
    let zlc = #"{"platforms": {"ios": {}, "android": {"min_zapp_sdk": "19.0.0"}}}"#
    let files = [
      "components/x/a.json": Self.manifest(nil).replacingOccurrences(of: #""min_zapp_sdk": "20.0.0""#, with: #""min_zapp_sdk": "20.1.0""#),
      "components/x/ios.json": Self.manifest("ios"),
    ]
    let (dir, found, marked) = try check(zlc, files, component: #"{"component_type": ⟦⟧"x"}"#)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0611", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "plugin 'x' needs Zapp SDK 20.1.0 or later on 'android', but the app supports clients from 19.0.0",
          notes: ["min_zapp_sdk of its platform-free manifest", "the app's oldest client"])
      ])
  }

  /// A screen plugin whose iOS manifest does not let it hold components, while its Android one
  /// (first in file order) does: its components are reported on iOS, naming the platforms; with
  /// both setting it, nothing is reported.
  func testAScreenPluginHoldsComponentsOnlyWhereItsManifestSaysSo() throws {
    func screenPlugin(_ platform: String, holds: Bool) -> String {
      let characteristics = holds ? #", "characteristics": {"can_have_components": true}"# : ""
      return Example.manifest(
        #", "screen": true, "platform": "\#(platform)""# + characteristics, identifier: "settings_screen", type: "general")
    }
    let marked = Marked(
      #"[{"id": "s", "type": "settings_screen", "styles": {"family": "FAMILY_1"}, "ui_components": ⟦⟧[\#(Example.grid)]}]"#)
    func project(iOSHolds: Bool) throws -> String {
      try makeProject(
        Example.baseProject.merging([
          "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/s.json": marked.text,
          "components/s/ios.json": screenPlugin("ios", holds: iOSHolds),
          "components/s/android.json": screenPlugin("android", holds: true),
        ]) { $1 })
    }
    let dir = try project(iOSHolds: false)
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0414" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0414", file: "screens/s.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message:
            "screen plugin 'settings_screen' cannot hold components on ios (its manifest there does not set characteristics.can_have_components; the manifests of android set it)",
          notes: ["declared here"])
      ])
    XCTAssertEqual(Driver.check(dir, platform: "android").diagnostics.filter { $0.code == "ZL0414" }.count, 0)
    let clean = try project(iOSHolds: true)
    XCTAssertEqual(Driver.check(clean).diagnostics.filter { $0.code == "ZL0414" }.map(\.message), [])
  }

  /// A select value both platforms refuse, each listing its own options: each finding names its
  /// platform and keeps the fix its manifests agree on, with its place; when they suggest
  /// different values, neither finding offers a fix rather than one with no place.
  func testAFixBothPlatformsSuggestKeepsItsPlace() throws {
    func select(_ options: [String]) -> String {
      #"{"key": "tone", "type": "select", "options": ["#
        + options.map { #"{"text": "T", "value": "\#($0)"}"# }
        .joined(separator: ", ") + "]}"
    }
    func found(ios: [String], android: [String]) throws -> (String, [Diagnostic], Marked) {
      try check(
        #"{"platforms": {"ios": {}, "android": {}}}"#,
        [
          "components/x/ios.json": Self.manifest("ios", fields: select(ios)),
          "components/x/android.json": Self.manifest("android", fields: select(android)),
        ], component: #"{"component_type": "x", "styles": {"tone": ⟦⟧"Default"}}"#)
    }
    let (dir, same, marked) = try found(ios: ["default", "loud"], android: ["default", "quiet"])
    let at = marked.markers[0]
    assertDiagnostics(
      same.filter { $0.code == "ZL0614" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: at.line, column: at.column,
          message: #"'styles.tone' is a select field: expected one of 'default', 'loud', found "Default" (on ios)"#,
          notes: ["the x manifest declares it here"], fixIt: #""default""#),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: at.line, column: at.column,
          message: #"'styles.tone' is a select field: expected one of 'default', 'quiet', found "Default" (on android)"#,
          notes: ["the x manifest declares it here"], fixIt: #""default""#),
      ])
    for finding in same.filter({ $0.code == "ZL0614" }) {
      XCTAssertEqual(finding.fixIt?.range?.text, #""Default""#, finding.message)
      XCTAssertEqual(finding.fixIt?.range?.start.line, at.line, finding.message)
      XCTAssertEqual(finding.fixIt?.range?.start.column, at.column, finding.message)
    }
    let (_, differing, _) = try found(ios: ["default"], android: ["defaults-off"])
    XCTAssertEqual(differing.filter { $0.code == "ZL0614" }.count, 2, differing.map(\.message).joined(separator: "\n"))
    XCTAssertEqual(differing.filter { $0.code == "ZL0614" }.compactMap(\.fixIt?.replacement), [])
  }
}

extension PlatformManifestTests {
  /// A manifest for the missing platform whose identifier differs only in case is another plugin
  /// for a client, and the finding names it.
  func testAManifestOfTheIdentifierButForCaseIsNamed() throws {
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#, identifier: "X"),
      "screens/o.json": Example.screen(#"{"component_type": ⟦ZL0610⟧"x"}"#),
    ]
    let message = "plugin 'x' has no manifest for platform 'android' (it has ios)"
    let variant = "manifest for 'android' of plugin 'X', whose identifier differs only in case"
    try assertFindings(files, ["screens/o.json": [(message, ["manifest for 'ios'", variant], nil)]])
    // Named by its exact identifier, it is the missing manifest.
    try assertFindings(
      files.merging(["components/x_android.json": Example.manifest(#", "platform": "android""#)]) { $1 }
        .mapValues { $0.replacingOccurrences(of: "⟦ZL0610⟧", with: "") }, [:])
  }

  /// A manifest for the missing platform whose identifier is near the plugin's, of a plugin no
  /// screen uses, is most likely that platform's manifest with a typo: the finding names it. One
  /// far from it is not named.
  func testAManifestOfANearIdentifierIsNamed() throws {
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#, identifier: "promo_banner"),
      "components/x_android.json": Example.manifest(#", "platform": "android""#, identifier: "promo_baner"),
      "screens/o.json": Example.screen(#"{"component_type": ⟦ZL0610⟧"promo_banner"}"#),
    ]
    let message = "plugin 'promo_banner' has no manifest for platform 'android' (it has ios)"
    let near = "manifest for 'android' of plugin 'promo_baner', whose identifier is near this one's"
    try assertFindings(files, ["screens/o.json": [(message, ["manifest for 'ios'", near], nil)]])
    try assertFindings(
      files.merging(["components/x_android.json": Example.manifest(#", "platform": "android""#, identifier: "gallery_strip")]) { $1 },
      ["screens/o.json": [(message, ["manifest for 'ios'"], nil)]])
  }
}
