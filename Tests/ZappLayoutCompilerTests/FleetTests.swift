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

/// Clients in the field: a registry's `installs`, a component's `fallback`, the warning a client
/// that draws the fallback gets, the bundle's `fallbacks` and the runtime's rendering plan.
final class FleetTests: XCTestCase {
  static let client20 = """
    {"platform": "ios", "client_version": "20.0.0..<21.0.0", "installs": 0.9, "component_types": ["grid", "promo"],
     "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}
    """
  /// Client 19.x has no renderer for the `promo` plugin component, and draws fallbacks.
  static let client19 = """
    {"platform": "ios", "client_version": "19.0.0..<20.0.0", "installs": 0.1, "applies_fallbacks": true, "component_types": ["grid"],
     "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}
    """

  /// The `data` section of the `promo` manifest: the component takes data.
  static let promoData = #", "data": {"fields": [{"key": "source", "type": "select"}]}"#

  /// An iOS app whose home screen shows a `promo` plugin component that takes data, then a grid;
  /// `fallback` is written on the promo when given.
  static func project(fallback: String? = nil, registries: [String] = [client20, client19]) -> [String: String] {
    let extra = fallback.map { #", "fallback": "# + $0 } ?? ""
    var files: [String: String] = [
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "components/promo/manifests/ios.json": PlatformSDKRangeTests.manifest(
        "promo", platform: "ios", min: "18.0.0", extra: promoData),
      "screens/home.json": """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [
          {"component_type": ⟦⟧"promo", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}\(extra)},
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """,
    ]
    for (i, registry) in registries.enumerated() { files["registries/client-\(i).json"] = registry }
    return files
  }

  func check(_ files: [String: String]) throws -> (dir: String, outcome: CheckOutcome, marked: Marked) {
    let marked = Marked(files["screens/home.json"]!)
    var clean = files
    clean["screens/home.json"] = marked.text
    let dir = try makeProject(clean)
    return (dir, Driver.check(dir), marked)
  }

  func testAClientWithoutAComponentIsAnErrorNamingTheComponentTheVersionAndTheShare() throws {
    let (dir, outcome, marked) = try check(Self.project())
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message:
            "component 'promo' of screen 'home' needs component type 'promo', which the ios client 19.0.0..<20.0.0 (10% of installs) cannot render",
          notes: ["component_types of the ios 19.0.0..<20.0.0 registry, without 'promo'"])
      ])
    XCTAssertEqual(
      outcome.project.fleetSummary, ["ios: 2 client versions, 90% of installs draw every screen, 10% of installs cannot draw every screen"])
  }

  /// Two registries of one platform that share a client build are ZL0624 at the later one; ranges
  /// that meet without sharing one, other platforms and versions that are not numbers are not.
  func testRegistriesSharingAClientBuildAreWarned() throws {
    func codes(_ first: String, _ second: String, platform: String = "ios") throws -> [String] {
      let other = Self.client19.replacingOccurrences(of: "19.0.0..<20.0.0", with: second)
        .replacingOccurrences(of: #""platform": "ios""#, with: #""platform": "\#(platform)""#)
      let files = Self.project(registries: [Self.client20.replacingOccurrences(of: "20.0.0..<21.0.0", with: first), other])
      return try check(files).outcome.diagnostics.map(\.code).filter { $0 == "ZL0624" }
    }
    for (first, second, warned) in [
      ("20.0.0..<21.0.0", "20.0.0..<21.0.0", true), ("20.0.0..<21.0.0", "20.9.9", true), ("20.0.0...21.0.0", "21.0.0", true),
      ("20.0.0..<21.0.0", "21.0.0...21.9.0", false), ("20.0.0..<21.0.0", "19.0.0..<20.0.0", false), ("20.x", "20.x", false),
    ] {
      XCTAssertEqual(try codes(first, second), warned ? ["ZL0624"] : [], "\(first) and \(second)")
    }
    XCTAssertEqual(try codes("20.0.0..<21.0.0", "20.0.0..<21.0.0", platform: "android"), [], "a platform the app does not target")
    // Registries of clients older than the plugin's min_zapp_sdk 18.0.0 are ZL0327's, not counted.
    XCTAssertEqual(try codes("17.0.0", "17.0.0"), [], "retired clients")
  }

  /// Among many registries of consecutive ranges that share no build, the three that do (a copy
  /// and a version inside a range) are each warned at once, at the later of a pair.
  func testSharedBuildsAreFoundAmongManyRegistries() throws {
    func registry(_ version: String) -> String {
      #"{"platform": "ios", "client_version": "\#(version)", "component_types": ["grid", "promo"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#
    }
    var versions = (100..<300).map { "\($0).0.0..<\($0 + 1).0.0" }
    versions.insert("150.0.0..<151.0.0", at: 20)  // a copy, listed before the one it copies
    versions.append("150.5.0")
    versions.append("299.0.0...299.0.0")
    var files = Self.project(registries: [])
    for (i, version) in versions.enumerated() { files[String(format: "registries/r%03d.json", i)] = registry(version) }
    let (dir, outcome, _) = try check(files)
    let found = outcome.diagnostics.filter { $0.code == "ZL0624" }
    XCTAssertEqual(
      found.map { "\($0.location.map { String($0.file.dropFirst(dir.count + 1)) } ?? "") \($0.message)" },
      [
        "registries/r051.json the ios clients 150.0.0..<151.0.0 share a build with another registry's 150.0.0..<151.0.0: a client build has one set of renderers, and its installs would be counted twice",
        "registries/r201.json the ios clients 150.5.0 share a build with another registry's 150.0.0..<151.0.0: a client build has one set of renderers, and its installs would be counted twice",
        "registries/r202.json the ios clients 299.0.0...299.0.0 share a build with another registry's 299.0.0..<300.0.0: a client build has one set of renderers, and its installs would be counted twice",
      ])
  }

  /// A share too small to show to 0.1% is no 0% of installs, and the rest no 100%.
  func testASmallShareIsNotShownAsNone() throws {
    let files = Self.project(registries: [
      Self.client20.replacingOccurrences(of: #""installs": 0.9"#, with: #""installs": 0.9996"#),
      Self.client19.replacingOccurrences(of: #""installs": 0.1"#, with: #""installs": 0.0004"#),
    ])
    let (_, outcome, _) = try check(files)
    XCTAssertEqual(
      outcome.diagnostics.map(\.message),
      [
        "component 'promo' of screen 'home' needs component type 'promo', which the ios client 19.0.0..<20.0.0 (<0.1% of installs) cannot render"
      ])
    XCTAssertEqual(
      outcome.project.fleetSummary,
      ["ios: 2 client versions, >99.9% of installs draw every screen, <0.1% of installs cannot draw every screen"])
    // Shares whose sum is a little off all installs in binary (0.7 + 0.2 + 0.1) are all of them.
    let whole = Self.project(registries: [
      Self.client20.replacingOccurrences(of: #""installs": 0.9"#, with: #""installs": 0.7"#),
      Self.client20.replacingOccurrences(of: #""installs": 0.9"#, with: #""installs": 0.2"#)
        .replacingOccurrences(of: "20.0.0..<21.0.0", with: "21.0.0"),
      Self.client20.replacingOccurrences(of: #""installs": 0.9"#, with: #""installs": 0.1"#)
        .replacingOccurrences(of: "20.0.0..<21.0.0", with: "22.0.0"),
    ])
    XCTAssertEqual(try check(whole).outcome.project.fleetSummary, ["ios: 3 client versions, 100% of installs draw every screen"])
  }

  /// Clients older than the platform's `min_zapp_sdk` refuse its bundle: their registries hold
  /// nothing back (no ZL0313, ZL0318), record no fallbacks and are not in the fleet line, and
  /// each is ZL0327 at its `client_version`. A range reaching the version is checked.
  func testRegistriesOfClientsOlderThanMinZappSDKAreWarnedAndNotChecked() throws {
    let client18 = Self.client19.replacingOccurrences(of: "19.0.0..<20.0.0", with: "18.0.0...18.9.0")
      .replacingOccurrences(of: #""installs": 0.1, "applies_fallbacks": true, "#, with: "")
    var files = Self.project(fallback: #""hide""#, registries: [Self.client20, Self.client19, client18])
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#
    let (dir, outcome, _) = try check(files)
    let column = 1 + #"{"platform": "ios", "client_version": "#.utf16.count
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0327", file: "registries/client-1.json", line: 1, column: column,
          message:
            "the ios client 19.0.0..<20.0.0 is older than the platform's min_zapp_sdk 20.0.0 and refuses its bundle: its registry is not checked",
          notes: ["min_zapp_sdk of ios"]),
        DiagnosticSpec(
          code: "ZL0327", file: "registries/client-2.json", line: 1, column: column,
          message:
            "the ios client 18.0.0...18.9.0 is older than the platform's min_zapp_sdk 20.0.0 and refuses its bundle: its registry is not checked",
          notes: ["min_zapp_sdk of ios"]),
      ])
    XCTAssertEqual(outcome.diagnostics.first?.severity, .warning)
    XCTAssertEqual(
      outcome.project.fleetSummary, ["ios: 3 client versions, 90% of installs draw every screen, 2 client versions refuse the bundle"])
    let build = Driver.build(dir, output: dir + "/out")
    XCTAssertEqual(build.status, .success)
    XCTAssertEqual(try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out")).index.fallbacks, [])
    // A range that reaches min_zapp_sdk has clients that take the bundle: it is checked.
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "19.5"}}}"#
    let (_, reaching, _) = try check(files)
    XCTAssertEqual(reaching.diagnostics.map(\.code).filter { $0 != "ZL0611" }.sorted(), ["ZL0318", "ZL0327"])
  }

  /// A registered client whose builds reach the `unsupported_since_zapp_sdk` of a plugin the
  /// screens use cannot draw every screen, and ZL0623 says so at the version; one whose builds all
  /// come before it is not held back, and one whose builds all are at or past it refuses the
  /// bundle: not checked, counted apart and ZL0327 with a note at the manifest's version.
  func testClientsPastAPluginsUnsupportedSinceCannotDrawEveryScreen() throws {
    for (until, line, codes) in [
      (
        "20.5.0", "ios: 2 client versions, 10% of installs draw some sections with fallbacks, 90% of installs cannot draw every screen",
        ["ZL0623", "ZL0318"]
      ),
      (
        "21.0.0", "ios: 2 client versions, 90% of installs draw every screen, 10% of installs draw some sections with fallbacks", ["ZL0318"]
      ),
      (
        "20.0.0", "ios: 2 client versions, 10% of installs draw some sections with fallbacks, 90% of installs refuse the bundle",
        ["ZL0327", "ZL0318"]
      ),
    ] {
      var files = Self.project(fallback: #""hide""#)
      files["components/promo/manifests/ios.json"] = PlatformSDKRangeTests.manifest(
        "promo", platform: "ios", min: "18.0.0", until: until, extra: Self.promoData)
      let (_, outcome, _) = try check(files)
      XCTAssertEqual(outcome.diagnostics.map(\.code), codes, until)
      XCTAssertEqual(outcome.project.fleetSummary, [line], until)
    }
    var files = Self.project(fallback: #""hide""#)
    files["components/promo/manifests/ios.json"] = PlatformSDKRangeTests.manifest(
      "promo", platform: "ios", min: "18.0.0", until: "20.0.0", extra: Self.promoData)
    let (dir, outcome, _) = try check(files)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0327" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0327", file: "registries/client-0.json", line: 1, column: 1 + #"{"platform": "ios", "client_version": "#.utf16.count,
          message:
            "the ios client 20.0.0..<21.0.0 is at or past the platform's unsupported_since_zapp_sdk 20.0.0 and refuses its bundle: its registry is not checked",
          notes: ["unsupported_since_zapp_sdk of the 'ios' manifest of 'promo'"])
      ])
  }

  /// With no minimum in `zlc.json`, the `min_zapp_sdk` of a plugin's manifest is the platform's:
  /// a registry of clients all older than it refuses the bundle (ZL0327, with a note at the
  /// manifest's version), with no ZL0313 for what it lacks and no place in the fleet line.
  func testRegistriesOfClientsOlderThanAPluginsMinZappSDKAreNotChecked() throws {
    var files = Self.project()
    files["components/promo/manifests/ios.json"] = PlatformTests.manifest("promo", platform: "ios", extra: Self.promoData)
    let (dir, outcome, _) = try check(files)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0327", file: "registries/client-1.json", line: 1, column: 1 + #"{"platform": "ios", "client_version": "#.utf16.count,
          message:
            "the ios client 19.0.0..<20.0.0 is older than the platform's min_zapp_sdk 20.0.0 and refuses its bundle: its registry is not checked",
          notes: ["min_zapp_sdk of the 'ios' manifest of 'promo'"])
      ])
    XCTAssertEqual(
      outcome.project.fleetSummary, ["ios: 2 client versions, 90% of installs draw every screen, 10% of installs refuse the bundle"])
  }

  func testWithFallbackHideItBuildsWithAWarningAndTheBundleRecordsTheFallback() throws {
    let (dir, outcome, marked) = try check(Self.project(fallback: #""hide""#))
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0318", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message:
            "component 'promo' of screen 'home' needs component type 'promo', which the ios client 19.0.0..<20.0.0 (10% of installs) cannot render; that client draws nothing (its fallback hides it) instead",
          notes: ["the fallback", "component_types of the ios 19.0.0..<20.0.0 registry, without 'promo'"])
      ])
    XCTAssertEqual(
      outcome.project.fleetSummary,
      ["ios: 2 client versions, 90% of installs draw every screen, 10% of installs draw some sections with fallbacks"])

    let out = dir + "/out"
    let build = Driver.build(dir, output: out)
    XCTAssertTrue(build.written)
    XCTAssertEqual(build.status, .success)
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    XCTAssertEqual(
      bundle.index.fallbacks,
      [
        ClientFallbacks(
          platform: "ios", clientVersion: "19.0.0..<20.0.0", installs: 0.1, sections: [SectionReference(screen: "home", section: 0)])
      ]
    )
    let promo = try XCTUnwrap(bundle.screens.first?.resolved.sections.first)
    XCTAssertEqual(promo.fallback, SectionFallback(replacement: .hide))
    // The runtime's check on the client's own renderers gives what the compiler recorded.
    let client19 = RendererSet(componentTypes: ["grid"], cellLayouts: ["layout_01_grid_01"], layoutKinds: ["flow"])
    let plan = try bundle.renderingPlan(available: client19)
    XCTAssertTrue(plan.drawsEveryScreen)
    XCTAssertEqual(plan.fallbacks.map(\.section), bundle.index.fallbacks[0].sections)
    XCTAssertEqual(plan.fallbacks.map(\.fallback), [SectionFallback(replacement: .hide)])
    let client20 = RendererSet(componentTypes: ["grid", "promo"], cellLayouts: ["layout_01_grid_01"], layoutKinds: ["flow"])
    XCTAssertEqual(try bundle.renderingPlan(available: client20), RenderingPlan())
  }

  /// A bundle of no platform lists no screen plugins: the runtime's plan takes every screen type
  /// Zapp does not draw itself for one, and a client without it cannot show that screen (it was
  /// counted as drawn).
  func testAPlanOfABundleOfNoPlatformCountsItsScreenPlugins() throws {
    var files = Example.baseProject
    files["components/p.json"] = Example.manifest(#", "screen": true"#, identifier: "ads_screen", type: "general")
    files["screens/p.json"] = #"[{"id": "ads", "type": "ads_screen"}]"#
    files["screen_types.json"] = #"{"screen_types": {"a": "ads"}}"#
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let build = Driver.build(dir, output: dir + "/out")
    XCTAssertEqual(build.status, .success, "\(build.diagnostics)")
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"))
    XCTAssertEqual(bundle.index.requiredRenderers, [])
    let drawn = RendererSet(componentTypes: ["grid"], cellLayouts: ["layout_01_grid_01"], layoutKinds: ["flow"])
    let without = try bundle.renderingPlan(available: drawn)
    XCTAssertEqual(without.missingScreens, ["ads"])
    XCTAssertFalse(without.drawsEveryScreen)
    let with = RendererSet(
      componentTypes: ["grid"], cellLayouts: ["layout_01_grid_01"], layoutKinds: ["flow"], screenPlugins: ["ads_screen"])
    XCTAssertEqual(try bundle.renderingPlan(available: with), RenderingPlan())
  }

  func testAFallbackTheClientCannotDrawEitherIsAnErrorWithANoteAtTheFallback() throws {
    let fallback = #"{"component_type": "grid", "cell_style": "GRID_2"}"#
    let (dir, outcome, marked) = try check(Self.project(fallback: fallback))
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message:
            "component 'promo' of screen 'home' needs component type 'promo', which the ios client 19.0.0..<20.0.0 (10% of installs) cannot render",
          notes: [
            "component_types of the ios 19.0.0..<20.0.0 registry, without 'promo'",
            "its fallback needs cell layout 'layout_01_grid_02', which that client lacks too",
          ])
      ])
  }

  func testAReplacementFallbackCarriesItsLayoutAndTheRuntimeAppliesIt() throws {
    let fallback = #"{"component_type": "grid", "cell_style": "GRID_1"}"#
    let (dir, outcome, _) = try check(Self.project(fallback: fallback))
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0318"])
    XCTAssertTrue(outcome.diagnostics[0].message.hasSuffix("that client draws 'grid' with cell style 'GRID_1' (its fallback) instead"))
    let out = dir + "/out"
    XCTAssertTrue(Driver.build(dir, output: out).written)
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    let promo = try XCTUnwrap(bundle.screens.first?.resolved.sections.first)
    let applied = try XCTUnwrap(promo.fallback)
    XCTAssertEqual(applied.replacement, .use(componentType: "grid", cellStyle: "GRID_1"))
    XCTAssertEqual(applied.layoutID, "layout_01_grid_01")
    XCTAssertEqual(applied.geometry?.kind, .flow)
    let lacking = RendererSet(componentTypes: ["grid"], cellLayouts: ["layout_01_grid_01"], layoutKinds: ["flow"])
    XCTAssertEqual(promo.rendering(with: lacking), .fallback(applied))
    // Without the grid's cell layout either, the section cannot be drawn at all.
    XCTAssertEqual(
      promo.rendering(with: RendererSet(componentTypes: ["grid"], layoutKinds: ["flow"])), .missing(RendererSet(componentTypes: ["promo"])))
  }

  func testAFallbackIsCheckedLikeASizeClassReplacement() throws {
    let (dir, outcome, _) = try check(Self.project(fallback: #"{"component_type": "gird", "cell_style": "GRID_1"}"#))
    let typo = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0314" })
    XCTAssertEqual(typo.message, "unknown component type 'gird' for the fallback")
    XCTAssertEqual(typo.fixIt?.replacement, #""grid""#)
    let (_, neither, _) = try check(Self.project(fallback: #""hidden""#))
    XCTAssertEqual(
      neither.diagnostics.filter { $0.code == "ZL0314" }.map(\.message),
      [#"the fallback is neither "hide" nor an object with a 'component_type'"#])
    _ = dir
  }

  func testInstallsAreASharePerPlatformAddingUpToAtMostOne() throws {
    let tooBig = Self.client19.replacingOccurrences(of: "0.1", with: "12")
    let (_, outcome, _) = try check(Self.project(fallback: #""hide""#, registries: [Self.client20, tooBig]))
    XCTAssertEqual(
      outcome.diagnostics.filter { $0.code == "ZL0203" }.map(\.message),
      ["'installs' is a share of the platform's active installs from 0 to 1, found 12"])
    let overlapping = Self.client19.replacingOccurrences(of: "0.1", with: "0.2")
    let (_, sum, _) = try check(Self.project(fallback: #""hide""#, registries: [Self.client20, overlapping]))
    let total = try XCTUnwrap(sum.diagnostics.first { $0.code == "ZL0203" })
    XCTAssertEqual(total.message, "the 'ios' registries' 'installs' add up to 1.1, more than all of the platform's installs (1)")
    XCTAssertEqual(total.notes.map(\.message), ["'installs' of another 'ios' registry"])
    // Shares of more than all installs give no share of them: the summary names the versions.
    XCTAssertEqual(
      sum.project.fleetSummary,
      [
        "ios: 2 client versions (installs add up to 110%): 20.0.0..<21.0.0 draws every screen, 19.0.0..<20.0.0 draws some sections with fallbacks"
      ])
    // Without shares, the summary names the versions.
    let unshared = [Self.client20, Self.client19].map { $0.replacingOccurrences(of: #""installs": 0.9, "#, with: "") }
    let (_, plain, _) = try check(Self.project(fallback: #""hide""#, registries: unshared))
    XCTAssertEqual(
      plain.project.fleetSummary,
      [
        "ios: 2 client versions (installs not given): 20.0.0..<21.0.0 draws every screen, 19.0.0..<20.0.0 draws some sections with fallbacks"
      ])
  }

  /// A client whose registry does not say it applies fallbacks shows a hole: still an error, with
  /// a note at the fallback saying why.
  func testAClientThatDoesNotApplyFallbacksIsStillAnError() throws {
    let older = Self.client19.replacingOccurrences(of: #""applies_fallbacks": true, "#, with: "")
    let (dir, outcome, marked) = try check(Self.project(fallback: #""hide""#, registries: [Self.client20, older]))
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message:
            "component 'promo' of screen 'home' needs component type 'promo', which the ios client 19.0.0..<20.0.0 (10% of installs) cannot render",
          notes: [
            "component_types of the ios 19.0.0..<20.0.0 registry, without 'promo'",
            #"the client would need to draw its fallback, but its registry does not say "applies_fallbacks": true"#,
          ])
      ])
  }

  /// `installs` as a string holding a number, as builders write numbers, is read; a fallback that
  /// is neither "hide" nor a replacement counts as none (ZL0314 says why); a group's is an error.
  func testStringSharesMalformedFallbacksAndGroups() throws {
    let quoted = Self.client19.replacingOccurrences(of: #""installs": 0.1"#, with: #""installs": "0.1""#)
    let (_, shares, _) = try check(Self.project(fallback: #""hide""#, registries: [Self.client20, quoted]))
    XCTAssertEqual(shares.diagnostics.map(\.code), ["ZL0318"])
    XCTAssertTrue(shares.diagnostics[0].message.contains("(10% of installs)"))

    let (_, malformed, _) = try check(Self.project(fallback: "[]"))
    let error = try XCTUnwrap(malformed.diagnostics.first { $0.code == "ZL0313" })
    XCTAssertEqual(error.notes.map(\.message), ["component_types of the ios 19.0.0..<20.0.0 registry, without 'promo'"])

    var files = Self.project()
    files["screens/home.json"] = files["screens/home.json"]!.replacingOccurrences(
      of: #"{"component_type": ⟦⟧"promo", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}}"#,
      with:
        #"{"component_type": "group", "fallback": ⟦⟧"hide", "ui_components": [{"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}"#
    )
    let (dir, grouped, marked) = try check(files)
    assertDiagnostics(
      grouped.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0314", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "a group is not drawn, so its fallback never applies; give each component in it a fallback of its own")
      ])
  }

  /// A size class may not take the name of a state or a device class.
  func testASizeClassNamedLikeAStateIsAnError() throws {
    var files = Self.project(fallback: #""hide""#)
    files["zlc.json"] =
      #"{"platforms": {"ios": {}}, "size_classes": [{"name": ⟦⟧"portrait", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#
    let marked = Marked(files["zlc.json"]!)
    files["zlc.json"] = marked.text
    let (dir, outcome, _) = try check(files)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0203" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0203", file: "zlc.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message:
            "size class name 'portrait' is a window state, which a family's entry of that name means; name the size class otherwise")
      ])
  }

  /// The bundle lists its clients' fallbacks by their oldest build, compared as versions, not by
  /// their registries' file names: registries listed in another order write the same bytes.
  func testFallbacksAreOrderedByClientVersionNotByFileName() throws {
    let clients = ["19.0.0..<20.0.0", "18.9.0..<18.10.0", "18.10.0..<19.0.0"].map { version in
      Self.client19.replacingOccurrences(of: "19.0.0..<20.0.0", with: version).replacingOccurrences(of: "0.1,", with: "0.03,")
    }
    var bytes: [Data] = []
    for registries in [[Self.client20] + clients, clients.reversed() + [Self.client20]] {
      let (dir, outcome, _) = try check(Self.project(fallback: #""hide""#, registries: registries))
      XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0318", "ZL0318", "ZL0318"], outcome.diagnostics.map(\.message).description)
      let out = dir + "/out"
      XCTAssertEqual(Driver.build(dir, output: out).status, .success)
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
      XCTAssertEqual(bundle.index.fallbacks.map(\.clientVersion), ["18.9.0..<18.10.0", "18.10.0..<19.0.0", "19.0.0..<20.0.0"])
      bytes.append(try Data(contentsOf: URL(fileURLWithPath: out + "/bundle.json")))
    }
    XCTAssertEqual(bytes[0], bytes[1])
  }

  /// `zlc verify` refuses a bundle whose `fallbacks` name a section without a fallback.
  func testVerifyChecksTheFallbacksReferences() throws {
    let (dir, _, _) = try check(Self.project(fallback: #""hide""#))
    let out = dir + "/out"
    XCTAssertTrue(Driver.build(dir, output: out).written)
    XCTAssertEqual(BundleVerifier.verify(out).problems.map(\.message), [])
    let path = out + "/bundle.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains(#""section":0"#), text)
    try text.replacingOccurrences(of: #""section":0"#, with: #""section":1"#).write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      BundleVerifier.verify(out).problems.map(\.message),
      ["fallbacks of the ios client 19.0.0..<20.0.0 name section 1 of screen 'home', which has no fallback"])
  }
}
