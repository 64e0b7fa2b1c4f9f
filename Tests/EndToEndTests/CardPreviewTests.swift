import Foundation
import XCTest
import ZappLayout

/// A card whose elements flow inline and block (the first card of the card-and-element seed,
/// ../shared/seeds/000_*), full width on a 320 pt phone, then half-width tiles: the bundle carries
/// the elements' frames, and the preview draws them there, measured in headless Chromium.
final class CardPreviewTests: XCTestCase {
  static let files: [String: String] = [
    "zlc.json": #"""
    {"app": "Cards", "devices": [{"name": "se", "class": "phone", "width": 320}, {"name": "x", "class": "phone", "width": 375}]}
    """#,
    "families/CARDS.json": #"""
    {"name": "CARDS", "screens": [{"type": "universal", "insetTop": 0, "insetLeft": 0, "insetBottom": 0, "insetRight": 0, "interItemSpacing": 0}],
     "components": [{"type": "grid", "layout": "flow", "cells": [
       {"name": "CARD", "layoutId": "card_full", "columns": 1, "cellHeight": 370.17, "elements": [
         {"type": 1, "style": {"display": "inline", "margin": ["0", "0", "0.75", "0.75"], "width_ratio": 0.5, "width_height_ratio": 2}},
         {"type": 1, "style": {"display": "inline", "margin": ["0", "0.75", "0.75", "0"], "width_ratio": 0.5, "width_height_ratio": 2}},
         {"type": 1, "style": {"display": "inline", "margin": ["0.75", "0", "0", "0.75"], "width_ratio": 0.5, "width_height_ratio": 2}},
         {"type": 1, "style": {"display": "inline", "margin": ["0.75", "0.75", "0", "0"], "width_ratio": 0.5, "width_height_ratio": 2}},
         {"type": 1, "style": {"display": "block", "margin": ["0.75", "0", "0", "0"], "width_height_ratio": 4.57}},
         {"type": 1, "style": {"display": "inline", "margin": ["0.75", "0", "0", "0.75"], "width_ratio": 0.7, "width_height_ratio": 1.6}},
         {"type": 1, "style": {"display": "inline", "margin": {"top": 0.75, "left": 0.75}, "width_ratio": 0.3, "width_height_ratio": 0.685}}]},
       {"name": "TILE", "layoutId": "tile_half", "columns": 2, "aspectCellRatio": 1}]}]}
    """#,
    "screens/home.json": #"""
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "CARDS"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD", "TILE"]}}]}]
    """#,
  ]

  func project() throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    for (path, text) in Self.files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return dir
  }

  func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }

  /// The bundle: at 320 pt the card's first two banners are 159.25 wide with the second at
  /// x 160.75, and the block banner stands on a line of its own below them.
  func testTheBundleCarriesTheCardsElementFrames() throws {
    let project = try project()
    let out = project.appendingPathComponent("build")
    let build = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(build.status, 0, build.out + build.err)
    let grid = try XCTUnwrap(ScreenBundle.load(from: out).screen(id: "home")?.resolved.sections.first)
    let card = try XCTUnwrap(grid.layout(on: "se")?.cell(forItem: 0))
    XCTAssertEqual(card.style, "CARD")
    let e = try XCTUnwrap(card.elements)
    XCTAssertEqual(e.map(\.content.width).prefix(2), [159.25, 159.25])
    XCTAssertEqual(e[1].content.x, 160.75)
    XCTAssertEqual(e[4].box, f(0, 160, 320, 70.02), "the block: x 0, the full width, below both lines of banners")
    XCTAssertEqual(grid.layout(on: "se")?.cell(forItem: 1).elements, nil, "the tiles have none")
    XCTAssertEqual(grid.cells.map(\.layoutID), ["card_full", "tile_half"])
  }

  /// The card's bundle loads as a client loads it (`zlc verify`), and its expanded screen, elements
  /// and all, validates against `zlc schema bundle`, whose typed objects are closed.
  func testTheCardBundleVerifiesAndValidatesAgainstTheSchema() throws {
    let project = try project()
    let compact = project.appendingPathComponent("build")
    let expanded = project.appendingPathComponent("build-expanded")
    XCTAssertEqual(try zlc(["build", project.path, "-o", compact.path]).status, 0)
    XCTAssertEqual(try zlc(["build", project.path, "-o", expanded.path, "--expanded"]).status, 0)
    let verify = try zlc(["verify", compact.path])
    XCTAssertEqual(verify.status, 0, verify.out + verify.err)
    let schema = try zlc(["schema", "bundle"])
    let schemaFile = project.appendingPathComponent("bundle.schema.json")
    try schema.out.write(to: schemaFile, atomically: true, encoding: .utf8)
    let errors = try python(
      """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      schema["$ref"] = "#/definitions/screen"
      screen = json.load(open(sys.argv[2]))
      print(len(list(jsonschema.Draft7Validator(schema).iter_errors(screen))))
      """, [schemaFile.path, expanded.appendingPathComponent("screens/home.json").path])
    XCTAssertEqual(errors.trimmingCharacters(in: .whitespacesAndNewlines), "0")
  }

  /// The preview in Chromium: every item drawn with its cell style (the last repeats) and layout
  /// id, and every element of the card at its content frame (scripts/preview_check.py measures
  /// each against the bundle).
  func testThePreviewDrawsTheElementsAtTheirFramesInChromium() throws {
    let project = try project()
    let artefacts = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: artefacts) }
    let out = try previewCheck(["--project", project.path, "--artefacts", artefacts.path])
    // Two items on each of two devices (the card and a tile), the card's 7 elements on each, on the
    // written page and again on the page `zlc serve` serves.
    XCTAssertTrue(out.contains("8 items and 28 elements measured on 2 devices"), out)
  }
}
