import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules
@testable import ZappWriters

/// A card's background image and shadow: checked where each value stands (ZL0417), a shadow without
/// a colour warned of where its radius or offset is written (ZL0424), and both reaching the
/// bundle's `card_style` and the preview.
final class CardShadowTests: XCTestCase {
  /// The family every test draws with: CARD has a whole shadow and an image, TILE a radius alone.
  static let family = #"""
    {"name": "CARDS", "components": [{"type": "grid", "columns": 2, "cells": [
      {"name": "CARD", "aspectCellRatio": 1, "style": {"backgroundImage": "https://example.com/card.png", "shadowColor": "#33000000", "shadowRadius": 6}},
      {"name": "TILE", "aspectCellRatio": 1, "style": {"backgroundColor": "#fff", ⟦⟧"shadowRadius": 3}}]}]}
    """#

  static func screen(_ components: [String]) -> String {
    """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "CARDS"},
      "ui_components": [\(components.joined(separator: ", "))]}]
    """
  }

  static func grid(_ cells: String, _ styles: String = "") -> String {
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [\#(cells)]\#(styles)}}"#
  }

  func testTheNewKeysAreCheckedWhereTheyStand() throws {
    let family = #"""
      {"name": "CARDS", "components": [{"type": "grid", "cells": [
        {"name": "A", "cellHeight": 100, "style": {"backgroundImage": ⟦⟧"cards/bg.png", "shadowColor": ⟦⟧"black", "shadowRadius": ⟦⟧10001}},
        {"name": "B", "cellHeight": 100, "style": {"backgroundImage": ⟦⟧"ftp://example.com/a.png", "shadowColor": "#000", "shadowOffset": ⟦⟧[1]}},
        {"name": "C", "cellHeight": 100, "style": {"backgroundImage": ⟦⟧4, "shadowColor": "#000", "shadowOffset": ⟦⟧{"x": 1, "z": 2}}},
        {"name": "D", "cellHeight": 100, "style": {"shadowColor": "#000", "shadowRadius": ⟦⟧"-1", "shadowOffset": ⟦⟧[0, -10001]}},
        {"name": "FINE", "cellHeight": 100, "style": {"backgroundImage": "HTTPS://example.com/a.png", "shadowColor": "#80000000", "shadowRadius": " 4", "shadowOffset": {"y": "-2"}}},
        {"name": "PAIR", "cellHeight": 100, "style": {"backgroundImage": "http://example.com/a.png", "shadowColor": "#000", "shadowOffset": ["1.5", -2]}}]}]}
      """#
    let marked = Marked(family)
    let (decl, diagnostics) = FamilyReader.read(SourceFile(path: "t.json", text: marked.text))
    let lines = diagnostics.map { d in "\(d.code) \(d.location.map { "\($0.line):\($0.column)" } ?? "-") \(d.message)" }
    let at = marked.markers.map { "\($0.line):\($0.column)" }
    XCTAssertEqual(
      lines,
      [
        "ZL0417 \(at[0]) 'backgroundImage' takes an absolute http or https URL, found \"cards/bg.png\"",
        "ZL0417 \(at[1]) 'shadowColor' takes a colour: #RGB, #RRGGBB or #AARRGGBB, found \"black\"",
        "ZL0417 \(at[2]) 'shadowRadius' takes a number from 0 to 10,000, found 10001",
        "ZL0417 \(at[3]) 'backgroundImage' takes an absolute http or https URL, found \"ftp://example.com/a.png\"",
        "ZL0417 \(at[4]) 'shadowOffset' takes two numbers [x, y] or an object of x and y, found [1]",
        "ZL0417 \(at[5]) 'backgroundImage' takes an absolute http or https URL, found 4",
        "ZL0417 \(at[6]) 'shadowOffset' takes two numbers [x, y] or an object of x and y, found {\"x\": 1, \"z\": 2}",
        "ZL0417 \(at[7]) 'shadowRadius' takes a number from 0 to 10,000, found \"-1\"",
        "ZL0417 \(at[8]) 'shadowOffset' values are from -10,000 to 10,000, found [0, -10001]",
      ])
    let grid = try XCTUnwrap(decl?.family.component("grid"))
    XCTAssertEqual(
      grid.cell(named: "FINE")?.cardStyle?.shadow, CardShadow(color: "#80000000", radius: 4, offset: ShadowOffset(x: 0, y: -2)))
    var pair = CardStyle(backgroundImage: "http://example.com/a.png")
    (pair.shadowColor, pair.shadowOffset) = ("#000", ShadowOffset(x: 1.5, y: -2))
    XCTAssertEqual(grid.cell(named: "PAIR")?.cardStyle, pair, "the keys as written: no radius")
    XCTAssertEqual(grid.cell(named: "D")?.cardStyle?.shadow, CardShadow(color: "#000"), "the bad values left out")
    let runtime = try Family(jsonFamily: Data(marked.text.utf8))
    XCTAssertEqual(runtime.component("grid")?.cell(named: "PAIR")?.cardStyle, grid.cell(named: "PAIR")?.cardStyle)
  }

  /// A URL with a space in it, or without a host, is no image URL.
  func testImageURLs() {
    XCTAssertEqual(
      ["https://a.b/c.png", "HTTP://a", "https://a b", "https://", "https:///x", "//a.b/c.png", "data:image/png;base64,AA"].map(
        CardStyle.isImageURL),
      [true, true, false, false, false, false, false])
  }

  func check(_ components: [String], family: String = CardShadowTests.family.replacingOccurrences(of: "⟦⟧", with: "")) throws -> (
    dir: String, found: [Diagnostic]
  ) {
    let dir = try makeProject(["families/cards.json": family, "screens/home.json": Self.screen(components)])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == "ZL0424" })
  }

  /// A cell's radius without a colour, drawn by a component that gives none: a warning at the
  /// cell's key, once however many components draw it, with a note at the first.
  func testACellsRadiusWithoutAColourIsWarnedOfAtTheCell() throws {
    let family = Marked(Self.family)
    let screen = Marked(Self.screen([Self.grid(#"⟦⟧"TILE""#), Self.grid(#""TILE""#)]))
    let dir = try makeProject(["families/cards.json": family.text, "screens/home.json": screen.text])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0424" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0424", file: "families/cards.json", line: family.markers[0].line, column: family.markers[0].column,
          message: "'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style",
          notes: ["drawn here: the component's styles set no 'shadowColor' either"])
      ])
    XCTAssertEqual(Driver.check(dir).diagnostics.first { $0.code == "ZL0424" }?.severity, .warning)
    XCTAssertEqual(screen.markers.count, 1)
  }

  /// A component's offset without a colour in it or its cell: a warning at the component's key,
  /// with a note at the cell style drawn without one (and TILE's own radius at the cell).
  func testAComponentsOffsetWithoutAColourIsWarnedOfAtTheComponent() throws {
    let family = Marked(Self.family)
    let screen = Marked(Self.screen([Self.grid(#""CARD", "TILE""#, ##", "backgroundColor": "#fff", ⟦⟧"shadowOffset": [0, 2]"##)]))
    let dir = try makeProject(["families/cards.json": family.text, "screens/home.json": screen.text])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0424" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0424", file: "screens/home.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "'shadowOffset' draws no shadow without a 'shadowColor': add one to the card style",
          notes: ["drawn with cell style 'TILE', which sets no 'shadowColor'"]),
        DiagnosticSpec(
          code: "ZL0424", file: "families/cards.json", line: family.markers[0].line, column: family.markers[0].column,
          message: "'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style",
          notes: ["drawn here: the component's styles set no 'shadowColor' either"]),
      ])
    // A component of no cell style draws its own keys alone.
    let alone = try check([
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"shadowRadius": 2}}"#
    ])
    XCTAssertEqual(alone.found.map(\.message), ["'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style"])
  }

  /// A colour from the component completes the cell's radius, and an offset over a cell with a
  /// colour draws: no warning.
  func testAComponentsColourCompletesACellsShadow() throws {
    let plain = Self.family.replacingOccurrences(of: "⟦⟧", with: "")
    XCTAssertEqual(try check([Self.grid(#""TILE""#, ##", "shadowColor": "#40000000""##)], family: plain).found.map(\.message), [])
    XCTAssertEqual(try check([Self.grid(#""CARD""#, #", "shadowOffset": {"y": 4}"#)], family: plain).found.map(\.message), [])
    XCTAssertEqual(try check([Self.grid(#""CARD""#)], family: plain).found.map(\.message), [])
  }

  /// Builds `files` into the expanded form and returns the home screen's sections as written,
  /// after `zlc verify` passes and the runtime reads the screen back to the same bytes.
  func builtSections(_ files: [String: String]) throws -> [JSON] {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let build = Driver.build(dir, output: out, bundle: BundleWriter.Options(form: .expanded))
    XCTAssertTrue(build.written, build.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
    XCTAssertEqual(BundleVerifier.verify(out).problems.map(\.message), [String]())
    let data = try Data(contentsOf: URL(fileURLWithPath: out + "/screens/home.json"))
    let screen = try ResolvedScreen(data: data)
    XCTAssertEqual(try ResolvedScreen(data: Data(screen.json.encoded())).json.encodedString(), screen.json.encodedString())
    XCTAssertTrue(Driver.build(dir, output: dir + "/compact").written)
    XCTAssertEqual(BundleVerifier.verify(dir + "/compact").problems.map(\.message), [String]())
    let compact = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/compact"))
    let home = try XCTUnwrap(compact.screen(id: "home"))
    XCTAssertEqual(home.resolved.sections.map(\.cardStyle), screen.resolved.sections.map(\.cardStyle))
    return try XCTUnwrap(JSON.parse(data)["resolved"]?["sections"]?.arrayValue)
  }

  /// The bundle's `card_style` (the section's and each cell's) holds the image and the shadow,
  /// with the component's keys over the cell's and a radius or offset without a colour left out.
  func testTheImageAndShadowReachTheBundle() throws {
    let plain = Self.family.replacingOccurrences(of: "⟦⟧", with: "")
    let sections = try builtSections([
      "zlc.json": #"{"platforms": {"ios": {}}}"#, "families/cards.json": plain,
      "screens/home.json": Self.screen([
        Self.grid(#""CARD", "TILE""#, #", "shadowOffset": [1, 2]"#), Self.grid(#""TILE""#, ##", "shadowColor": "#8000ff00""##),
      ]),
    ])
    let card = JSON.object([
      ("background_image", .string("https://example.com/card.png")),
      (
        "shadow",
        .object([
          ("color", .string("#33000000")), ("radius", .int(6)), ("offset", .object([("x", .int(1)), ("y", .int(2))])),
        ])
      ),
    ])
    XCTAssertEqual(sections[0]["card_style"], card)
    XCTAssertEqual(sections[0]["cells"]?.arrayValue?.first?["card_style"], card)
    XCTAssertEqual(
      sections[0]["cells"]?.arrayValue?.last?["card_style"],
      .object([
        ("background_color", .string("#fff")),
        ("shadow", .object([("radius", .int(3)), ("offset", .object([("x", .int(1)), ("y", .int(2))]))])),
      ]),
      "TILE's radius and the component's offset, without a colour: an item's own style may give one")
    XCTAssertEqual(
      sections[1]["card_style"],
      .object([
        ("background_color", .string("#fff")),
        (
          "shadow",
          .object([("color", .string("#8000ff00")), ("radius", .int(3)), ("offset", .object([("x", .int(0)), ("y", .int(0))]))])
        ),
      ]))
  }

  /// The preview draws the shadow as a CSS box-shadow (the colour's alpha moved last, as CSS
  /// writes it) and the background image as an item's image, escaped.
  func testThePreviewDrawsTheShadowAndTheImage() throws {
    let family = Self.family.replacingOccurrences(of: "⟦⟧", with: "").replacingOccurrences(
      of: "https://example.com/card.png", with: "https://example.com/card.png?a=1&b=\\\"2\\\"")
    let dir = try makeProject([
      "families/cards.json": family, "screens/home.json": Self.screen([Self.grid(#""CARD""#, #", "shadowOffset": [1, -2]"#)]),
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try XCTUnwrap(PreviewRenderer(project: Driver.check(dir).project).page(named: "home.html"))
    XCTAssertTrue(page.contains("box-shadow: 1px -2px 6px #00000033"), page)
    XCTAssertTrue(
      page.contains(#"<img class="card-bg" alt="" loading="lazy" src="https://example.com/card.png?a=1&amp;b=&quot;2&quot;""#), page)
  }
}
