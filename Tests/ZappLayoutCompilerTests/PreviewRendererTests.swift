import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// The preview's HTML, read back: item counts, plugin names, links, the map and feeds. The
/// geometry as a browser draws it is measured by scripts/preview_check.py (EndToEndTests).
final class PreviewRendererTests: XCTestCase {
  static let demo = repositoryRoot.appendingPathComponent("manifests").path

  func demoProject() throws -> Project {
    let outcome = Driver.check(Self.demo)
    XCTAssertEqual(outcome.status, .success)
    return outcome.project
  }

  /// `data-items` of each section of a page, per device.
  func itemCounts(_ html: String) -> [String: [Int: Int]] {
    var out: [String: [Int: Int]] = [:]
    for block in html.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst() {
      let device = String(block.prefix { $0 != "\"" })
      for section in block.components(separatedBy: "<section ").dropFirst() {
        guard let n = Self.attribute("data-section", in: section).flatMap(Int.init),
          let items = Self.attribute("data-items", in: section).flatMap(Int.init)
        else { continue }
        out[device, default: [:]][n] = items
      }
    }
    return out
  }

  static func attribute(_ name: String, in text: String) -> String? {
    guard let range = text.range(of: "\(name)=\"") else { return nil }
    return String(text[range.upperBound...].prefix { $0 != "\"" })
  }

  func testItemCountsAreTheClientsLimitsAndWholeRows() throws {
    let renderer = try PreviewRenderer(project: demoProject())
    let home = itemCounts(try XCTUnwrap(renderer.page(named: "home.html")))
    // Section 6: a grid limited to 6 with fill_rows, GRID_1 then GRID_2: 2 and 2 columns on phones;
    // 4 and 3 on tablets, whose rows hold 1/4 + 1/3 + 1/3 (3 items) and then 3, so 6 are whole rows.
    XCTAssertEqual(home["phone"]?[6], 6)
    XCTAssertEqual(home["tablet-portrait"]?[6], 6)
    XCTAssertEqual(home["tablet-landscape"]?[6], 6)
    // Section 0: a pager limited to 5; section 2: a horizontal list limited to 12.
    XCTAssertEqual(home["phone"]?[0], 5)
    XCTAssertEqual(home["phone"]?[2], 12)
    // Section 4: a ticker without a limit draws the documented sample of 3.
    XCTAssertEqual(home["phone"]?[4], 3)
    let show = itemCounts(try XCTUnwrap(renderer.page(named: "show.html")))
    XCTAssertEqual(show["tablet-landscape"]?[0], 1, "a hero limited to 1 shows 1")
    XCTAssertEqual(Set(home.keys), ["phone", "tablet-portrait", "tablet-landscape"])
    XCTAssertEqual(home["phone"]?.count, 7, "every section, the plugin's included")
  }

