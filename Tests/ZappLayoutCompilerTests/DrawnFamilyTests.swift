import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// Each platform's bundle is drawn with the family its client reads: Zapp's native iOS SDK the
/// screen's `styles.family`, every other client the component's.
final class DrawnFamilyTests: XCTestCase {
  /// A home screen of `FAMILY_1` whose grid names `FAMILY_2` (marked) and opens a screen without
  /// a family whose grid names `FAMILY_2`; `styles` and `extra` are added to the home grid's
  /// `styles` and to the grid itself.
  static func files(platforms: String, styles: String = "", extra: String = "") -> [String: String] {
    [
      "zlc.json": #"{"platforms": {\#(platforms)}}"#,
      "screens/home.json": """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "other"},
          "styles": {"family": ⟦⟧"FAMILY_2", "cell_styles": [⟦ZL0313⟧"GRID_1"]\(styles)}\(extra)}]},
       {"id": "other", "type": "general_content",
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
          "styles": {"family": "FAMILY_2", "cell_styles": ["GRID_1"]}}]}]
      """,
    ]
  }

  func project(_ files: [String: String]) throws -> (dir: String, marked: Marked) {
    let marked = Marked(files["screens/home.json"]!)
    var clean = files
    clean["screens/home.json"] = marked.text
    return (try makeProject(clean), marked)
  }

