import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// An element's keys that do not place it (card JSON's `type`, `image`, its style's `font_size`;
/// an XML `<Element>`'s other attributes) reach the bundle in its `element_style`'s `attributes`.
final class ElementAttributesTests: XCTestCase {
  static let screen = #"""
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "CARDS"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}}]}]
    """#

  /// Builds a project of `family` (at `families/<name>`) expanded, and gives the first section's
  /// first style's elements in `geometry` as the file holds them, and as the runtime decodes them.
  func builtElements(_ name: String, _ family: String) throws -> (json: [JSON], decoded: [ElementStyle]) {
    let dir = try makeProject([
      "zlc.json": #"{"devices": [{"name": "se", "width": 320}]}"#, "families/" + name: family, "screens/home.json": Self.screen,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.build(dir, output: dir + "/out", bundle: BundleWriter.Options(form: .expanded, pretty: true))
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    let text = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/screens/home.json"))
    let section = try XCTUnwrap(JSON.parse(text)["resolved"]?["sections"]?.arrayValue?.first)
    let json = try XCTUnwrap(section["geometry"]?["styles"]?.arrayValue?.first?["elements"]?.arrayValue)
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"))
    let decoded = try XCTUnwrap(try bundle.screen(id: "home")?.resolved.sections.first?.geometry?.styles.first?.elements)
    return (json, decoded)
  }

  /// A JSON card's `type` and `image` and its style's `font_size` keep their JSON types; the
  /// style's key goes over the entry's; an element of no other keys has no `attributes`.
  func testAJSONCardsOtherKeysReachTheBundle() throws {
    let family = #"""
      {"name": "CARDS", "components": [{"type": "grid", "cells": [{"name": "CARD", "layoutId": "card", "columns": 1, "aspectCellRatio": 2, "elements": [
        {"type": 1, "image": "http://x.com/a.jpg", "font_size": 10, "style": {"display": "inline", "width_ratio": 0.5, "width_height_ratio": 2, "font_size": 12, "bold": true}},
        {"style": {"display": "block", "width_height_ratio": 4}}]}]}]}
      """#
    let (json, decoded) = try builtElements("cards.json", family)
    let attributes: [(String, JSON)] = [
      ("bold", .bool(true)), ("font_size", .number("12")), ("image", .string("http://x.com/a.jpg")), ("type", .number("1")),
    ]
    XCTAssertEqual(json.first?["attributes"], .object(attributes))
    XCTAssertNil(json.last?["attributes"])
    XCTAssertEqual(decoded.map { JSON.object($0.attributes) }, [.object(attributes), .object([])])
    XCTAssertEqual(decoded.first?.widthRatio, 0.5)
  }

  /// An XML `<Element>`'s other attributes pass through as strings, with no finding.
  func testAnXMLElementsOtherAttributesReachTheBundle() throws {
    let family = #"""
      <Family name="CARDS"><GridComponent name="GRID" columns="1"><Cell name="CARD" layoutId="card" aspectCellRatio="2">
        <Element type="1" image="http://x.com/a.jpg" display="inline" widthRatio="0.5" widthHeightRatio="2" marginTop="3"/>
        <Element display="block" widthHeightRatio="4"/>
      </Cell></GridComponent></Family>
      """#
    let (json, decoded) = try builtElements("cards.xml", family)
    let attributes: [(String, JSON)] = [("image", .string("http://x.com/a.jpg")), ("marginTop", .string("3")), ("type", .string("1"))]
    XCTAssertEqual(json.first?["attributes"], .object(attributes))
    XCTAssertNil(json.last?["attributes"])
    XCTAssertEqual(decoded.first.map { JSON.object($0.attributes) }, .object(attributes))
  }

  /// A near miss of an attribute that places an XML element stays an error with its fix; the
  /// element's other attributes beside it pass through silently.
  func testANearMissOfAnXMLElementsPlacementIsStillAnError() throws {
    let xml =
      #"<Family name="X"><Components><GridComponent name="GRID" columns="2"><Cell name="G" layoutId="g" aspectCellRatio="1"><Element type="1" image="a" ⟦ZL0206⟧widthRaito="0.5" font="bold"/></Cell></GridComponent></Components></Family>"#
    try assertFindings(
      ["families/x.xml": xml],
      ["families/x.xml": [("misspelled attribute 'widthRaito' on <Element>: clients ignore it", [], "widthRatio")]])
  }

  /// An element's proportion named another way (`heightRatio`, `aspect_ratio`, `ratio`) on an
  /// element without `widthHeightRatio` would leave its box 0 high: an error whose did-you-mean is
  /// a hint (`heightRatio` may be height ÷ width). Beside a proportion, such a name is the client's,
  /// and so is a name of other words (`line_height_ratio`, `image_aspect`) or one that holds no
  /// number (`"aspect_ratio": "fill"`).
  func testAProportionNamedAnotherWayOnAnElementWithoutOneIsAnError() throws {
    let xml = #"""
      <Family name="X"><Components><GridComponent name="GRID" columns="2"><Cell name="G" layoutId="g" aspectCellRatio="1">
        <Element display="block" ⟦ZL0206⟧heightRatio="1.5"/>
        <Element display="block" widthHeightRatio="2" imageRatio="1.5"/>
        <Element display="block" lineHeightRatio="1.2" aspect="fill"/>
      </Cell></GridComponent></Components></Family>
      """#
    let json = #"""
      {"name": "Y", "components": [{"type": "grid", "cells": [{"name": "H", "layoutId": "h", "columns": 1, "aspectCellRatio": 2, "elements": [
        {"type": 1, ⟦ZL0206⟧"aspect_ratio": 2, "style": {"display": "block", ⟦ZL0206⟧"ratio": 2}},
        {"aspect_ratio": 2, "style": {"width_height_ratio": 2}},
        {"width_ratio": 0.5},
        {"type": 2, "style": {"font_size": 12, "line_height_ratio": 1.2, "image_aspect": 2, "aspect_ratio": "fill"}}]}]}]}
      """#
    let files = ["families/x.xml": xml, "families/y.json": json]
    func message(_ name: String, _ meant: String) -> String {
      "attribute '\(name)' on <Element> is not its box's proportion: zlc reads '\(meant)', and without it the box is 0 high"
    }
    try assertFindings(
      files,
      [
        "families/x.xml": [(message("heightRatio", "widthHeightRatio"), [], "widthHeightRatio")],
        "families/y.json": [
          (message("aspect_ratio", "width_height_ratio"), [], #""width_height_ratio""#),
          (message("ratio", "width_height_ratio"), [], #""width_height_ratio""#),
        ],
      ])
    let dir = try makeProject(Example.baseProject.merging(files.mapValues { Marked($0).text }) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0206" || $0.code == "ZL0204" }
    XCTAssertEqual(found.map(\.code), ["ZL0206", "ZL0206", "ZL0206"], "no warning of an unknown attribute beside the error")
    XCTAssertEqual(found.map { $0.fixIt?.range == nil }, [true, true, true], "hints: the name may be height ÷ width")
  }

  /// `attributes` round trips: the bundle's decode and encode give the same bytes, and so do
  /// Foundation's coders with the bundle's keys.
  func testAnElementsAttributesRoundTrip() throws {
    let element = ElementStyle(
      display: .block, widthHeightRatio: 2, margin: Insets(top: 1, left: 0, bottom: 0, right: 0),
      attributes: [("font_size", .number("12")), ("style", .object([("a", .array([.null, .bool(false)]))])), ("type", .string("1"))])
    let bytes = element.json.encoded()
    let decoded = try ElementStyle.decode(JSON.parse(bytes), path: "element", layouts: .empty)
    XCTAssertEqual(decoded, element)
    XCTAssertEqual(decoded.json.encoded(), bytes)
    let coded = try JSONDecoder().decode(ElementStyle.self, from: JSONEncoder().encode(element))
    XCTAssertEqual(coded, element)
    XCTAssertNil(ElementStyle(display: .inline).json["attributes"])
  }
}
