import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// `zlc diff` resolves only the screens that may differ (`ScreenSelection.byInputs`): what it
/// finds is, in every format, what hashing every screen of both sides finds (`byDigests`).
final class DiffScreenSelectionTests: XCTestCase {
  /// An edit of one file of a project: its first `from` made `to`.
  struct Edit {
    var path: String
    var from: String
    var to: String
  }

  /// A project: its files by path, and the edits of each kind that apply to it.
  struct Sample {
    var name: String
    var files: [String: String]
    var screen: Edit
    var family: Edit
    var manifest: Edit
    var screenTypes: Edit
  }

  /// The files of a folder by path, those of `extra` (path in the project → file) added.
  func files(of folder: URL, adding extra: [String: URL] = [:]) throws -> [String: String] {
    var files: [String: String] = [:]
    let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = found?.nextObject() as? URL {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      files[String(url.path.dropFirst(folder.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
    }
    for (path, url) in extra { files[path] = try String(contentsOf: url, encoding: .utf8) }
    return files
  }

  func samples() throws -> [Sample] {
    let starterFamily = Edit(
      path: "families/STARTER.json", from: #""type": "tablet", "columns": 4"#, to: #""type": "tablet", "columns": 5"#)
    let starterScreen = Edit(path: "screens/home.json", from: #""source": "shows""#, to: #""source": "shows-2""#)
    let starterTypes = Edit(path: "screen_types.json", from: #""show": "show""#, to: #""show": "home""#)
    let starter = { (template: StarterTemplate) in Dictionary(template.files(app: "Selection"), uniquingKeysWith: { a, _ in a }) }
    return [
      Sample(
        name: "demo",
        files: try files(
          of: repositoryRoot.appendingPathComponent("manifests"),
          adding: ["families/FAMILY_2.json": repositoryRoot.appendingPathComponent("families/FAMILY_2.json")]),
        screen: Edit(path: "screens/home.json", from: #""source": "3126""#, to: #""source": "3127""#),
        family: Edit(path: "families/FAMILY_2.json", from: #""columns": 2,"#, to: #""columns": 3,"#),
        manifest: Edit(
          path: "components/promo_banner.json", from: #""initial_value": "Watch now""#, to: #""initial_value": "Watch later""#),
        screenTypes: Edit(path: "screen_types.json", from: #""movie": "Movie""#, to: #""movie": "show""#)),
      Sample(
        name: "basic starter", files: starter(.basic), screen: starterScreen, family: starterFamily,
        manifest: Edit(path: "components/promo_banner.json", from: "New this week", to: "Fresh today"), screenTypes: starterTypes),
      Sample(
        name: "multi-platform starter", files: starter(.multiPlatform), screen: starterScreen, family: starterFamily,
        manifest: Edit(path: "components/promo_banner/ios.json", from: "New this week", to: "Fresh today"), screenTypes: starterTypes),
      Sample(
        name: "cards", files: try files(of: repositoryRoot.appendingPathComponent("Tests/Fixtures/cards")),
        screen: Edit(path: "screens/home.json", from: #""source": "1""#, to: #""source": "2""#),
        family: Edit(path: "families/CARDS.json", from: #""columns": 1,"#, to: #""columns": 2,"#),
        manifest: Edit(path: "zlc.json", from: #""width": 320"#, to: #""width": 360"#),
        screenTypes: Edit(path: "screen_types.json", from: "", to: #"{ "screen_types": { "page": "page" } }"#)),
    ]
  }

  /// The files with `edit` made (the edit must change them).
  func edited(_ files: [String: String], _ edit: Edit, file: StaticString = #filePath, line: UInt = #line) -> [String: String] {
    var files = files
    let text = files[edit.path] ?? ""
    if edit.from.isEmpty {
      XCTAssertNil(files[edit.path], "\(edit.path) is new", file: file, line: line)
      files[edit.path] = edit.to
    } else if let range = text.range(of: edit.from) {
      files[edit.path] = text.replacingCharacters(in: range, with: edit.to)
    } else {
      XCTFail("\(edit.path) holds no \(edit.from)", file: file, line: line)
    }
    return files
  }

  /// No change, a screen, a family, a manifest and `screen_types` changed, in each sample: the
  /// same report in every format, and a change where one was made.
  func testResolvingOnlyScreensThatMayDifferFindsWhatHashingEveryScreenFinds() throws {
    for sample in try samples() {
      let base = try makeProject(sample.files)
      for (kind, edit) in [
        ("none", nil), ("screen", sample.screen), ("family", sample.family), ("manifest", sample.manifest),
        ("screen_types", sample.screenTypes),
      ] as [(String, Edit?)] {
        let head = try makeProject(edit.map { edited(sample.files, $0) } ?? sample.files)
        let report = assertSameAsByDigests(base: base, head: head, "\(sample.name), \(kind)")
        XCTAssertEqual(report?.changes.isEmpty, edit == nil, "\(sample.name), \(kind): \(report?.changes ?? [])")
      }
    }
  }

  /// Edits of the demo project that some screens read and others not, each with whether the
  /// projects then differ.
  func demoScenarios() throws -> [(name: String, edits: [Edit], differs: Bool)] {
    let family2 = Edit(path: "families/FAMILY_2.json", from: #""columns": 2,"#, to: #""columns": 3,"#)
    let promo = Edit(path: "components/promo_banner.json", from: #""initial_value": "Watch now""#, to: #""initial_value": "Watch later""#)
    let player = Edit(
      path: "components/player.json", from: #""initial_value": true }"#,
      to: #""initial_value": true }, { "key": "muted", "type": "switch", "label": "Muted", "initial_value": false }"#)
    // `show` links to `season`, renamed: the link and the mapping follow it.
    let renamedTarget = [
      Edit(path: "screens/season.json", from: #""id": "season","#, to: #""id": "season-2","#),
      Edit(path: "screens/show.json", from: #""target": "season""#, to: #""target": "season-2""#),
      Edit(path: "screen_types.json", from: #""season": "season""#, to: #""season": "season-2""#),
    ]
    let unusedFamily = Edit(
      path: "families/UNUSED.json", from: "",
      to: try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_2.json"), encoding: .utf8).replacingOccurrences(
        of: "FAMILY_2", with: "UNUSED"))
    return [
      ("family of some screens", [family2], true),
      ("manifest of one component type", [promo], true),
      ("manifest of a screen plugin", [player], true),
      ("screen_types entry", [Edit(path: "screen_types.json", from: #""movie": "Movie""#, to: #""movie": "show""#)], true),
      ("target screen renamed", renamedTarget, true),
      ("target screen's name", [Edit(path: "screens/season.json", from: #""name": "Season""#, to: #""name": "Seasons""#)], true),
      ("family no screen uses", [unusedFamily], false),
      ("registry", [Edit(path: "registries/ios.json", from: #""grid", "#, to: #""grid", "carousel", "#)], false),
      ("family and manifest", [family2, promo], true),
    ]
  }

  /// Each scenario: the same report as hashing every screen finds, in every format.
  func testEditsOfWhatSomeScreensReadFindWhatHashingEveryScreenFinds() throws {
    let demo = try XCTUnwrap(samples().first)
    let base = try makeProject(demo.files)
    for scenario in try demoScenarios() {
      let head = try makeProject(scenario.edits.reduce(demo.files) { edited($0, $1) })
      let report = assertSameAsByDigests(base: base, head: head, scenario.name)
      XCTAssertEqual(report?.changes.isEmpty, !scenario.differs, "\(scenario.name): \(report?.changes ?? [])")
    }
  }

  /// Only the screens whose resolution reads what changed are resolved again: a screen written
  /// alike is passed over when none of its families and component types changed.
  func testOnlyScreensReadingWhatChangedAreResolved() throws {
    let demo = try XCTUnwrap(samples().first)
    let base = try makeProject(demo.files)
    let expected: [String: [String]] = [
      "family of some screens": ["kids", "search", "season", "show"],
      "manifest of one component type": ["kids", "home", "season"],
      "manifest of a screen plugin": ["player"],
      "screen_types entry": [],
      "target screen renamed": ["season-2", "show"],
      "target screen's name": ["season"],
      "family no screen uses": [],
      "registry": [],
      "family and manifest": ["kids", "search", "home", "season", "show"],
    ]
    for scenario in try demoScenarios() {
      let head = try makeProject(scenario.edits.reduce(demo.files) { edited($0, $1) })
      let sides = [base, head].map { DiffSide(project: Driver.check($0).project) }
      let pairs = ScreenMatching(base: sides[0], head: sides[1]).pairs
      let surroundings = SurroundingChanges(sides[0].project, sides[1].project)
      let resolved = ProjectDiff.candidates(sides[0], sides[1], pairs: pairs, surroundings: surroundings).map { sides[1].ids[$0.head] }
      XCTAssertEqual(resolved, expected[scenario.name], scenario.name)
    }
  }

  /// A component drawn as another type in its place (its `fallback`, a size class's replacement)
  /// reads that type's manifest, which fills the replacement's `styles`: an edit of it resolves the
  /// screen again. It was passed over, and `zlc diff` found no change where the bundles differed.
  func testAnEditOfAReplacementsManifestResolvesTheScreenAgain() throws {
    let demo = try XCTUnwrap(samples().first)
    let replaced = [
      Edit(
        path: "screens/home.json", from: #""id": "home-hero","#, to: #""id": "home-hero", "fallback": {"component_type": "search_bar"},"#),
      Edit(
        path: "screens/home.json", from: #""id": "home-trending","#,
        to: #""id": "home-trending", "size_class_mapping": {"L": {"component_type": "search_bar"}},"#),
    ]
    let placeholder = Edit(path: "components/search_bar.json", from: #""initial_value": "Search""#, to: #""initial_value": "Find""#)
    for (name, edits) in [("fallback", [replaced[0]]), ("size class", [replaced[1]])] {
      let baseFiles = edits.reduce(demo.files) { edited($0, $1) }
      let (base, head) = (try makeProject(baseFiles), try makeProject(edited(baseFiles, placeholder)))
      let sides = [base, head].map { DiffSide(project: Driver.check($0).project) }
      let pairs = ScreenMatching(base: sides[0], head: sides[1]).pairs
      let surroundings = SurroundingChanges(sides[0].project, sides[1].project)
      let resolved = ProjectDiff.candidates(sides[0], sides[1], pairs: pairs, surroundings: surroundings).map { sides[1].ids[$0.head] }
      XCTAssertEqual(resolved, ["search", "home"], name)  // search shows a search_bar itself
      let report = assertSameAsByDigests(base: base, head: head, name)
      XCTAssertEqual(report?.changes.isEmpty, false, name)
    }
  }
}

extension XCTestCase {
  /// `Driver.diff(base:head:platform:)`'s report, checked against the one found by hashing every
  /// screen of both sides (`ScreenSelection.byDigests`) in every format; nil when a side has errors.
  @discardableResult
  func assertSameAsByDigests(
    base: String, head: String, platform: String? = nil, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
  ) -> DiffReport? {
    let outcome = Driver.diff(base: base, head: head, platform: platform)
    XCTAssertEqual(
      outcome.status, .success, "\(message): \(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))", file: file, line: line)
    guard let report = outcome.report else { return nil }
    let sides = [base, head].map { DiffSide(project: Driver.check($0, platform: platform).project) }
    let reference = ProjectDiff.compareByPlatform(sides[0], sides[1], selection: .byDigests)
    for format in [DiffPrinter.Format.text, .json, .markdown] {
      XCTAssertEqual(
        DiffPrinter(format: format).render(report), DiffPrinter(format: format).render(reference), "\(message) \(format)", file: file,
        line: line)
    }
    return report
  }
}