  /// An `item_limit` of 999,999,999 checks clean; the page draws the first 1,000 items and says
  /// so, instead of a box for each (gigabytes of HTML, and of memory while it is written).
  func testAHugeItemLimitDrawsABoundedSample() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(atPath: Self.demo, toPath: dir.path)
    let home = dir.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    XCTAssertTrue(text.contains(#""item_limit": "6""#))
    try text.replacingOccurrences(of: #""item_limit": "6""#, with: #""item_limit": "999999999""#).write(
      to: home, atomically: true, encoding: .utf8)
    let outcome = Driver.check(dir.path)
    XCTAssertEqual(outcome.status, .success, "\(outcome.diagnostics.map(\.message))")
    let page = try XCTUnwrap(PreviewRenderer(project: outcome.project).page(named: "home.html"))
    XCTAssertEqual(itemCounts(page)["phone"]?[6], PreviewRenderer.maxDrawnItems)
    XCTAssertTrue(page.contains("limit 999999999, whole rows, the first 1000 drawn"))
    XCTAssertLessThan(page.utf8.count, 10_000_000)
  }

  func testPluginsAreLabelledWithTheirManifestNames() throws {
    let renderer = try PreviewRenderer(project: demoProject())
    let home = try XCTUnwrap(renderer.page(named: "home.html"))
    XCTAssertEqual(home.components(separatedBy: "data-plugin=\"promo_banner\"").count - 1, 3, "once per device")
    XCTAssertTrue(home.contains("<b>Promo Banner</b>"))
    let search = try XCTUnwrap(renderer.page(named: "search.html"))
    XCTAssertTrue(search.contains("data-plugin=\"search_bar\""))
    let player = try XCTUnwrap(renderer.page(named: "player.html"))
    XCTAssertEqual(player.components(separatedBy: "class=\"screen-plugin\" data-plugin=\"riverflix_player\"").count - 1, 3)
    XCTAssertTrue(player.contains("<b>Riverflix Player</b>"))
  }

  func testLinksLeadToTheScreensTheyOpen() throws {
    let renderer = try PreviewRenderer(project: demoProject())
    let home = try XCTUnwrap(renderer.page(named: "home.html"))
    for target in ["home", "shows", "live", "kids", "search", "settings"] {
      XCTAssertTrue(home.contains("data-nav-target=\"\(target)\" href=\"\(target).html\""), target)
    }
    // The hero's data.target: every item opens the show screen.
    XCTAssertGreaterThan(home.components(separatedBy: "href=\"show.html\" data-opens=\"show\"").count - 1, 5)
    let index = renderer.indexPage()
    XCTAssertTrue(index.contains("<code>video</code></td><td>→ <a href=\"player.html\">Player</a>"))
    XCTAssertTrue(index.contains("<code>show</code></td><td>→ <a href=\"show.html\">Show</a>"))
    let player = try XCTUnwrap(renderer.page(named: "player.html"))
    XCTAssertTrue(player.contains("any feed entry with <small>type channel, type video</small>"), "what opens the player")
    XCTAssertEqual(renderer.indexPage(), index, "deterministic")
    XCTAssertNil(renderer.page(named: "../zlc.json"))
    // The screen menu comes from one shared script, not from every page.
    XCTAssertTrue(home.contains("data-current=\"home.html\""))
    XCTAssertTrue(home.contains("<script src=\"screens.js\"></script>"))
    XCTAssertFalse(home.contains("<option value=\"shows.html\""))
    let script = try XCTUnwrap(renderer.page(named: "screens.js"))
    XCTAssertTrue(script.hasPrefix("window.zlcScreens = [[\"Shows\",\"shows.html\"],"), script)
    XCTAssertEqual(renderer.pages().map(\.path).prefix(5), ["index.html", "screens.js", "preview.css", "preview.js", "shows.html"])
    // So do the style sheet and the script: a page links them, and carries neither.
    XCTAssertTrue(home.contains(#"<link rel="stylesheet" href="preview.css">"#))
    XCTAssertTrue(home.contains(#"<script src="preview.js"></script>"#))
    XCTAssertFalse(home.contains("<style>"))
    XCTAssertEqual(renderer.page(named: "preview.css"), PreviewRenderer.style)
    XCTAssertEqual(renderer.page(named: "preview.js"), PreviewRenderer.script)
  }

  /// The preview resolves only the keys of a screen its pages read, and its sections without their styles;
  /// its pages are those drawn from the whole screens (as `zlc serve` draws them), so no page
  /// reads what was left out.
  func testPagesOfTheDescribedKeysAreThePagesOfWholeScreens() throws {
    let project = try demoProject()
    let resolver = Resolver(project: project)
    let whole = PreviewRenderer(
      index: resolver.bundleIndex(), screens: project.screens.map { resolver.resolvedScreen($0) },
      pluginNames: PreviewRenderer.pluginNames(of: project))
    let described = PreviewRenderer(project: project)
    XCTAssertTrue(described.screens.allSatisfy { $0.members.allSatisfy { PreviewRenderer.keptKeys.contains($0.0) } })
    XCTAssertTrue(whole.screens.contains { $0["ui_components"] != nil })
    XCTAssertTrue(whole.screens.contains { $0.resolved.sections.contains { !$0.styles.isEmpty } })
    XCTAssertTrue(described.screens.allSatisfy { $0.resolved.sections.allSatisfy(\.styles.isEmpty) })
    let (a, b) = (whole.pages(), described.pages())
    XCTAssertEqual(a.map(\.path), b.map(\.path))
    for (x, y) in zip(a, b) { XCTAssertEqual(x.html, y.html, x.path) }
  }

  func testEachScreensLinksAreIndexedOnceInTheOrderOfAllLinks() throws {
    let renderer = try PreviewRenderer(project: demoProject())
    XCTAssertFalse(renderer.links.isEmpty)
    var seen = 0
    for screen in renderer.screens {
      let own = renderer.linksByScreen[ExactString(screen.id)] ?? PreviewRenderer.ScreenLinks()
      let incoming = renderer.links.filter { $0.to == screen.id && $0.from != screen.id }
      let outgoing = renderer.links.filter { $0.from == screen.id && $0.to != screen.id }
      XCTAssertEqual(own.incoming.map(\.label), incoming.map(\.label), screen.id)
      XCTAssertEqual(own.incoming.map(\.from), incoming.map(\.from), screen.id)
      XCTAssertEqual(own.outgoing.map(\.label), outgoing.map(\.label), screen.id)
      XCTAssertEqual(own.outgoing.map(\.to), outgoing.map(\.to), screen.id)
      seen += own.incoming.count
    }
    XCTAssertEqual(seen, renderer.links.filter { $0.from != $0.to }.count, "every link that is not a loop opens one screen")
    // Pages drawn in parallel are the pages drawn one at a time, in bundle order.
    let pages = renderer.pages()
    XCTAssertEqual(pages.dropFirst(4).map(\.path), renderer.files)
    for (i, page) in pages.dropFirst(4).enumerated() { XCTAssertEqual(page.html, renderer.screenPage(at: i), page.path) }
  }

  /// The map's SVG, whole: a node with a link and one without, and an edge down, one within a
  /// row and one back up, with text that needs escaping in titles and tooltips.
  func testTheMapsSVG() {
    let nodes = [
      AppMap.Node(title: "Home & <co>", subtitle: "home · \"root\"", href: "home.html", kind: "home"),
      AppMap.Node(title: "A very long screen name indeed", subtitle: "a", href: "a~1.html", kind: "root"),
      AppMap.Node(title: "Any feed entry", subtitle: "screen_types", href: nil, kind: "entries"),
    ]
    let edges = [
      (AppMap.Edge(from: 0, to: 1, kind: "navigation"), ["Menu › A"]),
      (AppMap.Edge(from: 0, to: 2, kind: "target"), ["section 0"]),
      (AppMap.Edge(from: 1, to: 2, kind: "mapping"), ["x", "y"]),
      (AppMap.Edge(from: 2, to: 0, kind: "feed"), ["'it'"]),
    ]
    let expected = #"""
      <svg class="map" xmlns="http://www.w3.org/2000/svg" width="462" height="284" viewBox="0 0 462 284" role="group" aria-label="Map of the app">
      <defs><marker id="arrow-navigation" class="arrow navigation" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker><marker id="arrow-target" class="arrow target" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker><marker id="arrow-mapping" class="arrow mapping" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker><marker id="arrow-feed" class="arrow feed" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker><clipPath id="node-text"><rect width="144" height="46"/></clipPath></defs>
      <path class="edge navigation" d="M186,70 C186,118 99,118 99,166" marker-end="url(#arrow-navigation)"><title>Home &amp; &lt;co&gt; → A very long screen name indeed: Menu › A</title></path>
      <path class="edge target" d="M186,70 C186,118 273,118 273,166" marker-end="url(#arrow-target)"><title>Home &amp; &lt;co&gt; → Any feed entry: section 0</title></path>
      <path class="edge mapping" d="M111,212 C111,250.5 261,250.5 261,212" marker-end="url(#arrow-mapping)"><title>A very long screen name indeed → Any feed entry: x; y</title></path>
      <path class="edge feed" d="M348,189 C411.67,189 324.67,47 261,47" marker-end="url(#arrow-feed)"><title>Any feed entry → Home &amp; &lt;co&gt;: &#39;it&#39;</title></path>
      <a href="home.html" data-screen-link="home.html"><title>Home &amp; &lt;co&gt;</title><g class="node home" transform="translate(111,24)"><rect width="150" height="46" rx="10"/><g clip-path="url(#node-text)"><text class="name" x="12" y="20">Home &amp; &lt;co&gt;</text><text class="sub" x="12" y="36">home · &quot;root&quot;</text></g></g></a>
      <a href="a~1.html" data-screen-link="a~1.html"><title>A very long screen name indeed</title><g class="node root" transform="translate(24,166)"><rect width="150" height="46" rx="10"/><g clip-path="url(#node-text)"><text class="name" x="12" y="20">A very long screen …</text><text class="sub" x="12" y="36">a</text></g></g></a>
      <g class="node entries" transform="translate(198,166)"><rect width="150" height="46" rx="10"/><g clip-path="url(#node-text)"><text class="name" x="12" y="20">Any feed entry</text><text class="sub" x="12" y="36">screen_types</text></g></g>
      </svg>
      """#
    XCTAssertEqual(AppMap(nodes: nodes, edges: edges, roots: [0]).svg(), expected)
  }

  /// A right-to-left name (its first strong letter is: `24 שעות`) is drawn from the node's right
  /// edge, so that the clip cuts its end; drawn from the left, its start was cut.
  func testRightToLeftNamesStartAtTheNodesRightEdge() {
    let nodes = [
      AppMap.Node(title: "24 שעות של חדשות ועוד הרבה", subtitle: "מסך ראשי", href: nil, kind: "home"),
      AppMap.Node(title: "Show שלום", subtitle: "show", href: nil, kind: "root"),
    ]
    let svg = AppMap(nodes: nodes, edges: [], roots: [0, 1]).svg()
    XCTAssertTrue(
      svg.contains(
        "<text class=\"name\" x=\"138\" y=\"20\" direction=\"rtl\">\u{2068}24 שעות של חדשות וע…\u{2069}</text>"
          + "<text class=\"sub\" x=\"138\" y=\"36\" direction=\"rtl\">\u{2068}מסך ראשי\u{2069}</text>"), svg)
    XCTAssertTrue(
      svg.contains(
        "<text class=\"name\" x=\"12\" y=\"20\">\u{2068}Show שלום\u{2069}</text><text class=\"sub\" x=\"12\" y=\"36\">show</text>"),
      svg)
    XCTAssertEqual(["", "12", "‏", "abc", "\u{202E}abc"].map(AppMap.startsRightToLeft), [false, false, false, false, false])
    XCTAssertEqual(["שלום", "(1) مرحبا", "\u{10900}"].map(AppMap.startsRightToLeft), [true, true, true])
    // What an isolate holds does not set the line's direction.
    XCTAssertFalse(AppMap.startsRightToLeft("\u{2068}שלום\u{2069} · connected"))
  }

  /// A screen's right-to-left id is isolated alone in its node's subtitle, so that it does not
  /// carry the words after it: the line runs left to right, `id · connected`.
  func testARightToLeftIDIsIsolatedAloneInItsNode() throws {
    let dir = try makeProject(
      Example.baseProject.merging([
        "screens/h.json": Example.screen(Example.grid, id: "תוכנית")
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/preview"
    _ = Driver.preview(dir, output: out)
    let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    XCTAssertTrue(index.contains("<text class=\"sub\" x=\"12\" y=\"36\">\u{2068}\u{2068}תוכנית\u{2069} · "), index)
  }

  /// An edge back up a tall map bulges further right the more rows it climbs: the picture is
  /// wide enough for the whole curve (its points sampled), and for its arrow beside it.
  func testEdgesBackUpATallMapAreNotClipped() throws {
    let nodes = (0..<9).map { AppMap.Node(title: "\($0)", subtitle: "", href: nil, kind: "root") }
    let chain = (0..<8).map { (edge: AppMap.Edge(from: $0, to: $0 + 1, kind: "target"), labels: ["x"]) }
    let back = (edge: AppMap.Edge(from: 8, to: 0, kind: "feed"), labels: ["y"])
    let svg = AppMap(nodes: nodes, edges: chain + [back], roots: [0]).svg()
    func number(after prefix: String, in text: Substring) throws -> Double {
      let start = try XCTUnwrap(text.range(of: prefix)).upperBound
      return try XCTUnwrap(Double(text[start...].prefix { "0123456789.".contains($0) }))
    }
    let width = try number(after: "width=\"", in: svg[...])
    let path = try XCTUnwrap(svg.components(separatedBy: "\n").first { $0.contains("edge feed") })
    let d = try XCTUnwrap(path.components(separatedBy: "d=\"").dropFirst().first?.prefix { $0 != "\"" })
    let values = d.split(whereSeparator: { "MC ,".contains($0) }).compactMap { Double($0) }
    XCTAssertEqual(values.count, 8, String(d))
    let reach =
      stride(from: 0.0, through: 1.0, by: 0.01).map { t -> Double in
        let u = 1 - t
        return u * u * u * values[0] + 3 * u * u * t * values[2] + 3 * u * t * t * values[4] + t * t * t * values[6]
      }.max() ?? 0
    XCTAssertGreaterThan(reach, 150 + 2 * AppMap.margin + 90, "the curve reaches beyond the room a short map leaves")
    XCTAssertLessThanOrEqual(reach + AppMap.margin, width, "the curve's rightmost point and a margin are in the picture")
  }

  func testTheMapIsLayeredFromTheHomeScreen() {
    let nodes = ["a", "b", "c", "d", "e"].map { AppMap.Node(title: $0, subtitle: "", href: "\($0).html", kind: "root") }
    func edge(_ from: Int, _ to: Int) -> (edge: AppMap.Edge, labels: [String]) { (AppMap.Edge(from: from, to: to, kind: "target"), ["x"]) }
    let map = AppMap(nodes: nodes, edges: [edge(0, 2), edge(0, 1), edge(1, 3), edge(3, 0), edge(2, 2)], roots: [0])
    let (rows, unreached) = map.rows()
    XCTAssertEqual(rows, [[0], [2, 1], [3], [4]])
    XCTAssertEqual(unreached, 3, "e is opened by nothing")
    let svg = map.svg()
    XCTAssertEqual(svg.components(separatedBy: "<path class=\"edge").count - 1, 4, "a self-loop is not drawn")
    XCTAssertTrue(svg.contains("Opened by nothing"))
    XCTAssertEqual(map.svg(), svg)
    // Wide layers wrap.
    let wide = AppMap(
      nodes: (0..<15).map { AppMap.Node(title: "\($0)", subtitle: "", href: nil, kind: "root") },
      edges: (1..<15).map { edge(0, $0) }, roots: [0])
    XCTAssertEqual(wide.rows().rows.map(\.count), [1, AppMap.maxPerRow, AppMap.maxPerRow, 14 - 2 * AppMap.maxPerRow])
  }

  func testFeedsFillConnectedScreensThroughTheMapper() throws {
    let project = try demoProject()
    let read = Driver.readSenders(Self.demo + "/feeds", project: project)
    XCTAssertTrue(read.diagnostics.isEmpty, "\(read.diagnostics.map(\.message))")
    XCTAssertEqual(Set(read.senders.keys), [ExactString("show"), ExactString("season"), ExactString("movie")])
    let renderer = PreviewRenderer(project: project, senders: read.senders)
    let show = try XCTUnwrap(renderer.page(named: "show.html"))
    for title in ["Season 1", "Season 2", "Season 3", "Trailer", "Bloopers"] {
      XCTAssertTrue(show.contains("<span class=\"t\">\(title)</span>"), title)
    }
    XCTAssertEqual(itemCounts(show)["tablet-portrait"]?[2], 4, "5 extras, limit 6 in whole rows of 2")
    XCTAssertTrue(show.contains("<span>Seasons</span>"), "the header shows the child's title")
    // A sender with one child leaves the other sections unbound, and says so.
    var short = try XCTUnwrap(read.senders[ExactString("show")])
    short.entries = Array(short.entries?.prefix(1) ?? [])
    short.entries?[0].entries?[0].imageURL = "https://img.example/poster.jpg"
    let partial = PreviewRenderer(project: project, senders: [ExactString("show"): short]).page(named: "show.html") ?? ""
    XCTAssertEqual(partial.components(separatedBy: "class=\"unbound empty\"").count - 1, 6, "2 sections on 3 devices")
    XCTAssertTrue(partial.contains("<img alt=\"\" loading=\"lazy\" src=\"https://img.example/poster.jpg\""))
  }

  /// A plugin section (no layout) the mapper leaves unbound or bound to a child it does not accept
  /// says so, as a section with a layout does: its caption read as a good child's.
  func testAPluginSectionLeftWithoutItsChildSaysSo() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-plugin-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.demo), to: folder)
    let show = folder.appendingPathComponent("screens/show.json")
    let text = try String(contentsOf: show, encoding: .utf8)
    try text.replacingOccurrences(
      of: #""ui_components": ["#, with: #""ui_components": [{ "id": "show-search", "component_type": "search_bar" },"#
    )
    .write(to: show, atomically: true, encoding: .utf8)
    let outcome = Driver.check(folder.path)
    XCTAssertEqual(outcome.status, .success, outcome.diagnostics.map(\.message).joined(separator: "\n"))
    func page(_ children: [FeedEntry]) throws -> String {
      let sender = FeedEntry(id: "s", title: "S", entries: children)
      return try XCTUnwrap(PreviewRenderer(project: outcome.project, senders: [ExactString("show"): sender]).page(named: "show.html"))
    }
    let unbound = try page([])
    XCTAssertTrue(unbound.contains(#"<section class="sec plugin empty" data-section="0""#), unbound)
    XCTAssertTrue(unbound.contains(#"<div class="unbound empty">unbound: the sender has no child for it</div>"#), unbound)
    let incompatible = try page([FeedEntry(id: "c0", title: "Cat", typeValue: "APPLICASTER_CATEGORY")])
    XCTAssertTrue(incompatible.contains(#"<section class="sec plugin incompatible" data-section="0""#), incompatible)
    XCTAssertTrue(
      incompatible.contains(#"<div class="unbound incompatible">incompatible: child type APPLICASTER_CATEGORY is not accepted</div>"#),
      incompatible)
  }

  /// A link to an id that names no screen of the bundle shows that id, as text: not the first
  /// screen's name, which it used to borrow.
  func testALinkToAnIdOfNoScreenShowsTheId() throws {
    let renderer = try PreviewRenderer(project: demoProject())
    var out = PageBytes()
    renderer.screenLink(&out, "nowhere")
    XCTAssertEqual(out.string, "nowhere")
    out.clear()
    renderer.screenLink(&out, "show")
    XCTAssertEqual(out.string, #"<a href="show.html">Show</a>"#)
  }

  /// The bar's "All" button names no device, so a device named `all` is a device like another.
  func testTheAllButtonNamesNoDevice() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-all-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.demo), to: folder)
    try #"{"devices": [{"name": "all", "width": 375}, {"name": "tablet", "width": 1024}], "data_types": ["RIVERFLIX_RECOMMENDATIONS"]}"#
      .write(to: folder.appendingPathComponent("zlc.json"), atomically: true, encoding: .utf8)
    let outcome = Driver.check(folder.path)
    XCTAssertEqual(outcome.status, .success, outcome.diagnostics.map(\.message).joined(separator: "\n"))
    let page = try XCTUnwrap(PreviewRenderer(project: outcome.project).page(named: "home.html"))
    XCTAssertTrue(page.contains(#"<button data-device="" aria-pressed="true">All</button>"#), page)
    XCTAssertTrue(page.contains(#"<button data-device="all" aria-pressed="false">"#), page)
    XCTAssertEqual(page.components(separatedBy: #"<div class="device" data-device="all""#).count - 1, 1)
  }

  /// A feed named after no screen is told of a screen no other feed fills: beside `show.json`,
  /// `sho.json` is not told to be `show.json`, which would fill `show` twice; `seaso.json` is
  /// told of `season.json`.
  func testAFeedNamedAfterNoScreenIsToldOfAScreenNoFeedFills() throws {
    let project = try demoProject()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-feeds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["show", "sho", "seaso"] {
      try #"{"entry": []}"#.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
    }
    let read = Driver.readSenders(folder.path, project: project)
    XCTAssertEqual(read.senders.keys.map(\.value), ["show"])
    let byFile = Dictionary(grouping: read.diagnostics) { ($0.path as NSString?)?.lastPathComponent ?? "" }
    XCTAssertEqual(byFile["sho.json"]?.map(\.code), ["ZL0706"])
    XCTAssertNotEqual(byFile["sho.json"]?.first?.fixIt?.message, "did you mean 'show.json'?")
    XCTAssertEqual(byFile["seaso.json"]?.first?.fixIt?.message, "did you mean 'season.json'?")
    XCTAssertNil(byFile["seaso.json"]?.first?.fixIt?.range, "a hint: the file is renamed by hand")
  }

  func testFeedsNamedAfterNoConnectedScreenAreErrors() throws {
    let project = try demoProject()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-feeds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try #"{"entry": []}"#.write(to: folder.appendingPathComponent("seasn.json"), atomically: true, encoding: .utf8)
    try #"{"entry": []}"#.write(to: folder.appendingPathComponent("home.json"), atomically: true, encoding: .utf8)
    try #"{"entry": [}"#.write(to: folder.appendingPathComponent("season.json"), atomically: true, encoding: .utf8)
    let read = Driver.readSenders(folder.path, project: project)
    XCTAssertTrue(read.senders.isEmpty)
    let byFile = Dictionary(grouping: read.diagnostics) { ($0.path as NSString?)?.lastPathComponent ?? "" }
    XCTAssertEqual(byFile["seasn.json"]?.map(\.code), ["ZL0706"])
    XCTAssertEqual(
      byFile["seasn.json"]?.first?.message,
      "the feed 'seasn.json' names no screen: a sender feed is named after a connected screen's id, its name, a screen_type or its ui_tag")
    XCTAssertEqual(byFile["seasn.json"]?.first?.fixIt?.message, "did you mean 'season.json'?")
    XCTAssertEqual(byFile["home.json"]?.map(\.code), ["ZL0706"])
    XCTAssertEqual(
      byFile["home.json"]?.first?.message, "the feed 'home.json' names the screen 'home', which is not connected: it takes no sender")
    XCTAssertEqual(byFile["season.json"]?.first?.location?.line, 1, "a broken feed is reported where it breaks")
    // Two feeds of one screen (its id, and a screen_type that opens it): the first in byte order
    // fills it, the other is an error.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("season.json"))
    let copy = folder.appendingPathComponent("project")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.demo), to: copy)
    let types = copy.appendingPathComponent("screen_types.json")
    try String(contentsOf: types, encoding: .utf8).replacingOccurrences(
      of: #""show": "show","#, with: #""show": "show", "series": "show","#
    )
    .write(to: types, atomically: true, encoding: .utf8)
    let feed = #"{"entry": [{"id": "e1", "title": "One"}]}"#
    try feed.write(to: folder.appendingPathComponent("series.json"), atomically: true, encoding: .utf8)
    try feed.write(to: folder.appendingPathComponent("show.json"), atomically: true, encoding: .utf8)
    let twice = Driver.readSenders(folder.path, project: Driver.check(copy.path).project)
    XCTAssertEqual(Array(twice.senders.keys), [ExactString("show")])
    let twiceByFile = Dictionary(grouping: twice.diagnostics) { ($0.path as NSString?)?.lastPathComponent ?? "" }
    XCTAssertNil(twiceByFile["series.json"])
    XCTAssertEqual(
      twiceByFile["show.json"]?.map(\.message),
      ["the feed 'show.json' fills the screen 'show', which the feed 'series.json' fills already: keep one feed per screen"])
    let missing = Driver.readSenders(folder.path + "/nope", project: project)
    XCTAssertEqual(missing.diagnostics.map(\.code), [Rule.ioError.code])
  }

  /// A body whose items share one cell style carries its style and layout id once; items of a
  /// section with several styles each carry their own.
  func testCellStylesAreNamedOncePerBodyOrOncePerItem() throws {
    let renderer = PreviewRenderer(project: try demoProject())
    let home = try XCTUnwrap(renderer.page(named: "home.html"))
    let sections = home.components(separatedBy: "<section ").dropFirst()
    let grid = try XCTUnwrap(sections.first { $0.contains("GRID_2") })
    let gridBody = try XCTUnwrap(grid.components(separatedBy: "<div class=\"body ").dropFirst().first?.prefix { $0 != ">" })
    XCTAssertFalse(gridBody.contains("data-cell-style"), "two styles: none on the body")
    XCTAssertTrue(grid.contains("data-cell-style=\"GRID_1\" data-layout-id=\"layout_01_grid_01\""))
    XCTAssertTrue(grid.contains("data-cell-style=\"GRID_2\" data-layout-id=\"layout_01_grid_02\""))
    let single = try XCTUnwrap(sections.first { $0.contains("data-cell-style=\"HERO_CELL_1\"") })
    XCTAssertTrue(single.contains("<div class=\"body paged\" data-cell-style=\"HERO_CELL_1\" data-layout-id=\"layout_01_hero_01\""))
    XCTAssertEqual(single.components(separatedBy: "data-cell-style=").count, 2, "once, on the body")
    XCTAssertTrue(single.contains("<span class=\"s\">HERO_CELL_1</span>"), "each item still shows its style")
    XCTAssertTrue(home.contains("<div class=\"body horizontal overflows\" data-cell-style=\"HORIZONTAL_LIST_1\""))
    let shows = try XCTUnwrap(renderer.page(named: "shows.html"))
    XCTAssertTrue(shows.contains("<div class=\"body one_and_n\" data-cell-style=\"HERO_CELL_2\" data-layout-id=\"layout_01_hero_02\""))
  }

  func testTextIsEscaped() {
    XCTAssertEqual(HTML.escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    // A combining mark after a quote makes one grapheme with it: the quote is escaped all the same.
    XCTAssertEqual(HTML.escape("a\"\u{301} onload=x\"\u{301}"), "a&quot;\u{301} onload=x&quot;\u{301}")
    XCTAssertEqual(HTML.escape("<\u{20DD}>é"), "&lt;\u{20DD}&gt;é")
    XCTAssertEqual(HTML.escape("plain café 🎬"), "plain café 🎬")
    XCTAssertEqual(HTML.px(169.499), "169.5")
    XCTAssertEqual(HTML.px(12), "12")
    XCTAssertEqual(HTML.px(.nan), "0")
  }

  /// `PageBytes` writes text, integers and pixels as `HTML.escape`, `String` and `HTML.px` do.
  func testPageBytesWriteAsTheStringHelpers() {
    var values: [Double] = [0, -0.0, 0.004, 0.005, -0.005, 0.1, -0.5, -1.5, 12, 169.499, 197.44, 1e9 + 0.37, -1e9 - 0.37, 1e15, 1e17, .nan]
    values += [.infinity, -.infinity, 1e307, .leastNonzeroMagnitude, 123_456_789.015, 99.995, -99.995]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      values.append(Double.random(in: -2_000...2_000, using: &generator))
      values.append(Double(Int.random(in: -300_000...300_000, using: &generator)) / 100)
    }
    for value in values {
      var out = PageBytes()
      out.px(value)
      XCTAssertEqual(out.string, HTML.px(value), "\(value)")
    }
    for value in [0, 7, -7, 10, 99, 100, -100, 123_456_789, Int.max, Int.min] {
      var out = PageBytes()
      out.int(value)
      XCTAssertEqual(out.string, String(value))
    }
    let long = String(repeating: "section ", count: 40)
    let texts = ["<a href=\"x\">'&'</a>", "a\"\u{301} onload=x\"\u{301}", "<\u{20DD}>é", "plain café 🎬", "", long + "'", "\"" + long, long]
    for text in texts {
      var out = PageBytes()
      out.add("<b>")
      out.text(text)
      out.add(markup: long)
      XCTAssertEqual(out.string, "<b>" + HTML.escape(text) + long)
    }
  }

  /// `PageBytes` keeps every byte as it grows past its capacity, takes markup written in the code
  /// (one scalar, held without a pointer, included) and made at run time alike, and starts again
  /// empty after `clear`, keeping nothing of the page before.
  func testPageBytesGrowsAndClears() {
    var out = PageBytes(capacity: 1)
    var expected = ""
    for n in 0..<5_000 {
      out.add("<i>")
      out.add("é")
      out.add("x")
      out.int(n)
      out.add(markup: String(repeating: "ü", count: n % 7))
      expected += "<i>éx\(n)" + String(repeating: "ü", count: n % 7)
    }
    XCTAssertEqual(out.string, expected)
    XCTAssertEqual(out.bytes, Array(expected.utf8))
    XCTAssertEqual(out.withBytes { Array($0) }, Array(expected.utf8))
    out.clear()
    XCTAssertEqual(out.string, "")
    out.add("</b>")
    XCTAssertEqual(out.bytes, Array("</b>".utf8))
  }
}

extension PreviewRendererTests {
  /// Two screen ids that differ only in Unicode form (`é` as `e` and an accent, and as one
  /// character) are two screens, as for clients: each link goes to its own page, and each page
  /// is opened by its own section only.
  func testIdsThatDifferOnlyInUnicodeFormLinkToTheirOwnPages() throws {
    let (decomposed, composed) = ("e\u{301}", "\u{e9}")
    func screen(_ id: String, _ name: String) -> String {
      Example.screen(Example.grid, id: id).replacingOccurrences(of: #""id": "\#(id)""#, with: #""id": "\#(id)", "name": "\#(name)""#)
    }
    let dir = try makeProject(
      Example.baseProject.merging([
        "screens/o.json": Example.screen(Example.gridOpening(decomposed) + ", " + Example.gridOpening(composed)),
        "screens/a.json": screen(decomposed, "Decomposed"), "screens/b.json": screen(composed, "Composed"),
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    // The two ids are one to Swift's string comparison, a warning (ZL0125); nothing else is found.
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity >= .warning }.map(\.code), ["ZL0125"])
    let renderer = PreviewRenderer(project: outcome.project)
    let pageOf = { (id: String) in renderer.files[try XCTUnwrap(renderer.screens.firstIndex { $0.id.utf8.elementsEqual(id.utf8) })] }
    let (decomposedPage, composedPage) = (try pageOf(decomposed), try pageOf(composed))
    XCTAssertNotEqual(decomposedPage, composedPage)
    let other = try XCTUnwrap(renderer.page(named: try pageOf("other")))
    let opens = try XCTUnwrap(other.components(separatedBy: "<b>Opens</b>").last)
    XCTAssertTrue(opens.contains(#"<a href="\#(decomposedPage)">Decomposed</a> <small>section 0 grid</small>"#), opens)
    XCTAssertTrue(opens.contains(#"<a href="\#(composedPage)">Composed</a> <small>section 1 grid</small>"#), opens)
    for (page, section) in [(decomposedPage, 0), (composedPage, 1)] {
      let html = try XCTUnwrap(renderer.page(named: page))
      let openedBy = try XCTUnwrap(html.components(separatedBy: "<b>Opened by</b>").last?.components(separatedBy: "</div>").first)
      XCTAssertTrue(openedBy.hasSuffix("<small>section \(section) grid</small></li></ul>"), openedBy)
    }
  }
}
