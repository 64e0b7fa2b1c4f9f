import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// Each platform's bundle says what that platform's client does: the `ios` client shows a header
/// only when its `visible` is `true` (ZL0330 warns where the platforms disagree), and Quick Brick
/// reads `rules.item_limit` alone (ZL0331 warns at an older name it ignores).
final class PlatformTruthTests: XCTestCase {
  static let bothPlatforms = #""ios": {}, "android_for_quickbrick": {}"#

  /// Builds the base project with `zlc.json` naming `platforms` and the marked screen `other`
  /// holding `component`; returns the diagnostics, the marked screen and, per platform, the
  /// screen's first section in that platform's bundle.
  func built(_ component: String, platforms: String = bothPlatforms, files: [String: String] = [:]) throws -> (
    dir: String, diagnostics: [Diagnostic], screen: Marked, sections: [String: ResolvedSection]
  ) {
    let screen = Marked(Example.screen(component))
    let project = Example.baseProject.merging(files) { $1 }
      .merging(["zlc.json": #"{"platforms": {\#(platforms)}}"#, "screens/o.json": screen.text]) { $1 }
    let dir = try makeProject(project)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.build(dir, output: dir + "/out")
    var sections: [String: ResolvedSection] = [:]
    for platform in Platforms.known where platforms.contains("\"\(platform)\"") {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"), platform: platform)
      sections[platform] = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.first, platform)
    }
    return (dir, outcome.diagnostics, screen, sections)
  }

  /// The header's height on each platform's first device (nil: the bundle lays it out without one).
  func headerHeights(_ sections: [String: ResolvedSection]) -> [String: Double?] {
    sections.mapValues { section in section.layout.first?.layout.headerHeight }
  }

  static let grid = #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "#

  func spec(_ screen: Marked, _ code: String, _ message: String, fixIt: String? = nil) -> DiagnosticSpec {
    DiagnosticSpec(
      code: code, file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column, message: message, fixIt: fixIt)
  }

  func testTheIOSBundleLaysAHeaderWithoutVisibleOutWithoutIt() throws {
    let (dir, diagnostics, screen, sections) = try built(
      Self.grid + #""styles": {"cell_styles": ["GRID_1"], "header": ⟦⟧{"style": "HEADER_1"}}}"#)
    let message =
      "the ios client hides header 'HEADER_1': it shows one only when 'visible' is true, and it has none (android_for_quickbrick shows it)"
    assertDiagnostics(diagnostics, in: dir, [spec(screen, "ZL0330", message)])
    XCTAssertEqual(headerHeights(sections), ["ios": nil, "android_for_quickbrick": 44])
  }

  func testAVisibleWrittenAsAStringIsHiddenOnIOSWithAFix() throws {
    let (dir, diagnostics, screen, sections) = try built(
      Self.grid + #""styles": {"cell_styles": ["GRID_1"], "footer": {"visible": ⟦⟧"true", "style": "HEADER_1"}}}"#)
    let message =
      #"the ios client hides footer 'HEADER_1': it shows one only when 'visible' is true, found "true" (android_for_quickbrick shows it)"#
    assertDiagnostics(diagnostics, in: dir, [spec(screen, "ZL0330", message, fixIt: "true")])
    let footers = sections.mapValues { $0.layout.first?.layout.footerHeight }
    XCTAssertEqual(footers, ["ios": nil, "android_for_quickbrick": 44])
  }

  /// `true` shows the header everywhere and `false` (or `"false"`) hides it everywhere: no
  /// disagreement. An app without `ios` has no client that reads `visible` strictly.
  func testAHeaderEveryPlatformReadsAlikeIsNoFinding() throws {
    for (visible, height) in [("true", 44.0), ("false", nil), (#""false""#, nil)] as [(String, Double?)] {
      let (dir, diagnostics, _, sections) = try built(
        Self.grid + #""styles": {"cell_styles": ["GRID_1"], "header": {"visible": \#(visible), "style": "HEADER_1"}}}"#)
      assertDiagnostics(diagnostics, in: dir, [])
      XCTAssertEqual(headerHeights(sections), ["ios": height, "android_for_quickbrick": height], visible)
    }
    let (dir, diagnostics, _, sections) = try built(
      Self.grid + #""styles": {"cell_styles": ["GRID_1"], "header": {"style": "HEADER_1"}}}"#, platforms: #""android_for_quickbrick": {}"#)
    assertDiagnostics(diagnostics, in: dir, [])
    XCTAssertEqual(headerHeights(sections), ["android_for_quickbrick": 44])
  }

  func testQuickBrickIgnoresAnOlderNameOfItemLimit() throws {
    let (dir, diagnostics, screen, sections) = try built(
      Self.grid + #""rules": {⟦⟧"datasource_limit": 6}, "styles": {"cell_styles": ["GRID_1"]}}"#)
    let message =
      "android_for_quickbrick reads 'rules.item_limit' alone: it shows every item of this component, whose 'datasource_limit' it ignores"
    assertDiagnostics(diagnostics, in: dir, [spec(screen, "ZL0331", message, fixIt: #""item_limit""#)])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "android_for_quickbrick": nil])
  }

  /// A plugin whose manifest gives `item_limit` an `initial_value`: Quick Brick takes that limit.
  func testQuickBrickTakesTheManifestsItemLimitOverAnOlderName() throws {
    let manifest = Example.manifest(
      #", "rules": {"fields": [{"key": "item_limit", "type": "number_input", "initial_value": 4}]}, "data": {"fields": [{"key": "source", "type": "text_input"}]}"#,
      identifier: "rail")
    let (dir, diagnostics, screen, sections) = try built(
      #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {⟦⟧"datasource_limit": 6}}"#,
      files: ["components/rail.json": manifest])
    let message =
      "android_for_quickbrick reads 'rules.item_limit' alone: it takes its manifest's item_limit 4 for this component, whose 'datasource_limit' it ignores"
    assertDiagnostics(diagnostics, in: dir, [spec(screen, "ZL0331", message, fixIt: #""item_limit""#)])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "android_for_quickbrick": 4])
  }

  func testItemLimitIsEveryPlatformsLimit() throws {
    let (dir, diagnostics, screen, sections) = try built(
      Self.grid + #""rules": {"item_limit": "6", "data_source_limit": ⟦⟧3}, "styles": {"cell_styles": ["GRID_1"]}}"#)
    // The older name's other limit is in no bundle: a warning (ZL0207).
    var left = spec(
      screen, "ZL0207", "'rules.data_source_limit' limits the items to 3, but the bundle takes 'rules.item_limit', which limits them to 6")
    left.notes = ["'rules.item_limit' is written here"]
    assertDiagnostics(diagnostics, in: dir, [left])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "android_for_quickbrick": 6])
    // An app without a Quick Brick platform: the older name limits the items, with no finding.
    let (iosDir, iosDiagnostics, _, iosSections) = try built(
      Self.grid + #""rules": {"data_source_limit": 3}, "styles": {"cell_styles": ["GRID_1"]}}"#, platforms: #""ios": {}"#)
    assertDiagnostics(iosDiagnostics, in: iosDir, [])
    XCTAssertEqual(iosSections.mapValues(\.itemLimit), ["ios": 3])
    // A null older name is no limit on every client, whatever the next one says.
    let (nullDir, nullDiagnostics, nullScreen, nullSections) = try built(
      Self.grid + #""rules": {"data_source_limit": null, "datasource_limit": ⟦⟧3}, "styles": {"cell_styles": ["GRID_1"]}}"#)
    var lost = spec(
      nullScreen, "ZL0207",
      "'rules.datasource_limit' limits the items to 3, but the bundle takes 'rules.data_source_limit', which gives no limit")
    lost.notes = ["'rules.data_source_limit' is written here"]
    assertDiagnostics(nullDiagnostics, in: nullDir, [lost])
    XCTAssertEqual(nullSections.mapValues(\.itemLimit), ["ios": nil, "android_for_quickbrick": nil])
  }
}
