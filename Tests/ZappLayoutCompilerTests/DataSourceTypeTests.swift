import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// A root screen's data: the types whose data the client holds need no source (ZL0401), and the
/// types a plugin takes, a bare source and a screen plugin's own data (ZL0402).
final class DataSourceTypeTests: XCTestCase {
  static let sourceAndType = #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "select"}]}"#
  static let sourceOnly = #", "data": {"fields": [{"key": "source", "type": "text_input"}]}"#

  /// The base project with `files`, whose screen `other` holds `components` (marked).
  func check(_ components: String, _ files: [String: String] = [:], platform: String? = nil) throws -> (String, [Diagnostic], Marked) {
    let marked = Marked(Example.screen(components))
    let dir = try makeProject(Example.baseProject.merging(files) { $1 }.merging(["screens/o.json": marked.text]) { $1 })
    return (dir, Driver.check(dir, platform: platform).diagnostics, marked)
  }

  func spec(_ code: String, _ marked: Marked, _ i: Int, _ message: String, notes: [String] = [], fixIt: String? = nil) -> DiagnosticSpec {
    DiagnosticSpec(
      code: code, file: "screens/o.json", line: marked.markers[i].line, column: marked.markers[i].column, message: message, notes: notes,
      fixIt: fixIt)
  }

  /// A type of the app's own, while zlc.json's `data_types` cannot be read (no list, or zlc.json
  /// no object: ZL0202's error), is not reported unknown: the error is zlc.json's alone. Once
  /// zlc.json lists its types, or says nothing of them, the type is checked again.
  func testAnUnreadableDataTypesListHoldsBackUnknownTypes() throws {
    let component =
      #"{"component_type": "grid", "data": {"source": "1", "type": ⟦⟧"RIVERFLIX_PICKS"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    for settings in [#"{"data_types": "RIVERFLIX_PICKS"}"#, #"[{"app": "x"}]"#, #""hello""#] {
      let (dir, found, _) = try check(component, ["zlc.json": settings])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(found.filter { $0.severity == .error }.map(\.code), ["ZL0202"], settings)
    }
    for (settings, codes) in [
      (#"{"data_types": ["RIVERFLIX_PICKS"]}"#, [String]()), (#"{"data_types": null}"#, ["ZL0402"]), ("{}", ["ZL0402"]),
    ] {
      let (dir, found, marked) = try check(component, ["zlc.json": settings])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(found.filter { $0.severity == .error }.map(\.code), codes, settings)
      if !codes.isEmpty { XCTAssertEqual(found.first { $0.code == "ZL0402" }?.location?.line, marked.markers[0].line) }
    }
  }

  /// Favorites, downloads and the user's account are the client's own data: a component of one of
  /// these types has no source, and is clean; one with another type, or with no data, has none to show.
  func testTypesWhoseDataTheClientHoldsNeedNoSource() throws {
    let components = [
      #"{"component_type": "grid", "data": {"source": "", "type": "APPLICASTER_FAVORITES"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      #"{"component_type": "list", "data": {"type": "DOWNLOADS"}, "styles": {"cell_styles": ["LIST_1"]}}"#,
      #"{"component_type": "list", "data": {"source": " ", "type": "USER_ACCOUNT_COMPONENT"}, "styles": {"cell_styles": ["LIST_1"]}}"#,
      #"{"component_type": "grid", "data": {"source": ⟦⟧"", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      #"⟦⟧{"component_type": "list", "styles": {"cell_styles": ["LIST_1"]}}"#,
    ]
    let (dir, found, marked) = try check(components.joined(separator: ", "))
    assertDiagnostics(
      found, in: dir,
      [
        spec("ZL0401", marked, 0, "'grid' component on root screen 'other' has no data source"),
        spec("ZL0401", marked, 1, "'list' component on root screen 'other' has no data source"),
      ])
  }

