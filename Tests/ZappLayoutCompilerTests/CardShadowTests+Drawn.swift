import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappWriters

/// Where a card's shadow and style are drawn: a shadow's shape without a colour reaches the bundle,
/// for a feed item's own style may colour it, and a device whose size class replaces a section
/// draws the replacement's card.
extension CardShadowTests {
  /// A cell's radius and offset without a colour are written to the bundle (`shadow` without a
  /// `color`), and an item whose own style gives the colour is drawn with them.
  func testACellsShadowShapeIsDrawnWithAnItemsOwnColour() throws {
    let family = #"""
      {"name": "ROWS", "components": [{"type": "list", "cells": [
        {"name": "LIST_ROW", "cellHeight": 80, "style": {"shadowRadius": 3, "shadowOffset": [1, 1]}}]}]}
      """#
    let screen = #"""
      [{"id": "p", "type": "general_content", "styles": {"family": "ROWS"}, "data": {"connected": true}, "ui_components": [
        {"component_type": "list", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["LIST_ROW"]}}]}]
      """#
    let sender = ##"{"id": "s", "entry": [{"id": "c", "entry": [{"id": "i1", "style": {"shadowColor": "#000"}}, {"id": "i2"}]}]}"##
    // A home screen whose list opens the connected one: a project of one connected screen is no app (ZL0407).
    let home = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "ROWS"}, "ui_components": [
        {"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "p"}, "styles": {"cell_styles": ["LIST_ROW"]}}]}]
      """#
    let dir = try makeProject(["families/rows.json": family, "screens/p.json": screen, "screens/home.json": home, "sender.json": sender])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.map(screen: "p", project: dir, sender: dir + "/sender.json", device: nil)
    let table = Driver.mapTables(outcome)
    XCTAssertTrue(table.contains("card: shadow #000 radius 3 offset 1 1"), table)
    XCTAssertFalse(table.contains("radius 0 offset 0 0"), table)
    XCTAssertEqual(table.components(separatedBy: "card:").count, 2, "the item without a colour draws no shadow: \(table)")
    let out = dir + "/out"
    XCTAssertTrue(Driver.build(dir, output: out, bundle: BundleWriter.Options(form: .expanded)).written)
    let written = try JSON.parse(try Data(contentsOf: URL(fileURLWithPath: out + "/screens/p.json")))
    XCTAssertEqual(
      written["resolved"]?["sections"]?.arrayValue?.first?["card_style"],
      .object([("shadow", .object([("radius", .int(3)), ("offset", .object([("x", .int(1)), ("y", .int(1))]))]))]))
  }

  /// The project of a grid of red cards with a shadow whose tablets (size class L) draw it as a
  /// list of plain rows, or (`reversed`) a list of plain rows drawn as the grid on tablets.
  func replacedProject(reversed: Bool) throws -> String {
    let family = #"""
      {"name": "CARDS", "components": [
        {"type": "grid", "columns": 2, "cells": [{"name": "GRID_POSTER", "aspectCellRatio": 1, "style": {"backgroundColor": "#f00", "shadowColor": "#000", "shadowRadius": 4}}]},
        {"type": "list", "cells": [{"name": "LIST_ROW", "cellHeight": 80}]}]}
      """#
    let (from, to) = reversed ? (("list", "LIST_ROW"), ("grid", "GRID_POSTER")) : (("grid", "GRID_POSTER"), ("list", "LIST_ROW"))
    let screen = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "CARDS"}, "ui_components": [
        {"component_type": "\(from.0)", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
         "size_class_mapping": {"L": {"component_type": "\(to.0)", "cell_style": "\(to.1)"}}, "styles": {"cell_styles": ["\(from.1)"]}}]}]
      """
    let dir = try makeProject([
      "families/cards.json": family, "screens/home.json": screen,
      "zlc.json":
        #"{"devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  /// Each device's part of the preview's home page.
  func previewedDevices(_ dir: String) throws -> [String: String] {
    let page = try XCTUnwrap(PreviewRenderer(project: Driver.check(dir).project).page(named: "home.html"))
    var parts: [String: String] = [:]
    for part in page.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst() {
      parts[String(part.prefix { $0 != "\"" })] = part
    }
    return parts
  }

  /// On a tablet the grid is drawn as plain rows, with no card; the phone draws the red card.
  func testThePreviewDrawsTheReplacementsCardOnItsSizeClass() throws {
    let devices = try previewedDevices(try replacedProject(reversed: false))
    XCTAssertTrue(devices["phone"]?.contains("background-color: #f00") == true, devices["phone"] ?? "")
    XCTAssertTrue(devices["phone"]?.contains("box-shadow: 0px 0px 4px #000") == true, devices["phone"] ?? "")
    XCTAssertEqual(devices["pad"]?.contains("background-color"), false, devices["pad"] ?? "")
    XCTAssertEqual(devices["pad"]?.contains("box-shadow"), false)
  }

  /// Plain rows drawn as the grid on a tablet: the tablet draws the grid's red card, the phone none.
  func testThePreviewDrawsTheReplacingGridsCardOnATablet() throws {
    let devices = try previewedDevices(try replacedProject(reversed: true))
    XCTAssertTrue(devices["pad"]?.contains("background-color: #f00; box-shadow: 0px 0px 4px #000") == true, devices["pad"] ?? "")
    XCTAssertEqual(devices["phone"]?.contains("background-color"), false, devices["phone"] ?? "")
  }
}
