import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// ZL0413 counts sticky components per size class: a size class mapping that draws a sticky type
/// in a component's place pins it there, and one that hides a sticky component unpins it.
final class StickyReplacementTests: XCTestCase {
  static let ticker =
    #"{"component_type": "html_ticker", "data": {"source": "1", "type": "WEB_URL"}, "styles": {"cell_styles": ["TICKER_1"]}}"#
  static func grid(_ rest: String = "") -> String {
    #"{"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}\#(rest)}"#
  }
  static func screen(_ components: [String]) -> String {
    #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [\#(components.joined(separator: ", "))]}]"#
  }

  /// A grid drawn as a ticker on L, beside a ticker, is a second sticky component on L alone,
  /// noted at the replacement.
  func testAReplacementThatIsStickyPinsASecondComponentOnItsSizeClass() throws {
    let replaced = Self.grid(#", "size_class_mapping": {"L": {"component_type": "html_ticker", "cell_style": "TICKER_1"}}"#)
    try assertFindings(
      [
        "screens/o.json": Self.screen([
          Self.ticker, replaced.replacingOccurrences(of: #"{"component_type": "grid""#, with: #"{"component_type": ⟦ZL0413⟧"grid""#),
        ])
      ],
      [
        "screens/o.json": [
          (
            "a second sticky component on screen 'other' on size class L; at most one can be pinned",
            ["the first sticky component", "drawn as 'html_ticker' on size class 'L'"], nil
          )
        ]
      ])
  }

  /// Two tickers, one hidden on S, clash on the other size classes alone; hidden on every size
  /// class, or replaced by a grid, they do not clash.
  func testAHiddenOrReplacedTickerIsNotPinned() throws {
    let hiddenOnS = Self.ticker.dropLast() + #", "size_class_mapping": {"S": "hide"}}"#
    try assertFindings(
      [
        "screens/o.json": Self.screen([
          Self.ticker,
          hiddenOnS.replacingOccurrences(of: #"{"component_type": "html_ticker""#, with: #"{"component_type": ⟦ZL0413⟧"html_ticker""#),
        ])
      ],
      [
        "screens/o.json": [
          (
            "a second sticky component on screen 'other' on size classes L, XL; at most one can be pinned", ["the first sticky component"],
            nil
          )
        ]
      ])
    let everywhere =
      Self.ticker.dropLast()
      + #", "size_class_mapping": {"S": "hide", "L": "hide", "XL": {"component_type": "grid", "cell_style": "GRID_1"}}}"#
    try assertFindings(["screens/o.json": Self.screen([Self.ticker, String(everywhere)])], [:])
  }

  /// A family's mapping pins the same way, reported at the component, noted at the family's entry.
  func testAFamilysReplacementPinsToo() throws {
    let family = Marked(
      #"""
      {"name": "F", "components": [
        {"type": "hero", "layout": "paged", "cells": [{"name": "H", "cellWidth": 16, "cellHeight": 9}],
         "sizeClassMapping": {"XL": {"component_type": ⟦⟧"html_ticker", "cell_style": "T"}}},
        {"type": "html_ticker", "layout": "sticky", "cells": [{"name": "T", "cellHeight": 40}]}]}
      """#)
    let screen = Marked(
      #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
       {"component_type": ⟦⟧"html_ticker", "data": {"source": "1", "type": "WEB_URL"}, "styles": {"cell_styles": ["T"]}},
       {"component_type": ⟦⟧"hero", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}}]}]
      """#)
    let dir = try makeProject(["families/f.json": family.text, "screens/home.json": screen.text])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0413" }
    XCTAssertEqual(found.map(\.message), ["a second sticky component on screen 'home' on size class XL; at most one can be pinned"])
    let (file, at) = (screen.positions, family.positions)
    let place = try XCTUnwrap(found.first?.spot?.location)
    XCTAssertEqual([place.line, place.column], [file[1].line, file[1].column])
    XCTAssertEqual(
      found.first?.notes.compactMap { note in
        note.spot.map { "\(note.message) \($0.location.file.hasSuffix("f.json")) \($0.location.line):\($0.location.column)" }
      },
      [
        "the first sticky component false \(file[0].line):\(file[0].column)",
        "drawn as 'html_ticker' on size class 'XL' true \(at[0].line):\(at[0].column)",
      ])
  }

  /// A replacement whose type is unknown as written (`HTML_Ticker`: ZL0314) pins nothing.
  func testAReplacementOfAnUnknownTypePinsNothing() throws {
    let replaced = Self.grid(#", "size_class_mapping": {"L": {"component_type": ⟦ZL0314⟧"HTML_Ticker", "cell_style": "TICKER_1"}}"#)
    try assertFindings(
      ["screens/o.json": Self.screen([Self.ticker, replaced])],
      ["screens/o.json": [("unknown component type 'HTML_Ticker' for size class 'L'", [], #""html_ticker""#)]])
  }

  /// Two tickers as written still clash on every size class, with the message as before.
  func testTwoTickersClashEverywhere() throws {
    try assertFindings(
      [
        "screens/o.json": Self.screen([
          Self.ticker,
          #"{"component_type": ⟦ZL0413⟧"html_ticker", "data": {"source": "3", "type": "WEB_URL"}, "styles": {"cell_styles": ["TICKER_1"]}}"#,
        ])
      ],
      ["screens/o.json": [("a second sticky component on screen 'other'; at most one can be pinned", ["the first sticky component"], nil)]])
  }
}
