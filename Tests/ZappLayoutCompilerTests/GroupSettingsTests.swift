import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// What a group sets that only a section draws: its own `size_class_mapping` (ZL0314, an error: a
/// group hidden on tablets would still show its components there) and its visible header or rules
/// by size class (ZL0425).
final class GroupSettingsTests: XCTestCase {
  /// The diagnostics of `codes` for the base project with these files written over it.
  func check(_ files: [String: String], codes: Set<String>) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { codes.contains($0.code) })
  }

  static func group(_ extra: String) -> String {
    #"{"component_type": "group"\#(extra), "ui_components": [\#(Example.grid)]}"#
  }

  /// A group's `size_class_mapping` is reported at its value; the same mapping on the grid in it
  /// is not.
  func testAGroupsSizeClassMappingIsReported() throws {
    let screen = Marked(Example.screen(Self.group(#", "size_class_mapping": ⟦⟧{"L": "hide"}"#)))
    let (dir, found) = try check(["screens/o.json": screen.text], codes: ["ZL0314"])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0314", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "a group is not drawn, so its size_class_mapping never applies; give each component in it a mapping of its own")
      ])
    let child = Example.grid.dropLast() + #", "size_class_mapping": {"L": "hide"}}"#
    let inChild = Example.screen(#"{"component_type": "group", "ui_components": [\#(child)]}"#)
    XCTAssertEqual(try check(["screens/o.json": inChild], codes: ["ZL0314"]).found.map(\.message), [])
    let empty = Example.screen(Self.group(#", "size_class_mapping": {}"#))
    XCTAssertEqual(try check(["screens/o.json": empty], codes: ["ZL0314"]).found.map(\.message), [])
  }

  /// A JSON family's `sizeClassMapping` for the `group` type is reported at its first size class.
  func testAFamilysSizeClassMappingForAGroupIsReported() throws {
    let family = Marked(
      #"""
      {"name": "CARDS", "components": [{"type": "group", "sizeClassMapping": {⟦⟧"L": "hide"}},
        {"type": "grid", "cells": [{"name": "POSTER", "aspectCellRatio": 1}]}]}
      """#)
    let (dir, found) = try check(["families/cards.json": family.text], codes: ["ZL0314"])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0314", file: "families/cards.json", line: family.markers[0].line, column: family.markers[0].column,
          message: "a group is not drawn, so family 'CARDS''s sizeClassMapping for 'group' never applies")
      ])
    let grid = family.text.replacingOccurrences(of: #"{"type": "group", "sizeClassMapping": {"L": "hide"}},"#, with: "")
      .replacingOccurrences(of: #""type": "grid","#, with: #""type": "grid", "sizeClassMapping": {"L": "hide"},"#)
    XCTAssertEqual(try check(["families/cards.json": grid], codes: ["ZL0314"]).found.map(\.message), [])
  }

  /// A group's visible footer and its item limits by size class are warned of, each at its value;
  /// a hidden header and a plain `item_limit`, which builders write on every component, are not.
  func testAGroupsVisibleFooterAndLimitsBySizeClassAreWarnedOf() throws {
    let screen = Marked(
      Example.screen(
        Self.group(
          #", "styles": {"footer": ⟦⟧{"visible": true, "style": "HEADER_1"}}, "rules": {"item_limit": 3, "item_limit_by_size_class": ⟦⟧{"L": 2}}"#
        )))
    let (dir, found) = try check(["screens/o.json": screen.text], codes: ["ZL0425"])
    let keys = ["styles.footer", "rules.item_limit_by_size_class"]
    assertDiagnostics(
      found, in: dir,
      zip(screen.markers, keys).map { marker, key in
        DiagnosticSpec(
          code: "ZL0425", file: "screens/o.json", line: marker.line, column: marker.column,
          message: "a group draws no section, so its '\(key)' never applies; set it on the components in the group")
      })
    let quiet = Example.screen(
      Self.group(#", "styles": {"header": {"visible": false}}, "rules": {"item_limit": 3, "item_limit_by_size_class": {}}"#))
    XCTAssertEqual(try check(["screens/o.json": quiet], codes: ["ZL0425"]).found.map(\.message), [])
  }
}