  func testTheIOSBundleIsDrawnWithTheScreensFamilyAndTheOthersWithTheComponents() throws {
    let (dir, _) = try project(Self.files(platforms: #""ios": {}, "android": {}, "ios_for_quickbrick": {}"#))
    let out = dir + "/out"
    let build = Driver.build(dir, output: out)
    XCTAssertEqual(build.status, .success)
    XCTAssertEqual(build.check.diagnostics.map(\.code), ["ZL0302"])
    // FAMILY_1's GRID_1 has insets of 12 on a phone, FAMILY_2's of 16.
    let expected = [
      ("ios", "FAMILY_1", "layout_01_grid_01", 12.0), ("android", "FAMILY_2", "flow_grid_poster", 16),
      ("ios_for_quickbrick", "FAMILY_2", "flow_grid_poster", 16),
    ]
    for (platform, family, layoutID, inset) in expected {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: platform)
      XCTAssertEqual(bundle.index.requiredRenderers.map(\.platform), [platform])
      let needed = Set(["flow_grid_poster", layoutID]).sorted()
      XCTAssertEqual(bundle.index.requiredRenderers.first?.renderers.cellLayouts, needed, platform)
      let home = try XCTUnwrap(bundle.screen(id: "home")?.resolved.sections.first)
      XCTAssertEqual(home.family, family, platform)
      XCTAssertEqual(home.renderer.layoutID, layoutID, platform)
      XCTAssertEqual(home.layout(on: "phone")?.insets.left, inset, platform)
      // A screen without a family: its component's on every platform.
      let other = try XCTUnwrap(bundle.screen(id: "other")?.resolved.sections.first)
      XCTAssertEqual(other.family, "FAMILY_2", platform)
      XCTAssertEqual(other.renderer.layoutID, "flow_grid_poster", platform)
    }
  }

  func testAnAppWhoseOnlyPlatformIsIOSIsBuiltWithTheScreensFamily() throws {
    let (dir, _) = try project(Self.files(platforms: #""ios": {}"#))
    let out = dir + "/out"
    XCTAssertEqual(Driver.build(dir, output: out).status, .success)
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    XCTAssertEqual(bundle.index.platform, "ios")
    XCTAssertEqual(bundle.index.requiredRenderers.first?.renderers.cellLayouts, ["flow_grid_poster", "layout_01_grid_01"])
    let home = try XCTUnwrap(bundle.screen(id: "home")?.resolved.sections.first)
    XCTAssertEqual(home.family, "FAMILY_1")
    XCTAssertEqual(home.renderer.layoutID, "layout_01_grid_01")
  }

  /// The reference rules check a component against the family the app's bundle draws it with: a
  /// layout of the component's family alone is unknown to an iOS app's screen family.
  func testAnIOSAppChecksALayoutAgainstTheScreensFamily() throws {
    let layout = #", "layout": ⟦ZL0305⟧"GRID_MASONRY""#
    let (dir, marked) = try project(Self.files(platforms: #""ios": {}"#, styles: layout))
    let outcome = Driver.check(dir)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0302", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "component family 'FAMILY_2' differs from its screen's family 'FAMILY_1'; iOS uses the screen's",
          notes: ["the screen's family"]),
        DiagnosticSpec(
          code: "ZL0305", file: "screens/home.json", line: marked.markers[2].line, column: marked.markers[2].column,
          message: "family 'FAMILY_1' declares no layout 'GRID_MASONRY' for 'grid'"),
      ])
    // Android draws it with the component's family, which declares the layout; an app of no iOS
    // bundle draws no screen's family, and is not warned of one (ZL0302). With iOS among its
    // platforms, it is.
    let (android, _) = try project(Self.files(platforms: #""android": {}, "tvos": {}"#, styles: layout))
    XCTAssertEqual(Driver.check(android).diagnostics.map(\.code), [])
    let (both, _) = try project(Self.files(platforms: #""android": {}, "ios": {}"#, styles: layout))
    XCTAssertEqual(Set(Driver.check(both).diagnostics.map(\.code)), ["ZL0302", "ZL0305"])
  }

  /// The iOS registry is checked against the cells of the screen's family, the Android one against
  /// the component's: each lacks the other's layout ids.
  func testEachPlatformsRegistryIsCheckedAgainstTheFamilyItsClientDrawsWith() throws {
    let registry = { (platform: String) in
      #"{"platform": "\#(platform)", "client_version": "20.0.0..<21.0.0", "component_types": ["grid"], "cell_layouts": ["flow_grid_poster", "flow_grid_landscape"], "layout_kinds": ["flow"]}"#
    }
    let fallback = #", "fallback": {"component_type": "grid", "cell_style": "GRID_2"}"#
    var files = Self.files(platforms: #""ios": {}, "android": {}"#, extra: fallback)
    files["registries/ios.json"] = registry("ios")
    files["registries/android.json"] = registry("android")
    let (dir, marked) = try project(files)
    let outcome = Driver.check(dir)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code != "ZL0302" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[1].line, column: marked.markers[1].column,
          message:
            "component 'grid' of screen 'home' needs cell layout 'layout_01_grid_01', which the ios client 20.0.0..<21.0.0 cannot render",
          notes: [
            "cell_layouts of the ios 20.0.0..<21.0.0 registry, without 'layout_01_grid_01'",
            "its fallback needs cell layout 'layout_01_grid_02', which that client lacks too",
          ])
      ])
    XCTAssertEqual(
      outcome.project.fleetSummary,
      [
        "ios: 1 client version (installs not given): 20.0.0..<21.0.0 cannot draw every screen",
        "android: 1 client version (installs not given): 20.0.0..<21.0.0 draws every screen",
      ])
  }

  /// The renderer needs as asked before they named a platform (`rendererNeeds(_:)`, deprecated) are
  /// those of the project's bundle: in an app of iOS alone, the screen's family's cell layout.
  /// `zlc generate --platform` for a platform the project does not target needs what that
  /// platform's bundle would: drawn with the family its client reads, not the targets' readings.
  func testGeneratedNeedsOfAnUntargetedPlatformFollowItsClientsFamily() throws {
    let screen = ["flow_grid_poster", "layout_01_grid_01"]
    for (platforms, platform, expected) in [
      (#""ios": {}"#, "android", ["flow_grid_poster"]),
      (#""ios": {}, "android": {}"#, "tvos_for_quickbrick", ["flow_grid_poster"]),
      (#""android": {}"#, "ios", screen),
      (#""tvos_for_quickbrick": {}"#, "tvos_for_quickbrick", ["flow_grid_poster"]),
    ] {
      let (dir, _) = try project(Self.files(platforms: platforms))
      let outcome = Driver.check(dir, platform: platform)
      let api = ClientAPI(project: outcome.project, platform: platform)
      XCTAssertEqual(api.cellLayouts.map(\.wire), expected, "\(platform) in \(platforms)")
    }
  }

  func testTheDeprecatedRendererNeedsAreThoseOfTheProjectsBundle() throws {
    let (dir, _) = try project(Self.files(platforms: #""ios": {}"#))
    let project = Driver.check(dir).project
    let home = try XCTUnwrap(project.screen(id: "home"))
    let old: any RendererNeedsBeforePlatforms = project
    var each: [String] = []
    old.forEachRendererNeed(home) { each.append("\($0.kind.key) \($0.name)") }
    let needs = old.rendererNeeds(home).map { "\($0.kind.key) \($0.name)" }
    XCTAssertEqual(needs, ["component_types grid", "cell_layouts layout_01_grid_01", "layout_kinds flow"])
    XCTAssertEqual(each, needs)
    XCTAssertEqual(project.rendererNeeds(home, platform: "ios").map { "\($0.kind.key) \($0.name)" }, needs)
  }
}

/// The renderer needs of a screen as a library's caller asked for them before they named a
/// platform, called through this protocol so that the test raises no deprecation warning.
protocol RendererNeedsBeforePlatforms {
  func rendererNeeds(_ screen: ScreenDecl) -> [RendererNeed]
  func forEachRendererNeed(_ screen: ScreenDecl, _ body: (RendererNeed) -> Void)
}

extension Project: RendererNeedsBeforePlatforms {}
