import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution

/// What `zlc map` reports of a sender: the mapper's findings, worded and placed.
final class MapFindingsTests: XCTestCase {
  /// `movie` is connected: a hero, then a group of a horizontal list and a grid.
  static let screens = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "movie"}, "styles": {"cell_styles": ["GRID_1"]}}]},
     {"id": "movie", "name": "Movie", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [
      {"component_type": "hero", "styles": {"cell_styles": ["HERO_CELL_2"]}},
      {"component_type": "group", "ui_components": [
        {"component_type": "horizontal_list", "styles": {"cell_styles": ["HORIZONTAL_LIST_1"]}},
        {"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]}]
    """

  /// A group of two components given a child of three children: ZL0701 at the third, naming the
  /// child and the grandchild's path; the table lists it under the sections.
  func testExtraChildrenOfAGroupsChildAreReported() throws {
    let sender = Marked(
      """
      {"id": "movie-7", "entry": [
        {"id": "poster", "title": "Poster"},
        {"id": "details", "title": "Details", "entry": [{"id": "cast", "title": "Cast"}, {"id": "related", "title": "Related"}, ⟦⟧{"id": "clips", "title": "Clips"}]}
      ]}
      """)
    let dir = try makeProject(["screens/s.json": Self.screens, "sender.json": sender.text])
    let outcome = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
    XCTAssertEqual(outcome.status, .success)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0701", file: "sender.json", line: sender.markers[0].line, column: sender.markers[0].column,
          message: "child 1 ('Details') has 3 children but its group takes 2; not shown: 1.2 ('Clips')")
      ])
    let table = Driver.mapTables(outcome)
    XCTAssertTrue(table.hasSuffix("\nunused children of child 1: 1.2\n"), table)
  }

  /// A group's child that holds no `entry` of its own (a source only) gives its group's sections
  /// nothing: ZL0702 at each, saying the child holds no entry, not that the sender lacks it; an
  /// empty `entry` is a child with no child 1.0.
  func testAGroupsChildWithoutEntriesIsNamed() throws {
    func findings(_ details: String) throws -> [Diagnostic] {
      let sender = #"{"entry": [{"id": "poster", "title": "Poster"}, \#(details)]}"#
      let dir = try makeProject(["screens/s.json": Self.screens, "sender.json": sender])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
      XCTAssertEqual(outcome.status, .success)
      return outcome.diagnostics
    }
    let sourced = try findings(#"{"id": "details", "title": "Details", "content": {"src": "https://feeds/details.json"}}"#)
    XCTAssertEqual(
      sourced.map { "\($0.code) \($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" },
      [1, 2].map { section in
        "ZL0702 \(section + 5):5 section \(section) ('\(["", "horizontal_list", "grid"][section])') gets no child: its group's child 1 ('Details') holds no entry of its own, and a group shows only the children its child carries"
      })
    let null = try findings(#"{"id": "details", "title": "Details", "entry": null}"#)
    XCTAssertEqual(null.map(\.message), sourced.map(\.message), "an entry of null is none")
    let empty = try findings(#"{"id": "details", "title": "Details", "entry": []}"#)
    XCTAssertEqual(
      empty.map(\.message),
      [
        "section 1 ('horizontal_list') gets no child: the sender has no child 1.0",
        "section 2 ('grid') gets no child: the sender has no child 1.1",
      ])
  }

  /// `zlc map` takes a screen's `ui_tag`, as a client opens a screen by it; a near miss of one is
  /// refused with it as the did-you-mean.
  func testAScreenIsMappedByItsUITag() throws {
    let tagged = Self.screens.replacingOccurrences(of: #""name": "Movie","#, with: #""name": "Movie", "ui_tag": "movie_tag","#)
    let dir = try makeProject(["screens/s.json": tagged, "sender.json": #"{"entry": [{"id": "a"}, {"id": "b"}]}"#])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let map = Driver.map(screen: "movie_tag", project: dir, sender: dir + "/sender.json", device: nil)
    XCTAssertEqual(map.status, .success, "\(map.diagnostics.map(\.message))")
    XCTAssertEqual(map.result?.screen, "movie")
    let typo = Driver.map(screen: "movie_tga", project: dir, sender: dir + "/sender.json", device: nil)
    XCTAssertEqual(typo.status, .usage)
    XCTAssertEqual(
      typo.diagnostics.map { "\($0.message) \($0.fixIt?.replacement ?? "-")" },
      ["no screen has the id, name, screen_type or ui_tag 'movie_tga' movie_tag"])
    // A name two screens share is refused as such, not taken as a third screen's ui_tag.
    let third =
      #", {"id": "x", "ui_tag": "Twin", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]"#
    let twins =
      String(Self.screens.dropLast()).replacingOccurrences(of: #""name": "Movie","#, with: #""name": "Twin","#)
      .replacingOccurrences(of: #"[{"id": "home","#, with: #"[{"id": "home", "name": "Twin","#) + third
    XCTAssertTrue(twins.contains(#""ui_tag": "Twin""#), twins)
    let shared = try makeProject(["screens/s.json": twins, "sender.json": #"{"entry": []}"#])
    defer { try? FileManager.default.removeItem(atPath: shared) }
    let refused = Driver.map(screen: "Twin", project: shared, sender: nil, device: nil)
    XCTAssertEqual(refused.status, .usage)
    XCTAssertEqual(
      refused.diagnostics.filter { $0.severity == .error }.map(\.message),
      ["'Twin' is the name of 2 screens (home, movie): give one of their ids"])
  }

  /// A `screen_type` that opens no screen is reported at its value; one written with spaces at its
  /// ends (`" movie "`) gets the type it holds as its fix, where it got none.
  func testAScreenTypeWithSpacesGetsTheTypeItHoldsAsItsFix() throws {
    let sender = Marked(#"{"entry": [{"id": "poster", "screen_type": ⟦⟧" movie "}, {"id": "details"}]}"#)
    let dir = try makeProject(["screens/s.json": Self.screens, "sender.json": sender.text])
    let map = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
    assertDiagnostics(
      map.diagnostics.filter { $0.code == "ZL0705" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0705", file: "sender.json", line: sender.markers[0].line, column: sender.markers[0].column,
          message: "child 0 has screen_type ' movie ', which opens no screen", fixIt: #""movie""#)
      ])
  }

  /// A `screen_type` in another Unicode form than a `screen_types` key opens nothing (keys are
  /// compared by their bytes): its fix is the key in the key's own form, spaces at its ends or not.
  func testAScreenTypeInAnotherUnicodeFormGetsTheKeyAsItsFix() throws {
    let composed = "\u{E9}mission"
    let decomposed = "e\u{301}mission"
    let items = #"[{"id": "a", "screen_type": "\#(decomposed)"}, {"id": "b", "screen_type": " \#(decomposed) "}]"#
    let sender = #"{"entry": [{"id": "poster", "entry": \#(items)}, {"id": "details", "entry": []}]}"#
    let dir = try makeProject([
      "screens/s.json": Self.screens, "screen_types.json": #"{"screen_types": {"\#(composed)": "movie"}}"#, "sender.json": sender,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let map = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
    let found = map.diagnostics.filter { $0.code == "ZL0705" }
    XCTAssertEqual(found.count, 2, "\(map.diagnostics.map(\.message))")
    for finding in found {
      XCTAssertEqual(finding.fixIt.map { Array($0.replacement.utf8) }, Array("\"\(composed)\"".utf8), finding.message)
      XCTAssertNotNil(finding.fixIt?.range, "a fix, not a hint")
    }
  }

  /// `zlc preview --feeds` runs the mapper as `zlc map` does and reports its findings where
  /// `zlc map` does; they are warnings: the pages are written, with exit status 0.
  func testThePreviewReportsTheMappersFindings() throws {
    let sender = Marked(
      """
      {"id": "movie-7", "entry": [
        {"id": "poster", "title": "Poster", "screen_type": ⟦⟧"nowhere"},
        {"id": "details", "title": "Details", "entry": [{"id": "cast", "title": "Cast"}, {"id": "related", "title": "Related"}, ⟦⟧{"id": "clips", "title": "Clips"}]},
        ⟦⟧{"id": "extra", "title": "Extra"}
      ]}
      """)
    let dir = try makeProject(["screens/s.json": Self.screens, "feeds/movie.json": sender.text])
    let messages = [
      "child 0 has screen_type 'nowhere', which opens no screen",
      "child 1 ('Details') has 3 children but its group takes 2; not shown: 1.2 ('Clips')",
      "the sender has 3 children but the screen takes 2; not shown: 2 ('Extra')",
    ]
    let specs = zip(zip(sender.markers, messages), ["ZL0705", "ZL0701", "ZL0701"]).map { pair, code in
      DiagnosticSpec(code: code, file: "feeds/movie.json", line: pair.0.line, column: pair.0.column, message: pair.1)
    }
    let map = Driver.map(screen: "movie", project: dir, sender: dir + "/feeds/movie.json", device: nil)
    assertDiagnostics(map.diagnostics, in: dir, specs)
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    let preview = Driver.preview(dir, output: out, feeds: dir + "/feeds")
    assertDiagnostics(preview.diagnostics, in: dir, specs)
    XCTAssertEqual(preview.status, .success)
    XCTAssertTrue(preview.written)
    XCTAssertEqual(map.status, preview.status)
  }

  /// A sender whose 150 items each open no screen, and whose 150 card layouts each name no kind,
  /// gives `zlc map` and `zlc preview` a hundred findings of each code and one summary for the
  /// other fifty, as every other input does.
  func testAFloodOfFindingsInASenderIsCappedPerCode() throws {
    let items = (0..<150).map { #"{"id": "i\#($0)", "screen_type": "nowhere\#($0)", "layout": 9}"# }
    let sender = #"{"entry": [{"id": "poster", "entry": [\#(items.joined(separator: ", "))]}, {"id": "details", "entry": []}]}"#
    let dir = try makeProject(["screens/s.json": Self.screens, "feeds/movie.json": sender])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    func assertCapped(_ diagnostics: [Diagnostic], code: String, _ what: String) {
      let found = diagnostics.filter { $0.code == code }
      XCTAssertEqual(found.count, 101, what)
      XCTAssertEqual(found.last?.message, "and 50 more \(code) in this file", what)
      XCTAssertEqual(found.reduce(0) { $0 + $1.findingCount }, 150, what)
    }
    let map = Driver.map(screen: "movie", project: dir, sender: dir + "/feeds/movie.json", device: nil)
    assertCapped(map.diagnostics, code: "ZL0203", "map")
    assertCapped(FeedReader.read(SourceFile(path: "movie.json", text: sender), lazily: true).diagnostics, code: "ZL0203", "read")
    let opening = sender.replacingOccurrences(of: #", "layout": 9"#, with: "")
    try opening.write(toFile: dir + "/feeds/movie.json", atomically: true, encoding: .utf8)
    let mapped = Driver.map(screen: "movie", project: dir, sender: dir + "/feeds/movie.json", device: nil)
    assertCapped(mapped.diagnostics, code: "ZL0705", "map")
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    assertCapped(Driver.preview(dir, output: out, feeds: dir + "/feeds").diagnostics, code: "ZL0705", "preview")
  }

  /// A feed exported as `.JSON` fills its screen; one whose extension is a near miss of `.json`
  /// is said to be left out (ZL0122), with the name read as its fix; other files stay silent.
  func testAFeedsExtensionIsReadInAnyCaseAndANearMissIsReported() throws {
    let dir = try makeProject([
      "screens/s.json": Self.screens, "feeds/movie.JSON": #"{"entry": []}"#, "other/movie.jsn": #"{"entry": []}"#,
      "other/movie.json.txt": #"{"entry": []}"#, "other/README.md": "feeds",
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let project = Driver.check(dir).project
    let read = Driver.readSenders(dir + "/feeds", project: project)
    XCTAssertEqual(Array(read.senders.keys), [ExactString("movie")])
    XCTAssertEqual(read.diagnostics.map(\.message), [])
    let misnamed = Driver.readSenders(dir + "/other", project: project)
    XCTAssertEqual(misnamed.senders.count, 0)
    XCTAssertEqual(
      misnamed.diagnostics.map { [$0.code, $0.message, $0.fixIt?.message ?? ""] },
      [
        ["ZL0122", "'movie.jsn' is not read: files in other/ end in .json", "did you mean 'movie.json'?"],
        ["ZL0122", "'movie.json.txt' is not read: files in other/ end in .json", "did you mean 'movie.json'?"],
      ])
    XCTAssertEqual(misnamed.diagnostics.map(\.severity), [.warning, .warning])
  }

  /// A feed named after a screen's name (one screen has it) fills that screen, as `zlc map` finds
  /// a screen by its name; a near miss of a name gets the name as its did-you-mean.
  func testAFeedNamedAfterAScreensNameFillsIt() throws {
    let dir = try makeProject([
      "screens/s.json": Self.screens.replacingOccurrences(of: #""name": "Movie""#, with: #""name": "Feature film""#),
      "feeds/Feature film.json": #"{"entry": []}"#, "other/Feature flim.json": #"{"entry": []}"#,
    ])
    let project = Driver.check(dir).project
    let read = Driver.readSenders(dir + "/feeds", project: project)
    XCTAssertEqual(Array(read.senders.keys), [ExactString("movie")])
    XCTAssertEqual(read.diagnostics.map(\.message), [])
    let misspelt = Driver.readSenders(dir + "/other", project: project)
    XCTAssertEqual(misspelt.diagnostics.map { $0.fixIt?.message }, ["did you mean 'Feature film.json'?"])
  }
}

extension MapFindingsTests {
  /// The OPENS column of a section whose child carries its items names the screens its items
  /// open (their own `screen_type` or type's `content_types` screen), each once; the json form
  /// gives each item's.
  func testTheOpensColumnNamesTheScreensTheItemsOpen() throws {
    let out = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Golden/map/season.phone.txt"), encoding: .utf8)
    let outcome = Driver.map(
      screen: "season", project: repositoryRoot.appendingPathComponent("manifests").path,
      sender: repositoryRoot.appendingPathComponent("manifests/feeds/season.json").path, device: nil)
    let table = Driver.mapTables(outcome)
    XCTAssertEqual(table, out)
    let list = try XCTUnwrap(table.split(separator: "\n").first { $0.hasPrefix("1 ") })
    XCTAssertTrue(list.hasSuffix("3 → 3  movie, player"), String(list))
    let json = try XCTUnwrap(Driver.mapJSON(outcome))
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let sections = try XCTUnwrap(object["sections"] as? [[String: Any]])
    XCTAssertEqual((sections[1]["entries"] as? [[String: Any]])?.map { $0["opens"] as? String }, ["movie", "player", "player"])
  }
}

extension MapFindingsTests {
  /// The preview links each item where the mapper says its tap goes: an item whose own
  /// `screen_type` opens no screen links nowhere (it took its child's screen before) and is
  /// reported; the others link to their own screen, else their child's.
  func testThePreviewLinksItemsWhereTheMapperSendsThem() throws {
    let sender = Marked(
      """
      {"entry": [{"id": "poster"}, {"id": "details", "entry": [
        {"id": "cast", "screen_type": "movie", "entry": [{"id": "a", "screen_type": "home"}, {"id": "b", "screen_type": ⟦⟧"nowhere"}, {"id": "c"}]},
        {"id": "related"}]}]}
      """)
    let dir = try makeProject(["screens/s.json": Self.screens, "feeds/movie.json": sender.text])
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    let preview = Driver.preview(dir, output: out, feeds: dir + "/feeds")
    assertDiagnostics(
      preview.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0705", file: "feeds/movie.json", line: sender.markers[0].line, column: sender.markers[0].column,
          message: "child 1.0.1 has screen_type 'nowhere', which opens no screen")
      ])
    let page = try String(contentsOfFile: out + "/movie.html", encoding: .utf8)
    let section = try XCTUnwrap(
      page.components(separatedBy: "data-section=\"1\"").dropFirst().first?.components(separatedBy: "<section").first)
    let cells = section.components(separatedBy: "class=\"cell").dropFirst().map { $0.components(separatedBy: ">").first ?? "" }
    XCTAssertEqual(
      cells.map { $0.components(separatedBy: "data-opens=\"").dropFirst().first?.prefix { $0 != "\"" } }, ["home", nil, "movie"])
  }
}

extension MapFindingsTests {
  /// Which items are shown depends on the device: an item the phone does not show but the tablet
  /// does is reported by `zlc preview --feeds` as `zlc map --device pad` reports it, and a finding
  /// made on both devices is reported once.
  func testThePreviewReportsFindingsOfEveryDevice() throws {
    let screens = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "movie"}, "styles": {"cell_styles": ["GRID_1"]}}]},
       {"id": "movie", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit_by_size_class": {"S": 1, "L": 3}}}]}]
      """
    let sender = Marked(
      """
      {"entry": [{"id": "row", "entry": [{"id": "a", "screen_type": ⟦⟧"nowhere"}, {"id": "b"}, {"id": "c", "screen_type": ⟦⟧"bogus"}]}]}
      """)
    let settings =
      #"{"devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#
    let dir = try makeProject(["zlc.json": settings, "screens/s.json": screens, "feeds/movie.json": sender.text])
    let specs = zip(
      sender.markers,
      ["child 0.0 has screen_type 'nowhere', which opens no screen", "child 0.2 has screen_type 'bogus', which opens no screen"]
    )
    .map { marker, message in
      DiagnosticSpec(code: "ZL0705", file: "feeds/movie.json", line: marker.line, column: marker.column, message: message)
    }
    let phone = Driver.map(screen: "movie", project: dir, sender: dir + "/feeds/movie.json", device: "phone")
    assertDiagnostics(phone.diagnostics, in: dir, Array(specs.prefix(1)))
    let pad = Driver.map(screen: "movie", project: dir, sender: dir + "/feeds/movie.json", device: "pad")
    assertDiagnostics(pad.diagnostics, in: dir, specs)
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    let preview = Driver.preview(dir, output: out, feeds: dir + "/feeds")
    assertDiagnostics(preview.diagnostics, in: dir, specs)
    XCTAssertEqual(preview.status, .success)
  }
}

extension MapFindingsTests {
  /// Items whose own `screen_type` opens no screen open nothing: the OPENS column does not name
  /// their child's screen for them (`-` when no item opens one), but an item naming no screen of
  /// its own opens its child's.
  func testTheOpensColumnNamesNoScreenForItemsWhoseScreenTypeOpensNone() throws {
    let sender = """
      {"entry": [{"id": "poster", "screen_type": "home", "entry": [{"id": "a", "screen_type": "nowhere"}, {"id": "b", "screen_type": "bogus"}]},
        {"id": "details", "entry": [{"id": "cast", "screen_type": "home", "entry": [{"id": "c", "screen_type": "nowhere"}, {"id": "d"}]}, {"id": "related"}]}]}
      """
    let dir = try makeProject(["screens/s.json": Self.screens, "sender.json": sender])
    let outcome = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
    let table = Driver.mapTables(outcome)
    let rows = table.split(separator: "\n").filter { $0.hasPrefix("0 ") || $0.hasPrefix("1 ") }
    XCTAssertEqual(rows.count, 2, table)
    XCTAssertTrue(rows.first?.hasSuffix("  2 → 2  -") == true, table)
    XCTAssertTrue(rows.last?.hasSuffix("  2 → 2  home") == true, table)
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0705", "ZL0705", "ZL0705"])
  }
}

extension MapFindingsTests {
  /// A child carrying Quick Brick's `screenType` opens that screen, as one carrying `screen_type`
  /// does, and nothing is reported; its items, which carry none, open the component's target
  /// (Quick Brick's cell tap), which the OPENS column names.
  func testTheOpensColumnTakesQuickBricksScreenType() throws {
    let show = try String(contentsOf: repositoryRoot.appendingPathComponent("manifests/feeds/show.json"), encoding: .utf8)
    let sender = show.replacingOccurrences(of: #""screen_type": "season""#, with: #""screenType": "movie""#)
    XCTAssertNotEqual(sender, show)
    let dir = scratchRoot.appendingPathComponent("screenType-\(UUID().uuidString)").path
    try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("manifests").path, toPath: dir)
    try sender.write(toFile: dir + "/feeds/qb.json", atomically: true, encoding: .utf8)
    let outcome = Driver.map(screen: "show", project: dir, sender: dir + "/feeds/qb.json", device: "phone")
    let table = Driver.mapTables(outcome)
    let seasons = try XCTUnwrap(table.split(separator: "\n").first { $0.hasPrefix("1 ") })
    XCTAssertTrue(seasons.hasSuffix("3 → 3  season"), table)
    let section = try XCTUnwrap(outcome.result?.sections.first { $0.section == 1 })
    XCTAssertEqual(section.opens, "movie")
    XCTAssertEqual(section.entries?.map(\.opens), ["season", "season", "season"])
    XCTAssertEqual(outcome.diagnostics.map(\.message), [])
  }

  /// A name two screens share picks neither: `zlc map` and a `--feeds` feed named after it say so
  /// and name both screens, rather than that no screen has the name.
  func testANameTwoScreensShareIsReportedAsShared() throws {
    let second =
      #"{"id": "movie-2", "name": "Movie", "type": "general_content", "data": {"connected": true}, "#
      + #""styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "hero", "styles": {"cell_styles": ["HERO_CELL_2"]}}]}]"#
    let screens = String(Self.screens.dropLast()) + ",\n " + second
    let dir = try makeProject([
      "screens/s.json": screens, "screen_types.json": #"{"screen_types": {"episode": "movie-2"}}"#, "feeds/Movie.json": #"{"entry": []}"#,
    ])
    let outcome = Driver.map(screen: "Movie", project: dir, sender: nil, device: nil)
    XCTAssertEqual(outcome.status, .usage)
    XCTAssertEqual(
      outcome.diagnostics.map { "\($0.code) \($0.message) \($0.fixIt?.message ?? "-")" },
      ["ZL0704 'Movie' is the name of 2 screens (movie, movie-2): give one of their ids -"])
    let project = Driver.check(dir).project
    let read = Driver.readSenders(dir + "/feeds", project: project)
    XCTAssertTrue(read.senders.isEmpty)
    XCTAssertEqual(
      read.diagnostics.map { "\($0.code) \($0.message) \($0.fixIt?.message ?? "-")" },
      ["ZL0706 the feed 'Movie.json' is named after a name of 2 screens (movie, movie-2): name it after one of their ids -"])
    // One screen of the name: the name picks it.
    let unique = Driver.map(screen: "Movie", project: try makeProject(["screens/s.json": Self.screens]), sender: nil, device: nil)
    XCTAssertEqual(unique.status, .success, unique.diagnostics.map(\.message).joined(separator: "\n"))
  }

  /// `zlc map` reads the sender's children one by one, as the mapper takes them; its map and
  /// findings are those of the whole feed read at once, for children of every shape: bound, in a
  /// group, unused, playable, linked, with a screen type, a numeric id or no title.
  func testTheMapOfChildrenReadOneByOneIsTheMapOfTheWholeFeed() throws {
    let sender = #"""
      {"id": "movie-7", "entry": [
        {"id": 1e2, "title": "Poster", "type": {"value": "video"}, "content": {"src": "x://v?type=A", "type": "video/hls"},
          "screen_type": "movie", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "i.png"}]}],
          "style": {"backgroundColor": "#ffffff"}},
        {"id": "details", "title": "Details", "link": {"href": "x://l"}, "ui_tag": "t", "screenType": "nowhere", "entry": [
          {"id": "cast", "title": "Cast", "style": {"display": "none"}}, {"id": "related", "screen_type": "gone"}, {"id": "clips", "title": "Clips"}]},
        {"id": "extra"}, {"title": "More", "type": {"value": "article"}}, {"id": 4.5}
      ]}
      """#
    let dir = try makeProject(["screens/s.json": Self.screens, "sender.json": sender])
    let outcome = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
    let project = Driver.check(dir).project
    let screen = try XCTUnwrap(Driver.findScreen("movie", in: project))
    let resolver = Resolver(project: project)
    let feed = FeedReader.read(SourceFile(path: "sender.json", text: sender)).feed
    let whole = Mapper.map(
      screen: resolver.resolvedScreen(screen), sender: feed, device: project.settings.devices[0].name, bundle: resolver.bundleIndex())
    XCTAssertEqual(outcome.status, .success)
    XCTAssertEqual(outcome.result, whole)
    XCTAssertEqual(whole.unusedChildren, [2, 3, 4])
    XCTAssertEqual(Set(whole.findings.map(\.kind)), [.unusedChildren, .unusedGrandchildren, .unmappedScreenType])
  }
}

extension MapFindingsTests {
  /// A `screen_type` that opens no screen but is a case or a space away from one that would (a
  /// `screen_types` key or a screen id, not a screen's name) gets it as its did-you-mean, at the
  /// value, `screen_type`'s or Quick Brick's `screenType`'s; one near none gets none.
  func testAScreenTypeNearOneThatOpensAScreenIsSuggested() throws {
    let sender = Marked(
      """
      {"entry": [{"id": "a", "screen_type": ⟦⟧"Movie"},
        {"id": "b", "entry": [{"id": "c", "screenType": ⟦⟧"home "}, {"id": "d", "screen_type": ⟦⟧"nowhere-at-all"}]}]}
      """)
    let dir = try makeProject(["screens/s.json": Self.screens, "sender.json": sender.text])
    let outcome = Driver.map(screen: "movie", project: dir, sender: dir + "/sender.json", device: nil)
    XCTAssertEqual(outcome.status, .success)
    let wanted: [(String, String?)] = [("0", "\"movie\""), ("1.0", "\"home\""), ("1.1", nil)]
    let types = ["Movie", "home ", "nowhere-at-all"]
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      zip(zip(sender.markers, wanted), types).map { pair, type in
        DiagnosticSpec(
          code: "ZL0705", file: "sender.json", line: pair.0.line, column: pair.0.column,
          message: "child \(pair.1.0) has screen_type '\(type)', which opens no screen", fixIt: pair.1.1)
      })
    // The fix-it replaces the value.
    let fix = try XCTUnwrap(outcome.diagnostics.first { $0.message.contains("'Movie'") }?.fixIt?.range)
    let text = Array(sender.text.utf8)
    XCTAssertEqual(Array(text[fix.spot.offset..<fix.spot.offset + fix.length]), Array(#""Movie""#.utf8))
  }
}
