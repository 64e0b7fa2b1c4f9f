import Foundation
import XCTest

@testable import ZappLayoutCompiler
@testable import ZappWriters

/// The card box the preview writes for each item (EndToEndTests.CardStylePreviewTests measures it
/// in Chromium): inset by the card's margin, with the mapper's card style for an item from a feed.
final class PreviewCardStyleTests: XCTestCase {
  /// Item 1 sets its own background, item 3 its own margin; item 2 keeps the cell style's card.
  func testThePreviewWritesEachFeedItemsOwnCardInsetByItsMargin() throws {
    let dir = try makeProject([
      "families/rows.json": #"""
      {"name": "ROWS", "components": [{"type": "list", "cells": [
        {"name": "ROW", "cellHeight": 100, "style": {"backgroundColor": "#00f", "margin": [4, 6, 8, 10]}}]}]}
      """#,
      "screens/p.json": #"""
      [{"id": "p", "type": "general_content", "styles": {"family": "ROWS"}, "data": {"connected": true}, "ui_components": [
        {"component_type": "list", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["ROW"]}}]}]
      """#,
      "screens/home.json": #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "ROWS"}, "ui_components": [
        {"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "p"}, "styles": {"cell_styles": ["ROW"]}}]}]
      """#,
      "feeds/p.json": #"""
      {"id": "s", "entry": [{"id": "c", "entry": [
        {"id": "i1", "style": {"backgroundColor": "#f00"}}, {"id": "i2"}, {"id": "i3", "style": {"margin": {"top": 2}}}]}]}
      """#,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    _ = Driver.preview(dir, output: out, feeds: dir + "/feeds")
    let page = try String(contentsOfFile: out + "/p.html", encoding: .utf8)
    let boxes = page.components(separatedBy: "<i class=\"cardbox").dropFirst().map { $0.prefix { $0 != ">" } }
    XCTAssertEqual(
      boxes.prefix(3),
      [
        #" painted" style="inset: 4px 10px 8px 6px; background-color: #f00""#,
        #" painted" style="inset: 4px 10px 8px 6px; background-color: #00f""#,
        #" painted" style="inset: 2px 0px 0px 0px; background-color: #00f""#,
      ], page)
  }

  /// With a margin, an item's number and cell style name are placed in a box inset as its card
  /// is; its elements are not: an element's frame is from the cell's corner, in the item's width.
  /// Without a margin, or with one that leaves too small a box (10 high here), all are placed in
  /// the item itself.
  func testAnItemsNumberAndStyleNameAreInItsCardAndItsElementsInItsCell() throws {
    let cases = [
      ("[4, 6, 8, 10]", #"<span class="in" style="inset: 4px 10px 8px 6px">"#), ("[0, 0, 0, 0]", ""), ("[45, 0, 45, 0]", ""),
    ]
    for (margin, inset) in cases {
      let dir = try makeProject([
        "families/rows.json": #"""
        {"name": "ROWS", "components": [{"type": "list", "cells": [{"name": "ROW", "cellHeight": 100,
          "style": {"backgroundColor": "#00f", "margin": \#(margin)}, "elements": [{"style": {"display": "block", "width_height_ratio": 8}}]}]}]}
        """#,
        "screens/home.json": #"""
        [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "ROWS"}, "ui_components": [
          {"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["ROW"]}}]}]
        """#,
      ])
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
      _ = Driver.preview(dir, output: out)
      let page = try String(contentsOfFile: out + "/home.html", encoding: .utf8)
      let cell = try XCTUnwrap(page.components(separatedBy: "<i class=\"cardbox").dropFirst().first, page)
      let content = try XCTUnwrap(
        cell.components(separatedBy: "</i>").dropFirst().joined(separator: "</i>").components(separatedBy: "</div>").first)
      let element = try XCTUnwrap(content.components(separatedBy: "</i>").first, content)
      let width = try XCTUnwrap(page.components(separatedBy: "--cw: ").dropFirst().first?.components(separatedBy: "px").first, page)
      let frame = "left: 0px; top: 0px; width: \(width)px; height: \(HTML.px(Double(width)! / 8))px"
      XCTAssertEqual(element, #"<i class="el" data-element="0" style="\#(frame)">"#, margin)
      XCTAssertTrue(content.dropFirst(element.count + 4).hasPrefix(inset + #"<span class="n">1</span><span class="s">"#), content)
      XCTAssertTrue(content.hasSuffix(#"<span class="s">ROW</span>"# + (inset.isEmpty ? "" : "</span>")), content)
    }
  }

  /// A tab bar's body draws the card styles the bundle's `cell_body` gives: each cell style's in
  /// its `cells` when the body lists several, its `card_style` for a body of one cell style.
  func testATabBarBodyDrawsTheCardsItsCellBodyGives() throws {
    for (styles, cards) in [(#"["A"]"#, 1), (#"["A", "B"]"#, 2)] {
      let dir = try makeProject([
        "families/f.json": #"""
        {"name": "F", "components": [{"type": "tab_bar", "cells": [{"name": "T", "cellHeight": 40}]}, {"type": "list", "cells": [
          {"name": "A", "cellHeight": 100, "style": {"backgroundColor": "#00f", "margin": [4, 6, 8, 10]}},
          {"name": "B", "cellHeight": 100, "style": {"backgroundColor": "#0f0"}}]}]}
        """#,
        "screens/home.json": #"""
        [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
          {"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
           "styles": {"cell_styles": ["T"], "cell_body_component_type": "list", "cell_body_styles": \#(styles)}}]}]
        """#,
      ])
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
      _ = Driver.preview(dir, output: out)
      let page = try String(contentsOfFile: out + "/home.html", encoding: .utf8)
      let boxes = page.components(separatedBy: "<i class=\"cardbox").dropFirst().map { String($0.prefix { $0 != ">" }) }
      let expected = [
        #" painted" style="inset: 4px 10px 8px 6px; background-color: #00f""#,
        #" painted" style="inset: 0px 0px 0px 0px; background-color: #0f0""#,
      ]
      XCTAssertEqual(Set(boxes), Set(expected.prefix(cards)), styles)
    }
  }
}
