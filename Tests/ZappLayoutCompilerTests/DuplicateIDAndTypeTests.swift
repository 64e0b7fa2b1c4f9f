import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Ids written twice where a client finds one thing by id (ZL0423), a map of screens that lists a
/// screen under another key than its id (ZL0334), and a plugin whose manifests give it different
/// types (ZL0621), or make it a screen plugin on some platforms only (ZL0312): mistakes that built
/// green.
final class DuplicateIDAndTypeTests: XCTestCase {
  /// The example project with `files` written over it, checked; the diagnostics of `code` only.
  func check(_ files: [String: String], code: String) throws -> (dir: String, diagnostics: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == code })
  }

  /// A group's component with the id of a top-level one, a nested navigation item with the id of
  /// an item of its menu, and a second navigation with the first's id are each reported at the
  /// second, with a note at the first. Empty ids, a navigation item with a component's id, an item
  /// with the id of another navigation's item and an id another screen uses too are not.
  func testAnIdWrittenTwiceOnAScreenIsReported() throws {
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [
          {"id": "hero", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}},
          {"id": "", "component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}},
          {"id": "", "component_type": "grid", "data": {"source": "3", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}},
          {"id": "featured", "component_type": "group", "ui_components": [
            {"id": "hero", "component_type": "grid", "data": {"source": "4", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}],
        "navigations": [
          {"id": "menu", "category": "menu", "nav_items": [
            {"id": "a", "title": "Home", "data": {"target": "home"}},
            {"id": "b", "title": "More", "nav_items": [{"id": "a", "title": "Home", "data": {"target": "home"}}]}]},
          {"id": "menu", "category": "nav_bar", "nav_items": [{"id": "hero", "title": "Hero"}, {"id": "a", "title": "Home"}]}]}]
      """#
    let home = Example.home.replacingOccurrences(of: #"[{"component_type": "grid""#, with: #"[{"id": "hero", "component_type": "grid""#)
    XCTAssertNotEqual(home, Example.home)
    let (dir, found) = try check(["screens/o.json": screen, "screens/home.json": home], code: "ZL0423")
    let file = "screens/o.json"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0423", file: file, line: 7, column: 14, message: "component id 'hero' is already used on screen 'other'",
          notes: ["first used here"]),
        DiagnosticSpec(
          code: "ZL0423", file: file, line: 11, column: 57,
          message: "navigation item id 'a' is already used in navigation 'menu' of screen 'other'",
          notes: ["first used here"]),
        DiagnosticSpec(
          code: "ZL0423", file: file, line: 12, column: 12, message: "navigation id 'menu' is already used on screen 'other'",
          notes: ["first used here"]),
      ])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [3, 10, 9])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.column }, [12, 14, 12])
    XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning])
  }

  /// An id written three times is reported at the second and the third, each with a note at the
  /// first; an id escaped (`c\u0031`) is the id it spells, while `é` and `e` with a combining
  /// accent are two ids, as clients compare them.
  func testIdsAreComparedByTheirExactText() throws {
    let grid =
      #""component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}"#
    let ids = [#""c1""#, #""x""#, #""c\u0031""#, #""\u00e9""#, #""e\u0301""#, #""c1""#]
    let screen = Example.screen(ids.map { "{\"id\": \($0), \(grid)}" }.joined(separator: ", "))
    let (_, found) = try check(["screens/o.json": screen], code: "ZL0423")
    XCTAssertEqual(found.map(\.message), Array(repeating: "component id 'c1' is already used on screen 'other'", count: 2))
    let first = found.compactMap { $0.notes.first?.spot?.location.offset }
    XCTAssertEqual(Set(first).count, 1, "each note is at the first")
    let reported = found.compactMap { $0.location?.offset }
    XCTAssertEqual(reported.count, 2)
    XCTAssertTrue(reported.allSatisfy { $0 > first[0] })
  }

  /// Ids each written once pass, and so does the demo app, whose ids are all distinct.
  func testDistinctIdsPass() throws {
    let screen = Example.screen(
      #"{"id": "hero", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}, {"id": "popular", "component_type": "group", "ui_components": [{"id": "popular-grid", "component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}"#,
      extra:
        #", "navigations": [{"id": "menu", "category": "menu", "nav_items": [{"id": "a", "title": "Home", "data": {"target": "home"}}]}, {"id": "bar", "category": "nav_bar", "nav_items": [{"id": "b", "title": "B"}]}]"#
    )
    XCTAssertEqual(try check(["screens/o.json": screen], code: "ZL0423").diagnostics.map(\.message), [])
    let demo = repositoryRoot.appendingPathComponent("manifests").path
    XCTAssertEqual(Driver.check(demo).diagnostics.filter { $0.code == "ZL0423" }.map(\.message), [])
  }

  /// A plugin of type `general` on tvos and `ui_component` on ios and android: the tvos manifest,
  /// the one fewer give, is reported at its `type`, with notes at the others' (in platform order):
  /// a warning while no screen uses the plugin, an error once one does. With two platforms, either
  /// may be wrong, and both are reported.
  func testAPluginTypedDifferentlyOnOnePlatformIsReported() throws {
    let files = [
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#),
      "components/x_tvos.json": Example.manifest(#", "platform": "tvos""#, type: "general"),
    ]
    // The column of the `type` value's quote: what follows `"type": "` is the rest of the line.
    let text = Example.manifest("")
    let typeColumn = text.utf8.count - (text.components(separatedBy: #""type": ""#).last?.utf8.count ?? 0)
    let tvos = DiagnosticSpec(
      code: "ZL0621", file: "components/x_tvos.json", line: 1, column: typeColumn,
      message: "the 'x' manifest for tvos gives the plugin type 'general', while its manifests for android and ios give 'ui_component'",
      notes: ["type 'ui_component' in the manifest for android", "type 'ui_component' in the manifest for ios"])
    let (dir, found) = try check(files, code: "ZL0621")
    assertDiagnostics(found, in: dir, [tvos])
    XCTAssertEqual(found.first?.severity, .warning)
    XCTAssertEqual(
      found.first?.notes.compactMap { $0.spot?.file.path.split(separator: "/").last.map(String.init) }, ["x_android.json", "x_ios.json"])

    let used = files.merging(["screens/x.json": Example.screen(#"{"id": "x1", "component_type": "x"}"#, id: "xs")]) { $1 }
    let (usedDir, usedFound) = try check(used, code: "ZL0621")
    assertDiagnostics(usedFound, in: usedDir, [tvos])
    XCTAssertEqual(usedFound.first?.severity, .error)

    let two = [
      "components/x_ios.json": files["components/x_ios.json"] ?? "",
      "components/x_android.json": Example.manifest(#", "platform": "android""#, type: "general"),
    ]
    let (twoDir, both) = try check(two, code: "ZL0621")
    assertDiagnostics(
      both, in: twoDir,
      [
        DiagnosticSpec(
          code: "ZL0621", file: "components/x_android.json", line: 1, column: typeColumn,
          message: "the 'x' manifest for android gives the plugin type 'general', while its manifest for ios gives 'ui_component'",
          notes: ["type 'ui_component' in the manifest for ios"]),
        DiagnosticSpec(
          code: "ZL0621", file: "components/x_ios.json", line: 1, column: typeColumn,
          message: "the 'x' manifest for ios gives the plugin type 'ui_component', while its manifest for android gives 'general'",
          notes: ["type 'general' in the manifest for android"]),
      ])

    // A platform with no manifest of its own takes the first: one manifest for two platforms.
    let shared = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}, "tvos": {}}}"#,
      "components/x_ios.json": files["components/x_ios.json"] ?? "",
      "components/x_tvos.json": files["components/x_tvos.json"] ?? "",
    ]
    let (sharedDir, sharedFound) = try check(shared, code: "ZL0621")
    assertDiagnostics(
      sharedFound, in: sharedDir,
      [
        DiagnosticSpec(
          code: "ZL0621", file: "components/x_tvos.json", line: 1, column: typeColumn,
          message: "the 'x' manifest for tvos gives the plugin type 'general', while its manifest for android and ios gives 'ui_component'",
          notes: ["type 'ui_component' in the manifest for android and ios"])
      ])
  }

  /// Only the manifests of the platforms the app builds are compared, as their bundles take them:
  /// a tvos manifest beside an app of ios and android, and a Quick Brick manifest of ios beside
  /// the native one an ios bundle takes, are not.
  func testManifestsOfPlatformsNotBuiltAreNotCompared() throws {
    let unbuilt = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#),
      "components/x_tvos.json": Example.manifest(#", "platform": "tvos""#, type: "general"),
    ]
    XCTAssertEqual(try check(unbuilt, code: "ZL0621").diagnostics.map(\.message), [])
    let runtimes = [
      "components/x.json": Example.manifest(""),
      "components/x_ios.json": Example.manifest(#", "platform": "ios", "ui_frameworks": ["native"]"#),
      "components/x_ios_qb.json": Example.manifest(#", "platform": "ios", "ui_frameworks": ["quickbrick"]"#, type: "general"),
    ]
    XCTAssertEqual(try check(runtimes, code: "ZL0621").diagnostics.map(\.message), [])
  }

  /// Manifests of one type on every platform pass, and so do two manifests for one platform that
  /// differ (a duplicate, ZL0606's) and the real manifests, which give each plugin one type.
  func testOneTypeOnEveryPlatformPasses() throws {
    let files = [
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#),
      "components/y_ios.json": Example.manifest(#", "platform": "ios""#, identifier: "y"),
      "components/y_ios2.json": Example.manifest(#", "platform": "ios""#, identifier: "y", type: "general"),
    ]
    let (_, found) = try check(files, code: "ZL0621")
    XCTAssertEqual(found.map(\.message), [])
    let (_, duplicates) = try check(files, code: "ZL0606")
    XCTAssertEqual(duplicates.count, 1, "the second ios manifest of y is ZL0606's")
  }

  /// In a map of screens (under `rivers` here), a screen listed under a key other than its id is
  /// reported at the key, with a note at the id; a key that is the id, `$schema` and a screen
  /// without an id (ZL0201's) are not.
  func testAMapKeyOtherThanTheScreensIdIsReported() throws {
    let screens = #"""
      {"rivers": {
        "$schema": "https://example.com/rivers.json",
        "other": {"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": []},
        "film": {"id": "movie", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": []},
        "nameless": {"type": "general_content", "ui_components": []}
      }}
      """#
    let (dir, found) = try check(["screens/o.json": screens], code: "ZL0334")
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0334", file: "screens/o.json", line: 4, column: 3,
          message: "screen 'movie' is listed under the key 'film'; the bundle knows it by its id alone", notes: ["its id"])
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.line, 4)
    XCTAssertEqual(found.first?.notes.first?.spot?.location.column, 18)
    XCTAssertEqual(found.first?.severity, .warning)
    let fixed = screens.replacingOccurrences(of: #""film""#, with: #""movie""#)
    XCTAssertEqual(try check(["screens/o.json": fixed], code: "ZL0334").diagnostics.map(\.message), [])
  }

  /// A screen plugin whose manifests for some platforms do not say `"screen": true` opens nothing
  /// there: the screen's type is reported (ZL0312), naming those platforms, with a note at each
  /// manifest's `screen` (or its identifier, when it has none). With every manifest a screen
  /// plugin's, nothing is.
  func testAScreenPluginThatIsNoScreenPluginOnSomePlatformsIsReported() throws {
    func manifest(_ extra: String) -> String { Example.manifest(extra, identifier: "player", type: "player") }
    let android = manifest(#", "platform": "android", "screen": false"#)
    let files = [
      "components/ios.json": manifest(#", "platform": "ios", "screen": true"#),
      "components/android.json": android,
      "components/tvos.json": manifest(#", "platform": "tvos""#),
      "screens/p.json": #"[{"id": "play", "type": "player"}]"#,
    ]
    let (dir, found) = try check(files, code: "ZL0312")
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0312", file: "screens/p.json", line: 1, column: 25,
          message: #"'player' is not a screen plugin on android, tvos (its manifest there does not say "screen": true)"#,
          notes: ["the manifest for android", "the manifest for tvos"])
      ])
    let screenColumn = android.utf8.count - (android.components(separatedBy: #""screen": "#).last?.utf8.count ?? 0) + 1
    let identifierColumn = android.utf8.count - (android.components(separatedBy: #""identifier": "#).last?.utf8.count ?? 0) + 1
    XCTAssertEqual(found.first?.notes.map { $0.spot?.location.column }, [screenColumn, identifierColumn])
    XCTAssertEqual(
      found.first?.notes.compactMap { $0.spot?.file.path.split(separator: "/").last.map(String.init) }, ["android.json", "tvos.json"])

    var screens = files
    screens["components/android.json"] = manifest(#", "platform": "android", "screen": true"#)
    screens["components/tvos.json"] = manifest(#", "platform": "tvos", "screen": "true""#)
    XCTAssertEqual(try check(screens, code: "ZL0312").diagnostics.map(\.message), [])
  }
}
