import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayout
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// The preview draws a tab bar's body (`cell_body`) below its tabs, on each device where the
/// bundle draws it, as a section of the body's type laid out by the body's layout there.
final class PreviewCellBodyTests: XCTestCase {
  /// The checked project of `CellBodyTests` (a tab bar whose tabs hold a `list` of `LIST_2`, then
  /// such a list) on a 375 pt phone (size class S) and a 1024 pt pad (L); `extra` goes into the
  /// screen `other`.
  func project(
    tabBar: String = CellBodyTests.tabBar, list: String = CellBodyTests.list, extra: String = "", more: [String: String] = [:]
  ) throws -> Project {
    var files = Example.baseProject.merging(more) { $1 }
    files["zlc.json"] =
      #"{"devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#
    files["screens/o.json"] = Example.screen([tabBar, list].joined(separator: ", "), extra: extra)
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.status, .success, "\(outcome.diagnostics.map(\.message))")
    return outcome.project
  }

  /// Each device's part of a page, by device name.
  func devices(_ page: String) -> [String: String] {
    var out: [String: String] = [:]
    for block in page.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst() {
      out[String(block.prefix { $0 != "\"" })] = block
    }
    return out
  }

  /// The part of a device's wireframe from `start` to the end of its section.
  func part(_ block: String, from start: String) -> String? {
    guard let range = block.range(of: start) else { return nil }
    let rest = block[range.lowerBound...]
    return String(rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)])
  }

  /// On both devices, the tab bar's section draws its body after its tabs, labelled with its type
  /// and cell style, with the body layout's kind, columns and item size, and its items exactly as
  /// the list of the same type and style beside it draws its own.
  func testATabBarsBodyIsDrawnWithTheBodysLayoutOnEachDevice() throws {
    let renderer = PreviewRenderer(project: try project())
    let screen = try XCTUnwrap(renderer.screens.first { $0.id == "other" })
    let (tabs, list) = (screen.resolved.sections[0], screen.resolved.sections[1])
    let body = try XCTUnwrap(tabs.cellBody)
    let page = try XCTUnwrap(renderer.page(named: "other.html"))
    XCTAssertEqual(renderer.page(named: "other.html"), page, "deterministic")
    let blocks = devices(page)
    for device in renderer.index.devices {
      let block = try XCTUnwrap(blocks[device.name], device.name)
      let layout = try XCTUnwrap(body.layout(on: device.name), device.name)
      let tabBar = try XCTUnwrap(part(block, from: "data-section=\"0\""), device.name)
      let drawn = try XCTUnwrap(part(tabBar, from: "<div class=\"cell-body\" data-cell-body=\"list\""), device.name)
      XCTAssertLessThan(tabBar.range(of: "TABS_CELL_1</span>")!.lowerBound, tabBar.range(of: "cell-body")!.lowerBound, "after the tabs")
      var facts = PageBytes()
      renderer.layoutFacts(&facts, layout)
      XCTAssertTrue(facts.string.hasPrefix("\(layout.kind.word) · \(layout.columns) col · "), facts.string)
      XCTAssertTrue(drawn.contains("tab_bar body:</span> <b>list</b> <span class=\"style\">LIST_2</span> <span>\(facts.string) · "), drawn)
      XCTAssertTrue(drawn.contains("<div class=\"body \(layout.kind.word)\""), drawn)
      XCTAssertTrue(drawn.contains("--cw: \(facts.string.split(separator: " ")[5])px"), drawn)
      // The body's items are the list's: the same layout, cell style and layout id.
      XCTAssertEqual(layout, list.layout(on: device.name))
      let listBody = try XCTUnwrap(part(block, from: "data-section=\"1\"").flatMap { part($0, from: "<div class=\"body") })
      XCTAssertTrue(drawn.contains(listBody), "\(device.name):\n\(drawn)\n\(listBody)")
      XCTAssertTrue(listBody.contains("data-cell-style=\"LIST_2\" data-layout-id=\"\(body.renderer.layoutID ?? "?")\""))
    }
    XCTAssertNotEqual(body.layout(on: "phone"), body.layout(on: "pad"))
  }

  /// Where the tab bar's size class hides it, neither it nor its body is drawn; where it replaces
  /// it with a list, a note says that the body is not drawn there.
  func testTheBodyIsDrawnOnlyWhereTheBundleDrawsIt() throws {
    let hidden = CellBodyTests.tabBar.replacingOccurrences(
      of: #""styles": {"#, with: #""size_class_mapping": {"S": "hide"}, "styles": {"#)
    var blocks = devices(try XCTUnwrap(PreviewRenderer(project: try project(tabBar: hidden)).page(named: "other.html")))
    XCTAssertFalse(try XCTUnwrap(blocks["phone"]).contains("cell-body"))
    XCTAssertTrue(try XCTUnwrap(blocks["phone"]).contains("hidden on size class S"))
    XCTAssertTrue(try XCTUnwrap(blocks["pad"]).contains("<div class=\"cell-body\" data-cell-body=\"list\""))
    XCTAssertTrue(try XCTUnwrap(blocks["pad"]).contains("<div class=\"body "))

    let replaced = CellBodyTests.tabBar.replacingOccurrences(
      of: #""styles": {"#, with: #""size_class_mapping": {"L": {"component_type": "list", "cell_style": "LIST_1"}}, "styles": {"#)
    blocks = devices(try XCTUnwrap(PreviewRenderer(project: try project(tabBar: replaced)).page(named: "other.html")))
    let pad = try XCTUnwrap(blocks["pad"].flatMap { part($0, from: "data-section=\"0\"") })
    XCTAssertTrue(pad.contains("<div class=\"note\">No body on size class L: the tab_bar is drawn as list there.</div></div>"), pad)
    XCTAssertFalse(try XCTUnwrap(part(pad, from: "cell-body")).contains("<div class=\"body "))
    XCTAssertTrue(try XCTUnwrap(blocks["phone"].flatMap { part($0, from: "cell-body") }).contains("<div class=\"body "))
  }

  /// A body of a plugin type has no layout in the family (`layout_absent`): a note says so.
  func testANoteSaysWhenTheFamilyHasNoLayoutForTheBody() throws {
    let plugin = CellBodyTests.tabBar.replacingOccurrences(
      of: #""cell_body_component_type": "list", "cell_body_styles": ["LIST_2"]"#, with: #""cell_body_component_type": "x""#)
    let project = try project(tabBar: plugin, more: ["components/x.json": Example.manifest("")])
    let renderer = PreviewRenderer(project: project)
    XCTAssertEqual(renderer.screens.first { $0.id == "other" }?.resolved.sections[0].cellBody?.layoutAbsent, .notInFamily)
    for (_, block) in devices(try XCTUnwrap(renderer.page(named: "other.html"))) {
      let drawn = try XCTUnwrap(part(block, from: "<div class=\"cell-body\" data-cell-body=\"x\""))
      XCTAssertTrue(drawn.contains("<div class=\"note\">No layout: family FAMILY_1 has no styles for x.</div></div>"), drawn)
      XCTAssertFalse(drawn.contains("<div class=\"body "))
    }
  }

  /// On a connected screen filled from a sender feed, the body draws the entries of the tab bar's
  /// first tab, up to `maxDrawnItems`: the note says how many the client shows and how many are drawn.
  func testTheBodyDrawsTheFirstTabsItemsFromAFeed() throws {
    let episodes = (1...4).map { FeedEntry(id: "e\($0)", title: "Episode \($0)") }
    let drawn = try firstTabBody(episodes)
    for title in episodes.compactMap(\.title) { XCTAssertTrue(drawn.contains("<span class=\"t\">\(title)</span>"), title) }
    XCTAssertEqual(drawn.components(separatedBy: "<div class=\"cell").count - 1, 4)
    XCTAssertTrue(drawn.contains("4 of 4 items of the first tab ‘Episodes’</span>"), drawn)

    let many = try firstTabBody((1...1_500).map { FeedEntry(id: "e\($0)", title: "Episode \($0)") })
    XCTAssertEqual(many.components(separatedBy: "<div class=\"cell").count - 1, PreviewRenderer.maxDrawnItems)
    XCTAssertTrue(many.contains("1500 of 1500 items of the first tab ‘Episodes’, the first 1000 drawn</span>"))
  }

  /// The body drawn on the phone for a tab bar whose first tab carries `episodes`.
  func firstTabBody(_ episodes: [FeedEntry]) throws -> String {
    let unbound = { (component: String, source: String) in
      component.replacingOccurrences(
        of: #""data": {"source": "\#(source)", "type": "APPLICASTER_COLLECTION"}"#, with: #""data": {"source": "", "type": ""}"#)
    }
    let project = try project(
      tabBar: unbound(CellBodyTests.tabBar, "1"), list: unbound(CellBodyTests.list, "2"), extra: #", "data": {"connected": true}"#)
    let tabs = FeedEntry(
      id: "tabs", title: "Tabs",
      entries: [FeedEntry(id: "t1", title: "Episodes", entries: episodes), FeedEntry(id: "t2", title: "Extras", entries: [])])
    let renderer = PreviewRenderer(project: project, senders: [ExactString("other"): FeedEntry(id: "show", entries: [tabs])])
    let phone = try XCTUnwrap(devices(try XCTUnwrap(renderer.page(named: "other.html")))["phone"])
    return try XCTUnwrap(part(phone, from: "cell-body"), phone)
  }
}
