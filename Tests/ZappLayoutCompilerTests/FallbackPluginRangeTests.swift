import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin the screens draw only as a component's fallback bounds no platform's Zapp SDK range:
/// a client that draws the component as written never runs it. A registered client that would
/// draw the fallback and is outside the plugin's own range cannot (ZL0313, with a note at the
/// fallback). A fleet line counts the installs of clients that refuse the bundle.
final class FallbackPluginRangeTests: XCTestCase {
  /// Client 19.x lacks `promo` and draws fallbacks; client 22.x has every renderer.
  static let client19 = """
    {"platform": "ios", "client_version": "19.0.0..<20.0.0", "installs": 0.3, "applies_fallbacks": true,
     "component_types": ["grid", "lite"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}
    """
  static let client22 = """
    {"platform": "ios", "client_version": "22.0.0..<23.0.0", "installs": 0.7, "component_types": ["grid", "promo", "lite"],
     "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}
    """

  /// An iOS app whose home screen shows a `promo` plugin component with the `lite` plugin as its
  /// fallback; `lite`'s manifest has `liteMin` and `liteUntil`, `promo`'s `promoUntil`.
  static func project(liteMin: String = "18.0.0", liteUntil: String? = "22.0.0", promoUntil: String? = nil) -> [String: String] {
    [
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "components/promo/manifests/ios.json": PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "18.0.0", until: promoUntil),
      "components/lite/manifests/ios.json": PlatformSDKRangeTests.manifest("lite", platform: "ios", min: liteMin, until: liteUntil),
      "screens/home.json": """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [
          {"component_type": "promo", "fallback": {"component_type": "lite"}},
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """,
      "registries/client-19.json": client19, "registries/client-22.json": client22,
    ]
  }

  func check(_ files: [String: String]) throws -> (dir: String, outcome: CheckOutcome) {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir))
  }

  /// `lite`'s `unsupported_since_zapp_sdk` 22.0.0 leaves client 22.x, which never draws `lite`,
  /// taking the bundle; client 19.x draws the fallback (ZL0318).
  func testAPluginDrawnOnlyAsAFallbackBoundsNoPlatformRange() throws {
    let (_, outcome) = try check(Self.project())
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0318"], outcome.diagnostics.map(\.message).description)
    XCTAssertEqual(outcome.project.zappSDKRanges["ios"], ZappSDKRange(minZappSDK: "18.0.0", unsupportedSinceZappSDK: nil))
    XCTAssertEqual(
      outcome.project.fleetSummary,
      ["ios: 2 client versions, 70% of installs draw every screen, 30% of installs draw some sections with fallbacks"])
  }

  /// A client that would draw the fallback but predates `lite`'s `min_zapp_sdk` cannot: ZL0313 at
  /// the component, with a note at the fallback saying why.
  func testAClientOutsideTheFallbackPluginsRangeCannotDrawTheFallback() throws {
    let files = Self.project(liteMin: "20.0.0")
    let (dir, outcome) = try check(files)
    let text = files["screens/home.json"]!
    let lines = text.components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains(#""promo""#) })
    let column = try XCTUnwrap(lines[line].range(of: #""promo""#)).lowerBound.utf16Offset(in: lines[line]) + 1
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: line + 1, column: column,
          message:
            "component 'promo' of screen 'home' needs component type 'promo', which the ios client 19.0.0..<20.0.0 (30% of installs) cannot render",
          notes: [
            "component_types of the ios 19.0.0..<20.0.0 registry, without 'promo'",
            "its fallback is plugin 'lite', whose ios manifest gives min_zapp_sdk 20.0.0, which that client predates: the plugin cannot run there",
          ])
      ])
    XCTAssertEqual(
      outcome.project.fleetSummary, ["ios: 2 client versions, 70% of installs draw every screen, 30% of installs cannot draw every screen"])
  }

  /// A client whose oldest builds predate `lite`'s `min_zapp_sdk` but also the bundle's own (set in
  /// `zlc.json`, or by `promo`'s manifest) refuses the bundle in those builds: every build that
  /// takes it runs `lite` and draws the fallback (ZL0318). Likewise for builds that reach `lite`'s
  /// `unsupported_since_zapp_sdk` and the bundle's. A bundle that older builds take keeps ZL0313.
  func testBuildsThatRefuseTheBundleAreNotHeldToTheFallbackPluginsRange() throws {
    var settingsMin = Self.project(liteMin: "20.0.0")
    settingsMin["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#
    settingsMin["registries/client-19.json"] = Self.client19.replacingOccurrences(of: "..<20.0.0", with: "..<21.0.0")
    var pluginMin = settingsMin
    pluginMin["zlc.json"] = #"{"platforms": {"ios": {}}}"#
    pluginMin["components/promo/manifests/ios.json"] = PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "20.0.0", until: nil)
    var until = Self.project(liteUntil: "22.0.0", promoUntil: "22.0.0")
    until["registries/client-19.json"] = Self.client19.replacingOccurrences(of: "19.0.0..<20.0.0", with: "21.0.0..<23.0.0")
    until["registries/client-22.json"] = nil
    // A bound a plugin sets is said to cut the client's builds off (ZL0623).
    for (name, files, codes) in [
      ("zlc.json's minimum", settingsMin, ["ZL0318"]), ("promo's minimum", pluginMin, ["ZL0318", "ZL0623"]),
      ("promo's end", until, ["ZL0318", "ZL0623"]),
    ] {
      let (_, outcome) = try check(files)
      XCTAssertEqual(outcome.diagnostics.map(\.code).sorted(), codes, "\(name): \(outcome.diagnostics.map(\.message))")
    }
    var older = settingsMin
    older["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "19.5.0"}}}"#
    let (_, outcome) = try check(older)
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0313"], outcome.diagnostics.map(\.message).description)
    XCTAssertEqual(
      outcome.diagnostics.first?.notes.last?.message,
      "its fallback is plugin 'lite', whose ios manifest gives min_zapp_sdk 20.0.0, which that client predates: the plugin cannot run there"
    )
  }

  /// A client whose every build is past `promo`'s `unsupported_since_zapp_sdk` refuses the bundle
  /// (ZL0327), and the fleet line counts its installs.
  func testTheFleetLineCountsTheInstallsThatRefuseTheBundle() throws {
    let (_, outcome) = try check(Self.project(liteUntil: nil, promoUntil: "22.0.0"))
    XCTAssertEqual(outcome.diagnostics.map(\.code).sorted(), ["ZL0318", "ZL0327"], outcome.diagnostics.map(\.message).description)
    XCTAssertEqual(
      outcome.project.fleetSummary,
      ["ios: 2 client versions, 30% of installs draw some sections with fallbacks, 70% of installs refuse the bundle"])
  }

  /// With the app's oldest client in `zlc.json`, a plugin drawn only as a fallback is held to no
  /// client range either: neither its end past that client (ZL0623) nor its minimum above it
  /// (ZL0611) is reported; a registered client outside its range is ZL0313's.
  func testTheAppsOldestClientDoesNotHoldAFallbackPluginToItsRange() throws {
    for (oldest, liteMin) in [("21.0.0", "20.0.0"), ("18.0.0", "20.0.0")] {
      var files = Self.project(liteMin: liteMin)
      files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "\#(oldest)"}}}"#
      files["registries/client-19.json"] = nil
      let (_, outcome) = try check(files)
      XCTAssertEqual(outcome.diagnostics.map(\.code), [], "\(oldest): \(outcome.diagnostics.map(\.message))")
      XCTAssertEqual(outcome.project.fleetSummary, ["ios: 1 client version, 70% of installs draw every screen"], oldest)
    }
  }
}
