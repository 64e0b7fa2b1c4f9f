import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A merged section's own rules for a size class on which the section before it merges it do
/// nothing there (ZL0430): the merging section draws the merged items with its own rules.
final class MergedSectionRulesTests: XCTestCase {
  static func grid(source: String, rules: String) -> String {
    #"{"component_type": "grid", "data": {"source": "\#(source)", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": \#(rules)}"#
  }

  /// The merged section's filter, limit and merge for 'L' are reported, each with a note at the
  /// merge; its entries for 'S', where nothing merges it, and the merging section's own, are not.
  func testAMergedSectionsRulesForAMergedSizeClassAreReported() throws {
    let merging = Self.grid(
      source: "1", rules: #"{"merge_next_by_size_class": ["S", "L"], "filter_by_size_class": {"L": {"exclude_types": ["video"]}}}"#)
    let merged = Self.grid(
      source: "2",
      rules: #"""
        {"filter_by_size_class": {⟦ZL0430⟧"L": {"exclude_types": ["video"]}}, "item_limit_by_size_class": {"XL": 3, ⟦ZL0430⟧"L": 4},
         "merge_next_by_size_class": ["XL", ⟦ZL0430⟧"L"]}
        """#)
    let message = { (key: String) in
      "on size class 'L' the section before this one merges it and draws its items with its own rules: this '\(key)' entry does nothing"
    }
    let note = ["merged on 'L' here"]
    try assertMarked(
      ["screens/o.json": Example.screen([merging, merged, Example.grid].joined(separator: ", "))],
      [
        (message("filter_by_size_class"), note, nil), (message("item_limit_by_size_class"), note, nil),
        (message("merge_next_by_size_class"), note, nil),
      ])
  }

  /// Merges as the mapper makes them: in a chain, the second section's own merge is reported
  /// (it is merged itself), and the third section, which nothing merges, is not; after a section
  /// hidden on the size class nothing is merged.
  func testOnlyTheMergesTheMapperMakesAreReported() throws {
    let first = Self.grid(source: "1", rules: #"{"merge_next_by_size_class": ["L"]}"#)
    let second = Self.grid(source: "2", rules: #"{"merge_next_by_size_class": [⟦ZL0430⟧"L"]}"#)
    let third = Self.grid(source: "3", rules: #"{"filter_by_size_class": {"L": {"exclude_types": ["video"]}}}"#)
    try assertMarked(
      ["screens/o.json": Example.screen([first, second, third].joined(separator: ", "))],
      [
        (
          "on size class 'L' the section before this one merges it and draws its items with its own rules: this 'merge_next_by_size_class' entry does nothing",
          ["merged on 'L' here"], nil
        )
      ])
    let hidden =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"L": "hide"}, "rules": {"merge_next_by_size_class": ["L"]}}"#
    let limited = Self.grid(source: "2", rules: #"{"item_limit_by_size_class": {"L": 4}}"#)
    try assertMarked(["screens/o.json": Example.screen([hidden, limited].joined(separator: ", "))], [])
  }

  /// A merge a plugin's manifest fills in (`initial_value`) merges the next section too; a merge
  /// on a size class the project does not have merges nothing (ZL0317 reports it).
  func testAMergeFilledByAManifestCountsAndAnUnknownSizeClassDoesNot() throws {
    let row = Example.manifest(
      #", "rules": {"fields": [{"key": "merge_next_by_size_class", "type": "tag_select", "options": ["L", "XL"], "initial_value": ["L"]}]}, "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input"}]}"#,
      identifier: "row")
    let merged = Self.grid(source: "2", rules: #"{"item_limit_by_size_class": {⟦ZL0430⟧"L": 4}}"#)
    let found = try XCTUnwrap(
      try checked([
        "components/row.json": row,
        "screens/o.json": Example.screen(
          [#"{"component_type": "row", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#, merged].joined(separator: ", ")),
      ]))
    XCTAssertEqual(
      found.map(\.message),
      [
        "on size class 'L' the section before this one merges it and draws its items with its own rules: this 'item_limit_by_size_class' entry does nothing"
      ])
    let unknown = try XCTUnwrap(
      try checked([
        "screens/o.json": Example.screen(
          [
            Self.grid(source: "1", rules: #"{"merge_next_by_size_class": ["M"]}"#),
            Self.grid(source: "2", rules: #"{"item_limit_by_size_class": {"M": 4}}"#),
          ].joined(separator: ", "))
      ]))
    XCTAssertEqual(unknown.map(\.message), [])
  }

  /// The ZL0430 findings of the base project with `files` over it.
  func checked(_ files: [String: String]) throws -> [Diagnostic]? {
    let dir = try makeProject(Example.baseProject.merging(files.mapValues { Marked($0).text }) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).diagnostics.filter { $0.code == "ZL0430" }
  }

  /// Rules of a section nothing merges, or merged on other size classes only, pass.
  func testRulesOnSizeClassesWithoutAMergePass() throws {
    let merging = Self.grid(source: "1", rules: #"{"merge_next_by_size_class": ["XL"]}"#)
    let merged = Self.grid(
      source: "2", rules: #"{"filter_by_size_class": {"L": {"exclude_types": ["video"]}}, "item_limit_by_size_class": {"L": 4}}"#)
    try assertMarked(["screens/o.json": Example.screen([merging, merged, Example.grid].joined(separator: ", "))], [])
  }
}
