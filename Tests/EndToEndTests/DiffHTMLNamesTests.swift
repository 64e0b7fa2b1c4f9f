import Foundation
import XCTest

/// `zlc diff` as a reviewer reads it: a screen id that holds a character showing nothing cannot
/// pass for another, one holding an override cannot reorder the words after it, a removed
/// screen's card leads to its page, and a page's script carries only the pages it links to.
final class DiffHTMLNamesTests: XCTestCase {
  /// The demo, and beside it the demo with `search` removed, `show` renamed, and two screens added:
  /// `shows` with a zero-width space after it and `rtl‮evil`, each a copy of `shows` (whose grid
  /// opens `show`).
  func projects() throws -> (base: URL, head: URL, out: URL) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let base = try copyDemo(to: dir.appendingPathComponent("base"))
    let head = try copyDemo(to: dir.appendingPathComponent("head"))
    let browse = head.appendingPathComponent("screens/browse.json")
    var screens = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: browse)) as? [[String: Any]])
    let shows = try XCTUnwrap(screens.first { $0["id"] as? String == "shows" })
    screens.removeAll { $0["id"] as? String == "search" }
    for id in ["shows\u{200B}", "rtl\u{202E}evil"] {
      var copy = shows
      copy["id"] = id
      screens.append(copy)
    }
    try JSONSerialization.data(withJSONObject: screens).write(to: browse)
    let home = head.appendingPathComponent("screens/home.json")
    let nav = #"{ "id": "menu-search", "title": "Search", "type": "label", "data": { "target": "search" } },"#
    let text = try String(contentsOf: home, encoding: .utf8)
    XCTAssertTrue(text.contains(nav))
    try text.replacingOccurrences(of: nav, with: "").write(to: home, atomically: true, encoding: .utf8)
    let show = head.appendingPathComponent("screens/show.json")
    try (try String(contentsOf: show, encoding: .utf8)).replacingOccurrences(of: #""name": "Show""#, with: #""name": "Episode""#)
      .write(to: show, atomically: true, encoding: .utf8)
    return (base, head, dir.appendingPathComponent("diff"))
  }

  func testNamesThatShowNothingOrReorderAreVisibleAndEveryCardLeadsToItsPage() throws {
    let (base, head, out) = try projects()
    let text = try zlc(["diff", base.path, head.path])
    XCTAssertEqual(text.status, 0, text.err)
    XCTAssertTrue(text.out.contains(#"screen added: shows\u{200B}, rtl\u{202E}evil"#), text.out)
    XCTAssertFalse(text.out.contains("\u{200B}") || text.out.contains("\u{202E}"), text.out)
    let markdown = try zlc(["diff", base.path, head.path, "--format", "markdown"])
    XCTAssertTrue(markdown.out.contains(#"shows\\u{200B}"#), markdown.out)

    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--html", out.path]).status, 0)
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    XCTAssertFalse(index.contains("\u{200B}") || index.contains("\u{202E}"))
    XCTAssertTrue(index.contains(#"<b>shows\u{200B}</b><small>added</small>"#))
    XCTAssertTrue(index.contains(#"<b>rtl\u{202E}evil</b><small>added</small>"#))
    XCTAssertTrue(index.contains(#"<a href="search.html"><b>search</b><small>removed</small>"#))

    // The page of `shows\u{200B}` links to `show` (changed: its page is here), as it is written,
    // without a script; no link of its wireframes leads to a page that is not here.
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
    let twin = try XCTUnwrap(files.first { $0.hasPrefix("shows_~") })
    let page = try String(contentsOf: out.appendingPathComponent(twin), encoding: .utf8)
    XCTAssertTrue(page.contains(#"<h1>shows\u{200B}</h1>"#))
    XCTAssertTrue(page.contains(#" href="show.html""#))
    let linked = Set(page.components(separatedBy: #" href=""#).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
    XCTAssertEqual(linked.subtracting(["data:,", "index.html"]).subtracting(files), [], "links to pages that are not written")

    // In a browser, after the pages' scripts have run: the removed screen's card still leads to
    // its page, and the twin's wireframes lead to `show`'s.
    let check = try run(["python3", repositoryRoot.appendingPathComponent("scripts/diff_html_check.py").path, out.path])
    if check.status == 2 {
      if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("the diff pages test needs Chromium on CI: \(check.err)") }
      throw XCTSkip(check.err)
    }
    XCTAssertEqual(check.status, 0, check.err)
    let measured = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: [String: Any]])
    let links = measured.compactMapValues { $0["links"] as? [String] }
    XCTAssertEqual(Set(files.filter { $0.hasSuffix(".html") }), Set(links.keys))
    XCTAssertTrue(links["index.html"]?.contains("search.html") == true, "\(links["index.html"] ?? [])")
    XCTAssertEqual(links[twin], ["index.html", "show.html"])
  }

  /// Right-to-left ids in the table of changes are each isolated: unisolated, `חדשות → ספורט`
  /// showed as a rename from the new id to the old, and `שלום, עולם` in the other order.
  func testRightToLeftIDsInTheChangesKeepTheirOrder() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    var projects: [URL] = []
    for (side, ids) in [("base", ["חדשות", "שלום", "עולם"]), ("head", ["ספורט"])] {
      let project = try copyDemo(to: dir.appendingPathComponent(side))
      projects.append(project)
      let browse = project.appendingPathComponent("screens/browse.json")
      let screens = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: browse)) as? [[String: Any]])
      let shows = try XCTUnwrap(screens.first { $0["id"] as? String == "shows" })
      let copies = ids.map { id in
        var copy = shows
        copy["id"] = id
        copy["name"] = ["חדשות", "ספורט"].contains(id) ? "News" : "N " + id
        return copy
      }
      let rtl = project.appendingPathComponent("screens/rtl.json")
      try JSONSerialization.data(withJSONObject: copies, options: [.sortedKeys]).write(to: rtl)
    }
    let (base, head, out) = (projects[0], projects[1], dir.appendingPathComponent("diff"))
    let text = try zlc(["diff", base.path, head.path])
    XCTAssertTrue(text.out.contains("screen renamed: חדשות → ספורט\n"), "a terminal shows no isolates: \(text.out)")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--html", out.path]).status, 0)
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    XCTAssertTrue(index.contains("<tr><td>screen removed</td><td>\u{2068}שלום\u{2069}, \u{2068}עולם\u{2069}</td></tr>"), index)
    XCTAssertTrue(index.contains("<tr><td>screen renamed</td><td>\u{2068}חדשות\u{2069} → \u{2068}ספורט\u{2069}</td></tr>"), index)
  }

  /// A change on more than ten screens lists the first ten, and behind `… and 2 more` every other
  /// one: the index holds every screen a change names.
  func testAChangeOnManyScreensListsEveryScreen() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let ids = (1...12).map { "copy-\($0)" }
    var projects: [URL] = []
    for (side, limit) in [("base", "3"), ("head", "4")] {
      let project = try copyDemo(to: dir.appendingPathComponent(side))
      projects.append(project)
      let browse = project.appendingPathComponent("screens/browse.json")
      let screens = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: browse)) as? [[String: Any]])
      let shows = try XCTUnwrap(screens.first { $0["id"] as? String == "shows" })
      let text = String(decoding: try JSONSerialization.data(withJSONObject: shows, options: [.sortedKeys]), as: UTF8.self)
      XCTAssertEqual(text.components(separatedBy: #""item_limit":"3""#).count, 2)
      let copies = ids.map { id in
        text.replacingOccurrences(of: #""id":"shows""#, with: #""id":"\#(id)""#)
          .replacingOccurrences(of: #""item_limit":"3""#, with: #""item_limit":"\#(limit)""#)
      }
      try ("[" + copies.joined(separator: ",") + "]").write(
        to: project.appendingPathComponent("screens/copies.json"), atomically: true, encoding: .utf8)
    }
    let out = dir.appendingPathComponent("diff")
    XCTAssertEqual(try zlc(["diff", projects[0].path, projects[1].path, "--html", out.path]).status, 0)
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let first = ids.prefix(10).joined(separator: ", ")
    XCTAssertTrue(
      index.contains(
        #"<details class="more"><summary><small>on 12 screens: \#(first), … and 2 more</small></summary><small>copy-11, copy-12</small></details>"#
      ), index)
  }
}
