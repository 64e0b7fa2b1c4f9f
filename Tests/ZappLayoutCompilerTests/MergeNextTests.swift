import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// `rules.merge_next_by_size_class` before a section whose component takes no data (a banner):
/// there are no items to merge, so the rule does nothing; it is reported (ZL0418) at the rule,
/// with a note at that section. Before a section that takes data, it merges it.
final class MergeNextTests: XCTestCase {
  static let banner = Example.manifest("", identifier: "banner")
  static func grid(_ rules: String = "") -> String {
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}\#(rules)}"#
  }

  func testAMergeBeforeASectionThatTakesNoDataIsReported() throws {
    let merging = Self.grid(#", "rules": {"merge_next_by_size_class": ⟦ZL0418⟧["L"]}"#)
    try assertFindings(
      [
        "components/banner.json": Self.banner,
        "screens/o.json": Example.screen([merging, #"{"component_type": "banner"}"#, Self.grid()].joined(separator: ", ")),
      ],
      [
        "screens/o.json": [
          (
            "the next section of screen 'other' (component 'banner') takes no data: there is nothing to merge", ["the next section"],
            nil
          )
        ]
      ])
  }

  func testAMergeBeforeASectionThatTakesDataIsClean() throws {
    let merging = Self.grid(#", "rules": {"merge_next_by_size_class": ["L"]}"#)
    try assertFindings(
      [
        "components/banner.json": Self.banner,
        "screens/o.json": Example.screen([merging, Self.grid(), #"{"component_type": "banner"}"#].joined(separator: ", ")),
      ], [:])
  }

  /// A next section whose own family hides its type on a size class the rule lists: hidden where
  /// a client draws it with that family (Android), not on iOS, whose client draws it with its
  /// screen's family. An iOS app merges it (no finding), an Android app does not (ZL0418), and an
  /// app of both names Android.
  func testAHiddenNextSectionIsReadWithEachPlatformsFamily() throws {
    let family = #"""
      {"name": "F", "screens": [{"type": "default", "insetLeft": 10, "insetRight": 10, "interItemSpacing": 10}],
       "components": [{"type": "grid", "columns": 3, "cells": [{"name": "G", "aspectCellRatio": 1}], "sizeClassMapping": {"L": "hide"}}]}
      """#
    let next =
      #"{"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "F", "cell_styles": ["G"]}}"#
    let screen = Example.screen([Self.grid(#", "rules": {"merge_next_by_size_class": ["L"]}"#), next].joined(separator: ", "))
    var found: [String: [String]] = [:]
    for platforms in ["ios", "android", "ios\": {}, \"android"] {
      let files = Example.baseProject.merging([
        "zlc.json": #"{"platforms": {"\#(platforms)": {}}}"#, "families/f.json": family, "screens/o.json": screen,
      ]) { $1 }
      let dir = try makeProject(files)
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      found[platforms] = Driver.check(dir).diagnostics.filter { $0.code == "ZL0418" }.map(\.message)
    }
    let hidden = "the next section of screen 'other' (component 'grid') is hidden on size class 'L': there is nothing to merge there"
    XCTAssertEqual(found["ios"], [])
    XCTAssertEqual(found["android"], [hidden])
    XCTAssertEqual(found["ios\": {}, \"android"], [hidden + " (on android)"])
  }

  /// A next section hidden on a size class the rule lists (its own `size_class_mapping`) merges
  /// nothing there: reported at the rule; hidden on another size class, it is not.
  func testAMergeBeforeASectionHiddenOnAListedSizeClassIsReported() throws {
    let merging = Self.grid(#", "rules": {"merge_next_by_size_class": ⟦ZL0418⟧["L", "XL"]}"#)
    let hidden = Self.grid(#", "size_class_mapping": {"XL": "hide"}"#)
    try assertFindings(
      ["screens/o.json": Example.screen([merging, hidden].joined(separator: ", "))],
      [
        "screens/o.json": [
          (
            "the next section of screen 'other' (component 'grid') is hidden on size class 'XL': there is nothing to merge there",
            ["the next section"], nil
          )
        ]
      ])
    let elsewhere = Self.grid(#", "size_class_mapping": {"S": "hide"}"#)
    try assertFindings(
      [
        "screens/o.json": Example.screen(
          [Self.grid(#", "rules": {"merge_next_by_size_class": ["L"]}"#), elsewhere].joined(separator: ", "))
      ], [:])
  }
}
