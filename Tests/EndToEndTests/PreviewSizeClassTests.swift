import Foundation
import XCTest

/// The preview draws a section on each size class as the client does there: merged into the one
/// before (`merge_next_by_size_class`), not drawn; replaced (`size_class_mapping`), labelled with
/// the replacement; captioned with the size class's limit (`item_limit_by_size_class`); padded to
/// whole rows (`pad_rows`); and, with a feed, counted as `zlc map` counts.
final class PreviewSizeClassTests: XCTestCase {
  static let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/responsive-data")

  /// The devices' blocks of `page` of the preview of the responsive fixture, its home screen's
  /// components replaced by `components` (when given), by device name (phone: size class M,
  /// tablet: L).
  func previewedDevices(components: String? = nil, feeds: Bool = false, page: String = "home.html") throws -> [String: String] {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    try FileManager.default.copyItem(at: Self.fixture, to: project)
    if let components {
      let home = """
        [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
          "ui_components": [\(components)]}]
        """
      try home.write(to: project.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    }
    let out = dir.appendingPathComponent("pages")
    let r = try zlc(["preview", project.path, "-o", out.path] + (feeds ? ["--feeds", project.appendingPathComponent("feeds").path] : []))
    XCTAssertEqual(r.status, 0, r.err)
    let text = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
    var devices: [String: String] = [:]
    for block in text.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst() {
      devices[String(block.prefix { $0 != "\"" })] = block
    }
    XCTAssertEqual(devices.keys.sorted(), ["phone", "tablet"])
    return devices
  }

  /// A grid of the fixture's home, with `more` after its styles (rules, a size class mapping).
  static func grid(source: String = "1", style: String = "GRID_2", type: String = "grid", _ more: String = "") -> String {
    #"{"component_type": "\#(type)", "data": {"source": "\#(source)", "type": "APPLICASTER_COLLECTION", "target": "channel"}, "styles": {"cell_styles": ["\#(style)"]}\#(more)}"#
  }

  func testASectionMergedIntoTheOneBeforeIsNotDrawnOnThatSizeClass() throws {
    let devices = try previewedDevices(
      components: Self.grid(#", "rules": {"merge_next_by_size_class": ["L"]}"#) + ", " + Self.grid(source: "2"))
    let phone = try XCTUnwrap(devices["phone"])
    let tablet = try XCTUnwrap(devices["tablet"])
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
    // It is not drawn: its caption alone, no header, items or footer of its own.
    let merged = try XCTUnwrap(
      tablet.components(separatedBy: #"<section class="sec flow merged" data-section="1""#).dropFirst().first?.components(
        separatedBy: "</section>"
      ).first)
    XCTAssertTrue(merged.hasSuffix(#"opens <a href="channel.html">Channel</a></span></div>"#), merged)
    XCTAssertFalse(merged.contains("class=\"body") || merged.contains("class=\"hdr"), merged)
  }

  func testAReplacedSectionIsLabelledAsItsReplacementAndCaptionedWithItsSizeClassesLimit() throws {
    let devices = try previewedDevices(
      components: Self.grid(
        style: "LIST_1", type: "list",
        #", "size_class_mapping": {"L": {"component_type": "grid", "cell_style": "GRID_2"}}, "rules": {"item_limit": 7, "item_limit_by_size_class": {"L": 2}}"#
      ))
    let phone = try XCTUnwrap(devices["phone"])
    let tablet = try XCTUnwrap(devices["tablet"])
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
    let devices = try previewedDevices(feeds: true, page: "channel.html")
    XCTAssertTrue(try XCTUnwrap(devices["phone"]).contains("4 of 4 items of ‘New’ ·"))
    let tablet = try XCTUnwrap(devices["tablet"])
    XCTAssertTrue(tablet.contains("4 of 6 items of ‘New’ and the next section&#39;s child, and 2 placeholders ·"), tablet)
    XCTAssertTrue(tablet.contains("4 of 4 items of ‘Extras’, and 2 placeholders ·"), tablet)
  }

  /// Without a feed, `pad_rows` fills the last row of the limited sample with placeholders, as the
  /// client fills it (a feed's placeholders are drawn already): drawn apart from the items (no
  /// number, class `pad`), and not counted among them (`data-items` is what the client shows).
  func testASampleIsPaddedToWholeRows() throws {
    let devices = try previewedDevices(components: Self.grid(#", "rules": {"item_limit_by_size_class": {"L": 2}, "pad_rows": true}"#))
    let tablet = try XCTUnwrap(devices["tablet"])
    XCTAssertTrue(tablet.contains("3 col"), tablet)
    XCTAssertTrue(tablet.contains(#"data-items="2" data-placeholders="1""#), tablet)
    XCTAssertTrue(tablet.contains("limit 2, and 1 placeholder ·"), tablet)
    XCTAssertEqual(tablet.components(separatedBy: #"<div class="cell pad"#).count - 1, 1, "one placeholder cell")
    XCTAssertEqual(tablet.components(separatedBy: #"<span class="n">"#).count - 1, 2, "numbered: the two items alone")
  }

  /// A connected screen previewed without a feed merges as one whose children hold the items its
  /// sample stands for: the next section is drawn merged on the size class that merges it.
  func testAConnectedScreenWithoutAFeedMergesToo() throws {
    let devices = try previewedDevices(page: "channel.html")
    XCTAssertFalse(try XCTUnwrap(devices["phone"]).contains("merged"))
    let tablet = try XCTUnwrap(devices["tablet"])
    XCTAssertTrue(tablet.contains(#"data-section="1" data-component="grid" style="--h: 1" data-kind="flow" data-items="0">"#), tablet)
    XCTAssertTrue(tablet.contains("merged: its items are shown by section 0"), tablet)
  }
}
