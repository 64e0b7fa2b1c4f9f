import Foundation
import XCTest

/// The preview draws a section on each size class as the client does there: merged into the one
/// before (`merge_next_by_size_class`), not drawn; replaced (`size_class_mapping`), labelled with
/// the replacement; and captioned with the size class's limit (`item_limit_by_size_class`).
final class PreviewSizeClassTests: XCTestCase {
  func testASectionMergedIntoTheOneBeforeIsNotDrawnOnThatSizeClass() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/Fixtures/responsive-data"), to: project)
    let grid = { (source: String, rules: String) in
      #"{"component_type": "grid", "data": {"source": "\#(source)", "type": "APPLICASTER_COLLECTION", "target": "channel"}, "styles": {"cell_styles": ["GRID_2"]}\#(rules)}"#
    }
    let home = """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [\(grid("1", #", "rules": {"merge_next_by_size_class": ["L"]}"#)), \(grid("2", ""))]}]
      """
    try home.write(to: project.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("pages")
    let r = try zlc(["preview", project.path, "-o", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    let page = try String(contentsOf: out.appendingPathComponent("home.html"), encoding: .utf8)
    let devices = page.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst()
    XCTAssertEqual(devices.count, 2)
    let phone = try XCTUnwrap(devices.first { $0.hasPrefix("phone\"") })
    let tablet = try XCTUnwrap(devices.first { $0.hasPrefix("tablet\"") })
    // The phone (size class M) draws both sections with their sample items.
    XCTAssertTrue(phone.contains(#"<section class="sec flow" data-section="1" data-component="grid""#), phone)
    XCTAssertFalse(phone.contains("merged"), phone)
    // The tablet (L) draws the second as merged into the first, with no items of its own.
    XCTAssertTrue(
      tablet.contains(
        #"<section class="sec flow merged" data-section="1" data-component="grid" style="--h: 1" data-kind="flow" data-items="0">"#),
      tablet)
    XCTAssertTrue(tablet.contains("merged: its items are shown by section 0"), tablet)
    XCTAssertTrue(tablet.contains(#"<section class="sec flow" data-section="0""#), tablet)
  }

  func testAReplacedSectionIsLabelledAsItsReplacementAndCaptionedWithItsSizeClassesLimit() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/Fixtures/responsive-data"), to: project)
    let home = """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [{"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "channel"},
          "styles": {"cell_styles": ["LIST_1"]}, "size_class_mapping": {"L": {"component_type": "grid", "cell_style": "GRID_2"}},
          "rules": {"item_limit": 7, "item_limit_by_size_class": {"L": 2}}}]}]
      """
    try home.write(to: project.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("pages")
    let r = try zlc(["preview", project.path, "-o", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    let page = try String(contentsOf: out.appendingPathComponent("home.html"), encoding: .utf8)
    let devices = page.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst()
    let phone = try XCTUnwrap(devices.first { $0.hasPrefix("phone\"") })
    let tablet = try XCTUnwrap(devices.first { $0.hasPrefix("tablet\"") })
    XCTAssertTrue(phone.contains(#"data-component="list""#), phone)
    XCTAssertTrue(phone.contains("<b>list</b>"), phone)
    XCTAssertTrue(phone.contains("limit 7"), phone)
    XCTAssertTrue(tablet.contains(#"data-component="grid""#), tablet)
    XCTAssertFalse(tablet.contains(#"data-component="list""#), tablet)
    XCTAssertTrue(tablet.contains("<b>grid</b>"), tablet)
    XCTAssertTrue(tablet.contains(#"data-cell-style="GRID_2" data-layout-id="flow_grid_landscape""#), tablet)
    XCTAssertFalse(tablet.contains("LIST_1"), tablet)
    XCTAssertTrue(tablet.contains("limit 2"), tablet)
    XCTAssertTrue(tablet.contains(#"data-items="2""#), tablet)
  }

  /// With a feed, a caption counts as `zlc map` does: the real items shown of the child's (and the
  /// merged child's), and the placeholders apart.
  func testAFeedCaptionCountsRealItemsAndPlaceholdersApart() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/responsive-data")
    let out = dir.appendingPathComponent("pages")
    let r = try zlc(["preview", fixture.path, "--feeds", fixture.appendingPathComponent("feeds").path, "-o", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    let page = try String(contentsOf: out.appendingPathComponent("channel.html"), encoding: .utf8)
    let devices = page.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst()
    let phone = try XCTUnwrap(devices.first { $0.hasPrefix("phone\"") })
    let tablet = try XCTUnwrap(devices.first { $0.hasPrefix("tablet\"") })
    XCTAssertTrue(phone.contains("4 of 4 items of ‘New’ ·"), phone)
    XCTAssertTrue(tablet.contains("4 of 6 items of ‘New’ and the next section&#39;s child, and 2 placeholders ·"), tablet)
    XCTAssertTrue(tablet.contains("4 of 4 items of ‘Extras’, and 2 placeholders ·"), tablet)
  }

  /// Without a feed, `pad_rows` fills the last row of the limited sample with placeholders, as the
  /// client fills it (a feed's placeholders are drawn already).
  func testASampleIsPaddedToWholeRows() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/Fixtures/responsive-data"), to: project)
    let home = """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "channel"},
          "styles": {"cell_styles": ["GRID_2"]}, "rules": {"item_limit_by_size_class": {"L": 2}, "pad_rows": true}}]}]
      """
    try home.write(to: project.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("pages")
    let r = try zlc(["preview", project.path, "-o", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    let page = try String(contentsOf: out.appendingPathComponent("home.html"), encoding: .utf8)
    let tablet = try XCTUnwrap(page.components(separatedBy: "<div class=\"device\" data-device=\"").first { $0.hasPrefix("tablet\"") })
    XCTAssertTrue(tablet.contains("3 col"), tablet)
    XCTAssertTrue(tablet.contains(#"data-items="3""#), tablet)
    XCTAssertTrue(tablet.contains("limit 2, and 1 placeholder ·"), tablet)
  }
}
