import Foundation
import XCTest

@testable import ZappLayout

/// What the runtime model gained for the preview: the item count shared with the mapper, a
/// screen's navigations, a section's header height and a feed entry's image.
final class PreviewModelTests: XCTestCase {
  func section(limit: Int?, fillRows: Bool?, columns: [String: Int]) throws -> ResolvedSection {
    var layout: [String: Any] = [:]
    for (device, n) in columns {
      layout[device] = [
        "kind": "flow", "columns": n, "item": ["width": 100], "insets": ["top": 0, "left": 0, "bottom": 0, "right": 0],
        "inter_item_spacing": 8, "line_spacing": 8, "header_height": 44,
      ]
    }
    var json: [String: Any] = [
      "section": 0, "component": [0], "component_type": "grid", "cell_styles": [], "renderer": [:],
      "data": ["binding": "none"], "layout": layout,
    ]
    if let limit { json["item_limit"] = limit }
    if let fillRows { json["fill_rows"] = fillRows }
    return try ResolvedSection(json: JSON.parse(JSONSerialization.data(withJSONObject: json)), path: "")
  }

  func testItemsShownTakesTheLimitThenWholeRows() throws {
    let grid = try section(limit: 6, fillRows: true, columns: ["phone": 2, "tablet": 4, "wide": 7])
    XCTAssertEqual(grid.itemsShown(of: 20, on: "phone"), 6)
    XCTAssertEqual(grid.itemsShown(of: 20, on: "tablet"), 4, "6 on 4 columns is one whole row")
    XCTAssertEqual(grid.itemsShown(of: 20, on: "wide"), 6, "no whole row: the items stay")
    XCTAssertEqual(grid.itemsShown(of: 3, on: "phone"), 2)
    XCTAssertEqual(grid.itemsShown(of: 0, on: "phone"), 0)
    let free = try section(limit: nil, fillRows: nil, columns: ["phone": 2])
    XCTAssertEqual(free.itemsShown(of: 7, on: "phone"), 7)
    XCTAssertEqual(free.itemsShown(of: -1, on: "phone"), 0)
    let hero = try section(limit: 1, fillRows: nil, columns: ["phone": 1])
    XCTAssertEqual(hero.itemsShown(of: 5, on: "phone"), 1)
    XCTAssertEqual(grid.layout(on: "phone")?.headerHeight, 44)
  }

  func testNavigationsDecodeWithNestedItemsAndTargets() throws {
    let json = """
      {"id": "home", "type": "general_content", "navigations": [
        {"id": "menu", "name": "Main menu", "category": "menu", "navigation_type": "TwoLevelRNMenu", "nav_items": [
          {"id": "a", "title": "Shows", "type": "label", "data": {"target": "shows"}},
          {"id": "b", "title": "More", "type": "group", "nav_items": [{"id": "c", "title": "Kids", "data": {"target": "kids"}}]},
          {"id": "d", "title": 3, "data": "not an object"}
        ]}],
       "resolved": {"connected": false, "presentation": "push", "launch_mode": "standard", "sections": []}}
      """
    let screen = try ResolvedScreen(data: Data(json.utf8))
    let navigation = try XCTUnwrap(screen.navigations.first)
    XCTAssertEqual(navigation.name, "Main menu")
    XCTAssertEqual(navigation.navigationType, "TwoLevelRNMenu")
    XCTAssertEqual(navigation.allItems.map(\.id), ["a", "b", "c", "d"])
    XCTAssertEqual(navigation.allItems.map(\.target), ["shows", nil, "kids", nil])
    XCTAssertNil(navigation.allItems[3].title, "a title that is not a string is dropped, not fatal")
    XCTAssertEqual(try ResolvedScreen(json: screen.json).navigations, screen.navigations)
    XCTAssertEqual(
      try ResolvedScreen(
        data: Data(
          #"{"id": "x", "type": "general_content", "navigations": 3, "resolved": {"connected": false, "presentation": "push", "launch_mode": "standard", "sections": []}}"#
            .utf8)
      ).navigations, [])
  }

  func testAFeedEntryTakesItsImageBaseImage() throws {
    let entry = try FeedEntry.decode(
      Data(
        """
        {"id": "1", "media_group": [
          {"type": "video", "media_item": [{"key": "image_base", "src": "https://x/video.mp4"}]},
          {"type": "image", "media_item": [{"key": "thumb", "src": "https://x/thumb.jpg"}, {"key": "image_base", "src": "https://x/base.jpg"}]}
        ]}
        """.utf8))
    XCTAssertEqual(entry.imageURL, "https://x/base.jpg")
    let first = try FeedEntry.decode(
      Data(#"{"media_group": [{"type": "image", "media_item": [{"key": "a", "src": ""}, {"key": "b", "src": "https://x/b.jpg"}]}]}"#.utf8))
    XCTAssertEqual(first.imageURL, "https://x/b.jpg", "an empty source is skipped")
    XCTAssertNil(try FeedEntry.decode(Data(#"{"media_group": "nope"}"#.utf8)).imageURL)
    let again = try FeedEntry.decode(JSONEncoder().encode(entry))
    XCTAssertEqual(again.imageURL, "https://x/base.jpg")
  }
}