  /// The section of a favorites component binds its own data with no source and its type: the
  /// map says so, and the preview names the type where a source would be.
  func testASourcelessSectionBindsItsType() throws {
    let favorites = #"{"component_type": "grid", "data": {"type": "APPLICASTER_FAVORITES"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let (dir, found, _) = try check(favorites)
    XCTAssertEqual(found.map(\.message), [])
    let outcome = Driver.check(dir)
    let screen = try XCTUnwrap(outcome.project.screen(id: "other"))
    var sections: [ResolvedSection] = []
    Resolver(project: outcome.project).forEachSection(of: screen) { section, _ in sections.append(section) }
    XCTAssertEqual(sections.map(\.data), [DataBinding(binding: .own, source: nil, type: "APPLICASTER_FAVORITES")])
    let page = try XCTUnwrap(PreviewRenderer(project: outcome.project).page(named: "other.html"))
    XCTAssertTrue(page.contains("data APPLICASTER_FAVORITES"), page)
    XCTAssertFalse(page.contains("data ?"), page)
  }

  /// A plugin whose manifest's `data` has a source field and no type field takes a bare source (a
  /// URL): no type is asked for, written empty or left out. A manifest with a type field asks for one.
  func testAPluginWithoutATypeFieldTakesABareSource() throws {
    let rail = [
      "components/r.json": Example.manifest(Self.sourceOnly, identifier: "url_rail"),
      "components/t.json": Example.manifest(Self.sourceAndType, identifier: "typed_rail"),
    ]
    let components = [
      #"{"component_type": "url_rail", "data": {"source": "https://cdn/rail.json"}}"#,
      #"{"component_type": "url_rail", "data": {"source": "https://cdn/rail.json", "type": ""}}"#,
      #"{"component_type": "typed_rail", "data": {"source": "https://cdn/rail.json", "type": ⟦⟧""}}"#,
      #"{"component_type": "typed_rail", "data": ⟦⟧{"source": "https://cdn/rail.json"}}"#,
    ]
    let (dir, found, marked) = try check(components.joined(separator: ", "), rail)
    let message = "'typed_rail' component has a data source but no data source type"
    assertDiagnostics(found, in: dir, [spec("ZL0402", marked, 0, message), spec("ZL0402", marked, 1, message)])
  }

