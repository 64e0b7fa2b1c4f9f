import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// Where a plugin component may stand, as its manifest's `characteristics.appearance` says
/// (ZL0411): a component of `["group"]` stands in groups only.
final class GroupContentTests: XCTestCase {
  func project(_ components: String) throws -> (dir: String, screens: Marked) {
    let manifest = Example.manifest(#", "characteristics": {"appearance": ["group"]}"#)
    let screens = Marked(
      #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": \#(components)}]"#)
    return (try makeProject(["components/m.json": manifest, "screens/home.json": screens.text]), screens)
  }

  func testAComponentOfGroupsOnlyOnAScreenIsReported() throws {
    let (dir, screens) = try project(#"[{"component_type": ⟦ZL0411⟧"x"}]"#)
    let manifest = Marked(Example.manifest(#", "characteristics": {"appearance": ["group"]}"#, identifier: "⟦⟧x"))
    let outcome = Driver.check(dir)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0411" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0411", file: "screens/home.json", line: screens.markers[0].line, column: screens.markers[0].column,
          message: "'x' stands only in a group: its manifest's appearance is [group]", notes: ["declared here"])
      ])
    let note = outcome.diagnostics.first { $0.code == "ZL0411" }?.notes.first?.spot?.location
    XCTAssertEqual(note.map { [$0.line, $0.column] }, [manifest.markers[0].line, manifest.markers[0].column])
  }

  func testAComponentOfGroupsOnlyInAGroupIsNotReported() throws {
    let (dir, _) = try project(#"[{"component_type": "group", "ui_components": [{"component_type": "x"}]}]"#)
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0411" }.map(\.message), [])
  }

  /// A grid whose size class `L` and fallback draw `type` in its place, each `component_type`
  /// value marked.
  static func gridDrawing(_ type: String) -> String {
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"L": {"component_type": ⟦⟧"\#(type)"}, "S": "hide"}, "fallback": {"component_type": ⟦⟧"\#(type)"}}"#
  }

  /// A screen-only plugin drawn in a group's child's place (its size class `L` and its fallback)
  /// stands in the group: each is reported at its `component_type`.
  func testAScreenOnlyReplacementAndFallbackInAGroupAreReported() throws {
    let manifest = Marked(Example.manifest(#", "characteristics": {"appearance": ["screen"]}"#, identifier: "⟦⟧x"))
    let screen = Marked(Example.screen(#"{"component_type": "group", "ui_components": [\#(Self.gridDrawing("x"))]}"#))
    let dir = try makeProject(Example.baseProject.merging(["components/m.json": manifest.text, "screens/o.json": screen.text]) { $1 })
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0411" }
    let message = "'x' cannot stand in a group: its manifest's appearance is [screen]"
    assertDiagnostics(
      found, in: dir,
      screen.markers.map {
        DiagnosticSpec(code: "ZL0411", file: "screens/o.json", line: $0.line, column: $0.column, message: message, notes: ["declared here"])
      })
    let notes = found.flatMap(\.notes).compactMap { $0.spot?.location }.map { [$0.line, $0.column] }
    XCTAssertEqual(notes, Array(repeating: [manifest.markers[0].line, manifest.markers[0].column], count: 2))
  }

  /// A group-only plugin drawn in place of a component standing on the screen is reported at the
  /// replacement's and the fallback's `component_type`.
  func testAGroupOnlyReplacementAndFallbackOnAScreenAreReported() throws {
    let (dir, screens) = try project("[\(Self.gridDrawing("x"))]")
    let message = "'x' stands only in a group: its manifest's appearance is [group]"
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0411" }, in: dir,
      screens.markers.map {
        DiagnosticSpec(
          code: "ZL0411", file: "screens/home.json", line: $0.line, column: $0.column, message: message, notes: ["declared here"])
      })
  }

  /// A family whose `sizeClassMapping` draws `type` in a grid's place on size class `L`, the
  /// value marked, and a grid of that family.
  static let mappingFamily = #"""
    {"name": "CARDS", "components": [{"type": "grid", "columns": 2, "sizeClassMapping": {"L": {"component_type": ⟦⟧"x"}},
      "cells": [{"name": "POSTER", "aspectCellRatio": 1}]}]}
    """#
  static let cardsGrid =
    #"{"component_type": ⟦⟧"grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "CARDS", "cell_styles": ["POSTER"]}}"#

  /// A screen-only plugin that a family's mapping draws in place of a grid standing in a group
  /// is reported at the grid's type, with a note at the family's entry; a grid with a mapping of
  /// its own, which stands in for the family's, is not.
  func testAFamilysScreenOnlyReplacementOfAComponentInAGroupIsReported() throws {
    let manifest = Example.manifest(#", "characteristics": {"appearance": ["screen"]}"#)
    let family = Marked(Self.mappingFamily)
    let screen = Marked(Example.screen(#"{"component_type": "group", "ui_components": [\#(Self.cardsGrid)]}"#))
    let files = ["components/m.json": manifest, "families/cards.json": family.text, "screens/o.json": screen.text]
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0411" }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "'x' cannot stand in a group: its manifest's appearance is [screen]",
          notes: ["family 'CARDS' draws it in the component's place on size class 'L'", "declared here"])
      ])
    let familyNote = found.first?.notes.first?.spot?.location
    XCTAssertEqual(familyNote.map { [$0.line, $0.column] }, [family.markers[0].line, family.markers[0].column])
    XCTAssertTrue(familyNote?.file.hasSuffix("families/cards.json") ?? false)
    let own = Example.screen(
      #"{"component_type": "group", "ui_components": [\#(Self.cardsGrid.replacingOccurrences(of: "⟦⟧", with: "").dropLast()), "size_class_mapping": {}}]}"#
    )
    let ownDir = try makeProject(Example.baseProject.merging(files.merging(["screens/o.json": own]) { $1 }) { $1 })
    XCTAssertEqual(Driver.check(ownDir).diagnostics.filter { $0.code == "ZL0411" }.map(\.message), [])
  }

  /// A group-only plugin that a family's mapping draws in place of a grid on the screen is
  /// reported there.
  func testAFamilysGroupOnlyReplacementOfAComponentOnAScreenIsReported() throws {
    let manifest = Example.manifest(#", "characteristics": {"appearance": ["group"]}"#)
    let screen = Marked(Example.screen(Self.cardsGrid))
    let files = ["components/m.json": manifest, "families/cards.json": Marked(Self.mappingFamily).text, "screens/o.json": screen.text]
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0411" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0411", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "'x' stands only in a group: its manifest's appearance is [group]",
          notes: ["family 'CARDS' draws it in the component's place on size class 'L'", "declared here"])
      ])
  }

  /// Replacements and fallbacks that may stand where their component does are not reported.
  func testReplacementsThatMayStandWhereTheirComponentStandsAreNotReported() throws {
    let (inGroup, _) = try project(#"[{"component_type": "group", "ui_components": [\#(Self.gridDrawing("x"))]}]"#)
    XCTAssertEqual(Driver.check(inGroup).diagnostics.filter { $0.code == "ZL0411" }.map(\.message), [])
    let manifest = Example.manifest(#", "characteristics": {"appearance": ["screen"]}"#)
    let screen = Example.screen(Self.gridDrawing("x"))
    let onScreen = try makeProject(Example.baseProject.merging(["components/m.json": manifest, "screens/o.json": screen]) { $1 })
    XCTAssertEqual(Driver.check(onScreen).diagnostics.filter { $0.code == "ZL0411" }.map(\.message), [])
  }
}
