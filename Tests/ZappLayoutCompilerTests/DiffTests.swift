import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappWriters

/// The diff engine (`zlc diff`): what two projects resolve to, compared and grouped.
final class DiffTests: XCTestCase {
  /// Three more root screens, each with a grid of the starter family's GRID_POSTER cells.
  static let extraScreens = """
    [
      { "id": "movies", "name": "Movies", "type": "general_content", "styles": { "family": "STARTER" },
        "ui_components": [ { "id": "movies-grid", "component_type": "grid",
          "data": { "source": "movies", "type": "APPLICASTER_COLLECTION", "target": "show" },
          "styles": { "cell_styles": ["GRID_POSTER"] } } ] },
      { "id": "kids", "name": "Kids", "type": "general_content", "styles": { "family": "STARTER" },
        "ui_components": [ { "id": "kids-grid", "component_type": "grid",
          "data": { "source": "kids", "type": "APPLICASTER_COLLECTION", "target": "show" },
          "styles": { "cell_styles": ["GRID_POSTER"] } } ] }
    ]

    """

  /// The starter project with the extra screens, each file passed through `edit` (path, text).
  func project(_ edit: (String, String) -> String = { $1 }) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in StarterTemplate.basic.files(app: "Diff") + [("screens/more.json", Self.extraScreens)] {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try edit(path, text).write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  func report(_ base: String, _ head: String, file: StaticString = #filePath, line: UInt = #line) throws -> DiffReport {
    try XCTUnwrap(assertSameAsByDigests(base: base, head: head, file: file, line: line), file: file, line: line)
  }

  /// The text without the component object of that id (from its `{` to its `},` and line break).
  static func removingComponent(_ id: String, from text: String) -> String {
    guard let at = text.range(of: "\"id\": \"\(id)\""), let start = text[..<at.lowerBound].lastIndex(of: "{"),
      let end = text[at.upperBound...].range(of: "},\n")
    else { return text }
    return String(text[..<start] + text[end.upperBound...])
  }

  /// What `zlc diff --format json` prints when the projects resolve the same.
  static let noChangeJSON = """
    {
      "format_version": 1,
      "changes": []
    }

    """

  func testIdenticalProjectsHaveNoChange() throws {
    let report = try report(try project(), try project())
    XCTAssertEqual(report.changes, [])
    XCTAssertEqual(DiffPrinter(format: .text).render(report), "")
    // A JSON consumer still reads an object: `jq '.changes | length'` gives 0.
    let json = DiffPrinter(format: .json).render(report)
    XCTAssertEqual(json, DiffTests.noChangeJSON)
    XCTAssertEqual(try JSON.parse(Data(json.utf8))["changes"], .array([]))
    XCTAssertEqual(DiffPrinter(format: .markdown).render(report), "")
  }

  /// A size class's geometry added beside a new phone layout: both are listed, as the layouts
  /// show the devices, not windows of a size class; a new phone layout alone is its layout.
  func testAGeometryChangeBesideALayoutChangeIsListed() throws {
    func family(xl: Bool, columns: Int) throws -> String {
      try project { path, text in
        guard path == "families/STARTER.json" else { return text }
        let tablet = #"{ "type": "tablet", "columns": 4 }"#
        return text.replacingOccurrences(of: tablet, with: xl ? tablet + #", { "type": "XL", "columns": 6 }"# : tablet)
          .replacingOccurrences(of: #""layout": "flow", "columns": 2"#, with: #""layout": "flow", "columns": \#(columns)"#)
      }
    }
    let fields = { (report: DiffReport) in report.changes.map { "\($0.kind.rawValue) \($0.device ?? "-") \($0.field ?? "")" } }
    let base = try project()
    let both = try report(base, try family(xl: true, columns: 3))
    XCTAssertEqual(fields(both), ["component_changed - geometry", "layout phone columns, item.width, item.height"])
    let variants = both.changes.first?.new?["styles"]?.arrayValue?.first?["variants"]?.arrayValue ?? []
    XCTAssertEqual(variants.map { $0["size_class"] }, [.string("XL"), .string("XL")])
    XCTAssertEqual(fields(try report(base, try family(xl: true, columns: 2))), ["component_changed - geometry"])
    XCTAssertEqual(fields(try report(base, try family(xl: false, columns: 3))), ["layout phone columns, item.width, item.height"])
  }

  func testFamilyEditOfTheTabletGridIsOneChangeNamingEveryScreen() throws {
    let base = try project { path, text in
      path == "families/STARTER.json"
        ? text.replacingOccurrences(of: #""type": "tablet", "columns": 4"#, with: #""type": "tablet", "columns": 5"#) : text
    }
    let report = try report(base, try project())
    XCTAssertEqual(report.changes.count, 1, report.changes.map(DiffWording.line).map(\.text).joined(separator: "\n"))
    let change = try XCTUnwrap(report.changes.first)
    XCTAssertEqual(change.kind, .layout)
    XCTAssertEqual(change.device, "tablet")
    XCTAssertEqual(change.screens, ["home", "movies", "kids"])
    XCTAssertEqual(change.component, "grid (GRID_POSTER)")
    XCTAssertEqual(change.family, "STARTER")
    XCTAssertEqual(change.old?["columns"], .int(5))
    XCTAssertEqual(change.new?["columns"], .int(4))
    // 1024 − 2 × 24 = 976 of content: (976 − 4 × 16) / 5 = 182.4 before, (976 − 3 × 16) / 4 = 232 after.
    XCTAssertEqual(change.old?["item.width"], .number(182.4))
    XCTAssertEqual(change.new?["item.width"], .number(232))
    XCTAssertFalse(report.changes.contains { $0.device == "phone" })
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(text.contains("layout: grid (GRID_POSTER), family STARTER on tablet: columns 5 → 4, item.width 182.4 → 232"), text)
    XCTAssertTrue(text.contains("on 3 screens: home, movies, kids"), text)
  }

  func testRemovedComponentNamesItsIDAndScreen() throws {
    let head = try project { path, text in
      guard path == "screens/home.json" else { return text }
      return Self.removingComponent("home-promo", from: text)
    }
    let report = try report(try project(), head)
    let removed = report.changes.filter { $0.kind == .componentRemoved }
    XCTAssertEqual(removed.count, 1)
    XCTAssertEqual(removed.first?.component, "home-promo")
    XCTAssertEqual(removed.first?.screens, ["home"])
    XCTAssertEqual(removed.first?.old, .string("promo_banner"))
    // The grid after it moved up a place: not a move (the order is kept), not a change.
    XCTAssertFalse(report.changes.contains { $0.kind == .componentMoved })
    let needs = report.changes.filter { $0.kind == .requiredRenderers }
    XCTAssertEqual(needs.map(\.field), ["component_types", "cell_layouts"])
    XCTAssertEqual(needs.first?.platforms, ["ios"])
    // In Markdown, the platform in its own column, not the device's.
    let rows = DiffPrinter(format: .markdown).render(report).split(separator: "\n").filter { $0.hasPrefix("| required renderers") }
    XCTAssertEqual(
      rows,
      [
        "| required renderers |  |  |  | ios | component\\_types | no longer: promo\\_banner |  |",
        "| required renderers |  |  |  | ios | cell\\_layouts | no longer: starter\\_promo |  |",
      ])
  }

  func testNewNameOfAScreenIsOneChange() throws {
    let head = try project { path, text in
      path == "screens/more.json" ? text.replacingOccurrences(of: #""name": "Kids""#, with: #""name": "Children""#) : text
    }
    let report = try report(try project(), head)
    XCTAssertEqual(report.changes.count, 1)
    XCTAssertEqual(report.changes.first?.kind, .screenRenamed)
    XCTAssertEqual(report.changes.first?.field, "name")
    XCTAssertEqual(report.changes.first?.old, .string("Kids"))
    XCTAssertEqual(report.changes.first?.new, .string("Children"))
  }

  func testNewIDOverTheSameContentIsOneRename() throws {
    let head = try project { path, text in
      path == "screens/more.json" ? text.replacingOccurrences(of: #""id": "kids""#, with: #""id": "children""#) : text
    }
    let report = try report(try project(), head)
    XCTAssertEqual(report.changes.count, 1, report.changes.map(DiffWording.line).map(\.text).joined(separator: "\n"))
    XCTAssertEqual(report.changes.first?.kind, .screenRenamed)
    XCTAssertEqual(report.changes.first?.field, "id")
    XCTAssertEqual(report.changes.first?.old, .string("kids"))
    XCTAssertEqual(report.changes.first?.new, .string("children"))
    XCTAssertEqual(report.changes.first?.screens, ["children"])
  }

  /// Screens of one content given new ids are renamed in order, the first removed to the first
  /// added; a screen of that content added beyond them is added.
  func testNewIDsOverScreensOfOneContentAreRenamedInOrder() throws {
    func files(_ ids: [String]) -> [String: String] {
      var files = Example.baseProject
      for id in ids { files["screens/\(id).json"] = Example.screen(Example.grid, id: id) }
      return files
    }
    let report = try report(try project(files: files(["a", "b", "c"])), try project(files: files(["w", "x", "y", "z"])))
    let renamed = report.changes.filter { $0.kind == .screenRenamed }
    XCTAssertEqual(renamed.map { "\($0.old?.stringValue ?? "") → \($0.new?.stringValue ?? "")" }, ["a → w", "b → x", "c → y"])
    XCTAssertEqual(report.changes.filter { $0.kind == .screenAdded }.map(\.screens), [["z"]])
    XCTAssertFalse(report.changes.contains { $0.kind == .screenRemoved })
  }

  func testSwappedComponentsAreMovedAndTargetAndBindingChangesAreNamed() throws {
    let head = try project { path, text in
      guard path == "screens/home.json" else { return text }
      return text.replacingOccurrences(of: #""source": "shows""#, with: #""source": "series""#)
        .replacingOccurrences(of: #""id": "home-featured""#, with: #""id": "TMP""#)
        .replacingOccurrences(of: #""id": "home-promo""#, with: #""id": "home-featured""#)
        .replacingOccurrences(of: #""id": "TMP""#, with: #""id": "home-promo""#)
    }
    let report = try report(try project(), head)
    let binding = try XCTUnwrap(report.changes.first { $0.kind == .binding && $0.components == ["home-shows"] })
    XCTAssertEqual(binding.component, "grid (GRID_POSTER)")
    XCTAssertEqual(binding.old?["source"], .string("shows"))
    XCTAssertEqual(binding.new?["source"], .string("series"))
    // The ids swapped places: one of the two is moved, each is retyped (hero ↔ promo_banner).
    XCTAssertEqual(report.changes.filter { $0.kind == .componentMoved }.count, 1)
    XCTAssertEqual(Set(report.changes.filter { $0.kind == .componentRetyped }.compactMap(\.component)), ["home-featured", "home-promo"])
  }

  func testRegistryThatCanNoLongerDrawAScreenIsNamed() throws {
    let head = try project { path, text in
      switch path {
      case "families/STARTER.json":
        return text.replacingOccurrences(of: #""layoutId": "starter_grid_poster""#, with: #""layoutId": "starter_grid_poster_v2""#)
      case "registries/ios.json":
        return text.replacingOccurrences(of: #""client_version": "20.0.0..<21.0.0""#, with: #""client_version": "21.0.0..<22.0.0""#)
          .replacingOccurrences(of: #""starter_grid_poster""#, with: #""starter_grid_poster_v2""#)
      default: return text
      }
    }
    let report = try report(try project(), head)
    let registry = try XCTUnwrap(report.changes.first { $0.kind == .registry })
    XCTAssertEqual(registry.client, "20.0.0..<21.0.0")
    XCTAssertEqual(registry.platforms, ["ios"])
    XCTAssertEqual(registry.field, "cell_layouts")
    XCTAssertEqual(registry.old, .array([]))
    XCTAssertEqual(registry.new, .array([.string("starter_grid_poster_v2")]))
    XCTAssertEqual(registry.screens, ["home", "movies", "kids"])
  }

  /// A client that draws a component's fallback can still show the screen: only the screens
  /// without one are named. The 20.x client applies fallbacks.
  func testARegistryThatDrawsTheFallbackIsNotNamed() throws {
    let applies = { (text: String) in
      text.replacingOccurrences(of: #""platform": "ios","#, with: #""platform": "ios", "applies_fallbacks": true,"#)
    }
    let base = try project { path, text in path == "registries/ios.json" ? applies(text) : text }
    let head = try project { path, text in
      switch path {
      case "families/STARTER.json":
        return text.replacingOccurrences(of: #""layoutId": "starter_grid_poster""#, with: #""layoutId": "starter_grid_poster_v2""#)
      case "screens/home.json":
        return text.replacingOccurrences(
          of: #""styles": { "cell_styles": ["GRID_POSTER"] }"#, with: #""styles": { "cell_styles": ["GRID_POSTER"] }, "fallback": "hide""#)
      case "registries/ios.json":
        return applies(text).replacingOccurrences(
          of: #""client_version": "20.0.0..<21.0.0""#, with: #""client_version": "21.0.0..<22.0.0""#
        )
        .replacingOccurrences(of: #""starter_grid_poster""#, with: #""starter_grid_poster_v2""#)
      default: return text
      }
    }
    let report = try report(base, head)
    let registry = try XCTUnwrap(report.changes.first { $0.kind == .registry })
    XCTAssertEqual(registry.screens, ["movies", "kids"])
    // A client that does not say it applies fallbacks shows a hole on the home screen too.
    let older = try XCTUnwrap(try self.report(try project(), head).changes.first { $0.kind == .registry })
    XCTAssertEqual(older.screens, ["home", "movies", "kids"])
  }

  /// A screen the head adds that a shipped client cannot draw is named as a screen it can no
  /// longer draw is, its `old` null (no screen before) where that one's is `[]`.
  func testARegistryThatCannotDrawANewScreenIsNamed() throws {
    func edited(_ text: String, _ edit: (inout [String: Any]) -> Void) -> String {
      guard var object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return text }
      edit(&object)
      guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return text }
      return String(decoding: data, as: UTF8.self)
    }
    let rail = #"""
      , {"id": "rails", "name": "Rails", "type": "general_content", "styles": {"family": "STARTER"}, "ui_components": [
        {"id": "rail", "component_type": "horizontal_list", "data": {"source": "r", "type": "APPLICASTER_COLLECTION"},
         "styles": {"cell_styles": ["RAIL"]}}]}]
      """#
    let head = try project { path, text in
      switch path {
      case "families/STARTER.json":
        return edited(text) { family in
          let cell: [String: Any] = ["name": "RAIL", "layoutId": "starter_rail", "aspectCellRatio": 0.6667]
          let component: [String: Any] = ["type": "horizontal_list", "layout": "horizontal", "columns": 3, "cells": [cell]]
          family["components"] = (family["components"] as? [Any] ?? []) + [component]
        }
      case "screens/more.json":
        return String(text[..<(text.lastIndex(of: "]") ?? text.endIndex)]) + rail
      case "registries/ios.json":
        return edited(text) { registry in
          registry["client_version"] = "21.0.0..<22.0.0"
          for (key, name) in [("component_types", "horizontal_list"), ("cell_layouts", "starter_rail"), ("layout_kinds", "horizontal")] {
            registry[key] = (registry[key] as? [Any] ?? []) + [name]
          }
        }
      default: return text
      }
    }
    let report = try report(try project(), head)
    XCTAssertEqual(report.changes.filter { $0.kind == .screenAdded }.map(\.screens), [["rails"]])
    let registry = report.changes.filter { $0.kind == .registry }
    XCTAssertEqual(
      registry.map {
        "\($0.screens) \($0.platforms) \($0.client ?? "") \($0.field ?? "") \(DiffWording.value($0.old)) \(DiffWording.value($0.new))"
      },
      [
        #"["rails"] ["ios"] 20.0.0..<21.0.0 component_types none ["horizontal_list"]"#,
        #"["rails"] ["ios"] 20.0.0..<21.0.0 cell_layouts none ["starter_rail"]"#,
        #"["rails"] ["ios"] 20.0.0..<21.0.0 layout_kinds none ["horizontal"]"#,
      ])
    XCTAssertEqual(
      DiffWording.line(try XCTUnwrap(registry.first)).text,
      "client 20.0.0..<21.0.0 on ios cannot draw new screen: component_types horizontal_list on rails")
  }

  func testJSONShapeAndMarkdownTable() throws {
    let head = try project { path, text in
      path == "screen_types.json" ? text.replacingOccurrences(of: #""show": "show""#, with: #""show": "show", "kids": "kids""#) : text
    }
    let report = try report(try project(), head)
    let json = DiffPrinter(format: .json).render(report)
    let parsed = try JSON.parse(Data(json.utf8))
    XCTAssertEqual(parsed["format_version"], .int(1))
    let change = try XCTUnwrap(parsed["changes"]?.arrayValue?.first)
    XCTAssertEqual(
      change.objectValue?.map(\.0),
      [
        "kind", "screens", "platforms", "component", "components", "name", "family", "device", "field", "key", "client", "took_base",
        "position", "old", "new",
      ])
    XCTAssertEqual(change["kind"], .string("mapping"))
    XCTAssertEqual(change["key"], .string("kids"))
    XCTAssertEqual(change["new"], .string("kids"))
    let markdown = DiffPrinter(format: .markdown).render(report)
    XCTAssertTrue(markdown.contains("| Change | Screens | Component | Device | Platform | Field | Old | New |"), markdown)
    XCTAssertTrue(markdown.contains("| mapping |  |  |  |  | screen\\_types 'kids' |  | kids |"), markdown)
  }

  func testWhatResolvesTheSameIsNoChange() throws {
    let head = try project { path, text in
      path == "screens/home.json"
        ? text.replacingOccurrences(of: #""item_limit": 5"#, with: #""item_limit": "5""#).replacingOccurrences(of: "\n", with: "\n  ")
        : text
    }
    XCTAssertEqual(try report(try project(), head).changes, [])
  }

  /// A project of these files (path → text).
  func project(files: [String: String]) throws -> String {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  func testSizeClassMappingChangesWhatIsDrawnOnADevice() throws {
    let settings = #"{"devices": [{"name": "se", "width": 320}, {"name": "pad", "width": 768}]}"#
    func screen(_ mapping: String) -> String {
      """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [
        {"id": "top", "component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
         "styles": {"cell_styles": ["HERO_CELL_1"]}, "size_class_mapping": {\(mapping)}}]}]
      """
    }
    let grid = #""L": {"component_type": "grid", "cell_style": "GRID_1"}"#
    let base = try project(files: ["zlc.json": settings, "screens/home.json": screen(#""S": "hide", "# + grid)])
    let head = try project(files: ["zlc.json": settings, "screens/home.json": screen(grid)])
    let report = try report(base, head)
    let se = try XCTUnwrap(report.changes.first { $0.kind == .layout && $0.device == "se" })
    XCTAssertEqual(se.old?["hidden"], .bool(true))
    XCTAssertEqual(se.new?["hidden"], .bool(false))
    XCTAssertEqual(se.new?["kind"], .string("paged"))
    XCTAssertEqual(se.components, ["top"])
    XCTAssertFalse(report.changes.contains { $0.device == "pad" })
    XCTAssertEqual(report.changes.filter { $0.field == "size_class_mapping" }.count, 1)
  }

  /// A device that now names its state is a device change, and the layouts its family's state
  /// values change are changes on that device.
  func testADevicesStateIsADeviceChange() throws {
    func settings(_ state: String) -> String { #"{"devices": [{"name": "se", "width": 320}, {"name": "pad", "width": 1024\#(state)}]}"# }
    let family = #"""
      {"name": "W", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": 1,
        "screens": [{"type": "landscape", "columns": 4}]}]}]}
      """#
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "W"}, "ui_components": [
        {"id": "top", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}]}]
      """#
    let files = ["families/w.json": family, "screens/home.json": screen]
    let base = try project(files: files.merging(["zlc.json": settings("")]) { $1 })
    let head = try project(files: files.merging(["zlc.json": settings(#", "state": "landscape""#)]) { $1 })
    let report = try report(base, head)
    let device = try XCTUnwrap(report.changes.first { $0.kind == .device })
    XCTAssertEqual(device.device, "pad")
    XCTAssertEqual(device.new?["state"], .string("landscape"))
    let layout = try XCTUnwrap(report.changes.first { $0.kind == .layout && $0.device == "pad" })
    XCTAssertEqual(layout.new?["columns"], .number("4"))
    XCTAssertFalse(report.changes.contains { $0.device == "se" })
  }

  /// A device's width in a device change is the width the bundle writes, unrounded: 599.999 pt
  /// is not shown as 600 (the next size class's).
  func testADevicesWidthIsShownUnrounded() throws {
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"id": "top", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """#
    func settings(_ width: String) -> String { #"{"devices": [{"name": "edge", "class": "phone", "width": \#(width)}]}"# }
    let base = try project(files: ["screens/home.json": screen, "zlc.json": settings("599.5")])
    let head = try project(files: ["screens/home.json": screen, "zlc.json": settings("599.999")])
    let device = try XCTUnwrap(try report(base, head).changes.first { $0.kind == .device })
    XCTAssertEqual(device.old?["width"], .number("599.5"))
    XCTAssertEqual(device.new?["width"], .number("599.999"))
  }

  func testMarkdownStaysWithinAJobSummary() {
    let changes = (0..<1_200).map { DiffChange(kind: .componentRemoved, screens: ["s\($0)"], component: "c\($0)") }
    let markdown = DiffPrinter(format: .markdown).render(DiffReport.grouped(changes, screenOrder: (0..<1_200).map { "s\($0)" }))
    XCTAssertTrue(markdown.contains("| … and 1100 more |  |\n"), markdown)
    XCTAssertTrue(markdown.hasSuffix("\n… and 200 more changes: `zlc diff --format json` lists them all.\n"))
    XCTAssertEqual(markdown.components(separatedBy: "| component removed |").count - 1, 1_000)
  }

  /// Long ids fill a job summary before the row counts do: rows stop within the byte limit, and
  /// the lines after them count what was left out.
  func testMarkdownStaysWithinAJobSummaryWithLongIds() {
    let long = { (n: Int) in "riverflix.screens.catalogue.section-\(n)." + String(repeating: "x", count: 600) }
    let changes = (0..<1_000).map { n in
      DiffChange(kind: .componentRemoved, screens: (0..<10).map { long(n * 10 + $0) }, component: long(n))
    }
    let screens = (0..<10_000).map(long)
    let markdown = DiffPrinter(format: .markdown).render(DiffReport.grouped(changes, screenOrder: screens))
    XCTAssertLessThanOrEqual(markdown.utf8.count, DiffMarkdown.byteLimit)
    let rows = markdown.components(separatedBy: "| component removed |").count - 1
    XCTAssertGreaterThan(rows, 100, "rows up to the limit are kept")
    XCTAssertLessThan(rows, 1_000)
    XCTAssertTrue(markdown.contains("| … and 9900 more |  |\n"))
    XCTAssertTrue(
      markdown.hasSuffix("\n… and \(1_000 - rows) more changes: `zlc diff --format json` lists them all.\n"), String(markdown.suffix(200)))
  }

  func testOnlyComponentsOutOfOrderAreMoved() {
    // Head order of the base positions 0, 3, 1, 2: the component at 3 moved, not the two after it.
    XCTAssertEqual(SectionComparison.moved([(0, 0), (3, 1), (1, 2), (2, 3)]), [1])
    XCTAssertEqual(SectionComparison.moved([(0, 0), (1, 1)]), [])
    XCTAssertEqual(SectionComparison.moved([]), [])
  }

  func testMarkdownCellsCannotBreakTheTable() {
    XCTAssertEqual(DiffMarkdown.escape("a|b <i>*x*</i>\nc"), "a\\|b &lt;i&gt;\\*x\\*&lt;/i&gt; c")
  }

  /// A screen id that ends in `~` keeps it (only text output draws a bar of them), and names from
  /// the project are shown with control characters escaped in every cell, as in text output.
  func testMarkdownShowsNamesAsTextDoes() {
    let changes = [
      DiffChange(kind: .screenRenamed, screens: ["new"], field: "id", old: .string("old~~"), new: .string("new")),
      DiffChange(kind: .screenChanged, screens: ["home"], field: "type", old: .string("a"), new: .string("b")),
      DiffChange(kind: .mapping, field: "screen_types", key: "kids\u{202E}txt", new: .string("kids")),
      DiffChange(
        kind: .componentChanged, screens: ["home"], platforms: ["i\u{1B}os"], component: "grid\u{1B}[2J", components: ["g\u{7}"],
        family: "F\u{202E}", field: "a\u{1B}b", new: .string("x")),
    ]
    let markdown = DiffPrinter(format: .markdown).render(DiffReport.grouped(changes, screenOrder: ["home", "new"]))
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }.map(String.init)
    XCTAssertEqual(
      rows,
      [
        "| Screen | Changes |", "| home | 2 changes |", "| new | renamed from old\\~\\~ |",
        "| Change | Screens | Component | Device | Platform | Field | Old | New |",
        "| screen renamed | new |  |  |  | id | old\\~\\~ | new |",
        "| screen changed | home |  |  |  | type | a | b |",
        #"| component changed | home | grid\\u{1B}\[2J 'g\\u{7}' (family F\\u{202E}) |  | i\\u{1B}os | a\\u{1B}b |  | x |"#,
        #"| mapping |  |  |  |  | screen\_types 'kids\\u{202E}txt' |  | kids |"#,
      ])
    XCTAssertTrue(
      DiffPrinter(format: .text).render(DiffReport.grouped(changes, screenOrder: ["home", "new"])).hasPrefix(" home | 2 changes ~~\n"))
  }

  /// Keys in another order, or a number written another way, are the same data: no change.
  func testReorderedKeysAndNumberSpellingsAreNoChange() throws {
    let promo = #""styles": { "cell_styles": ["PROMO"] }"#
    let base = try project { path, text in
      path == "screens/home.json"
        ? text.replacingOccurrences(of: promo, with: #""styles": { "cell_styles": ["PROMO"], "banner_text": "A", "button_text": "B" }"#)
        : text
    }
    let head = try project { path, text in
      path == "screens/home.json"
        ? text.replacingOccurrences(of: promo, with: #""styles": { "button_text": "B", "banner_text": "A", "cell_styles": ["PROMO"] }"#)
        : text
    }
    XCTAssertEqual(try report(base, head).changes, [])
    XCTAssertTrue(JSON.number("8").isSameData(as: .number("8.0")))
    XCTAssertTrue(JSON.number("1e2").isSameData(as: .number("100")))
    XCTAssertFalse(JSON.number("8").isSameData(as: .number("8.5")))
    XCTAssertFalse(JSON.number("9007199254740993").isSameData(as: .number("9007199254740992")))
    XCTAssertFalse(JSON.object([("a", .number("1"))]).isSameData(as: .object([("b", .number("1"))])))
    XCTAssertFalse(JSON.array([.number("1"), .number("2")]).isSameData(as: .array([.number("2"), .number("1")])))
  }

  /// A component's keys that reach no section (a `name` a client may show as the row's title)
  /// are still a change of the screen file a client downloads.
  func testAComponentsKeyThatReachesNoSectionIsAChange() throws {
    let head = try project { path, text in
      path == "screens/home.json"
        ? text.replacingOccurrences(of: #""id": "home-shows","#, with: #""id": "home-shows", "name": "Trending now","#) : text
    }
    // A key of `data` that no section holds is one too; its source and type are the binding's.
    let connected = try project { path, text in
      path == "screens/home.json"
        ? text.replacingOccurrences(of: #""source": "shows","#, with: #""source": "shows", "connected": true,"#) : text
    }
    XCTAssertEqual(try report(try project(), connected).changes.map(\.field), ["data"])
    let changes = try report(try project(), head).changes
    XCTAssertEqual(changes.count, 1, "\(changes)")
    XCTAssertEqual(changes.first?.kind, .componentChanged)
    XCTAssertEqual(changes.first?.components, ["home-shows"])
    XCTAssertEqual(changes.first?.field, "name")
    XCTAssertEqual(changes.first?.new, .string("Trending now"))
  }

  /// A connected screen's sections bind the sender's children and hold no data source: its
  /// components' `data` source and type, edited or removed, are a change of the screen file.
  func testAConnectedScreensComponentDataIsAChange() throws {
    let written = #""data": { "source": "", "type": "" },"#
    let show = { (data: String) in
      try self.project { path, text in path == "screens/show.json" ? text.replacingOccurrences(of: written, with: data) : text }
    }
    let base = try show(written)
    let typed = try report(base, try show(#""data": { "source": "", "type": "APPLICASTER_COLLECTION" },"#))
    XCTAssertEqual(
      typed.changes.map { DiffWording.line($0).text },
      [#"show-episodes: data {"source":"","type":""} → {"source":"","type":"APPLICASTER_COLLECTION"} on show"#])
    let json = try JSON.parse(Data(DiffPrinter(format: .json).render(typed).utf8))
    let change = try XCTUnwrap(json["changes"]?.arrayValue?.first)
    XCTAssertEqual(change["kind"], .string("component_changed"))
    XCTAssertEqual(change["field"], .string("data"))
    XCTAssertEqual(change["new"]?["type"], .string("APPLICASTER_COLLECTION"))
    let removed = try report(base, try show(""))
    XCTAssertEqual(removed.changes.map(\.field), ["data"])
    XCTAssertNil(removed.changes.first?.new)
  }

  /// What `bundle.json` says beside the screens and mappings (the app's name, its size classes,
  /// the fallbacks each client draws) is compared too: a client reads it.
  func testBundleIndexFieldsAreCompared() throws {
    let applies = { (text: String) in
      text.replacingOccurrences(of: #""platform": "ios","#, with: #""platform": "ios", "applies_fallbacks": true,"#)
    }
    let withFallback = { (path: String, text: String) -> String in
      switch path {
      case "registries/ios.json": return applies(text)
      case "screens/home.json":
        return text.replacingOccurrences(
          of: #""styles": { "cell_styles": ["PROMO"] }"#, with: #""styles": { "cell_styles": ["PROMO"] }, "fallback": "hide""#)
      default: return text
      }
    }
    let base = try project(withFallback)
    let sizeClasses = """
      [{"name": "S", "min_width": 0, "max_width": 600, "class": "phone"}, {"name": "L", "min_width": 600, "max_width": 1100,
        "class": "tablet"}, {"name": "XL", "min_width": 1100, "class": "tablet"}]
      """
    let head = try project { path, text in
      let text = withFallback(path, text)
      switch path {
      case "registries/ios.json": return text.replacingOccurrences(of: #", "promo_banner"]"#, with: "]")
      case "zlc.json":
        return text.replacingOccurrences(of: #""app": "Diff","#, with: #""app": "Diff 2", "size_classes": \#(sizeClasses),"#)
      default: return text
      }
    }
    let changes = try report(base, head).changes.filter { $0.kind == .bundleIndex }
    XCTAssertEqual(changes.map(\.field), ["app", "size_classes", "fallbacks"])
    XCTAssertEqual(DiffWording.line(changes[0]).text, "app Diff → Diff 2")
    XCTAssertEqual(changes[1].new?.arrayValue?.count, 3)
    XCTAssertNil(changes.last?.old)
    XCTAssertEqual(changes.last?.new?.arrayValue?.count, 1)
    XCTAssertTrue(DiffWording.line(changes[1]).text.hasPrefix(#"size_classes [{"name":"S","min_width":0,"max_width":600,"#))
  }

  /// Two long values that differ late are shown from a little before where they part.
  func testLongValuesShowWhereTheyDiffer() {
    let old = JSON.array((0..<60).map { JSON.string("screen-\($0)") })
    let new = JSON.array((0..<59).map { JSON.string("screen-\($0)") } + [.string("kids")])
    let (before, after) = DiffWording.values(old, new)
    XCTAssertTrue(before.hasPrefix("…") && after.hasPrefix("…"), before)
    XCTAssertTrue(before.hasSuffix(#""screen-58","screen-59"]"#), before)
    XCTAssertTrue(after.hasSuffix(#""screen-58","kids"]"#), after)
    XCTAssertEqual(DiffWording.values(.string("a"), nil).0, "a")
    XCTAssertEqual(DiffWording.values(nil, .string("b")).0, "none")
  }
}

extension DiffTests {
  /// A geometry change in text lists every field that changed, by device class and window.
  func testAGeometryChangeListsEveryChangedField() throws {
    let head = try project { path, text in
      guard path == "families/STARTER.json" else { return text }
      let tablet = #"{ "type": "tablet", "columns": 4 }"#
      return text.replacingOccurrences(of: tablet, with: tablet + #", { "type": "XL", "columns": 6 }"#)
    }
    let report = try report(try project(), head)
    // A new XL window: what its columns were (the device class's) and are.
    XCTAssertEqual(
      report.changes.map { DiffWording.line($0).text },
      ["grid (GRID_POSTER), family STARTER: geometry phone XL: columns 2 → 6, sets_columns false → true; tablet XL: columns 4 → 6"])
    let rows = DiffPrinter(format: .markdown).render(report).split(separator: "\n").filter { $0.hasPrefix("| component changed") }
    XCTAssertEqual(
      rows,
      [
        "| component changed | home, movies, kids | grid (GRID\\_POSTER) (family STARTER) |  |  | geometry"
          + " | phone XL: columns 2, sets\\_columns false; tablet XL: columns 4 | phone XL: columns 6, sets\\_columns true; tablet XL: columns 6 |"
      ])
  }
}
