import Foundation
import XCTest

/// `zlc diff` on what only changed places: cell styles listed in another order, a screen moved to
/// another file (and its `--html` pages), a plugin manifest moved to another file.
final class DiffMoveAndOrderTests: XCTestCase {
  /// The family's grid with a second cell style, `GRID_WIDE`.
  @Sendable static func twoGridCells(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"{ "name": "GRID_POSTER", "layoutId": "starter_grid_poster", "aspectCellRatio": 0.6667 } ]"#,
      with: #"{ "name": "GRID_POSTER", "layoutId": "starter_grid_poster", "aspectCellRatio": 0.6667 }, "#
        + #"{ "name": "GRID_WIDE", "layoutId": "starter_grid_wide", "aspectCellRatio": 1.7778 } ]"#)
  }

  /// The registry with `GRID_WIDE`'s layout.
  @Sendable static func wideRegistry(_ text: String) -> String {
    text.replacingOccurrences(of: #""starter_grid_poster","#, with: #""starter_grid_poster", "starter_grid_wide","#)
  }

  /// The edits of a project whose home grid is drawn with both cell styles, in `order`.
  static func grid(_ order: String) -> [String: (String) -> String] {
    ["families/STARTER.json": twoGridCells, "registries/ios.json": wideRegistry, "screens/home.json": gridStyles(order)]
  }

  /// The home grid drawn with both cell styles, in `order`.
  static func gridStyles(_ order: String) -> @Sendable (String) -> String {
    { $0.replacingOccurrences(of: #""styles": { "cell_styles": ["GRID_POSTER"] }"#, with: #""styles": { "cell_styles": \#(order) }"#) }
  }

  /// A starter project (`zlc init`) at `dir/name`, its files edited by `edit` (path → new text)
  /// and then moved by `moves` (old path → new path).
  func project(
    _ dir: URL, _ name: String, template: String = "basic", edit: [String: (String) -> String] = [:], moves: [(String, String)] = []
  ) throws -> URL {
    let folder = dir.appendingPathComponent(name)
    let made = try zlc(["init", folder.path, "--template", template])
    XCTAssertEqual(made.status, 0, made.err)
    try sameApp(folder)
    for (path, change) in edit.sorted(by: { $0.key < $1.key }) {
      let url = folder.appendingPathComponent(path)
      try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }
    for (from, to) in moves {
      let target = folder.appendingPathComponent(to)
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.moveItem(at: folder.appendingPathComponent(from), to: target)
    }
    return folder
  }

  /// A fresh folder, removed after the test.
  func folder() -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// `zlc diff`'s text, which must exit 0 with nothing on standard error.
  func text(_ base: URL, _ head: URL, _ more: [String] = []) throws -> String {
    let r = try zlc(["diff", base.path, head.path, "--color", "never"] + more)
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertEqual(r.err, "")
    return r.out
  }

  /// The grid's two cell styles swapped: one line saying which order became which, not a change
  /// of its renderer, its cells, its layout on every device and its geometry.
  func testCellStylesInAnotherOrderAreOneReorderLine() throws {
    let dir = folder()
    let base = try project(dir, "base", edit: Self.grid(#"["GRID_POSTER", "GRID_WIDE"]"#))
    let head = try project(dir, "head", edit: Self.grid(#"["GRID_WIDE", "GRID_POSTER"]"#))
    XCTAssertEqual(
      try text(base, head),
      """
       home | 1 change ~
       1 screen changed (0 added, 0 removed, 0 renamed), 1 change

      component changed: grid (GRID_WIDE, GRID_POSTER) 'home-shows', family STARTER: cell_styles reordered: GRID_POSTER, GRID_WIDE → GRID_WIDE, GRID_POSTER on home

      """)
  }

  /// A reorder and a style drawn otherwise: the reorder line, then the same lines as the change
  /// of that style alone, in the head's order (no renderer, cells or geometry line of the order).
  func testAReorderBesideARealChangeListsBoth() throws {
    let dir = folder()
    let wider = { (text: String) in
      Self.twoGridCells(text).replacingOccurrences(of: #""aspectCellRatio": 1.7778"#, with: #""aspectCellRatio": 2"#)
    }
    let base = try project(
      dir, "base",
      edit: [
        "families/STARTER.json": Self.twoGridCells, "registries/ios.json": Self.wideRegistry,
        "screens/home.json": Self.gridStyles(#"["GRID_POSTER", "GRID_WIDE"]"#),
      ])
    let reordered = try project(
      dir, "reordered",
      edit: [
        "families/STARTER.json": Self.twoGridCells, "registries/ios.json": Self.wideRegistry,
        "screens/home.json": Self.gridStyles(#"["GRID_WIDE", "GRID_POSTER"]"#),
      ])
    let head = try project(
      dir, "head",
      edit: [
        "families/STARTER.json": wider, "registries/ios.json": Self.wideRegistry,
        "screens/home.json": Self.gridStyles(#"["GRID_WIDE", "GRID_POSTER"]"#),
      ])
    let changes = { (text: String) in text.components(separatedBy: "\n\n").dropFirst().joined().split(separator: "\n").map(String.init) }
    let both = changes(try text(base, head))
    let alone = changes(try text(reordered, head))
    XCTAssertEqual(alone.count, 2, "\(alone)")
    XCTAssertTrue(alone.allSatisfy { $0.hasPrefix("layout: grid (GRID_WIDE, GRID_POSTER) 'home-shows', family STARTER on ") }, "\(alone)")
    XCTAssertEqual(
      both,
      [
        "component changed: grid (GRID_WIDE, GRID_POSTER) 'home-shows', family STARTER: cell_styles reordered: "
          + "GRID_POSTER, GRID_WIDE → GRID_WIDE, GRID_POSTER on home"
      ] + alone)
  }

  /// A screen moved to another file, drawn alike: listed as moved in the index with its old and
  /// new file, and no page of identical wireframes; a screen that changed beside it keeps its
  /// page, whose link to the moved screen leads nowhere.
  func testAScreenThatOnlyMovedHasNoPage() throws {
    let dir = folder()
    let base = try project(dir, "base")
    let head = try project(
      dir, "head", edit: ["components/promo_banner.json": { $0.replacingOccurrences(of: "New this week", with: "Fresh today") }],
      moves: [("screens/show.json", "screens/more/show.json")])
    let out = dir.appendingPathComponent("pages")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--html", out.path]).status, 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted()
    XCTAssertEqual(files, ["home.html", "index.html"])
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let cards = index.split(separator: "\n").filter { $0.hasPrefix("<li class=\"card\">") }
    XCTAssertEqual(
      cards,
      [
        #"<li class="card"><a href="home.html"><b>home</b><small>1 change</small></a></li>"#,
        #"<li class="card"><b>show</b><small>moved from screens/show.json to screens/more/show.json</small></li>"#,
      ])
    let home = try String(contentsOf: out.appendingPathComponent("home.html"), encoding: .utf8)
    XCTAssertFalse(home.contains("show.html\"]"), "no page to link to")
    // The move alone: the index and nothing else.
    let moved = try project(dir, "moved", moves: [("screens/show.json", "screens/more/show.json")])
    let only = dir.appendingPathComponent("only")
    XCTAssertEqual(try zlc(["diff", base.path, moved.path, "--html", only.path]).status, 0)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: only.path).filter { !$0.hasPrefix(".") }, ["index.html"])
    let onlyIndex = try String(contentsOf: only.appendingPathComponent("index.html"), encoding: .utf8)
    XCTAssertFalse(onlyIndex.contains("<h2>Changed screens</h2>"), onlyIndex)
    XCTAssertTrue(onlyIndex.contains("<h2>Moved screens</h2>"), onlyIndex)
  }

  /// A screen given a new id, drawn alike, is listed as renamed in the index, with no page; the
  /// screen whose targets name it changed and keeps its page.
  func testAScreenOnlyGivenANewIDHasNoPage() throws {
    let dir = folder()
    let base = try project(dir, "base")
    let head = try project(
      dir, "head",
      edit: [
        "screens/show.json": { $0.replacingOccurrences(of: #""id": "show""#, with: #""id": "episode""#) },
        "screens/home.json": { $0.replacingOccurrences(of: #""target": "show""#, with: #""target": "episode""#) },
        "screen_types.json": { $0.replacingOccurrences(of: #""show": "show""#, with: #""show": "episode""#) },
      ])
    let out = dir.appendingPathComponent("pages")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--html", out.path]).status, 0)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted(), ["home.html", "index.html"])
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    XCTAssertEqual(
      index.split(separator: "\n").filter { $0.hasPrefix("<li class=\"card\">") },
      [
        #"<li class="card"><a href="home.html"><b>home</b><small>2 changes</small></a></li>"#,
        #"<li class="card"><b>episode</b><small>renamed from show to episode</small></li>"#,
      ])
  }

  /// A screen given a new id that also changed keeps its page, and its card says both, as the
  /// text summary does; it said only the count of its changes.
  func testARenamedScreenThatChangedSaysSoInTheIndex() throws {
    let dir = folder()
    let base = try project(dir, "base")
    let head = try project(
      dir, "head",
      edit: [
        "screens/show.json": {
          $0.replacingOccurrences(of: #""id": "show""#, with: #""id": "episode""#)
            .replacingOccurrences(of: #""name": "Show""#, with: #""name": "Episode""#)
        },
        "screens/home.json": { $0.replacingOccurrences(of: #""target": "show""#, with: #""target": "episode""#) },
        "screen_types.json": { $0.replacingOccurrences(of: #""show": "show""#, with: #""show": "episode""#) },
      ])
    let out = dir.appendingPathComponent("pages")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--html", out.path]).status, 0)
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let card = index.split(separator: "\n").first { $0.contains("<b>episode</b>") }
    XCTAssertEqual(card, #"<li class="card"><a href="episode.html"><b>episode</b><small>renamed from show, 1 change</small></a></li>"#)
    let text = try zlc(["diff", base.path, head.path, "--color", "never"])
    XCTAssertTrue(text.out.contains("renamed from show, 1 change"), text.out)
  }

  /// A screen given a right-to-left id: the index names the new id, in the card's heading and in
  /// `renamed from … to …`, isolated from the words around it.
  func testARenamedScreensIDsAreIsolatedInTheIndex() throws {
    let dir = folder()
    let base = try project(dir, "base")
    let id = "\u{5EA}\u{5D5}\u{5DB}\u{5E0}\u{5D9}\u{5EA}"
    let head = try project(
      dir, "head",
      edit: [
        "screens/show.json": { $0.replacingOccurrences(of: #""id": "show""#, with: "\"id\": \"\(id)\"") },
        "screens/home.json": { $0.replacingOccurrences(of: #""target": "show""#, with: "\"target\": \"\(id)\"") },
        "screen_types.json": { $0.replacingOccurrences(of: #""show": "show""#, with: "\"show\": \"\(id)\"") },
      ])
    let out = dir.appendingPathComponent("pages")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--html", out.path]).status, 0)
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let isolated = "\u{2068}\(id)\u{2069}"
    XCTAssertEqual(
      index.split(separator: "\n").filter { $0.hasPrefix("<li class=\"card\"><b>") },
      ["<li class=\"card\"><b>\(isolated)</b><small>renamed from show to \(isolated)</small></li>"])
  }

  /// The promo banner's manifest moved to a subfolder: one move line naming both paths; edited
  /// too, the move line and the change it makes.
  func testAMovedManifestIsOneMoveLine() throws {
    let dir = folder()
    let base = try project(dir, "base")
    let move = [("components/promo_banner.json", "components/banners/promo_banner.json")]
    let moved = try project(dir, "moved", moves: move)
    XCTAssertEqual(
      try text(base, moved),
      """
       0 screens changed (0 added, 0 removed, 0 renamed), 1 change (1 to the whole project)

      manifest moved: promo_banner components/promo_banner.json → components/banners/promo_banner.json

      """)
    XCTAssertEqual(try zlc(["diff", base.path, moved.path, "--exit-code"]).status, 1)
    let json = try zlc(["diff", base.path, moved.path, "--format", "json"])
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let change = try XCTUnwrap((object["changes"] as? [[String: Any]])?.first)
    XCTAssertEqual(change["kind"] as? String, "manifest_moved")
    XCTAssertEqual(change["component"] as? String, "promo_banner")
    XCTAssertEqual(change["old"] as? String, "components/promo_banner.json")
    XCTAssertEqual(change["new"] as? String, "components/banners/promo_banner.json")
    let edited = try project(
      dir, "edited", edit: ["components/promo_banner.json": { $0.replacingOccurrences(of: "New this week", with: "Fresh today") }],
      moves: move)
    let lines = try text(base, edited).split(separator: "\n").map(String.init)
    XCTAssertEqual(
      Array(lines.dropFirst(2)),
      [
        "manifest moved: promo_banner components/promo_banner.json → components/banners/promo_banner.json",
        #"component changed: promo_banner (PROMO) 'home-promo', family STARTER: styles {"banner_text":"New this week","button_text":"Watch now"} → {"banner_text":"Fresh today","button_text":"Watch now"} on home"#,
      ])
  }

  /// In an app of two platforms, the iOS manifest read from another file is a move on iOS.
  func testAMovedManifestOfOnePlatformNamesIt() throws {
    let dir = folder()
    let base = try project(dir, "base", template: "multi-platform")
    let head = try project(
      dir, "head", template: "multi-platform", moves: [("components/promo_banner/ios.json", "components/promo_banner_ios.json")])
    XCTAssertEqual(
      try text(base, head).split(separator: "\n").last.map(String.init),
      "manifest moved: promo_banner components/promo_banner/ios.json → components/promo_banner_ios.json on ios")
  }

  /// With `--platform` naming another platform, a move of the iOS manifest is no change there;
  /// a manifest that also serves `ios_for_quickbrick`, which the app does not target, names iOS
  /// only.
  func testAMovedManifestNamesOnlyThePlatformsCompared() throws {
    let dir = folder()
    let quickBrick: [String: (String) -> String] = [
      "components/promo_banner/ios.json": { text in
        text.replacingOccurrences(of: #""ui_frameworks": ["native"]"#, with: #""ui_frameworks": ["native", "quickbrick"]"#)
      }
    ]
    let base = try project(dir, "base", template: "multi-platform", edit: quickBrick)
    let head = try project(
      dir, "head", template: "multi-platform", edit: quickBrick,
      moves: [("components/promo_banner/ios.json", "components/promo_banner_ios.json")])
    XCTAssertEqual(try text(base, head, ["--platform", "android_for_quickbrick"]), "")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--platform", "android_for_quickbrick", "--exit-code"]).status, 0)
    XCTAssertEqual(
      try text(base, head).split(separator: "\n").last.map(String.init),
      "manifest moved: promo_banner components/promo_banner/ios.json → components/promo_banner_ios.json on ios")
  }

  /// A manifest moved with its `platform` left out, which serves the app's one platform as
  /// before, is moved.
  func testAManifestMovedWithoutItsPlatformIsMoved() throws {
    let dir = folder()
    let base = try project(dir, "base")
    let head = try project(
      dir, "head", edit: ["components/promo_banner.json": { $0.replacingOccurrences(of: #""platform": "ios","#, with: "") }],
      moves: [("components/promo_banner.json", "components/banners/promo_banner.json")])
    XCTAssertEqual(
      try text(base, head).split(separator: "\n").last.map(String.init),
      "manifest moved: promo_banner components/promo_banner.json → components/banners/promo_banner.json")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--exit-code"]).status, 1)
  }

  /// The Android manifest moved to a file without its `platform`, beside the iOS manifest: the
  /// new file serves Android only (iOS has a manifest of its own), so the move names Android, and
  /// with `--platform ios` it is no change.
  func testAPlatformFreeManifestBesideAnotherNamesThePlatformsItServes() throws {
    let dir = folder()
    let android = "components/promo_banner/android_for_quickbrick.json"
    let base = try project(dir, "base", template: "multi-platform")
    let head = try project(
      dir, "head", template: "multi-platform",
      edit: [android: { $0.replacingOccurrences(of: #""platform": "android_for_quickbrick","#, with: "") }],
      moves: [(android, "components/promo_banner/all.json")])
    XCTAssertEqual(
      try text(base, head).split(separator: "\n").last.map(String.init),
      "manifest moved: promo_banner \(android) → components/promo_banner/all.json on android_for_quickbrick")
    XCTAssertEqual(try text(base, head, ["--platform", "ios"]), "")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--platform", "ios", "--exit-code"]).status, 0)
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--platform", "android_for_quickbrick", "--exit-code"]).status, 1)
  }

  /// The iOS manifest without its `platform`, for the SDKs and frameworks of both apps.
  @Sendable static func everyPlatform(_ text: String) -> String {
    text.replacingOccurrences(of: #""platform": "ios","#, with: "")
      .replacingOccurrences(of: #""min_zapp_sdk": "20.0.0""#, with: #""min_zapp_sdk": "6.1.0""#)
      .replacingOccurrences(of: #""ui_frameworks": ["native"]"#, with: #""ui_frameworks": ["native", "quickbrick"]"#)
  }

  /// The iOS and Android manifests merged into one file serving both: each is moved to it, and
  /// the reverse, one file split into two, moves it to each; neither is silent.
  func testManifestsMergedOrSplitAreMoves() throws {
    let dir = folder()
    let base = try project(dir, "base", template: "multi-platform")
    let head = try project(
      dir, "head", template: "multi-platform",
      edit: ["components/promo_banner/ios.json": Self.everyPlatform],
      moves: [("components/promo_banner/ios.json", "components/promo_banner.json")])
    try FileManager.default.removeItem(at: head.appendingPathComponent("components/promo_banner/android_for_quickbrick.json"))
    let (android, ios) = ("components/promo_banner/android_for_quickbrick.json", "components/promo_banner/ios.json")
    let merged = try text(base, head).split(separator: "\n").filter { $0.hasPrefix("manifest moved") }.map(String.init)
    XCTAssertEqual(
      merged,
      [
        "manifest moved: promo_banner \(android) → components/promo_banner.json",
        "manifest moved: promo_banner \(ios) → components/promo_banner.json",
      ])
    let split = try text(head, base).split(separator: "\n").filter { $0.hasPrefix("manifest moved") }.map(String.init)
    XCTAssertEqual(
      split,
      [
        "manifest moved: promo_banner components/promo_banner.json → \(android)",
        "manifest moved: promo_banner components/promo_banner.json → \(ios)",
      ])
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--exit-code"]).status, 1)
    XCTAssertEqual(try zlc(["diff", head.path, base.path, "--exit-code"]).status, 1)
  }

  /// The Android manifest merged into the iOS one's file, which stays and now serves both: the
  /// Android bundle's manifest moved, though no file is new; and the reverse, split out of it.
  func testAManifestMergedIntoAFileBothSidesHaveIsAMove() throws {
    let dir = folder()
    let (android, ios) = ("components/promo_banner/android_for_quickbrick.json", "components/promo_banner/ios.json")
    let base = try project(dir, "base", template: "multi-platform")
    let head = try project(dir, "head", template: "multi-platform", edit: [ios: Self.everyPlatform])
    try FileManager.default.removeItem(at: head.appendingPathComponent(android))
    XCTAssertEqual(
      try text(base, head).split(separator: "\n").filter { $0.hasPrefix("manifest moved") }.map(String.init),
      ["manifest moved: promo_banner \(android) → \(ios) on android_for_quickbrick"])
    XCTAssertEqual(
      try text(head, base).split(separator: "\n").filter { $0.hasPrefix("manifest moved") }.map(String.init),
      ["manifest moved: promo_banner \(ios) → \(android) on android_for_quickbrick"])
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--exit-code", "--platform", "android_for_quickbrick"]).status, 1)
  }

  /// A platform-free manifest that served Android alone, merged into the iOS one's file: the move
  /// names Android, not every platform, and with `--platform ios` it is no change (iOS's bundle
  /// is built from the iOS file on both sides).
  func testAPlatformFreeManifestMergedIntoAnotherNamesOnlyThePlatformThatSwitched() throws {
    let dir = folder()
    let (android, ios) = ("components/promo_banner/android_for_quickbrick.json", "components/promo_banner/ios.json")
    let generic = "components/promo_banner/generic.json"
    let base = try project(
      dir, "base", template: "multi-platform",
      edit: [android: { $0.replacingOccurrences(of: #""platform": "android_for_quickbrick","#, with: "") }],
      moves: [(android, generic)])
    let head = try project(dir, "head", template: "multi-platform", edit: [ios: Self.everyPlatform])
    try FileManager.default.removeItem(at: head.appendingPathComponent(android))
    XCTAssertEqual(
      try text(base, head).split(separator: "\n").filter { $0.hasPrefix("manifest moved") }.map(String.init),
      ["manifest moved: promo_banner \(generic) → \(ios) on android_for_quickbrick"])
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--platform", "ios", "--exit-code"]).status, 0)
  }
}
