import Foundation
import XCTest
import ZappLayout

/// Runs the built `zlc` binary and checks output, exit status and written files.
final class EndToEndTests: XCTestCase {
  static let root = repositoryRoot
  static let shared = sharedFolder

  func testCheckDemoIsClean() throws {
    let r = try zlc(["check", "manifests/"])
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertEqual(
      r.err,
      "fleet: ios: 1 client version (installs not given): 20.0.0..<21.0.0 draws every screen\nmanifests/: ok, 0 errors, 0 warnings in 13 files\n"
    )
  }

  func testTrailingCommaAndDuplicateKeyInText() throws {
    let dir = temporary()
    let screens = dir.appendingPathComponent("p/screens")
    try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
    try "[{\"ui_components\": [], \"id\": \"a\",\n  \"id\": \"b\", \"type\": \"favorites\", \"home\": true,}]".write(
      to: screens.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    let r = try zlc(["check", "p"], cwd: dir)
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.err.contains("p/screens/s.json:2:3: error: duplicate key 'id' [ZL0107]"), r.err)
    XCTAssertTrue(r.err.contains("p/screens/s.json:1:24: note: 'id' is first defined here"), r.err)
    XCTAssertTrue(r.err.contains("p/screens/s.json:2:47: error: trailing comma before '}' [ZL0102]"), r.err)
    XCTAssertTrue(r.err.contains("2 |   \"id\": \"b\""), r.err)
    let json = try zlc(["check", "p", "--format", "json"], cwd: dir)
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
    let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
    XCTAssertEqual(diagnostics.first?["code"] as? String, "ZL0107")
    XCTAssertEqual(diagnostics.first?["pointer"] as? String, "/0/id")
    let github = try zlc(["check", "p", "--format", "github"], cwd: dir)
    XCTAssertEqual(
      github.out.split(separator: "\n").first.map(String.init),
      "::error file=p/screens/s.json,line=2,col=3,title=ZL0107::duplicate key 'id'%0Ap/screens/s.json:1:24: note: 'id' is first defined here"
    )
  }

