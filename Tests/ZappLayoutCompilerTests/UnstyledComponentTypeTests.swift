import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// ZL0328 on a project family: the warning at the component's type with a note at the family,
/// and the components it leaves to other rules or does not concern.
final class UnstyledComponentTypeTests: XCTestCase {
  let data = #""data": {"source": "1", "type": "APPLICASTER_COLLECTION"}"#
  let family =
    #"{"name": "F", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "layoutId": "g", "aspectCellRatio": 1}]}, "#
    + #"{"type": "tab_bar", "columns": 4, "cells": [{"name": "T", "layoutId": "t", "cellHeight": 48}]}]}"#

  func findings(_ components: String, files: [String: String] = [:]) throws -> (Marked, [String], String) {
    let m = Marked(#"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [\#(components)]}]"#)
    let dir = try makeProject(
      Example.baseProject.merging(["families/f.json": family, "screens/o.json": m.text].merging(files) { $1 }) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { ["ZL0328", "ZL0304", "ZL0305"].contains($0.code) }.map {
      let notes = $0.notes.map { note in
        "\(note.message) at \(note.spot.map { "\($0.file.path.hasSuffix("families/f.json")) \($0.location.line):\($0.location.column)" } ?? "")"
      }
      return "\(place($0, in: dir)) \($0.message) | \(notes.joined(separator: "; "))"
    }
    return (m, found, dir)
  }

  func testAHeroItsProjectFamilyDoesNotStyleIsAWarningWithANoteAtTheFamily() throws {
    let (m, found, _) = try findings(
      #"{"component_type": ⟦⟧"hero", \#(data)}, {"component_type": "grid", "styles": {"cell_styles": ["G"]}, \#(data)}"#)
    let p = m.positions[0]
    XCTAssertEqual(
      found,
      [
        "ZL0328@screens/o.json:\(p.line):\(p.column) family 'F' has no styles for 'hero', so clients get no layout for this component"
          + " | family 'F' is defined here at true 1:10"
      ])
  }

  func testComponentsLeftToOtherRulesOrLaidOutOtherwiseAreNotReported() throws {
    let manifest = Example.manifest(#", "styles": {"fields": []}"#, identifier: "promo")
    let (_, found, _) = try findings(
      [
        #"{"component_type": "hero", "styles": {"family": "FAMILY_1", "cell_styles": ["HERO_CELL_1"]}, \#(data)}"#,
        #"{"component_type": "promo", \#(data)}"#,
        #"{"component_type": "horizontal_list_qb", \#(data)}"#,
        #"{"component_type": "group", "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["G"]}, \#(data)}]}"#,
      ].joined(separator: ", "), files: ["components/promo.json": manifest])
    XCTAssertEqual(found, [])
    // A cell style or a layout the family lacks is ZL0304's or ZL0305's, and this rule stays quiet.
    let (_, named, _) = try findings(
      #"{"component_type": "hero", "styles": {"cell_styles": ["X"]}, \#(data)}, {"component_type": "carousel", "styles": {"layout": "L"}, \#(data)}"#
    )
    XCTAssertEqual(named.map { String($0.prefix(6)) }, ["ZL0304", "ZL0305"], "\(named)")
  }

  /// A tab bar's body is drawn with the tab bar's family: a body type it does not style is
  /// reported at `cell_body_component_type`; one with a cell style is ZL0304's.
  func testATabBarsBodyItsFamilyDoesNotStyleIsAWarning() throws {
    let (m, found, _) = try findings(
      #"{"component_type": "tab_bar", "styles": {"cell_styles": ["T"], "cell_body_component_type": ⟦⟧"list"}, \#(data)}"#)
    let p = m.positions[0]
    XCTAssertEqual(
      found,
      [
        "ZL0328@screens/o.json:\(p.line):\(p.column) family 'F' has no styles for 'list', so clients get no layout for this component's cell body"
          + " | family 'F' is defined here at true 1:10"
      ])
    let (_, named, _) = try findings(
      #"{"component_type": "tab_bar", "styles": {"cell_styles": ["T"], "cell_body_component_type": "list", "cell_body_styles": ["L"]}, \#(data)}"#
    )
    XCTAssertEqual(named.map { String($0.prefix(6)) }, ["ZL0304"], "\(named)")
  }
}
