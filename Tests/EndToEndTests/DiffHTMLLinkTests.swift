import Foundation
import XCTest

/// `zlc diff --html`: the wireframes' links lead to the pages written, whatever names the screens'
/// pages take (ids that differ only by case, a screen named `index`).
final class DiffHTMLLinkTests: XCTestCase {
  /// A root screen that a mapping or a target opens, bound to `source`.
  static func screen(_ id: String, name: String, connected: Bool = false) -> String {
    let data = connected ? #""data": {"connected": true}, "# : ""
    let source = connected ? #""source": "", "type": """# : #""source": "\#(id)", "type": "APPLICASTER_COLLECTION""#
    return #"""
      {"id": "\#(id)", "name": "\#(name)", "type": "general_content", \#(data)"styles": {"family": "STARTER"},
       "ui_components": [{"id": "\#(id)-list", "component_type": "list", "data": {\#(source)}, "styles": {"cell_styles": ["LIST_ROW"]}}]}
      """#
  }

  /// A starter project whose home opens `hero` from its hero and the screen `index` from its grid,
  /// with these screens beside `show` (renamed to `showName`).
  func project(_ folder: URL, hero: String, homeName: String, showName: String, more: [String]) throws -> URL {
    XCTAssertEqual(try zlc(["init", folder.path]).status, 0)
    try sameApp(folder)
    let home = folder.appendingPathComponent("screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8))
      .replacingOccurrences(of: #""name": "Home""#, with: #""name": "\#(homeName)""#)
      .replacingOccurrences(
        of: #""source": "featured", "type": "APPLICASTER_COLLECTION", "target": "show""#,
        with: #""source": "featured", "type": "APPLICASTER_COLLECTION", "target": "\#(hero)""#
      )
      .replacingOccurrences(
        of: #""source": "shows", "type": "APPLICASTER_COLLECTION", "target": "show""#,
        with: #""source": "shows", "type": "APPLICASTER_COLLECTION", "target": "index""#
      )
      .write(to: home, atomically: true, encoding: .utf8)
    let show = folder.appendingPathComponent("screens/show.json")
    try (try String(contentsOf: show, encoding: .utf8)).replacingOccurrences(of: #""name": "Show""#, with: #""name": "\#(showName)""#)
      .write(to: show, atomically: true, encoding: .utf8)
    try "[\(more.joined(separator: ",\n"))]".write(
      to: folder.appendingPathComponent("screens/more.json"), atomically: true, encoding: .utf8)
    return folder
  }

  /// The links left on each page of `zlc diff --html` (scripts/diff_html_check.py, in Chromium).
  func links(_ base: URL, _ head: URL) throws -> [String: [String]] {
    let out = base.deletingLastPathComponent().appendingPathComponent("diff")
    let r = try zlc(["diff", base.path, head.path, "--html", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    let check = try run(["python3", repositoryRoot.appendingPathComponent("scripts/diff_html_check.py").path, out.path])
    if check.status == 2 {
      if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("the diff pages test needs Chromium on CI: \(check.err)") }
      throw XCTSkip(check.err)
    }
    XCTAssertEqual(check.status, 0, check.err)
    let measured = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: [String: Any]])
    return measured.compactMapValues { $0["links"] as? [String] }
  }

  static let show = "show~1c6333509debf060.html"
  static let index = "index~1bc04b5291c26a46.html"
  static let other = "Show~0df6f1cad36c49da.html"

  /// `show` beside `Show` and a screen named `index`: their pages take the names the wireframes
  /// link to, as the preview names them.
  func testLinksToScreensWhosePagesHaveNamesOfTheirOwn() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let more = [Self.screen("Show", name: "Other"), Self.screen("index", name: "Index", connected: true)]
    let base = try project(dir.appendingPathComponent("base"), hero: "show", homeName: "Home", showName: "Show", more: more)
    let changed = [Self.screen("Show", name: "Other"), Self.screen("index", name: "Contents", connected: true)]
    let head = try project(dir.appendingPathComponent("head"), hero: "show", homeName: "Start", showName: "Episode", more: changed)
    let links = try links(base, head)
    XCTAssertEqual(Set(links.keys), ["index.html", "home.html", Self.show, Self.index])
    XCTAssertEqual(links["home.html"], ["index.html", Self.index, Self.show])
  }

  /// The base's wireframes link to the base's page names: a screen whose page the head names
  /// otherwise (`Show` is new beside `show`) is still linked, to its page here.
  func testTheBasesLinksLeadToThePagesOfTheSameScreens() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let index = Self.screen("index", name: "Index", connected: true)
    let base = try project(dir.appendingPathComponent("base"), hero: "show", homeName: "Home", showName: "Show", more: [index])
    let more = [Self.screen("Show", name: "Other"), index]
    let head = try project(dir.appendingPathComponent("head"), hero: "Show", homeName: "Home", showName: "Episode", more: more)
    let links = try links(base, head)
    XCTAssertEqual(Set(links.keys), ["index.html", "home.html", Self.show, Self.other])
    XCTAssertEqual(links["home.html"], [Self.other, "index.html", Self.show].sorted())
  }

  /// The pages' links are right as written, without a script: a link of the wireframes to a screen
  /// without a page here (`show`, unchanged) is text, no `href` to a page that is not written.
  func testALinkToAScreenWithoutAPageIsTextAsWritten() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    var folders: [URL] = []
    for name in ["base", "head"] {
      let folder = dir.appendingPathComponent(name)
      XCTAssertEqual(try zlc(["init", folder.path]).status, 0)
      try sameApp(folder)
      folders.append(folder)
    }
    let home = folders[1].appendingPathComponent("screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: #""name": "Home""#, with: #""name": "Start""#)
      .write(to: home, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("diff")
    XCTAssertEqual(try zlc(["diff", folders[0].path, folders[1].path, "--html", out.path]).status, 0)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".html") }.sorted(), ["home.html", "index.html"])
    let page = try String(contentsOf: out.appendingPathComponent("home.html"), encoding: .utf8)
    XCTAssertTrue(page.contains(#"<a class="cell" data-opens="show">"#), String(page.prefix(2000)))
    XCTAssertFalse(page.contains(#"href="show"#))
  }
}
