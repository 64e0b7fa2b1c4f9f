import XCTest

@testable import ZappLayoutCompiler

/// A JSON family's `sizeClassMapping` replacements hold `component_type` and `cell_style` alone, as
/// a screen's do: a near miss is ZL0206 (with its fix when the name is free), another key ZL0204, and
/// a value that is no string ZL0202 (and no ZL0315 besides).
final class FamilyReplacementKeysTests: XCTestCase {
  func testAReplacementsKeysAreCheckedInAFamily() throws {
    let family = Marked(
      #"""
      {"name": "F", "screens": [{"type": "default", "insetLeft": 10}],
       "components": [
        {"type": "hero", "layout": "paged", "cells": [{"name": "H", "cellWidth": 16, "cellHeight": 9}],
         "sizeClassMapping": {
          "L": {"component_type": "grid", "cell_style": "G", ⟦⟧"cell_stlye": "G", ⟦⟧"fallback": "grid"},
          "XL": {"component_type": "grid", ⟦⟧"cell_stlye": "G"},
          "S": {"component_type": "grid", "cell_style": "G", ⟦⟧"component_type_": "x"}}},
        {"type": "grid", "columns": 3, "cells": [{"name": "G", "aspectCellRatio": 1}]},
        {"type": "list", "cells": [{"name": "I", "cellHeight": 40}],
         "sizeClassMapping": {"L": {"component_type": "grid", "cell_style": ⟦⟧7}, "S": "hide"}}]}
      """#)
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
       {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}},
       {"component_type": "list", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["I"]}}]}]
      """#
    let dir = try makeProject(["families/f.json": family.text, "screens/home.json": screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let at = family.positions
    func spec(_ code: String, _ i: Int, _ message: String, fixIt: String? = nil) -> DiagnosticSpec {
      DiagnosticSpec(code: code, file: "families/f.json", line: at[i].line, column: at[i].column, message: message, fixIt: fixIt)
    }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        // `cell_style` is there already: no fix that would write it twice.
        spec("ZL0206", 0, "misspelled attribute 'cell_stlye' on <replacement>: clients ignore it"),
        spec("ZL0204", 1, "unknown attribute 'fallback' on <replacement>"),
        // The misspelled key alone: no "needs a 'cell_style'" beside it.
        spec("ZL0206", 2, "misspelled attribute 'cell_stlye' on <replacement>: clients ignore it", fixIt: #""cell_style""#),
        spec("ZL0206", 3, "misspelled attribute 'component_type_' on <replacement>: clients ignore it"),
        // No "needs a 'cell_style'" beside it either.
        spec("ZL0202", 4, "'cell_style' must be a string, found a number"),
      ])
  }

  /// `sizeClassMapping` is a component's: on the family, a screen entry or a cell, no client reads
  /// it, so it is an error there (not an unknown key's warning, nor a cell's pass-through).
  func testASizeClassMappingOffAComponentIsAnError() throws {
    let family = Marked(
      #"""
      {"name": "F", ⟦⟧"sizeClassMapping": {"S": "hide"}, "screens": [{"type": "default", ⟦⟧"sizeClassMapping": {"S": "hide"}}],
       "components": [
        {"type": "hero", "layout": "paged", "cells": [{"name": "H", "cellWidth": 16, "cellHeight": 9, ⟦⟧"sizeClassMapping": {"S": "hide"}}],
         "sizeClassMapping": {"S": "hide"}}]}
      """#)
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [
       {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}}]}]
      """#
    let dir = try makeProject(["families/f.json": family.text, "screens/home.json": screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let at = family.positions
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      zip(at, ["Family", "Screen", "Cell"]).map { position, element in
        DiagnosticSpec(
          code: "ZL0206", file: "families/f.json", line: position.line, column: position.column,
          message: "'sizeClassMapping' on <\(element)> is a component's: write it on the component it replaces; clients ignore it here")
      })
  }
}
