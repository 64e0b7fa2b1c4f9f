import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// The platforms whose client is Quick Brick's, their ids ending in `_for_quickbrick` or not
/// (`samsung_tv`, `lg_tv`, `web`), read `rules.item_limit` alone, in the screens (ZL0331) and in a
/// manifest's defaults (ZL0332); `amazon_fire_tv_for_quickbrick` is a Fire TV platform of theirs.
extension PlatformTruthTests {
  func testTheTelevisionAndWebPlatformsReadItemLimitAlone() throws {
    let (dir, diagnostics, screen, sections) = try built(
      Self.grid + #""rules": {⟦⟧"datasource_limit": 6}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      platforms: #""ios": {}, "samsung_tv": {}, "lg_tv": {}, "web": {}"#)
    let message =
      "samsung_tv, lg_tv, web read 'rules.item_limit' alone: they show every item of this component, whose 'datasource_limit' they ignore"
    assertDiagnostics(diagnostics, in: dir, [spec(screen, "ZL0331", message, fixIt: #""item_limit""#)])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "samsung_tv": nil, "lg_tv": nil, "web": nil])
  }

  /// Beside a misspelled `item_limit` (`item_limt`: 5, ZL0206's did-you-mean), renaming the older
  /// key would take the name the misspelling means, and --fix would keep its limit, not the one
  /// meant: ZL0331's fix is a hint (no range), ZL0206's is applied.
  func testAMisspelledItemLimitBesideAnOlderNameLeavesTheRenameAHint() throws {
    let screen = Example.screen(Self.grid + #""rules": {"data_source_limit": 20, "item_limt": 5}, "styles": {"cell_styles": ["GRID_1"]}}"#)
    let dir = try makeProject(
      Example.baseProject.merging(["zlc.json": #"{"platforms": {"ios": {}, "web": {}}}"#, "screens/o.json": screen]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let diagnostics = Driver.check(dir).diagnostics
    let fixes = diagnostics.filter { ["ZL0331", "ZL0206"].contains($0.code) }.map {
      "\($0.code) \($0.fixIt?.replacement ?? "-") \($0.fixIt?.range == nil ? "hint" : "fix")"
    }
    XCTAssertEqual(fixes.sorted(), [#"ZL0206 "item_limit" fix"#, #"ZL0331 "item_limit" hint"#])
  }

  /// `amazon_fire_tv_for_quickbrick` is known (no ZL0613), a Quick Brick platform, and a Fire TV:
  /// laid out 960 wide, its manifests made for TVs, its client code TypeScript.
  func testAmazonFireTVForQuickBrickIsAQuickBrickFireTV() throws {
    let (dir, diagnostics, screen, sections) = try built(
      Self.grid + #""rules": {⟦⟧"data_source_limit": 6}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      platforms: #""ios": {}, "amazon_fire_tv_for_quickbrick": {}"#)
    let message =
      "amazon_fire_tv_for_quickbrick reads 'rules.item_limit' alone: it shows every item of this component, whose 'data_source_limit' it ignores"
    assertDiagnostics(diagnostics, in: dir, [spec(screen, "ZL0331", message, fixIt: #""item_limit""#)])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "amazon_fire_tv_for_quickbrick": nil])
    let index = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out/amazon_fire_tv_for_quickbrick")).index
    XCTAssertEqual(index.devices.map { "\($0.name) \($0.width)" }, ["android-tv 960.0"])
    XCTAssertEqual(Platforms.device(of: "amazon_fire_tv_for_quickbrick"), "tv")
    XCTAssertEqual(ClientLanguage.of(platform: "amazon_fire_tv_for_quickbrick"), .typescript)
  }

  /// A rail plugin whose manifest's `rules` fields are `fields` (with a data source field).
  static func rail(_ fields: String, platform: String? = nil) -> String {
    Example.manifest(
      (platform.map { #", "platform": "\#($0)""# } ?? "")
        + #", "rules": {"fields": [\#(fields)]}, "data": {"fields": [{"key": "source", "type": "text_input"}]}"#,
      identifier: "rail")
  }

  static let railComponent = #"{"component_type": ⟦⟧"rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#

  /// Builds the rail component with these manifests; returns what `built` does and the marked manifests.
  func builtRail(_ manifests: [String: String], platforms: String = bothPlatforms, component: String = railComponent) throws -> (
    dir: String, diagnostics: [Diagnostic], screen: Marked, manifests: [String: Marked], sections: [String: ResolvedSection]
  ) {
    let marked = manifests.mapValues(Marked.init)
    let (dir, diagnostics, screen, sections) = try built(component, platforms: platforms, files: marked.mapValues(\.text))
    return (dir, diagnostics, screen, marked, sections)
  }

  func manifestSpec(_ file: String, _ marked: Marked, message: String, note: String, fixIt: String?) -> DiagnosticSpec {
    DiagnosticSpec(
      code: "ZL0332", file: file, line: marked.markers[0].line, column: marked.markers[0].column, message: message, notes: [note],
      fixIt: fixIt)
  }

  func testAManifestsDefaultOfAnOlderNameIsLostOnQuickBrick() throws {
    let manifest = Self.rail(#"{"key": ⟦⟧"data_source_limit", "type": "number_input", "initial_value": 6}"#)
    let (dir, diagnostics, screen, manifests, sections) = try builtRail(["components/rail.json": manifest])
    let message =
      "android_for_quickbrick reads 'rules.item_limit' alone: it ignores this default 'data_source_limit' 6, and shows every item of a 'rail' component that writes no limit"
    let spec = manifestSpec(
      "components/rail.json", try XCTUnwrap(manifests["components/rail.json"]), message: message,
      note: "component 'rail' of screen 'other' writes no limit", fixIt: #""item_limit""#)
    assertDiagnostics(diagnostics, in: dir, [spec])
    let note = try XCTUnwrap(diagnostics.first?.notes.first?.spot?.location)
    XCTAssertEqual([note.line, note.column], [screen.markers[0].line, screen.markers[0].column])
    XCTAssertTrue(note.file.hasSuffix("/screens/o.json"), note.file)
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "android_for_quickbrick": nil])
  }

  /// Without the fix-it where the manifest has an `item_limit` field already (with no default);
  /// several Quick Brick platforms are named together.
  func testTheFindingNamesEveryQuickBrickPlatformAndRenamesNoFieldIntoADuplicate() throws {
    let manifest = Self.rail(
      #"{"key": "item_limit", "type": "number_input"}, {"key": ⟦⟧"datasource_limit", "type": "number_input", "initial_value": "4"}"#)
    let (dir, diagnostics, _, manifests, sections) = try builtRail(
      ["components/rail.json": manifest], platforms: #""ios": {}, "samsung_tv": {}, "lg_tv": {}"#)
    let message =
      #"samsung_tv, lg_tv read 'rules.item_limit' alone: they ignore this default 'datasource_limit' "4", and show every item of a 'rail' component that writes no limit"#
    let spec = manifestSpec(
      "components/rail.json", try XCTUnwrap(manifests["components/rail.json"]), message: message,
      note: "component 'rail' of screen 'other' writes no limit", fixIt: nil)
    assertDiagnostics(diagnostics, in: dir, [spec])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 4, "samsung_tv": nil, "lg_tv": nil])
    // Nor where a field is shown on a condition of this one: renamed, it would name no field.
    let conditioned = Self.rail(
      #"{"key": ⟦⟧"datasource_limit", "type": "number_input", "initial_value": 4}, "#
        + #"{"key": "more", "type": "switch", "conditional_fields": [{"key": "rules/datasource_limit", "condition_value": 4}]}"#)
    let (conditionedDir, conditionedDiagnostics, _, conditionedManifests, _) = try builtRail(
      ["components/rail.json": conditioned], platforms: #""ios": {}, "samsung_tv": {}"#)
    let conditionedSpec = manifestSpec(
      "components/rail.json", try XCTUnwrap(conditionedManifests["components/rail.json"]),
      message:
        "samsung_tv reads 'rules.item_limit' alone: it ignores this default 'datasource_limit' 4, and shows every item of a 'rail' component that writes no limit",
      note: "component 'rail' of screen 'other' writes no limit", fixIt: nil)
    assertDiagnostics(conditionedDiagnostics, in: conditionedDir, [conditionedSpec])
  }

  /// Each platform is held to the manifest it is built with: the native one's older name is read
  /// where it is used, the Quick Brick one's is the finding.
  func testEachQuickBrickPlatformsOwnManifestIsChecked() throws {
    let native = Self.rail(#"{"key": "data_source_limit", "type": "number_input", "initial_value": 6}"#, platform: "ios")
    let quickBrick = Self.rail(#"{"key": "item_limit", "type": "number_input", "initial_value": 6}"#, platform: "android_for_quickbrick")
    var (dir, diagnostics, _, manifests, sections) = try builtRail(["components/ios.json": native, "components/qb.json": quickBrick])
    assertDiagnostics(diagnostics, in: dir, [])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "android_for_quickbrick": 6])
    let lost = Self.rail(#"{"key": ⟦⟧"data_source_limit", "type": "number_input", "initial_value": 3}"#, platform: "android_for_quickbrick")
    let itemLimit = Self.rail(#"{"key": "item_limit", "type": "number_input", "initial_value": 6}"#, platform: "ios")
    (dir, diagnostics, _, manifests, sections) = try builtRail(["components/ios.json": itemLimit, "components/qb.json": lost])
    let message =
      "android_for_quickbrick reads 'rules.item_limit' alone: it ignores this default 'data_source_limit' 3, and shows every item of a 'rail' component that writes no limit"
    let spec = manifestSpec(
      "components/qb.json", try XCTUnwrap(manifests["components/qb.json"]), message: message,
      note: "component 'rail' of screen 'other' writes no limit", fixIt: #""item_limit""#)
    assertDiagnostics(diagnostics, in: dir, [spec])
    XCTAssertEqual(sections.mapValues(\.itemLimit), ["ios": 6, "android_for_quickbrick": nil])
  }

  /// Under a `--platform` the project does not name (code for a client to come), that platform
  /// alone reads its manifest: a native tvOS manifest's older name is no Quick Brick finding.
  func testTheManifestOfAnUnnamedPlatformIsNotHeldToQuickBrick() throws {
    let files = [
      "components/ios.json": Self.rail(#"{"key": "item_limit", "type": "number_input", "initial_value": 6}"#, platform: "ios"),
      "components/qb.json": Self.rail(
        #"{"key": "item_limit", "type": "number_input", "initial_value": 6}"#, platform: "android_for_quickbrick"),
      "components/tv.json": Self.rail(#"{"key": "data_source_limit", "type": "number_input", "initial_value": 13}"#, platform: "tvos"),
    ]
    let project = Example.baseProject.merging(files) { $1 }.merging([
      "zlc.json": #"{"platforms": {\#(Self.bothPlatforms)}}"#, "screens/o.json": Marked(Example.screen(Self.railComponent)).text,
    ]) { $1 }
    let dir = try makeProject(project)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.map(\.code), [])
    XCTAssertEqual(Driver.check(dir, platform: "tvos").diagnostics.map(\.code), ["ZL0114"])
    let tvos = Driver.check(dir, platform: "tvos").project
    XCTAssertEqual(tvos.bundleManifests(for: "rail").map { "\($0.manifest.platform?.value ?? "") \($0.platforms)" }, [#"tvos ["tvos"]"#])
  }

  /// No finding where every client reads the same limit: an `item_limit` default beside the older
  /// name, a component that writes its own limit, a null default, an app without Quick Brick.
  func testADefaultEveryClientReadsAlikeIsNoFinding() throws {
    let older = #"{"key": "data_source_limit", "type": "number_input", "initial_value": 6}"#
    let cases: [(fields: String, platforms: String, component: String, limits: [String: Int?])] = [
      (
        #"{"key": "item_limit", "type": "number_input", "initial_value": 5}, "# + older, Self.bothPlatforms, Self.railComponent,
        [
          "ios": 5, "android_for_quickbrick": 5,
        ]
      ),
      (
        older, Self.bothPlatforms,
        #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": 2}}"#,
        ["ios": 2, "android_for_quickbrick": 2]
      ),
      (
        #"{"key": "data_source_limit", "type": "number_input", "initial_value": null}"#, Self.bothPlatforms, Self.railComponent,
        [
          "ios": nil, "android_for_quickbrick": nil,
        ]
      ),
      (older, #""ios": {}"#, Self.railComponent, ["ios": 6]),
    ]
    for (fields, platforms, component, limits) in cases {
      let (dir, diagnostics, _, _, sections) = try builtRail(
        ["components/rail.json": Self.rail(fields)], platforms: platforms, component: component)
      assertDiagnostics(diagnostics, in: dir, [])
      XCTAssertEqual(sections.mapValues(\.itemLimit), limits, fields)
    }
  }
}