  /// `zlc schema` prints draft-07 schemas that accept every file of the demo and reject shape
  /// defects `zlc check` reports (checked with Python's jsonschema, which .ci/run installs).
  /// `zlc schema` refuses what `zlc check` refuses: a folder that is no project for `--project`
  /// (the screens folder itself, whose enums would hold none of the project's names), a project
  /// with errors, and a Markdown file it cannot read (74, as every unreadable file).
  func testSchemaRefusesAFolderThatIsNoProjectAndAnUnreadableFile() throws {
    let screens = try zlc(["schema", "screens", "--project", "manifests/screens"])
    XCTAssertEqual(screens.status, 1, screens.err)
    XCTAssertTrue(screens.err.contains("[ZL0112]"), screens.err)
    XCTAssertEqual(screens.out, "")
    XCTAssertEqual(try zlc(["schema", "screens", "--project", "manifests"]).status, 0)
    // A project with an unreadable family would give enums without its cell styles: refused too.
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "tw"], cwd: dir).status, 0)
    let project = dir.appendingPathComponent("tw")
    try Data("{ broken".utf8).write(to: project.appendingPathComponent("families/STARTER.json"))
    let broken = try zlc(["schema", "screens", "--project", project.path])
    XCTAssertEqual(broken.status, 1, broken.err)
    XCTAssertEqual(broken.out, "")
    XCTAssertTrue(broken.err.contains("families/STARTER.json:1:3: error: expected a key in double quotes, found 'b' [ZL0101]"), broken.err)
    XCTAssertTrue(
      broken.err.hasSuffix("no schema printed: fix the errors above, or its enums would lack the project's names\n"), broken.err)
    // A typo in a screen leaves every name whole: the schema is printed, with the screen ids.
    XCTAssertEqual(try zlc(["init", "typo"], cwd: dir).status, 0)
    let home = dir.appendingPathComponent("typo/screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"grid\"", with: "\"gird\"").utf8).write(to: home)
    XCTAssertEqual(try zlc(["check", "typo"], cwd: dir).status, 1)
    let typo = try zlc(["schema", "screens", "--project", "typo"], cwd: dir)
    XCTAssertEqual(typo.status, 0, typo.err)
    XCTAssertTrue(typo.out.contains("\"home\""), "the screen ids are enums")
    let missing = try zlc(["schema", "bundle", "--markdown", "/nonexistent/bundle.md"])
    XCTAssertEqual(missing.status, 74, missing.err)
    XCTAssertEqual(missing.err, "error: cannot read '/nonexistent/bundle.md': No such file or directory\n")
    let folder = try zlc(["schema", "bundle", "--markdown", dir.path])
    XCTAssertEqual(folder.status, 64, folder.err)
    XCTAssertEqual(folder.err, "error: '\(dir.path)' is a folder, not a Markdown file\n")
    let latin1 = dir.appendingPathComponent("latin1.md")
    try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: latin1)
    let notText = try zlc(["schema", "bundle", "--markdown", latin1.path])
    XCTAssertEqual(notText.status, 1, notText.err)
    XCTAssertEqual(notText.err, "error: '\(latin1.path)' is not UTF-8 text\n")
  }

  /// `--markdown` refuses an empty path as a usage error, and a pipe or a device as not a regular
  /// file: before, the one read "the system gave no reason" and the others "Permission denied".
  func testSchemaMarkdownRefusesAnEmptyPathAndFilesThatAreNotRegular() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let empty = try zlc(["schema", "bundle", "--markdown", ""])
    XCTAssertEqual(empty.status, 64, empty.err)
    XCTAssertEqual(empty.err, "error: --markdown takes the path of a Markdown file (docs/bundle.md); '' names none\n")
    XCTAssertEqual(empty.out, "")
    let pipe = dir.appendingPathComponent("pipe.md").path
    XCTAssertEqual(mkfifo(pipe, 0o600), 0)
    for path in [pipe, "/dev/null"] {
      let r = try zlc(["schema", "bundle", "--markdown", path])
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertEqual(r.err, "error: '\(path)' is not a regular file\n")
      XCTAssertEqual(r.out, "")
    }
  }

  func testSchemasAcceptTheDemoAndRejectShapeDefects() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let demo = Self.root.appendingPathComponent("manifests")
    let cases: [(kind: String, good: [String], bad: String)] = [
      (
        "screens", ["screens/home.json", "screens/browse.json", "screens/show.json", "screens/plugins.json"],
        #"[{"id": "x", "type": "general_content", "stlyes": {}}]"#
      ),
      (
        "manifest", ["components/promo_banner.json", "components/player.json"],
        #"{"identifier": "x", "type": "ui_component", "manifest_version": 1}"#
      ),
      ("settings", ["zlc.json"], #"{"devices": [{"name": "p", "class": "phone", "width": "wide"}]}"#),
      ("screen-types", ["screen_types.json"], #"{"screen_types": {"show": 3}}"#),
      ("feed", ["feeds/show.json", "feeds/season.json"], #"{"entry": {"id": "not an array"}}"#),
      ("registry", ["registries/ios.json"], #"{"platform": "ios", "client_version": "20.1", "cell_layouts": "layout_01_grid_01"}"#),
      ("family", ["../families/FAMILY_2.json"], #"{"name": "F", "components": [{"type": "grid", "layout": "flw", "colums": 2}]}"#),
      (
        "bundle", ["../Tests/Golden/demo-bundle/bundle.json", "../Tests/Golden/demo-bundle-expanded/bundle.json"],
        #"{"format_version": 1, "app": null, "zlc_version": "1", "devices": [], "screens": [], "screen_types": {}, "content_types": {}, "extra": 1}"#
      ),
    ]
    for c in cases {
      let r = try zlc(["schema", c.kind])
      XCTAssertEqual(r.status, 0, r.err)
      let schema = dir.appendingPathComponent("\(c.kind).schema.json")
      try r.out.write(to: schema, atomically: true, encoding: .utf8)
      let bad = dir.appendingPathComponent("bad.json")
      try c.bad.write(to: bad, atomically: true, encoding: .utf8)
      let counts = try jsonSchemaErrors(schema, [bad.path] + c.good.map { demo.appendingPathComponent($0).path })
      XCTAssertEqual(counts.count, c.good.count + 1, "\(c.kind): \(counts)")
      XCTAssertGreaterThan(counts.first ?? 0, 0, "\(c.kind): the defect is rejected")
      XCTAssertEqual(Array(counts.dropFirst()), Array(repeating: 0, count: c.good.count), "\(c.kind): the demo is accepted")
    }
    let all = try zlc(["schema"])
    XCTAssertEqual(all.status, 0)
    let kinds = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [String: Any])
    XCTAssertEqual(Set(kinds.keys), ["screens", "manifest", "feed", "settings", "screen-types", "bundle", "registry", "family"])
    let unknown = try zlc(["schema", "families"])
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(
      unknown.err.contains("the schemas are screens, manifest, feed, settings, screen-types, bundle, registry, family"), unknown.err)
  }

  /// Every screen file of both golden bundles validates against `zlc schema bundle`'s screen
  /// definition, whose typed objects are closed: a key the encoder wrote and the schema lacks fails.
  func testTheGoldenBundleValidatesAgainstTheBundleSchema() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try zlc(["schema", "bundle"])
    XCTAssertEqual(r.status, 0, r.err)
    let schema = dir.appendingPathComponent("bundle.schema.json")
    try r.out.write(to: schema, atomically: true, encoding: .utf8)
    var screens: [String] = []
    for folder in ["demo-bundle", "demo-bundle-expanded"] {
      let golden = Self.root.appendingPathComponent("Tests/Golden/\(folder)/screens")
      screens += try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted().map { golden.appendingPathComponent($0).path }
    }
    let expanded = Self.root.appendingPathComponent("Tests/Golden/demo-bundle-expanded/screens")
    let home = try String(contentsOfFile: expanded.appendingPathComponent("home.json").path, encoding: .utf8)
    let bad = dir.appendingPathComponent("bad.json")
    try home.replacingOccurrences(of: #""inter_item_spacing""#, with: #""spacing_between""#).write(
      to: bad, atomically: true, encoding: .utf8)
    let counts = try jsonSchemaErrors(schema, [bad.path] + screens, definition: "screen")
    XCTAssertEqual(counts.count, screens.count + 1, "\(counts)")
    XCTAssertGreaterThan(counts.first ?? 0, 0, "an unknown layout key is rejected")
    XCTAssertEqual(Array(counts.dropFirst()), Array(repeating: 0, count: screens.count), "every golden screen validates")
  }

  func testSarifValidatesAgainstTheSchema() throws {
    let schema = Self.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
    try requireShared(schema)
    let dir = temporary()
    let project = try copyDemo(to: dir)
    // A typo of the screen id `shows` carries a fix-it, which SARIF holds as a `fix`, and so does
    // the trailing comma (a deletion).
    try "{ \"screen_types\": { \"x\": \"shws\" },}".write(
      to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)
    let r = try zlc(["check", project.path, "--format", "sarif"])
    XCTAssertEqual(r.status, 1)
    let sarif = dir.appendingPathComponent("out.sarif")
    try r.out.write(to: sarif, atomically: true, encoding: .utf8)
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))); print(sum(len(r.get('fixes', [])) for r in json.load(open(sys.argv[1]))['runs'][0]['results']))",
      sarif.path, schema.path,
    ]
    let pipe = Pipe()
    python.standardOutput = pipe
    try python.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    python.waitUntilExit()
    XCTAssertEqual(python.terminationStatus, 0, "SARIF does not validate")
    XCTAssertEqual(out.trimmingCharacters(in: .whitespacesAndNewlines), "2", "two results carry a fix")
  }

  /// The demo's bundle, compact (the default) and `--expanded`, is the committed golden bundle, and
  /// a second build gives the same bytes.
  func testBuildMatchesGoldenAndIsDeterministic() throws {
    let dir = temporary()
    for (golden, flags) in [("demo-bundle", []), ("demo-bundle-expanded", ["--expanded"])] {
      let a = try zlc(["build", "manifests/", "-o", dir.appendingPathComponent(golden + "-a").path] + flags)
      XCTAssertEqual(a.status, 0, a.err)
      _ = try zlc(["build", "manifests/", "-o", dir.appendingPathComponent(golden + "-b").path] + flags)
      let built = dir.appendingPathComponent(golden + "-a")
      let files = try FileManager.default.subpathsOfDirectory(atPath: built.path).filter { $0.hasSuffix(".json") }.sorted()
      XCTAssertEqual(files.count, 12)
      for file in files {
        let text = try String(contentsOf: built.appendingPathComponent(file), encoding: .utf8)
        try assertMatchesGolden(text, golden: "Tests/Golden/\(golden)/" + file)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(golden + "-b/" + file)), Data(text.utf8), "\(file): deterministic")
      }
    }
    let compact = try Data(contentsOf: dir.appendingPathComponent("demo-bundle-a/rivers.json"))
    let expanded = try Data(contentsOf: dir.appendingPathComponent("demo-bundle-expanded-a/rivers.json"))
    XCTAssertLessThan(compact.count * 3, expanded.count, "the compact rivers.json repeats no layout")
    // The runtime models decode every file of the bundle.
    let bundle = try ScreenBundle.load(from: dir.appendingPathComponent("demo-bundle-a"))
    XCTAssertEqual(try bundle.screens.count, 10)
    let show = try XCTUnwrap(bundle.screen(id: "show"))
    XCTAssertEqual(show.resolved.sections.map(\.data.child), [0, 1, 2])
    XCTAssertEqual(show.resolved.sections[0].layout(on: "phone")?.item.width, 343)
    XCTAssertEqual(bundle.index.screenID(forScreenType: "movie"), "movie", "names are resolved to ids")
  }

  /// The key tables of docs/bundle.md are the contract's field tables (`make docs` writes them).
  func testTheBundleDocumentsEveryKeyOfTheContract() throws {
    let r = try zlc(["schema", "bundle", "--markdown", "docs/bundle.md"])
    XCTAssertEqual(r.status, 0, r.err)
    let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/bundle.md"), encoding: .utf8)
    XCTAssertTrue(r.out == doc, "docs/bundle.md is stale: run make docs\n" + unifiedDiff(doc, r.out))
    XCTAssertTrue(doc.contains("| `layout_ref` | string, optional | compact form: "), "a generated row")
    let unknown = try zlc(["schema", "screens", "--markdown", "docs/bundle.md"])
    XCTAssertEqual(unknown.status, 64)
    // A file without the tables is named with its control characters shown.
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("# notes\n".utf8).write(to: dir.appendingPathComponent("a\u{1B}[31m.md"))
    let bare = try zlc(["schema", "bundle", "--markdown", "a\u{1B}[31m.md"], cwd: dir)
    XCTAssertEqual(bare.status, 1)
    XCTAssertTrue(bare.err.hasPrefix("error: 'a\\u{1B}[31m.md' has no key table for "), bare.err)
  }

  func testFailedBuildKeepsThePreviousBundleAndIdsStayInside() throws {
    let dir = temporary()
    let project = try copyDemo(to: dir)
    let out = dir.appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    let before = try Data(contentsOf: out.appendingPathComponent("bundle.json"))
    try "[{\"id\": \"x\",]".write(to: project.appendingPathComponent("screens/broken.json"), atomically: true, encoding: .utf8)
    let failed = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(failed.status, 1)
    XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("bundle.json")), before)
    try FileManager.default.removeItem(at: project.appendingPathComponent("screens/broken.json"))
    try "[{\"id\": \"../../x\", \"type\": \"favorites\", \"ui_components\": []}]".write(
      to: project.appendingPathComponent("screens/evil.json"), atomically: true, encoding: .utf8)
    var nav = try String(contentsOf: project.appendingPathComponent("screens/home.json"), encoding: .utf8)
    nav = nav.replacingOccurrences(
      of: "{ \"id\": \"menu-home\", \"title\": \"Home\", \"type\": \"label\", \"data\": { \"target\": \"home\" } },",
      with:
        "{ \"id\": \"menu-home\", \"title\": \"Home\", \"type\": \"label\", \"data\": { \"target\": \"home\" } }, { \"title\": \"X\", \"data\": { \"target\": \"../../x\" } },"
    )
    try nav.write(to: project.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    let evil = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(evil.status, 0, evil.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.json").path))
    let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("screens").path)
    XCTAssertTrue(names.contains { $0.hasPrefix("_._.._x~9cdf6a50") && $0.hasSuffix(".json") }, "\(names)")
  }

  func testMapShowsTheBindingsAndDecodes() throws {
    let r = try zlc([
      "map", "show", "--project", "manifests/", "--sender", "manifests/feeds/show.json", "--device", "tablet-landscape", "--format", "json",
    ])
    XCTAssertEqual(r.status, 0, r.err)
    let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
    let sections = object?["sections"] as? [[String: Any]] ?? []
    XCTAssertEqual(sections.map { $0["child"] as? Int }, [0, 1, 2])
    XCTAssertEqual(sections[1]["opens"] as? String, "season")
    XCTAssertEqual((sections[2]["items"] as? [String: Int])?["after"], 3)
    let malformed = temporary().appendingPathComponent("feed.json")
    try "{\"entry\": [1,]".write(to: malformed, atomically: true, encoding: .utf8)
    let bad = try zlc(["map", "show", "--project", "manifests/", "--sender", malformed.path])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.err.contains("feed.json:1:13: error: trailing comma"), bad.err)
    // An entry's id of a type no client reads is an error too, not an entry without an id.
    try #"{"entry": [{"id": "a"}, {"id": true}]}"#.write(to: malformed, atomically: true, encoding: .utf8)
    let badID = try zlc(["map", "show", "--project", "manifests/", "--sender", malformed.path])
    XCTAssertEqual(badID.status, 1)
    XCTAssertTrue(badID.err.contains("feed.json:1:32: error: 'id' must be a string or a number, found a boolean"), badID.err)
    // A root screen takes no sender: a usage error, not a table that ignores it.
    let root = try zlc(["map", "home", "--project", "manifests/", "--sender", "manifests/feeds/show.json"])
    XCTAssertEqual(root.status, 64, root.err)
    XCTAssertEqual(root.out, "")
    XCTAssertTrue(root.err.contains("error: the screen 'home' is not connected: its components have their own data sources"), root.err)
    XCTAssertEqual(try zlc(["map", "home", "--project", "manifests/"]).status, 0, "without a sender, a root screen maps")
  }

  /// `zlc map` on each connected screen of the demo with its sample feed prints the committed
  /// table (Tests/Golden/map; `make golden` rewrites it after an intended change).
  func testMapTablesOfTheDemoMatchGolden() throws {
    for screen in ["show", "season", "movie"] {
      for device in ["phone", "tablet-landscape"] {
        let r = try zlc(["map", screen, "--project", "manifests", "--sender", "manifests/feeds/\(screen).json", "--device", device])
        XCTAssertEqual(r.status, 0, r.err)
        try assertMatchesGolden(r.out, golden: "Tests/Golden/map/\(screen).\(device).txt")
      }
    }
    // The season feed has a child the screen does not take: a warning at the child, exit 0.
    let season = try zlc(["map", "season", "--project", "manifests", "--sender", "manifests/feeds/season.json"])
    XCTAssertTrue(
      season.err.contains("manifests/feeds/season.json:24:5: warning: the sender has 3 children but the screen takes 2"), season.err)
    XCTAssertTrue(season.err.contains("[ZL0701]"), season.err)
  }

  /// The mapper's findings are diagnostics with codes and positions, like every other rule.
  func testMapFindingsAreDiagnosticsWithPositions() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    // A connected results screen with a search bar, which accepts only atom feeds and collections.
    try """
    {"id": "results", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_2"},
     "ui_components": [{"component_type": "search_bar", "data": {"source": "", "type": ""}},
                       {"component_type": "grid", "data": {"source": ""}, "styles": {"cell_styles": ["GRID_1"]}}]}
    """.write(to: project.appendingPathComponent("screens/results.json"), atomically: true, encoding: .utf8)
    let types = try String(contentsOf: project.appendingPathComponent("screen_types.json"), encoding: .utf8)
    try types.replacingOccurrences(of: #""show": "show","#, with: #""show": "show", "results": "results","#)
      .write(to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)
    let feed = dir.appendingPathComponent("results-feed.json")
    try """
    {"entry": [
      {"id": "web", "type": {"value": "link"}, "content": {"src": "https://x/page?type=WEB_URL"}},
      {"id": "more", "type": {"value": "feed"}, "screen_type": "nowhere", "entry": []}
    ]}
    """.write(to: feed, atomically: true, encoding: .utf8)
    let r = try zlc(["map", "results", "--project", project.path, "--sender", feed.path])
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertTrue(r.err.contains("results-feed.json:2:3: warning: child 0 ('web', type WEB_URL) is not a type 'search_bar' accepts"), r.err)
    XCTAssertTrue(r.err.contains("[ZL0703]"), r.err)
    XCTAssertTrue(
      r.err.contains("results-feed.json:3:60: warning: child 1 has screen_type 'nowhere', which opens no screen [ZL0705]"), r.err)
    XCTAssertTrue(r.out.contains("incompatible"), r.out)

    // No sender: every data section is empty, reported at its component.
    let empty = try zlc(["map", "results", "--project", project.path, "--format", "json"])
    XCTAssertEqual(empty.status, 0, empty.err)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(empty.out.utf8)) as? [String: Any])
    let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
    XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["ZL0702", "ZL0702"])
    XCTAssertEqual(diagnostics.map { $0["line"] as? Int }, [2, 3])
    XCTAssertEqual(diagnostics.map { $0["pointer"] as? String }, ["/ui_components/0", "/ui_components/1"])
    XCTAssertEqual(
      diagnostics.map { $0["message"] as? String },
      [0, 1].map { "section \($0) ('\(["search_bar", "grid"][$0])') gets no child: no sender was given (--sender FEED.json)" })

    // A screen that does not exist: a bad argument, exit 64, as a bad --device or a sender for a
    // root screen (ZL0704 too).
    let unknown = try zlc(["map", "resluts", "--project", project.path])
    XCTAssertEqual(unknown.status, 64, unknown.err)
    XCTAssertTrue(
      unknown.err.contains(
        "error: no screen has the id, name, screen_type or ui_tag 'resluts' [ZL0704]\n = fix-it: did you mean 'results'?\n"),
      unknown.err)

    // A device the project does not have: its own code (ZL0113), exit 64, the closest as a fix-it.
    let device = try zlc(["map", "results", "--project", project.path, "--device", "phon"])
    XCTAssertEqual(device.status, 64, device.err)
    XCTAssertTrue(
      device.err.contains(": error: no device 'phon'; the project's devices are phone, tablet-portrait, tablet-landscape [ZL0113]\n"),
      device.err)
    XCTAssertTrue(device.err.contains("\n = fix-it: did you mean 'phone'?\n"), device.err)
  }

  /// `zlc build --watch` builds, then builds again when a file changes; a change with an error
  /// leaves the bundle as it was.
  func testBuildWatchRebuildsOnChange() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let output = dir.appendingPathComponent("bundle")
    let process = Process()
    process.executableURL = Self.root.appendingPathComponent(".build/debug/zlc")
    process.arguments = ["build", project.path, "-o", output.path, "--watch"]
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    func waitFor(_ condition: () -> Bool) -> Bool {
      for _ in 0..<200 {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.1)
      }
      return false
    }
    let index = output.appendingPathComponent("bundle.json")
    let rivers = output.appendingPathComponent("rivers.json")
    XCTAssertTrue(waitFor { FileManager.default.fileExists(atPath: index.path) }, "the first build")
    let browse = project.appendingPathComponent("screens/browse.json")
    let text = try String(contentsOf: browse, encoding: .utf8)
    try text.replacingOccurrences(of: #""name": "Shows""#, with: #""name": "All shows""#).write(
      to: browse, atomically: true, encoding: .utf8)
    XCTAssertTrue(waitFor { (try? String(contentsOf: rivers, encoding: .utf8))?.contains("All shows") == true }, "rebuilt after the change")
    let built = try Data(contentsOf: rivers)
    try text.replacingOccurrences(of: #""name": "Shows""#, with: #""name": 7"#).write(to: browse, atomically: true, encoding: .utf8)
    Thread.sleep(forTimeInterval: 2)
    XCTAssertEqual(try Data(contentsOf: rivers), built, "a project with errors is not written")
    XCTAssertTrue(process.isRunning, "still watching after an error")
  }

  /// `zlc preview` draws every screen on every device from the resolved layout, deterministically.
  func testPreviewDrawsTheResolvedLayout() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("preview")
    let r = try zlc(["preview", "manifests", "-o", output.path])
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertTrue(r.err.contains("10 screens on 3 devices"), r.err)
    let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
    XCTAssertEqual(index.components(separatedBy: "<li class=\"card ").count - 1, 10)
    // The show page: every device, and each section's item size as the bundle has it.
    let bundle = try ScreenBundle.load(from: Self.root.appendingPathComponent("Tests/Golden/demo-bundle"))
    let show = try XCTUnwrap(bundle.screen(id: "show"))
    let page = try String(contentsOf: output.appendingPathComponent("show.html"), encoding: .utf8)
    for device in bundle.index.devices {
      XCTAssertTrue(page.contains("data-device=\"\(device.name)\" data-width=\"\(Int(device.width))\""), device.name)
      // Each device with its size class (S under 600 pt, L from 600).
      let sizeClass = try XCTUnwrap(device.sizeClass)
      XCTAssertEqual(sizeClass, device.width < 600 ? "S" : "L")
      XCTAssertTrue(page.contains("pt · \(device.deviceClass.rawValue) · size class \(sizeClass)</h2>"), device.name)
      for section in show.resolved.sections {
        let layout = try XCTUnwrap(section.layout(on: device.name))
        let width = layout.item.width == layout.item.width.rounded() ? String(Int(layout.item.width)) : String(layout.item.width)
        XCTAssertTrue(
          page.contains("data-section=\"\(section.section)\" data-component=\"\(section.componentType)\"")
            && page.contains("\(layout.kind.word) · \(layout.columns) col · \(width) × "),
          "\(device.name) section \(section.section)")
      }
    }
    let again = dir.appendingPathComponent("again")
    XCTAssertEqual(try zlc(["preview", "manifests", "-o", again.path]).status, 0)
    XCTAssertEqual(
      try Data(contentsOf: again.appendingPathComponent("show.html")), try Data(contentsOf: output.appendingPathComponent("show.html")))
    // A screen whose id is `index` gets a page of its own beside the app map's `index.html`.
    let indexed = try copyDemo(to: dir.appendingPathComponent("indexed"))
    for file in ["screens/browse.json", "screens/home.json"] {
      let url = indexed.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      try text.replacingOccurrences(of: #""live""#, with: #""index""#).write(to: url, atomically: true, encoding: .utf8)
    }
    let indexedOutput = dir.appendingPathComponent("indexed-preview")
    let drawn = try zlc(["preview", indexed.path, "-o", indexedOutput.path])
    XCTAssertEqual(drawn.status, 0, drawn.err)
    let script = try String(contentsOf: indexedOutput.appendingPathComponent("screens.js"), encoding: .utf8)
    let livePage = try XCTUnwrap(script.firstMatch(of: /"(index~[0-9a-f]{16}\.html)"/)?.1, script)
    XCTAssertTrue(try String(contentsOf: indexedOutput.appendingPathComponent(String(livePage)), encoding: .utf8).contains("Live"))
    XCTAssertTrue(try String(contentsOf: indexedOutput.appendingPathComponent("index.html"), encoding: .utf8).contains("card "))
    // A project with errors gets no preview.
    let project = try copyDemo(to: dir)
    try "[".write(to: project.appendingPathComponent("screens/broken.json"), atomically: true, encoding: .utf8)
    let broken = try zlc(["preview", project.path, "-o", dir.appendingPathComponent("none").path])
    XCTAssertEqual(broken.status, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("none").path))
  }

  func testExplainAndUsage() throws {
    let r = try zlc(["explain", "ZL0401"])
    XCTAssertEqual(r.status, 0)
    XCTAssertTrue(r.out.hasPrefix("ZL0401 missing-data-source"))
    XCTAssertEqual(try zlc(["explain", "ZL9999"]).status, 64)
    let typo = try zlc(["explain", "ZL0310x"])
    XCTAssertEqual(typo.status, 64)
    XCTAssertEqual(typo.err, "error: no rule 'ZL0310x' (zlc explain --list lists them)\n = fix-it: did you mean 'ZL0310'?\n")
    // A mistyped name gets a name; `_` and spaces stand for its hyphens.
    for mistyped in ["misspeled-key", "misspeled_key", "misspeled key"] {
      let name = try zlc(["explain", mistyped])
      XCTAssertEqual(name.status, 64)
      XCTAssertEqual(name.err, "error: no rule '\(mistyped)' (zlc explain --list lists them)\n = fix-it: did you mean 'misspelled-key'?\n")
    }
    for spelled in ["misspelled_key", "Misspelled Key"] {
      XCTAssertTrue(try zlc(["explain", spelled]).out.hasPrefix("ZL"), spelled)
    }
    // Control characters in the argument are shown, never sent to the terminal.
    let escaped = try zlc(["explain", "ZL\u{1B}[31mX"])
    XCTAssertEqual(escaped.err, "error: no rule 'ZL\\u{1B}[31mX' (zlc explain --list lists them)\n")
    XCTAssertEqual(try zlc(["check", "--format"]).status, 64)
    XCTAssertEqual(try zlc(["check", "/nonexistent/folder"]).status, 74)
    // A long argument is quoted as its first characters, not whole.
    let long = try zlc(["explain", String(repeating: "x", count: 100_000)])
    XCTAssertEqual(long.status, 64)
    XCTAssertEqual(long.err, "error: no rule '\(String(repeating: "x", count: 40))…' (zlc explain --list lists them)\n")
    // Explain's own usage, not the root's; a code beside --list is not ignored; spaces around a
    // code (pasted) are.
    let none = try zlc(["explain"])
    XCTAssertEqual(none.status, 64)
    XCTAssertTrue(none.err.contains("give a rule code (zlc explain ZL0401) or --list"), none.err)
    XCTAssertTrue(none.err.contains("Usage: zlc explain"), none.err)
    let both = try zlc(["explain", "--list", "ZL0401"])
    XCTAssertEqual(both.status, 64)
    XCTAssertTrue(both.err.contains("--list and --markdown take no rule code"), both.err)
    let spaced = try zlc(["explain", " ZL0401 "])
    XCTAssertEqual(spaced.status, 0, spaced.err)
    XCTAssertTrue(spaced.out.hasPrefix("ZL0401 missing-data-source"))
  }

  /// `zlc check` without a folder checks the current one, as cargo and ruff do.
  func testCheckDefaultsToTheCurrentFolder() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let clean = try zlc(["check"], cwd: project)
    XCTAssertEqual(clean.status, 0, clean.err)
    XCTAssertTrue(clean.err.hasSuffix("\n.: ok, 0 errors, 0 warnings in 13 files\n"), clean.err)
    let folder = dir.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let empty = try zlc(["check"], cwd: folder)
    XCTAssertEqual(empty.status, 1, empty.err)
    XCTAssertTrue(empty.err.contains("[ZL0112]"), empty.err)
  }

  /// Every screen list and ui_component manifest of ../shared/zapp-samples reads without a reading error.
  func testZappSamplesRead() throws {
    let samples = Self.shared.appendingPathComponent("zapp-samples")
    try requireShared(samples)
    let dir = temporary()
    for (name, folder) in [
      ("devdocs-rivers-connected-screen-example.json", "screens"), ("devdocs-uibuilder-api-home-screen-example.json", "screens"),
      ("devdocs-rivers-screen-plugin-entry.json", "screens"), ("qb-ui-component-admob-inline-banner-ios_qb.json", "components"),
      ("qb-ui-component-user-account-ios.json", "components"),
    ] {
      let project = dir.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: project.appendingPathComponent(folder), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: project.appendingPathComponent(folder + "/" + name))
      let r = try zlc(["check", project.path, "--format", "json"])
      let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
      let codes = (object?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
      // A folder holding only a manifest has no screens (ZL0112), which is not a reading error.
      XCTAssertEqual(codes.filter { ($0.hasPrefix("ZL01") && $0 != "ZL0112") || $0 == "ZL0202" }, [], name)
      if name == "devdocs-uibuilder-api-home-screen-example.json" {
        let grid = (object?["diagnostics"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "ZL0401" }
        XCTAssertEqual(grid?["line"] as? Int, 86, "the empty source of the grid at line 84")
      }
    }
  }
}
