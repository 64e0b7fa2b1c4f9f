import Foundation
import XCTest
import ZappLayout

/// How the preview draws a card, measured in headless Chromium: inset by its margin in the item's
/// frame, and, for an item from a feed, with the card style the mapper gives it (the item's own
/// `style` over its cell style's).
final class CardStylePreviewTests: XCTestCase {
  static let files: [String: String] = [
    "zlc.json": #"{"app": "Cards", "devices": [{"name": "se", "class": "phone", "width": 320}]}"#,
    "families/ROWS.json": #"""
    {"name": "ROWS", "components": [{"type": "list", "cells": [
      {"name": "ROW", "cellHeight": 100, "style": {"backgroundColor": "#0000ff", "cornerRadius": 6, "margin": [4, 6, 8, 10]}}]}]}
    """#,
    "screens/home.json": #"""
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "ROWS"}, "ui_components": [
      {"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["ROW"]}}]}]
    """#,
    "screens/p.json": #"""
    [{"id": "p", "name": "P", "type": "general_content", "styles": {"family": "ROWS"}, "data": {"connected": true, "parent": "home"},
      "ui_components": [{"component_type": "list", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["ROW"]}}]}]
    """#,
    "feeds/p.json": #"""
    {"id": "s", "entry": [{"id": "c", "title": "C", "entry": [
      {"id": "i1", "title": "One", "style": {"backgroundColor": "#ff0000", "shadowColor": "#000000", "shadowRadius": 3}},
      {"id": "i2", "title": "Two", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "https://example.com/two.png"}]}]},
      {"id": "i3", "title": "Three", "style": {"margin": {"top": 2, "right": 12}}}]}]}
    """#,
  ]

  /// Each item of the first device's first section: its frame, its card box's distance from each
  /// side of the frame (top, right, bottom, left), and the colour, shadow and corner radius of
  /// the box (of the item itself when it has none, as the preview drew cards before).
  static let measure = """
    [...document.querySelectorAll('.device')].map(d => [...d.querySelectorAll('section.sec > .body > .cell')].map(c => {
      const r = c.getBoundingClientRect(), b = c.querySelector(':scope > .cardbox');
      const q = b ? b.getBoundingClientRect() : null, s = getComputedStyle(b || c);
      return {title: c.querySelector('.t') ? c.querySelector('.t').textContent : null, frame: [r.width, r.height],
        inset: q ? [q.top - r.top, r.right - q.right, r.bottom - q.bottom, q.left - r.left] : null,
        background: s.backgroundColor, shadow: s.boxShadow, radius: s.borderTopLeftRadius};
    }))[0]
    """

  /// The project's preview (`--feeds` with them) in a fresh folder, and its page of `screen`.
  func preview(_ screen: String, feeds: Bool) throws -> URL { try cardPreview(Self.files, screen, feeds: feeds) }

  /// The items of the page's first section, as `measure` gives them.
  func items(_ page: URL) throws -> [JSON] {
    try XCTUnwrap(try measureInChromium(page, Self.measure).arrayValue)
  }

  func numbers(_ value: JSON?) -> [Double]? { value?.arrayValue?.compactMap(\.doubleValue) }

  /// A feed item whose own style sets a background and a shadow is drawn with them; its neighbour
  /// without a style of its own keeps the cell style's blue card and no shadow.
  func testAnItemFromAFeedIsDrawnWithItsOwnCardStyle() throws {
    let items = try items(try preview("p", feeds: true))
    XCTAssertEqual(items.count, 3, "\(items)")
    guard items.count == 3 else { return }
    XCTAssertEqual(items[0]["title"]?.stringValue?.contains("One"), true, "\(items[0])")
    XCTAssertEqual(items[0]["background"]?.stringValue, "rgb(255, 0, 0)", "\(items[0])")
    XCTAssertEqual(items[0]["shadow"]?.stringValue, "rgb(0, 0, 0) 0px 0px 3px 0px", "\(items[0])")
    XCTAssertEqual(items[1]["background"]?.stringValue, "rgb(0, 0, 255)", "\(items[1])")
    XCTAssertEqual(items[1]["shadow"]?.stringValue, "none", "\(items[1])")
    XCTAssertEqual(items[1]["radius"]?.stringValue, "6px", "\(items[1])")
  }

  /// Each card is inset in its item's frame by exactly its margin (top 4, left 6, bottom 8, right
  /// 10), or by the margin the item's own style sets in its place; the frame stays 320 × 100.
  func testACardIsDrawnInsetByItsMargin() throws {
    let items = try items(try preview("p", feeds: true))
    XCTAssertEqual(items.map { numbers($0["frame"]) }, Array(repeating: [320, 100], count: 3))
    XCTAssertEqual(items.map { numbers($0["inset"]) }, [[4, 10, 8, 6], [4, 10, 8, 6], [2, 12, 0, 0]])
  }

  /// An item's number, title and cell style name are placed in its card, not in its frame: each
  /// at the same distance from the card box's edges (the number 6 from its top and left, the
  /// title 18 and the name 4 from its bottom, both 8 from its left) whatever the card's margin.
  func testAnItemsNumberTitleAndStyleNameAreDrawnInItsCard() throws {
    let measured = try measureInChromium(
      try preview("p", feeds: true),
      """
      [...[...document.querySelectorAll('.device')][0].querySelectorAll('section.sec > .body > .cell')].map(c => {
        const q = c.querySelector(':scope > .cardbox').getBoundingClientRect();
        const n = c.querySelector('.n').getBoundingClientRect(), t = c.querySelector('.t').getBoundingClientRect();
        const s = c.querySelector('.s').getBoundingClientRect();
        return [n.top - q.top, n.left - q.left, q.bottom - t.bottom, t.left - q.left, q.bottom - s.bottom, s.left - q.left];
      })
      """)
    let items = try XCTUnwrap(measured.arrayValue, "\(measured)")
    XCTAssertEqual(items.map { numbers($0) }, Array(repeating: [6, 6, 18, 8, 4, 8], count: 3))
  }

  /// An element's frame is from the cell's corner, as the bundle gives it, whatever the card's
  /// margin: a block element of ratio 8 is drawn at the item's top-left corner, 320 × 40, past
  /// the card's left (6) and right (10) edges, while the number stays 6 from the card's corner.
  func testAnItemsElementsAreDrawnInItsCellNotItsCard() throws {
    var files = Self.files
    let element = #"{"style": {"display": "block", "width_height_ratio": 8}}"#
    files["families/ROWS.json"] = files["families/ROWS.json"]?.replacingOccurrences(
      of: #""margin": [4, 6, 8, 10]}}"#, with: #""margin": [4, 6, 8, 10]}, "elements": [\#(element)]}"#)
    let measured = try measureInChromium(
      try cardPreview(files, "home", feeds: false),
      """
      [...[...document.querySelectorAll('.device')][0].querySelectorAll('section.sec > .body > .cell')].map(c => {
        const r = c.getBoundingClientRect(), q = c.querySelector(':scope > .cardbox').getBoundingClientRect();
        const e = c.querySelector('.el').getBoundingClientRect(), n = c.querySelector('.n').getBoundingClientRect();
        return [e.left - r.left, e.top - r.top, e.width, e.height, n.top - q.top, n.left - q.left];
      })
      """)
    let items = try XCTUnwrap(measured.arrayValue, "\(measured)")
    XCTAssertFalse(items.isEmpty)
    XCTAssertEqual(items.map { numbers($0) }, Array(repeating: [0, 0, 320, 40, 6, 6], count: items.count))
  }

  /// Without feeds, the sample items are drawn with the cell style's card, inset by its margin.
  func testASampleItemsCardIsDrawnInsetByItsMargin() throws {
    let items = try items(try preview("home", feeds: false))
    XCTAssertFalse(items.isEmpty)
    for item in items {
      XCTAssertEqual(numbers(item["frame"]), [320, 100], "\(item)")
      XCTAssertEqual(numbers(item["inset"]), [4, 10, 8, 6], "\(item)")
      XCTAssertEqual(item["background"]?.stringValue, "rgb(0, 0, 255)", "\(item)")
    }
  }
}

/// What the preview draws over and in a card: the item's own image inside the card box, clipped
/// to its corners; the hatching of an item whose height comes from its data over the card's
/// colour; a sticky item's bar over its card.
final class CardContentPreviewTests: XCTestCase {
  /// A sticky section, then a waterfall one, each item with a painted card; the sticky card's
  /// bottom margin is 0, so the card box reaches the bottom of the item's frame.
  static let files: [String: String] = [
    "zlc.json": #"{"app": "Cards", "devices": [{"name": "se", "class": "phone", "width": 320}]}"#,
    "families/F.json": #"""
    {"name": "F", "components": [
      {"type": "grid", "layout": "waterfall", "columns": 2, "cells": [{"name": "W", "style": {"backgroundColor": "#00ff00", "margin": [4, 4, 4, 4]}}]},
      {"type": "hero", "layout": "sticky", "cells": [{"name": "S", "cellHeight": 80, "style": {"backgroundColor": "#ff00ff", "margin": [4, 4, 0, 4]}}]}]}
    """#,
    "screens/home.json": #"""
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
      {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["S"]}},
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["W"]}}]}]
    """#,
  ]

  /// An item's own image is drawn in its card box: the image's box is the card's (inset in the
  /// frame by the margin: top 4, right 10, bottom 8, left 6) and what holds it clips it to the
  /// card's 6-point corners. The page is measured with its images kept when they do not load (no
  /// network here), so the image has a box to measure.
  func testAnItemsImageIsDrawnInsideItsCardAndClippedToItsCorners() throws {
    let url = try cardPreview(CardStylePreviewTests.files, "p", feeds: true)
    let html = try String(contentsOf: url, encoding: .utf8)
    try Data(html.replacingOccurrences(of: #" onerror="this.remove()""#, with: "").utf8).write(to: url)
    let measured = try measureInChromium(
      url,
      """
      [...[...document.querySelectorAll('.device')][0].querySelectorAll('section.sec > .body > .cell img:not(.card-bg)')].map(i => {
        const c = i.closest('.cell'), r = c.getBoundingClientRect(), q = i.getBoundingClientRect(), s = getComputedStyle(i.parentElement);
        return {inset: [q.top - r.top, r.right - q.right, r.bottom - q.bottom, q.left - r.left], overflow: s.overflow, radius: s.borderTopLeftRadius};
      })
      """)
    let images = try XCTUnwrap(measured.arrayValue, "\(measured)")
    XCTAssertEqual(images.count, 1, "\(images)")
    for image in images {
      XCTAssertEqual(image["inset"]?.arrayValue?.compactMap(\.doubleValue), [4, 10, 8, 6], "\(image)")
      XCTAssertEqual(image["overflow"]?.stringValue, "hidden", "\(image)")
      XCTAssertEqual(image["radius"]?.stringValue, "6px", "\(image)")
    }
  }

  /// A waterfall item's height comes from its data: its painted card keeps the card's colour and
  /// is still drawn hatched.
  func testAnUnsizedItemsPaintedCardIsHatched() throws {
    let measured = try measureInChromium(
      try cardPreview(Self.files, "home", feeds: false),
      """
      [...[...document.querySelectorAll('.device')][0].querySelectorAll('.body.waterfall > .cell.unsized > .cardbox')].map(b => {
        const s = getComputedStyle(b);
        return {color: s.backgroundColor, image: s.backgroundImage};
      })
      """)
    let boxes = try XCTUnwrap(measured.arrayValue, "\(measured)")
    XCTAssertFalse(boxes.isEmpty)
    for box in boxes {
      XCTAssertEqual(box["color"]?.stringValue, "rgb(0, 255, 0)", "\(box)")
      XCTAssertEqual(box["image"]?.stringValue?.hasPrefix("repeating-linear-gradient"), true, "\(box)")
    }
  }

  /// A sticky item's bar along the bottom of its frame is drawn over its card, whose bottom margin
  /// is 0: the point on the bar is the item's (the bar is its `::after`), not the card box's.
  func testAStickyItemsBarIsDrawnOverItsCard() throws {
    let measured = try measureInChromium(
      try cardPreview(Self.files, "home", feeds: false),
      """
      [...[...document.querySelectorAll('.device')][0].querySelectorAll('.body.sticky > .cell')].map(c => {
        c.scrollIntoView({block: 'center'});
        const r = c.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 1.5);
        return {hit: hit === c ? 'item' : hit ? hit.className : null, bar: getComputedStyle(c, '::after').height};
      })
      """)
    let cells = try XCTUnwrap(measured.arrayValue, "\(measured)")
    XCTAssertFalse(cells.isEmpty)
    for cell in cells {
      XCTAssertEqual(cell["hit"]?.stringValue, "item", "\(cell)")
      XCTAssertEqual(cell["bar"]?.stringValue, "3px", "\(cell)")
    }
  }
}

extension XCTestCase {
  /// The preview of the project of `files` (`--feeds` with its `feeds` folder) in a fresh folder,
  /// and its page of `screen`.
  func cardPreview(_ files: [String: String], _ screen: String, feeds: Bool) throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    for (path, text) in files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let out = dir.appendingPathComponent("preview")
    let feedArguments = feeds ? ["--feeds", dir.appendingPathComponent("feeds").path] : []
    let result = try zlc(["preview", dir.path, "-o", out.path] + feedArguments)
    XCTAssertEqual(result.status, 0, result.out + result.err)
    return out.appendingPathComponent(screen + ".html")
  }
}
