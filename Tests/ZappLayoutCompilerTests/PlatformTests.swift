import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Platforms (zlc.json `platforms`, per-platform manifests), client renderer registries, the
/// bundle's `required_renderers` and the runtime's `missingRenderers`: issue 12's acceptance.
final class PlatformTests: XCTestCase {
  static func manifest(_ identifier: String, platform: String, type: String = "ui_component", extra: String = "") -> String {
    """
    {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D",
     "identifier": "\(identifier)", "type": "\(type)", "min_zapp_sdk": "20.0.0", "ui_builder_support": true,
     "platform": "\(platform)"\(extra)}
    """
  }

  /// A project of three platforms: a `banner` component and a `settings_screen` screen plugin,
  /// each with a manifest per platform, used by the home screen.
  static func project(dropping dropped: String? = nil, registry: String? = nil) -> [String: String] {
    var files: [String: String] = [
      "zlc.json":
        #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}, "android": {"min_zapp_sdk": "20.0.0"}, "tvos": {"min_zapp_sdk": "20.0.0"}}}"#,
      "screens/home.json": """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [
          {"component_type": "banner"},
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"GRID_1"]}}],
        "navigations": [{"category": "menu", "nav_items": [{"title": "Settings", "data": {"target": "settings"}}], "navigation_type": "TwoLevelRNMenu"}]},
       {"id": "settings", "type": "settings_screen"}]
      """,
    ]
    for platform in ["ios", "android", "tvos"] {
      files["components/banner/manifests/\(platform).json"] = manifest("banner", platform: platform)
      files["components/settings/manifests/\(platform).json"] = manifest(
        "settings_screen", platform: platform, type: "general", extra: #", "screen": true"#)
    }
    if let dropped { files[dropped] = nil }
    if let registry { files["registries/ios.json"] = registry }
    return files
  }

  func check(_ files: [String: String], platform: String? = nil) throws -> (String, CheckOutcome, Marked) {
    let marked = Marked(files["screens/home.json"]!)
    var clean = files
    clean["screens/home.json"] = marked.text
    let dir = try makeProject(clean)
    return (dir, Driver.check(dir, platform: platform), marked)
  }

  func testThreePlatformsCheckClean() throws {
    let (_, outcome, _) = try check(Self.project())
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(outcome.project.targetPlatforms, ["ios", "android", "tvos"])
  }

  func testAMissingAndroidManifestIsOneErrorNamingThePluginAndAndroid() throws {
    let (dir, outcome, _) = try check(Self.project(dropping: "components/banner/manifests/android.json"))
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0610", file: "screens/home.json", line: 3, column: 24,
          message: "plugin 'banner' has no manifest for platform 'android' (it has ios, tvos)",
          notes: ["manifest for 'ios'", "manifest for 'tvos'"])
      ])
    // Narrowed to iOS, the project checks clean.
    let (_, ios, _) = try check(Self.project(dropping: "components/banner/manifests/android.json"), platform: "ios")
    XCTAssertEqual(ios.diagnostics.map(\.code), [])
  }

  /// A registry's misspelled platform (`iso`) stands for no client: ZL0613 with the fix, an error
  /// (its old clients would go unchecked). One of `platforms` that is not a known id (`my_tv`) is
  /// a warning, not reported again at the registry.
  func testARegistryOfAnUnknownPlatformIsReported() throws {
    var files = Self.project(registry: #"{"platform": "iso", "client_version": "20.0.0"}"#)
    files["registries/tv.json"] = #"{"platform": "my_tv", "client_version": "1.0.0"}"#
    files["zlc.json"] = files["zlc.json"]?.replacingOccurrences(of: #""tvos": {"#, with: #""my_tv": {}, "tvos": {"#)
    let (dir, outcome, _) = try check(files)
    let known = Platforms.known.joined(separator: ", ")
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0613" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0613", file: "registries/ios.json", line: 1, column: 14,
          message: "registry for unknown platform 'iso'; known platforms: \(known)", fixIt: #""ios""#),
        DiagnosticSpec(
          code: "ZL0613", file: "zlc.json", line: 1, column: 90, message: "unknown platform 'my_tv'; known platforms: \(known)",
          fixIt: nil),
      ])
    let severities = outcome.diagnostics.filter { $0.code == "ZL0613" }.map {
      "\($0.location?.file.hasSuffix("zlc.json") ?? false) \($0.severity)"
    }
    XCTAssertEqual(severities.sorted(), ["false error", "true warning"])
  }

  /// A registry for a known platform the app does not target, whose Quick Brick counterpart it
  /// targets (`ios` in an app of `ios_for_quickbrick`), or whose native one it targets, is a
  /// warning with a hint: its clients go unchecked. One whose counterpart is not targeted either
  /// (`tvos_for_quickbrick` in an app of `tvos`: targeted) is not.
  func testARegistryOfTheCounterpartOfATargetIsAWarning() throws {
    var files = Self.project(registry: #"{"platform": "ios_for_quickbrick", "client_version": "20.0.0"}"#)
    files["registries/tv.json"] = #"{"platform": "amazon", "client_version": "1.0.0"}"#
    let (dir, outcome, _) = try check(files)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0613" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0613", file: "registries/ios.json", line: 1, column: 14,
          message:
            "registry for platform 'ios_for_quickbrick', which the app does not target: its clients are not checked; the app targets 'ios'",
          fixIt: "")
      ])
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0613" }.map(\.severity), [.warning])
    XCTAssertEqual(
      outcome.diagnostics.first { $0.code == "ZL0613" }?.fixIt?.summary, "if the registry is of the app's clients, write 'ios'")
  }

  /// An app that targets both counterparts, checked for one of them (`--platform`): the other's
  /// registry is the app's, not a warning.
  func testARegistryOfATargetedCounterpartIsNoWarningUnderPlatform() throws {
    var files = Self.project(registry: #"{"platform": "ios_for_quickbrick", "client_version": "20.0.0"}"#)
    files["zlc.json"] = files["zlc.json"]?.replacingOccurrences(of: #""tvos": {"#, with: #""ios_for_quickbrick": {}, "tvos": {"#)
    for platform in [nil, "ios", "ios_for_quickbrick"] {
      let (_, outcome, _) = try check(files, platform: platform)
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0613" }.map(\.message), [], platform ?? "every platform")
    }
  }

  /// An empty id in `platforms` names no platform: ZL0613 at the key, without a fix-it, where the
  /// loader left it out silently.
  func testAnEmptyPlatformIdIsReported() throws {
    var files = Self.project()
    files["zlc.json"] = #"{"platforms": {"": {"min_zapp_sdk": "5.0"}, "ios": {}}}"#
    let (dir, outcome, _) = try check(files)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0613" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0613", file: "zlc.json", line: 1, column: 16,
          message: "empty platform id in platforms, which names no platform; known platforms: \(Platforms.known.joined(separator: ", "))",
          fixIt: nil)
      ])
    XCTAssertEqual(outcome.diagnostics.first { $0.code == "ZL0613" }?.severity, .warning)
  }

  /// A manifest's `platform` one typo from a known id (`andriod`) is ZL0613 with the fix, an
  /// error: with no `platforms` in zlc.json it would make a bundle of its own, so it makes no
  /// platform of the app (the others' plugins are not said to lack it). An id far from every known one
  /// (`set_top_box`) may be a platform zlc does not know, and is not reported.
  func testAManifestsMisspelledPlatformIsReported() throws {
    var files = Self.project()
    files["zlc.json"] = "{}"
    files["components/banner/manifests/android.json"] = Self.manifest("banner", platform: "andriod")
    files["components/banner/manifests/tvos.json"] = Self.manifest("banner", platform: "set_top_box")
    let (dir, outcome, _) = try check(files)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0613" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0613", file: "components/banner/manifests/android.json", line: 3, column: 14,
          message: "manifest for unknown platform 'andriod'; known platforms: \(Platforms.known.joined(separator: ", "))",
          fixIt: #""android""#)
      ])
    XCTAssertEqual(outcome.diagnostics.first { $0.code == "ZL0613" }?.severity, .error)
    // The misspelling makes no platform of the app: no other plugin lacks a manifest for it.
    XCTAssertEqual(outcome.project.targetPlatforms, ["android", "ios", "set_top_box", "tvos"])
    XCTAssertEqual(outcome.diagnostics.filter { $0.message.contains("'andriod'") }.map(\.code), ["ZL0613"])
    let (_, asked, _) = try check(files, platform: "andriod")
    XCTAssertEqual(asked.status, .usage)
    XCTAssertEqual(
      asked.diagnostics.filter { $0.code == "ZL0114" }.map(\.message),
      ["--platform 'andriod' is not a platform of the project; expected one of android, ios, set_top_box, tvos"])
    // Quick Brick's shorthand names its platform, not the nearest id.
    files["zlc.json"] = #"{"platforms": {"android_qb": {}}}"#
    let (_, shorthand, _) = try check(files)
    let atSettings = shorthand.diagnostics.first { $0.code == "ZL0613" && $0.location?.file.hasSuffix("zlc.json") == true }
    XCTAssertEqual(atSettings?.fixIt?.replacement, #""android_for_quickbrick""#)
    files["zlc.json"] = #"{"platforms": {"lg_tv_qb": {}}}"#
    let (_, web, _) = try check(files)
    let lg = web.diagnostics.first { $0.code == "ZL0613" && $0.location?.file.hasSuffix("zlc.json") == true }
    XCTAssertEqual([lg?.fixIt?.replacement, lg.map { "\($0.severity)" }], [#""lg_tv""#, "error"])
  }

  /// A platform zlc.json declares (`samsung`) is deliberate: its manifests and its registry are
  /// not reported, though `samsung_tv` is a typo away; an undeclared near miss (`andriod`) is.
  func testAManifestsPlatformThatZlcJsonDeclaresIsNotReported() throws {
    var files = Self.project()
    files["zlc.json"] = #"{"platforms": {"ios": {}, "samsung": {}}}"#
    files["components/banner/manifests/android.json"] = Self.manifest("banner", platform: "samsung")
    files["components/settings/manifests/android.json"] = Self.manifest(
      "settings_screen", platform: "samsung", type: "general", extra: #", "screen": true"#)
    files["components/banner/manifests/tvos.json"] = Self.manifest("banner", platform: "andriod")
    files["registries/samsung.json"] = #"{"platform": "samsung", "client_version": "20.0.0"}"#
    let (dir, outcome, _) = try check(files)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0613" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0613", file: "components/banner/manifests/tvos.json", line: 3, column: 14,
          message: "manifest for unknown platform 'andriod'; known platforms: \(Platforms.known.joined(separator: ", "))",
          fixIt: #""android""#)
      ])
  }

  func testAnUnknownPlatformOptionIsAnError() throws {
    let (_, outcome, _) = try check(Self.project(), platform: "andriod")
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0114"])
    XCTAssertEqual(outcome.status, .usage)
    XCTAssertEqual(
      outcome.diagnostics.first?.message, "--platform 'andriod' is not a platform of the project; expected one of ios, android, tvos")
    XCTAssertEqual(outcome.diagnostics.first?.fixIt?.replacement, "android")
  }

  /// While `zlc.json` cannot be read, or misspells `platforms`, its platforms are not known: its
  /// error is reported (the input's status), not that `--platform web`, a platform it names, is
  /// not the manifests'.
  func testAPlatformOptionIsNotJudgedWhileZlcJSONIsUnread() throws {
    for settings in [#"{"platforms" {"ios": {}, "web": {}}}"#, #"{"platfroms": {"ios": {}, "web": {}}}"#] {
      var files = Self.project()
      files["zlc.json"] = settings
      let (_, outcome, _) = try check(files, platform: "web")
      XCTAssertFalse(outcome.diagnostics.contains { $0.code == "ZL0114" }, "\(outcome.diagnostics.map(\.message))")
      XCTAssertEqual(outcome.status, .inputErrors, settings)
    }
    // An error elsewhere in a `zlc.json` whose platforms were read leaves them known.
    var files = Self.project()
    files["zlc.json"] = #"{"devices": [{"name": "phone", "class": "phone", "widht": 375}], "platforms": {"ios": {}}}"#
    let (_, outcome, _) = try check(files, platform: "web")
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0114" }.count, 1, "\(outcome.diagnostics.map(\.message))")
    XCTAssertEqual(outcome.status, .usage)
  }

  func testPlatformsDefaultToTheManifestsPlatforms() throws {
    var files = Self.project(dropping: "components/banner/manifests/android.json")
    files["zlc.json"] = "{}"
    let (_, outcome, _) = try check(files)
    XCTAssertEqual(outcome.project.targetPlatforms, ["android", "ios", "tvos"])
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0610"])
  }

  static let fullRegistry = """
    {"platform": "ios", "client_version": "20.1.0", "component_types": ["banner", "grid"],
     "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"], "screen_plugins": ["settings_screen"]}
    """

  /// A registry that misspells a list's key (`component_type`) is that error alone (ZL0206), with
  /// its fix: the list is unread, not empty, so no component is also said to lack its renderer.
  /// A registry that leaves the list out lacks every component type.
  func testAMisspelledListKeyOfARegistryIsOneError() throws {
    let misspelled = Self.fullRegistry.replacingOccurrences(of: #""component_types""#, with: #""component_type""#)
    let (dir, outcome, _) = try check(Self.project(registry: misspelled))
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0206", file: "registries/ios.json", line: 1,
          column: (misspelled as NSString).range(of: #""component_type""#).location + 1,
          message: "misspelled key 'component_type' in registry: zlc ignores it", fixIt: #""component_types""#)
      ])
    let leftOut = Self.fullRegistry.replacingOccurrences(of: #""component_types": ["banner", "grid"],"#, with: "")
    let (_, lacking, _) = try check(Self.project(registry: leftOut))
    XCTAssertEqual(lacking.diagnostics.map(\.code), ["ZL0313", "ZL0313"])
    // Each noted at the registry, which has no such list.
    XCTAssertEqual(
      Set(lacking.diagnostics.flatMap { $0.notes.map(\.message) }),
      ["the ios 20.1.0 registry has no component_types list: one left out is empty"])
    XCTAssertEqual(lacking.diagnostics.first?.notes.first?.spot?.location.line, 1)
  }

  /// A registry list that is no list is that error alone (ZL0202): unread, as a misspelled one is,
  /// so no component is also said to lack its renderer.
  func testARegistryListOfTheWrongTypeIsOneError() throws {
    let registry = Self.fullRegistry.replacingOccurrences(
      of: #""component_types": ["banner", "grid"]"#, with: #""component_types": "grid""#)
    let (_, outcome, _) = try check(Self.project(registry: registry))
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0202"], "\(outcome.diagnostics.map(\.message))")
  }

  /// A registry entry that differs from the name needed only in case or in spaces at its ends is
  /// the note, at that entry: a client compares names by their exact characters.
  func testARegistryEntryOfTheNameButForCaseOrSpacesIsTheNote() throws {
    for written in ["Grid", " grid", "grid "] {
      let registry = Self.fullRegistry.replacingOccurrences(
        of: #""component_types": ["banner", "grid"]"#, with: #""component_types": ["banner", "\#(written)"]"#)
      let (dir, outcome, marked) = try check(Self.project(registry: registry))
      XCTAssertEqual(outcome.diagnostics.count, 1, "\(outcome.diagnostics)")
      let diagnostic = try XCTUnwrap(outcome.diagnostics.first)
      XCTAssertEqual(diagnostic.code, "ZL0313")
      XCTAssertEqual(diagnostic.spot?.location.line, marked.markers[0].line)
      XCTAssertEqual(
        diagnostic.notes.map(\.message),
        ["component_types of the ios 20.1.0 registry lists '\(written)', not 'grid': a client compares names by their exact characters"])
      let note = try XCTUnwrap(diagnostic.notes.first?.spot?.location)
      let text = try String(contentsOfFile: dir + "/registries/ios.json", encoding: .utf8).components(separatedBy: "\n")
      XCTAssertEqual(note.file, dir + "/registries/ios.json")
      let column = try XCTUnwrap(text[note.line - 1].range(of: "\"\(written)\"")).lowerBound.utf16Offset(in: text[note.line - 1]) + 1
      XCTAssertEqual(note.column, column)
    }
  }

  func testARegistryWithoutTheHomeScreensCellLayoutIsAnErrorAtTheComponent() throws {
    let registry = Self.fullRegistry.replacingOccurrences(of: #""layout_01_grid_01""#, with: "")
    let (dir, outcome, marked) = try check(Self.project(registry: registry))
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "component 'grid' of screen 'home' needs cell layout 'layout_01_grid_01', which the ios client 20.1.0 cannot render",
          notes: ["cell_layouts of the ios 20.1.0 registry, without 'layout_01_grid_01'"])
      ])
    let note = try XCTUnwrap(outcome.diagnostics.first?.notes.first?.spot?.location)
    XCTAssertEqual(note.file, dir + "/registries/ios.json")
    XCTAssertEqual(note.line, 2)
  }

  /// A cell layout misspelled in a project family (`layout_01_grid_1`) is needed where a screen
  /// draws it, and the cell style of the family the screen draws with that names it is a note,
  /// with the registry's layout near it: the typo is in the family (not in another one that names
  /// the same layout).
  func testACellLayoutMisspelledInAProjectFamilyIsNotedAtItsCellStyle() throws {
    var files = Self.project(registry: Self.fullRegistry)
    let family =
      #"<Family name="FAMILY_1"><Components><Component type="grid" columns="2"><Cell name="GRID_1" layoutId="layout_01_grid_1" aspectCellRatio="1"/></Component></Components></Family>"#
    files["families/FAMILY_1.xml"] = family
    // A family no screen draws with names the same layout: not where this screen's typo is.
    files["families/alt.xml"] = family.replacingOccurrences(of: #"name="FAMILY_1""#, with: #"name="ALT""#)
    let (dir, outcome, marked) = try check(files)
    let needs = outcome.diagnostics.filter { $0.code == "ZL0313" && $0.message.contains("'layout_01_grid_1'") }
    XCTAssertEqual(needs.count, 1, "\(outcome.diagnostics.map(\.message))")
    let first = try XCTUnwrap(needs.first)
    XCTAssertEqual([first.location?.line, first.location?.column], [marked.markers[0].line, marked.markers[0].column])
    XCTAssertEqual(
      first.notes.map(\.message),
      [
        "cell_layouts of the ios 20.1.0 registry, without 'layout_01_grid_1'",
        "cell style 'GRID_1' of family 'FAMILY_1' names cell layout 'layout_01_grid_1'; the registry has 'layout_01_grid_01'",
      ])
    let cell = try XCTUnwrap(first.notes.last?.spot?.location)
    let column = (family as NSString).range(of: #""GRID_1""#).location + 1
    XCTAssertEqual([cell.file, "\(cell.line):\(cell.column)"], [dir + "/families/FAMILY_1.xml", "1:\(column)"])
  }

  /// A `tab_bar` whose tabs each hold a `list` of `LIST_2` (`cell_body_component_type`,
  /// `cell_body_styles`, as in Applicaster's rivers example) needs the list drawn too: a client
  /// without the list or its cell layout cannot draw the tabs' bodies, and the bundle lists both.
  func testTheBodyOfATabBarsCellsIsARendererNeed() throws {
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios.json": """
      {"platform": "ios", "client_version": "20.0.0", "component_types": ["tab_bar"], "cell_layouts": ["layout_01_tabs_01"],
       "layout_kinds": ["flow", "horizontal"]}
      """,
      "screens/home.json": """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
          "styles": {"layout": "TABS_1", "cell_styles": ["TABS_CELL_1"], "cell_body_component_type": ⟦⟧"list", "cell_body_styles": [⟦⟧"LIST_2"]}}]}]
      """,
    ]
    let (dir, outcome, marked) = try check(files)
    let tabs = "component 'tab_bar' of screen 'home' needs"
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "\(tabs) component type 'list', which the ios client 20.0.0 cannot render",
          notes: ["component_types of the ios 20.0.0 registry, without 'list'"]),
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[1].line, column: marked.markers[1].column,
          message: "\(tabs) cell layout 'layout_01_list_02', which the ios client 20.0.0 cannot render",
          notes: ["cell_layouts of the ios 20.0.0 registry, without 'layout_01_list_02'"]),
      ])
    XCTAssertEqual(
      outcome.project.requiredRendererSet,
      RendererSet(
        componentTypes: ["list", "tab_bar"], cellLayouts: ["layout_01_list_02", "layout_01_tabs_01"], layoutKinds: ["flow", "horizontal"]))
  }

  /// Cell layout ids written in two Unicode forms (`café` with `é` and with a combining accent)
  /// are two renderers, as clients comparing bytes see them: the bundle needs both, and a registry
  /// holding one form cannot draw the other (noted at the cell style that names that form alone).
  func testLayoutIDsDifferingOnlyInUnicodeFormAreTwoRenderers() throws {
    let (composed, decomposed) = ("caf\u{e9}", "cafe\u{301}")
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios.json":
        #"{"platform": "ios", "client_version": "20.0.0", "component_types": ["grid"], "cell_layouts": ["\#(composed)"], "layout_kinds": ["flow"]}"#,
      "families/f.json": """
      {"name": "F", "screens": [{"type": "default"}], "components": [{"type": "grid", "layout": "flow", "columns": 2, "cells": [
        {"name": "A", "layoutId": "\(composed)", "aspectCellRatio": 1}, {"name": "B", "layoutId": "\(decomposed)", "aspectCellRatio": 1}]}]}
      """,
      "screens/home.json": """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["A"]}},
        {"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"B"]}}]}]
      """,
    ]
    let (dir, outcome, marked) = try check(files)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "component 'grid' of screen 'home' needs cell layout '\(decomposed)', which the ios client 20.0.0 cannot render",
          notes: [
            "cell_layouts of the ios 20.0.0 registry lists '\(composed)', the same text in another Unicode form: a client compares names by their exact characters",
            "cell style 'B' of family 'F' names cell layout '\(decomposed)'",
          ])
      ])
    XCTAssertEqual(outcome.project.requiredRendererSet.cellLayouts.map { Array($0.utf8) }, [decomposed, composed].map { Array($0.utf8) })
    let client = RendererSet(cellLayouts: [composed])
    XCTAssertEqual(
      RendererSet(cellLayouts: [composed, decomposed]).subtracting(client).cellLayouts.map { Array($0.utf8) }, [Array(decomposed.utf8)])
    XCTAssertNotEqual(client, RendererSet(cellLayouts: [decomposed]))
  }

  func testACompleteRegistryBuildsAndTheBundleListsItsRenderersPerPlatform() throws {
    let files = Self.project(registry: Self.fullRegistry)
    let marked = Marked(files["screens/home.json"]!)
    var clean = files
    clean["screens/home.json"] = marked.text
    let dir = try makeProject(clean)
    let out = dir + "/out"
    let outcome = Driver.build(dir, output: out)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertTrue(outcome.written)
    // One bundle per platform, each listing its own platform's needs.
    let platforms = try ScreenBundle.platformBundles(in: URL(fileURLWithPath: out))
    XCTAssertEqual(platforms.platforms.map(\.platform), ["ios", "android", "tvos"])
    let expected = RendererSet(
      componentTypes: ["banner", "grid"], cellLayouts: ["layout_01_grid_01"], layoutKinds: ["flow"], screenPlugins: ["settings_screen"],
      navigationPlugins: ["TwoLevelRNMenu"])
    for platform in ["ios", "tvos"] {
      let own = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: platform).index
      XCTAssertEqual(own.requiredRenderers.map(\.platform), [platform])
      XCTAssertEqual(own.requiredRenderers.map(\.renderers), [expected])
    }
    let index = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: "android").index
    // The runtime call: a client without the grid's cell layout and the settings screen.
    let client = RendererSet(componentTypes: ["banner", "grid", "list"], cellLayouts: ["layout_01_list_01"], layoutKinds: ["flow"])
    XCTAssertEqual(
      index.missingRenderers(for: "android", available: client),
      RendererSet(cellLayouts: ["layout_01_grid_01"], screenPlugins: ["settings_screen"]))
    XCTAssertEqual(index.missingRenderers(for: "android", available: expected), RendererSet())
    XCTAssertNil(index.missingRenderers(for: "ios", available: client), "the Android bundle lists Android's needs only")
  }

  /// Each platform's bundle carries `zlc.json`'s `min_zapp_sdk` for it, and where it gives none,
  /// the plugins' (20.0.0).
  func testEachPlatformsBundleCarriesItsOldestClient() throws {
    var files = Self.project(registry: Self.fullRegistry)
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}, "android": {"min_zapp_sdk": "20.1"}, "tvos": {}}}"#
    files["screens/home.json"] = Marked(files["screens/home.json"]!).text
    let dir = try makeProject(files)
    let out = dir + "/out"
    let outcome = Driver.build(dir, output: out)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    var found: [String: String?] = [:]
    for platform in ["ios", "android", "tvos"] {
      let index = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: platform).index
      XCTAssertEqual(index.requiredRenderers.count, 1)
      found[platform] = index.requiredRenderers.first?.minZappSDK
    }
    XCTAssertEqual(found, ["ios": "20.0.0", "android": "20.1", "tvos": "20.0.0"])
    let android = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: "android").index
    XCTAssertEqual(android.supportsClient(on: "android", zappSDK: "20.0.9"), false)
    XCTAssertEqual(android.supportsClient(on: "android", zappSDK: "20.1.0"), true)
  }

  func testTheOldestClientMustRunEveryPlugin() throws {
    var files = Self.project()
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "19.5"}, "android": {}, "tvos": {}}}"#
    files["components/banner/manifests/tvos.json"] = Self.manifest(
      "banner", platform: "tvos", extra: #", "unsupported_since_zapp_sdk": "21.0.0""#)
    let (_, outcome, _) = try check(files)
    XCTAssertEqual(
      outcome.diagnostics.map { "\($0.code) \($0.message)" },
      [
        "ZL0611 plugin 'banner' needs Zapp SDK 20.0.0 or later on 'ios', but the app supports clients from 19.5",
        "ZL0611 plugin 'settings_screen' needs Zapp SDK 20.0.0 or later on 'ios', but the app supports clients from 19.5",
      ])
  }

  /// `--platform` reads a plugin's manifest for that platform: the keys it declares are the ones allowed.
  func testAPlatformReadsThatPlatformsManifest() throws {
    var files = Self.project()
    files["components/banner/manifests/android.json"] = Self.manifest(
      "banner", platform: "android", extra: #", "styles": {"fields": [{"key": "ripple", "type": "switch"}]}"#)
    files["screens/home.json"] = files["screens/home.json"]!.replacingOccurrences(
      of: #"{"component_type": "banner"}"#, with: #"{"component_type": "banner", "styles": {"ripple": true}}"#)
    let (_, android, _) = try check(files, platform: "android")
    XCTAssertEqual(android.diagnostics.map(\.code), [])
    let (_, ios, _) = try check(files, platform: "ios")
    XCTAssertEqual(ios.diagnostics.map { "\($0.code) \($0.message)" }, ["ZL0204 unknown key 'ripple' in component styles"])
  }

  func testVersionsCompareNumberByNumber() {
    XCTAssertEqual(Platforms.compare("20.1", "20.10.0"), -1)
    XCTAssertEqual(Platforms.compare("20.0", "20.0.0"), 0)
    XCTAssertEqual(Platforms.compare("21.0.0-beta1", "20.9"), 1)
  }

  /// The findings of `code` in a project whose screen `o` holds `component`, with a `rail` plugin
  /// that takes data and lists `ios` and `android` data types (JSON arrays) in its two manifests
  /// (`androidExtra` added to Android's), as `CODE@file:line:column message`.
  func railFindings(
    _ component: String, ios: String, android: String, androidExtra: String = "", code: String, platform: String? = nil
  ) throws -> [String] {
    let data = #", "data": {"fields": [{"key": "source", "type": "select"}]}"#
    let files = Example.baseProject.merging([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/o.json": Example.screen(component),
      "components/ios.json": Self.manifest("rail", platform: "ios", extra: #", "data_types": \#(ios)"# + data),
      "components/android.json": Self.manifest("rail", platform: "android", extra: #", "data_types": \#(android)"# + androidExtra + data),
    ]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir, platform: platform).diagnostics.filter { $0.code == code }.map { "\(place($0, in: dir)) \($0.message)" }
  }

  /// A plugin's `data_types` are each platform's manifest's: a type the iOS manifest does not take
  /// is an error on iOS, named so, though Android's takes it.
  func testAPluginsDataTypesAreEachPlatformsManifests() throws {
    let rail = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    let (feed, collection) = (#"["APPLICASTER_ATOM_FEED"]"#, #"["APPLICASTER_COLLECTION"]"#)
    XCTAssertEqual(
      try railFindings(rail, ios: feed, android: collection, code: "ZL0402"),
      ["ZL0402@screens/o.json:1:156 'rail' takes the data types APPLICASTER_ATOM_FEED, not 'APPLICASTER_COLLECTION' (on ios)"])
    XCTAssertEqual(try railFindings(rail, ios: feed, android: collection, code: "ZL0402", platform: "android"), [])
    // Manifests that differ but list the same types: one finding, on every platform.
    let tone = #", "styles": {"fields": [{"key": "tone", "type": "text_input"}]}"#
    XCTAssertEqual(
      try railFindings(rail, ios: feed, android: feed, androidExtra: tone, code: "ZL0402"),
      ["ZL0402@screens/o.json:1:156 'rail' takes the data types APPLICASTER_ATOM_FEED, not 'APPLICASTER_COLLECTION'"])
  }

  /// A size class's replacement accepts the data of each platform's manifest of it (ZL0316).
  func testAReplacementsDataTypesAreEachPlatformsManifests() throws {
    let grid =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"L": {"component_type": "rail"}}}"#
    let messages = { (ios: String, android: String, extra: String) in
      try self.railFindings(grid, ios: ios, android: android, androidExtra: extra, code: "ZL0316").map {
        $0.components(separatedBy: " ").dropFirst().joined(separator: " ")
      }
    }
    XCTAssertEqual(
      try messages(#"["APPLICASTER_ATOM_FEED"]"#, #"["APPLICASTER_COLLECTION"]"#, ""),
      ["'rail' accepts APPLICASTER_ATOM_FEED, not APPLICASTER_COLLECTION that 'grid' shows (on ios)"])
    // Manifests that differ but list the same types, in another order: one finding.
    let tone = #", "styles": {"fields": [{"key": "tone", "type": "text_input"}]}"#
    XCTAssertEqual(
      try messages(#"["APPLICASTER_ATOM_FEED", "FEED_B"]"#, #"["FEED_B", "APPLICASTER_ATOM_FEED"]"#, tone),
      ["'rail' accepts APPLICASTER_ATOM_FEED, FEED_B, not APPLICASTER_COLLECTION that 'grid' shows"])
  }
}
