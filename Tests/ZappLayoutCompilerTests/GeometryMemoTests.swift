import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution

/// A resolver works out each distinct section geometry once and gives every section the geometry
/// its own family, type, cell styles, layout and header make.
final class GeometryMemoTests: XCTestCase {
  /// Every section of the demo, resolved by one resolver for the whole project, has the geometry
  /// the arithmetic gives its own family, type, cell styles, layout and header.
  func testEverySectionHasTheGeometryOfItsOwnInputs() throws {
    let outcome = Driver.check(repositoryRoot.appendingPathComponent("manifests").path)
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let project = outcome.project
    let resolver = Resolver(project: project)
    var geometries = 0
    for screen in project.screens {
      let leaves = resolver.leafComponents(screen)
      let sections = resolver.resolution(screen).sections
      XCTAssertEqual(sections.count, leaves.count, screen.id.value)
      for (section, component) in zip(sections, leaves) {
        let family = section.family.flatMap { project.families[$0]?.family }
        let expected = family.flatMap { family in
          family.component(section.componentType) == nil
            ? nil
            : Geometry.sectionGeometry(
              family: family, componentType: section.componentType, cellStyles: section.cellStyles,
              layoutName: component.layout?.value, header: component.header?.value)
        }
        XCTAssertEqual(section.geometry, expected, "\(screen.id.value) section \(section.section)")
        geometries += expected == nil ? 0 : 1
      }
    }
    XCTAssertGreaterThan(geometries, 10, "the demo's sections have geometry")
  }

  /// Two cell style names that Swift calls equal but are written differently (composed and
  /// decomposed é) each keep their own spelling in the section's geometry.
  func testNamesWrittenDifferentlyKeepTheirOwnGeometry() throws {
    let composed = "CAF\u{C9}"
    let decomposed = "CAFE\u{301}"
    let family = #"""
      {"name": "CARDS", "screens": [{"type": "universal", "insetLeft": 8, "insetRight": 8}],
       "components": [{"type": "grid", "layout": "flow", "cells": [{"name": "\#(composed)", "columns": 2, "aspectCellRatio": 1}]}]}
      """#
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "CARDS"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1"}, "styles": {"cell_styles": ["\#(composed)"]}},
        {"component_type": "grid", "data": {"source": "2"}, "styles": {"cell_styles": ["\#(decomposed)"]}}]}]
      """#
    let dir = try makeProject(["families/cards.json": family, "screens/home.json": screen])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let sections = Resolver(project: outcome.project).resolution(outcome.project.screens[0]).sections
    XCTAssertEqual(sections.count, 2)
    let names = sections.map { $0.geometry?.styles.first?.style.map { Array($0.unicodeScalars) } }
    XCTAssertEqual(names, [Array(composed.unicodeScalars), Array(decomposed.unicodeScalars)])
  }
}
