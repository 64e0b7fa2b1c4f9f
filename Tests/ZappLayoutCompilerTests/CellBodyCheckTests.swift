import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A tab bar's body is checked as a component of its type is: it names a cell style where its
/// family styles its type (ZL0304), and its cell styles give items a height (ZL0511).
final class CellBodyCheckTests: XCTestCase {
  let data = #""data": {"source": "1", "type": "APPLICASTER_COLLECTION"}"#

  /// The findings of `codes` on a project whose screen `other` (family `family`) holds
  /// `components`, each as "code@file:line:column message | note at line:column; …".
  func findings(_ screen: Marked, family: Marked? = nil, codes: Set<String>) throws -> [String] {
    var files = Example.baseProject.merging(["screens/o.json": screen.text]) { $1 }
    if let family { files["families/f.json"] = family.text }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).diagnostics.filter { codes.contains($0.code) }.map {
      let notes = $0.notes.map { note in
        "\(note.message) at \(note.spot.map { "\($0.location.line):\($0.location.column)" } ?? "")"
      }
      return "\(place($0, in: dir)) \($0.message) | \(notes.joined(separator: "; "))"
    }
  }

  func testABodyThatNamesNoCellStyleIsAnError() throws {
    let screen = Marked(
      Example.screen(
        #"{"component_type": "tab_bar", "styles": {"cell_styles": ["TABS_CELL_1"], "cell_body_component_type": ⟦⟧"hero"}, \#(data)}"#))
    let p = screen.positions[0]
    XCTAssertEqual(
      try findings(screen, codes: ["ZL0304"]),
      [
        "ZL0304@screens/o.json:\(p.line):\(p.column) cell body 'hero' names no cell style in 'styles.cell_body_styles', so its items would have no size (family 'FAMILY_1' offers HERO_CELL_1, HERO_CELL_2 for 'hero') | "
      ])
    let named = Marked(
      Example.screen(
        #"{"component_type": "tab_bar", "styles": {"cell_styles": ["TABS_CELL_1"], "cell_body_component_type": "hero", "cell_body_styles": ["HERO_CELL_1"]}, \#(data)}"#
      ))
    XCTAssertEqual(try findings(named, codes: ["ZL0304"]), [])
  }

  func testABodyCellStyleWithoutAnItemHeightIsAnError() throws {
    let family = Marked(
      #"{"name": "F", "components": [{"type": "tab_bar", "columns": 4, "cells": [{"name": "T", "layoutId": "t", "cellHeight": 48}]}, "#
        + #"{"type": "list", "cells": [{"name": ⟦⟧"L", "layoutId": "l"}, {"name": "M", "layoutId": "m", "cellHeight": 80}]}]}"#)
    func screen(_ body: String) -> Marked {
      Marked(
        #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [{"component_type": ⟦⟧"tab_bar", "styles": {"cell_styles": ["T"], "cell_body_component_type": "list", "cell_body_styles": ["\#(body)"]}, \#(data)}]}]"#
      )
    }
    let (cell, use) = (family.positions[0], screen("L").positions[0])
    XCTAssertEqual(
      try findings(screen("L"), family: family, codes: ["ZL0511"]),
      [
        "ZL0511@families/f.json:\(cell.line):\(cell.column) cell style 'L' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight"
          + " | used by component 'tab_bar' of screen 'other' as its cell body at \(use.line):\(use.column)"
      ])
    XCTAssertEqual(try findings(screen("M"), family: family, codes: ["ZL0511"]), [])
  }

  /// The body is laid out only where its tab bar is drawn as itself: a body cell with a height on
  /// tablets alone is no error while the tab bar is hidden on phones (size class S), and is one
  /// when it is not.
  func testABodyIsCheckedOnlyWhereItsTabBarIsDrawn() throws {
    let family = Marked(
      #"{"name": "F", "components": [{"type": "tab_bar", "columns": 4, "cells": [{"name": "T", "layoutId": "t", "cellHeight": 48}]}, "#
        + #"{"type": "list", "cells": [{"name": "P", "layoutId": "p", "screens": [{"type": "tablet", "cellHeight": 80}]}]}]}"#)
    func screen(_ mapping: String) -> Marked {
      Marked(
        #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [{"component_type": "tab_bar", "styles": {"cell_styles": ["T"], "cell_body_component_type": "list", "cell_body_styles": ["P"]}\#(mapping), \#(data)}]}]"#
      )
    }
    XCTAssertEqual(try findings(screen(#", "size_class_mapping": {"S": "hide"}"#), family: family, codes: ["ZL0511"]), [])
    XCTAssertEqual(try findings(screen(""), family: family, codes: ["ZL0511"]).map { String($0.prefix(6)) }, ["ZL0511"])
  }

  /// A body of several cell styles lays each out within its first style's insets and spacing, as
  /// a section does: a style with room alone and none there is ZL0503 at its entry of
  /// `cell_body_styles` (it built a body the runtime refuses to open); with room, it is clean.
  func testABodyStyleWithNoRoomWithinItsFirstStylesInsetsIsAnError() throws {
    func family(spacing: Int) -> Marked {
      Marked(
        #"{"name": "F", "components": [{"type": "tab_bar", "cells": [{"name": "T", "layoutId": "t", "cellHeight": 48}]}, "#
          + #"{"type": "list", "cells": [{"name": "A", "layoutId": "a", "columns": 1, "cellHeight": 50, "insetLeft": 180, "insetRight": 180, "interItemSpacing": \#(spacing)}, "#
          + #"{"name": "B", "layoutId": "b", "columns": 2, "cellHeight": 50}]}]}"#)
    }
    let screen = Marked(
      #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [{"component_type": "tab_bar", "styles": {"cell_styles": ["T"], "cell_body_component_type": "list", "cell_body_styles": [⟦⟧"A", ⟦⟧"B"]}, \#(data)}]}]"#
    )
    let (first, second) = (screen.positions[0], screen.positions[1])
    XCTAssertEqual(
      try findings(screen, family: family(spacing: 20), codes: ["ZL0503", "ZL0509"]),
      [
        "ZL0503@screens/o.json:\(second.line):\(second.column) cell style 'B' of family 'F' has no room in this cell body on device 'phone' (375 wide): with the cell body's insets (180 + 180) and spacing (20), its first style's, 2 columns leave an item width of -2.5"
          + " | the cell body's first cell style is 'A' at \(first.line):\(first.column)"
      ])
    XCTAssertEqual(try findings(screen, family: family(spacing: 5), codes: ["ZL0503", "ZL0509"]), [])
  }
}
