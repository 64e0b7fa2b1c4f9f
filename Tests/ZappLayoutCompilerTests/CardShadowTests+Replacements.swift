import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// ZL0424 where a component sets a cell's shadow key again, and on size classes that draw the
/// component as another.
extension CardShadowTests {
  /// A component's radius over TILE's radius, both without a colour: TILE's is not drawn there, so
  /// the component's key alone is warned of; a second component that sets no radius reports TILE's.
  func testAComponentsRadiusOverACellsRadiusIsWarnedOfOnce() throws {
    let one = try check([Self.grid(#""TILE""#, #", "shadowRadius": 2"#)])
    XCTAssertEqual(one.found.map { $0.location?.file.hasSuffix("home.json") }, [true], one.found.map(\.message).description)
    let two = try check([Self.grid(#""TILE""#, #", "shadowRadius": 2"#), Self.grid(#""TILE""#)])
    XCTAssertEqual(two.found.compactMap { $0.location?.file.components(separatedBy: "/").last }.sorted(), ["cards.json", "home.json"])
  }

  /// The family for the size class tests: GRID_POSTER has a shadow colour, LIST_ROW none (with a
  /// radius of its own when `rowRadius`), LIST_DARK one.
  static func replacedFamily(rowRadius: Bool = false, familyMapping: String? = nil) -> String {
    let mapping = familyMapping.map { #", "sizeClassMapping": \#($0)"# } ?? ""
    return """
      {"name": "CARDS", "components": [
        {"type": "grid", "columns": 2\(mapping), "cells": [{"name": "GRID_POSTER", "aspectCellRatio": 1, "style": {"shadowColor": "#000"}}]},
        {"type": "list", "cells": [{"name": "LIST_ROW", "cellHeight": 80\(rowRadius ? #", "style": {"shadowRadius": 3}"# : "")},
          {"name": "LIST_DARK", "cellHeight": 80, "style": {"shadowColor": "#333"}}]}]}
      """
  }

  static func posterGrid(_ styles: String, mapping: String? = nil) -> String {
    let own = mapping.map { #", "size_class_mapping": {"L": \#($0)}"# } ?? ""
    return
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}\#(own), "styles": {"cell_styles": ["GRID_POSTER"]\#(styles)}}"#
  }

  /// A component's radius over GRID_POSTER (coloured) drawn as LIST_ROW (no colour) on L, by the
  /// screen's mapping or the family's: warned of, with a note at the replacement; as LIST_DARK
  /// (coloured), or hidden, no warning.
  func testAComponentsRadiusOverAReplacementWithoutAColourIsWarnedOf() throws {
    let row = #"{"component_type": "list", "cell_style": "LIST_ROW"}"#
    let own = try check([Self.posterGrid(#", "shadowRadius": 2"#, mapping: row)], family: Self.replacedFamily())
    XCTAssertEqual(own.found.map(\.message), ["'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style"])
    XCTAssertEqual(
      own.found.first?.notes.map(\.message), ["drawn on size class 'L' with cell style 'LIST_ROW', which sets no 'shadowColor'"])
    let family = try check([Self.posterGrid(#", "shadowRadius": 2"#)], family: Self.replacedFamily(familyMapping: #"{"L": \#(row)}"#))
    XCTAssertEqual(family.found.count, 1)
    let dark = #"{"component_type": "list", "cell_style": "LIST_DARK"}"#
    XCTAssertEqual(try check([Self.posterGrid(#", "shadowRadius": 2"#, mapping: dark)], family: Self.replacedFamily()).found.count, 0)
    XCTAssertEqual(try check([Self.posterGrid(#", "shadowRadius": 2"#, mapping: #""hide""#)], family: Self.replacedFamily()).found.count, 0)
    XCTAssertEqual(try check([Self.posterGrid("")], family: Self.replacedFamily()).found.count, 0)
  }

  /// A replacement's cell with a radius and no colour, drawn by a component that gives none: warned
  /// of at the cell's key, with a note at the replacement's `cell_style`.
  func testAReplacementsCellRadiusWithoutAColourIsWarnedOf() throws {
    let row = #"{"component_type": "list", "cell_style": "LIST_ROW"}"#
    let found = try check([Self.posterGrid("", mapping: row)], family: Self.replacedFamily(rowRadius: true)).found
    XCTAssertEqual(found.map(\.message), ["'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style"])
    XCTAssertEqual(found.first?.location?.file.hasSuffix("cards.json"), true)
    XCTAssertEqual(found.first?.notes.map(\.message), ["drawn here: the component's styles set no 'shadowColor' either"])
    let coloured = try check([Self.posterGrid(##", "shadowColor": "#111""##, mapping: row)], family: Self.replacedFamily(rowRadius: true))
    XCTAssertEqual(coloured.found.count, 0)
  }
}

/// An image URL with a Unicode space or a format character in it, or without a host.
extension CardShadowTests {
  static let refusedURLs = [
    "https://a\u{00A0}b/c.png", "HTTPS://ok.example/\u{202E}gnp.exe", "https://ok.example/a\u{200B}.png", "https://a\u{2028}b",
    "https://user@/c.png", "https://:80/c.png", "https://[]/c.png", "https://a\u{0085}b",
  ]

  func testImageURLsWithUnicodeSpacesOrFormatCharactersOrNoHostAreRefused() throws {
    XCTAssertEqual(Self.refusedURLs.map(CardStyle.isImageURL), Array(repeating: false, count: Self.refusedURLs.count))
    XCTAssertEqual(
      ["https://user@host.example/c.png", "http://host:8080/c.png", "https://[::1]/c.png", "https://é.example/ü.png"].map(
        CardStyle.isImageURL), [true, true, true, true])
    // The compiler: ZL0417 at each; the runtime reader: left out.
    for url in Self.refusedURLs {
      let style = JSON.object([("backgroundImage", .string(url))])
      XCTAssertNil(CardStyle(json: style).backgroundImage, url)
      let text = style.encodedString(pretty: false)
      let family = #"{"name": "CARDS", "components": [{"type": "grid", "cells": [{"name": "A", "cellHeight": 100, "style": \#(text)}]}]}"#
      let (_, diagnostics) = FamilyReader.read(SourceFile(path: "t.json", text: family))
      XCTAssertEqual(diagnostics.map(\.code), ["ZL0417"], url)
    }
  }
}