  /// A plugin whose iOS manifest has a type field and whose Android one has none asks for a type
  /// on iOS only: the finding names iOS, and a check for Android alone is clean.
  func testEachPlatformsManifestSaysWhetherATypeIsAskedFor() throws {
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/android.json": PlatformTests.manifest("rail", platform: "android", extra: Self.sourceOnly),
      "components/ios.json": PlatformTests.manifest("rail", platform: "ios", extra: Self.sourceAndType),
    ]
    let rail = #"{"component_type": "rail", "data": ⟦⟧{"source": "https://cdn/rail.json"}}"#
    let (dir, found, marked) = try check(rail, files)
    assertDiagnostics(
      found, in: dir, [spec("ZL0402", marked, 0, "'rail' component has a data source but no data source type (on ios)")])
    XCTAssertEqual(try check(rail, files, platform: "android").1.map(\.message), [])
    XCTAssertEqual(
      try check(rail, files, platform: "ios").1.map(\.message), ["'rail' component has a data source but no data source type"])
  }

  /// The types a plugin's manifest lists in `data_types` are known types for its components, not
  /// for others; a near miss of one is a hint pointing at the list, which may hold the misspelling.
  func testAPluginsOwnDataTypesAreKnownForItsComponents() throws {
    let files = ["components/p.json": Example.manifest(#", "data_types": ["JW_PLAYLIST"]"# + Self.sourceAndType, identifier: "jw_rail")]
    let components = [
      #"{"component_type": "jw_rail", "data": {"source": "https://cdn/p", "type": "JW_PLAYLIST"}}"#,
      #"{"component_type": "jw_rail", "data": {"source": "https://cdn/p", "type": ⟦⟧"JW_PLAYLST"}}"#,
      #"{"component_type": "grid", "data": {"source": "https://cdn/p", "type": ⟦⟧"JW_PLAYLIST"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
    ]
    let (dir, found, marked) = try check(components.joined(separator: ", "), files)
    assertDiagnostics(
      found, in: dir,
      [
        spec(
          "ZL0402", marked, 0, "unknown data source type 'JW_PLAYLST'",
          notes: ["'JW_PLAYLIST' is listed in the data_types of the 'jw_rail' manifest here; if it is the misspelled one, fix it there"],
          fixIt: #""JW_PLAYLIST""#),
        spec("ZL0402", marked, 1, "unknown data source type 'JW_PLAYLIST'"),
      ])
    let hint = try XCTUnwrap(found.first { $0.message.contains("JW_PLAYLST") })
    XCTAssertNil(hint.fixIt?.range, "a hint, not a fix")
    let listed = try XCTUnwrap(hint.notes.first?.spot)
    XCTAssertTrue(listed.file.path.hasSuffix("/components/p.json"), listed.file.path)
    XCTAssertEqual(listed.location.line, 1)
  }

  /// A `data_source_provider` plugin of the project supplies data of the type its identifier
  /// names, to any component; a near miss is a hint pointing at the identifier.
  func testADataSourceProvidersIdentifierIsAKnownType() throws {
    let files = ["components/dsp.json": Example.manifest("", identifier: "jw_provider", type: "data_source_provider")]
    let components = [
      #"{"component_type": "grid", "data": {"source": "https://cdn/p", "type": "jw_provider"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      #"{"component_type": "grid", "data": {"source": "https://cdn/p", "type": ⟦⟧"jw_providr"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
    ]
    let (dir, found, marked) = try check(components.joined(separator: ", "), files)
    assertDiagnostics(
      found, in: dir,
      [
        spec(
          "ZL0402", marked, 0, "unknown data source type 'jw_providr'",
          notes: ["'jw_provider' is the identifier of a data_source_provider plugin here; if it is the misspelled one, fix it there"],
          fixIt: #""jw_provider""#)
      ])
    XCTAssertNil(found.first?.fixIt?.range, "a hint, not a fix")
  }

  /// A root screen plugin's own `data.type` is checked as a component's: the real ZeeHomeScreen
  /// manifest takes a source and a type. Its source is not required, and a connected screen's
  /// data is the sender's.
  func testAScreenPluginsOwnDataTypeIsChecked() throws {
    // The published manifest's keys that matter here (its general and styles fields left out).
    let manifest = """
      {"platform": "ios", "author_name": "sborkin", "author_email": "s.borkin@applicaster.com", "manifest_version": "3.1.16",
       "name": "Zee5HomeScreen", "description": "Zee5 Home Screen", "type": "general", "screen": true, "identifier": "zee5_home_screen",
       "ui_builder_support": true, "min_zapp_sdk": "14.1.9", "whitelisted_account_ids": ["5cb825e102507200087bbdcc"],
       "data": {"fields": [{"key": "source", "type": "select"}, {"key": "type", "type": "select"}]}}
      """
    let marked = Marked(
      """
      [{"id": "home", "type": "zee5_home_screen", "home": true, "data": {"source": "", "type": ⟦⟧"APPLICASTER_ATOM_FED"}, "ui_components": [],
        "navigations": [{"category": "menu", "nav_items": [{"title": "Z", "data": {"target": "zee"}}]}]},
       {"id": "zee", "type": "zee5_home_screen", "data": {"type": "APPLICASTER_ATOM_FEED"}, "ui_components": []},
       {"id": "show", "type": "zee5_home_screen", "data": {"connected": true, "type": "APPLICASTER_ATOM_FED"}, "ui_components": []}]
      """)
    let dir = try makeProject(["components/zee.json": manifest, "screens/home.json": marked.text])
    let found = Driver.check(dir).diagnostics.filter { ["ZL0401", "ZL0402"].contains($0.code) }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0402", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "unknown data source type 'APPLICASTER_ATOM_FED'", fixIt: #""APPLICASTER_ATOM_FEED""#)
      ])
    XCTAssertNotNil(found.first?.fixIt?.range, "a fix: the type is built in")
  }

  /// A screen plugin whose manifest lists `data_types` takes only those on its own screen too.
  func testAScreenPluginTakesOnlyItsDataTypes() throws {
    let plugin = Example.manifest(
      #", "screen": true, "data_types": ["APPLICASTER_ATOM_FEED"]"# + Self.sourceAndType, identifier: "feed_screen", type: "general")
    let marked = Marked(
      #"[{"id": "other", "type": "feed_screen", "data": {"source": "1", "type": ⟦⟧"APPLICASTER_COLLECTION"}, "ui_components": []}]"#)
    let dir = try makeProject(Example.baseProject.merging(["components/f.json": plugin, "screens/o.json": marked.text]) { $1 })
    let found = Driver.check(dir).diagnostics
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0402", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'feed_screen' takes the data types APPLICASTER_ATOM_FEED, not 'APPLICASTER_COLLECTION'",
          notes: ["its manifest's data_types"])
      ])
  }

  /// A type written where no data is taken (a plugin without `data`, a component whose source is
  /// empty) is still checked: a misspelling of one is a typo in the project.
  func testATypeIsCheckedWhereNoDataIsTaken() throws {
    let files = ["components/b.json": Example.manifest("", identifier: "banner")]
    let components = [
      #"{"component_type": "banner", "data": {"type": ⟦⟧"APPLICASTER_COLECTION"}}"#,
      #"{"component_type": "banner", "data": {"type": "APPLICASTER_COLLECTION"}}"#,
      #"{"component_type": "grid", "data": {"source": ⟦⟧"", "type": ⟦⟧"APPLICASTER_FAVORITS"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
    ]
    let (dir, found, marked) = try check(components.joined(separator: ", "), files)
    assertDiagnostics(
      found, in: dir,
      [
        spec("ZL0402", marked, 0, "unknown data source type 'APPLICASTER_COLECTION'", fixIt: #""APPLICASTER_COLLECTION""#),
        spec("ZL0401", marked, 1, "'grid' component on root screen 'other' has no data source"),
        spec("ZL0402", marked, 2, "unknown data source type 'APPLICASTER_FAVORITS'", fixIt: #""APPLICASTER_FAVORITES""#),
      ])
  }

  /// A data type that names a data source provider uses that plugin: like a component type, it
  /// needs a manifest on every platform (ZL0610 at the type), and with one it checks clean.
  func testAProviderNamedByADataTypeNeedsAManifestOnEveryPlatform() throws {
    let zlc = ["zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#]
    func provider(_ platform: String) -> String {
      Example.manifest(#", "platform": "\#(platform)""#, identifier: "jw_provider", type: "data_source_provider")
    }
    let grid = #"{"component_type": "grid", "data": {"source": "1", "type": ⟦⟧"jw_provider"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let (dir, found, marked) = try check(grid, zlc.merging(["components/dsp-ios.json": provider("ios")]) { $1 })
    assertDiagnostics(
      found, in: dir,
      [
        spec(
          "ZL0610", marked, 0, "plugin 'jw_provider' has no manifest for platform 'android' (it has ios)", notes: ["manifest for 'ios'"])
      ])
    let both = zlc.merging(["components/dsp-ios.json": provider("ios"), "components/dsp-android.json": provider("android")]) { $1 }
    XCTAssertEqual(try check(grid, both).1.map { "\($0.code) \($0.message)" }, [])
  }

  /// A navigation item's own feed names its type as a component's does: a misspelled one is
  /// ZL0402 at the item's `data.type`, nested items too, with the known type it nearly is as its
  /// fix; a known type, and an item on a connected screen (as its components), are not reported.
  func testANavigationItemsDataTypeIsChecked() throws {
    let item = { (id: String, type: String) in
      #"{"id": "\#(id)", "title": "Live", "type": "applicaster_feed", "data": {"source": "3120", "type": \#(type)}}"#
    }
    let navigations =
      #", "navigations": [{"id": "bar", "category": "nav_bar", "nav_items": ["#
      + item("feed", #"⟦⟧"APPLICASTER_COLLECTON""#) + ", "
      + #"{"id": "more", "title": "More", "type": "nested_menu", "nav_items": ["#
      + item("cat", #"⟦⟧"APPLICASTER_CATEGROY""#) + ", " + item("ok", #""APPLICASTER_CATEGORY""#) + "]}]}]"
    let marked = Marked(
      #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]\#(navigations)}, "#
        + #"{"id": "shown", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": []"#
        + #", "navigations": [{"id": "bar2", "category": "nav_bar", "nav_items": [\#(item("feed2", #""APPLICASTER_COLLECTON""#))]}]}]"#)
    let dir = try makeProject(Example.baseProject.merging(["screens/o.json": marked.text]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0402" }, in: dir,
      [
        spec("ZL0402", marked, 0, "unknown data source type 'APPLICASTER_COLLECTON'", fixIt: #""APPLICASTER_COLLECTION""#),
        spec("ZL0402", marked, 1, "unknown data source type 'APPLICASTER_CATEGROY'", fixIt: #""APPLICASTER_CATEGORY""#),
      ])
  }
}
