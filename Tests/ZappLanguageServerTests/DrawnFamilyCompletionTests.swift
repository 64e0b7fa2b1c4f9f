import Foundation
import XCTest

@testable import ZappLanguageServer

/// The editor completes a component's layout from the family the app's bundle draws it with: an
/// iOS app's screen family, another platform's component family.
final class DrawnFamilyCompletionTests: XCTestCase {
  let screens = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
        "styles": {"family": "FAMILY_2", "cell_styles": ["GRID_1"], "layout": ""}}]}]

    """

  /// The labels offered inside the grid's `layout` string in an app of `platform`.
  func layoutsOffered(platform: String) throws -> [String] {
    try completionLabels(in: screens, after: #""layout": ""#, platforms: [platform])
  }

  func testAnIOSAppCompletesALayoutFromTheScreensFamily() throws {
    XCTAssertEqual(try layoutsOffered(platform: "android"), ["GRID_MASONRY"], "FAMILY_2's grid layouts")
    XCTAssertEqual(try layoutsOffered(platform: "ios"), [], "FAMILY_1's grid has no named layout")
  }

  /// A list drawn with FAMILY_2 on iOS (its screen's) and FAMILY_1 elsewhere (its own), and a grid
  /// the other way round.
  let mixed = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
      "ui_components": [{"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
        "styles": {"family": "FAMILY_1", "cell_styles": [""]}}]},
     {"id": "more", "type": "general_content", "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
        "styles": {"family": "FAMILY_2", "cell_styles": ["GRID_1"], "layout": ""}}]}]

    """

  /// An app of iOS and Android is offered only what rules ZL0304 and ZL0305 accept under both.
  func testAnAppOfBothReadingsCompletesWhatBothFamiliesAccept() throws {
    let cellStyle = #""cell_styles": [""#
    XCTAssertEqual(try completionLabels(in: mixed, after: cellStyle, platforms: ["android"]), ["LIST_1", "LIST_2", "LIST_3"])
    XCTAssertEqual(try completionLabels(in: mixed, after: cellStyle, platforms: ["ios"]), ["LIST_1"])
    XCTAssertEqual(try completionLabels(in: mixed, after: cellStyle, platforms: ["ios", "android"]), ["LIST_1"])
    let layout = #""layout": ""#
    XCTAssertEqual(try completionLabels(in: mixed, after: layout, platforms: ["android"]), ["GRID_MASONRY"])
    XCTAssertEqual(try completionLabels(in: mixed, after: layout, platforms: ["ios", "android"]), [], "FAMILY_1's grid has none")
  }

  /// In an app of both readings, a layout or a header style is offered when both families have it
  /// (looked up by name in a set: a family may have thousands).
  func testAnAppOfBothReadingsCompletesTheLayoutsAndHeadersBothFamiliesHave() throws {
    let count = 300
    func family(_ name: String, _ names: [String]) -> String {
      let layouts = names.map { #"{"name": "L\#($0)", "kind": "flow"}"# }.joined(separator: ", ")
      let headers = names.map { #"{"name": "H\#($0)", "height": 40}"# }.joined(separator: ", ")
      return
        #"{"name": "\#(name)", "components": [{"type": "grid", "cells": [{"name": "C"}], "layouts": [\#(layouts)]}], "headers": [\#(headers)]}"#
    }
    let all = (0..<count).map(String.init)
    // ONE has every name; TWO every third, and names ONE lacks.
    let some = stride(from: 0, to: count, by: 3).map(String.init) + ["X", "Y"]
    let files = ["families/ONE.json": family("ONE", all), "families/TWO.json": family("TWO", some)]
    let screens = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "TWO"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
          "styles": {"family": "ONE", "cell_styles": ["C"], "layout": "", "header": {"style": ""}}}]}]

      """
    let shared = stride(from: 0, to: count, by: 3).map(String.init)
    let layouts = try completionLabels(in: screens, after: #""layout": ""#, platforms: ["ios", "android"], files: files)
    XCTAssertEqual(layouts, shared.map { "L" + $0 })
    let headers = try completionLabels(in: screens, after: #""style": ""#, platforms: ["ios", "android"], files: files)
    XCTAssertEqual(headers, shared.map { "H" + $0 } + ["No Header"])
    XCTAssertEqual(
      try completionLabels(in: screens, after: #""layout": ""#, platforms: ["android"], files: files).count, count,
      "ONE's layouts alone")
  }
}
