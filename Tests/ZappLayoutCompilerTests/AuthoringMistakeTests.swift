import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// Authoring mistakes that build an app that is not what its author wrote: a navigation item that
/// opens a connected screen (ZL0329), responsive columns turned on for phones (ZL0514), and a
/// family's responsive rule turned on nowhere (ZL0515).
final class AuthoringMistakeTests: XCTestCase {
  private func check(_ files: [String: String], codes: [String]) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { codes.contains($0.code) })
  }

  /// One spec per marker of `marked` (in `file`), with these messages, notes and fix-its in order.
  private func specs(
    _ marked: Marked, file: String, messages: [String], notes: [[String]]? = nil, fixIts: [String?]? = nil
  ) -> [DiagnosticSpec] {
    XCTAssertEqual(marked.markers.count, messages.count, "one message per marker")
    return zip(marked.markers, messages).enumerated().map { i, pair in
      DiagnosticSpec(
        code: pair.0.code ?? "?", file: file, line: pair.0.line, column: pair.0.column, message: pair.1, notes: notes?[i] ?? [],
        fixIt: fixIts?[i] ?? nil)
    }
  }

  /// The connected screen `show`, whose grid takes the sender's children.
  private let show = """
    [{"id": "show", "type": "general_content", "styles": {"family": "FAMILY_1"}, "data": {"connected": true},
      "ui_components": [{"component_type": "grid", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["GRID_1"]}}]}]
    """

  /// A home screen with these navigations, whose grid opens `show` with its items.
  private func home(_ navigations: String) -> String {
    """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "show"}, "styles": {"cell_styles": ["GRID_1"]}}],
      "navigations": \(navigations)}]
    """
  }

  func testANavigationItemThatOpensAConnectedScreenIsWarnedAt() throws {
    let marked = Marked(
      home(
        """
        [{"category": "menu", "nav_items": [{"title": "Shows", "data": {"target": ⟦ZL0329⟧"show"}},
          {"title": "Films", "data": {"type": "APPLICASTER_CATEGORY", "target": ⟦ZL0329⟧"show"}},
          {"title": "More", "type": "nested_menu", "nav_items": [{"data": {"target": ⟦ZL0329⟧"show"}}]}]},
          {"category": "nav_bar", "nav_items": [{"type": "button", "title": "Go", "data": {"target": ⟦ZL0329⟧"show"}}]}]
        """))
    let (dir, found) = try check(["screens/home.json": marked.text, "screens/show.json": show], codes: ["ZL0329"])
    let message = { (title: String) in
      "navigation item\(title) opens connected screen 'show', which shows the children of the item that opens it: opened from a navigation, its sections have no data"
    }
    assertDiagnostics(
      found, in: dir,
      specs(
        marked, file: "screens/home.json", messages: [message(" 'Shows'"), message(" 'Films'"), message(""), message(" 'Go'")],
        notes: Array(repeating: ["screen 'show' is connected here"], count: 4)))
    XCTAssertEqual(found.map(\.severity), Array(repeating: .warning, count: 4))
    let connected = try XCTUnwrap(found.first?.notes.first?.spot?.location)
    XCTAssertEqual([connected.line, connected.column], [1, 100], "the note is at the screen's data.connected")
  }

  /// A hook of the home screen that shows a connected screen shows it with no item: warned at its
  /// `screen_id`. The same hook on a screen a grid's items open shows it with the item.
  func testAHookOfTheHomeScreenThatShowsAConnectedScreenIsWarnedAt() throws {
    let hooks = #""hooks": {"preload_plugins": [{"identifier": "login", "type": "login", "weight": 1, "screen_id": "#
    let homeText = home("[]").replacingOccurrences(of: #""home": true,"#, with: #""home": true, \#(hooks)⟦ZL0329⟧"show"}]},"#)
    let marked = Marked(homeText)
    let other = Example.screen(Example.grid, extra: ", " + hooks + #""show"}]}"#)
    let (dir, found) = try check(["screens/home.json": marked.text, "screens/show.json": show, "screens/o.json": other], codes: ["ZL0329"])
    assertDiagnostics(
      found, in: dir,
      specs(
        marked, file: "screens/home.json",
        messages: [
          "a hook of home screen 'home' shows connected screen 'show', which shows the children of the item its screen was opened with: the home screen opens with none, so its sections have no data"
        ], notes: [["screen 'show' is connected here"]]))
  }

  /// A root screen, an item that carries a data source of its own, a type whose data the client
  /// holds or says it opens a connected screen, a target that names no screen and the connected
  /// screen opened by the items of a grid are not reported.
  func testRootTargetsAndItemsWithAFeedAreNotReported() throws {
    let navigations = """
      [{"category": "menu", "nav_items": [{"title": "Other", "data": {"target": "other"}},
        {"title": "Shows", "type": "applicaster_feed", "data": {"source": "7", "type": "APPLICASTER_CATEGORY", "target": "show"}},
        {"title": "Favorites", "data": {"type": "APPLICASTER_FAVORITES", "target": "show"}},
        {"title": "Live", "data": {"connected": true, "target": "show"}},
        {"title": "Lost", "data": {"target": "nowhere"}}]}]
      """
    let (_, found) = try check(
      ["screens/home.json": home(navigations), "screens/show.json": show, "screens/o.json": Example.screen(Example.grid)],
      codes: ["ZL0329"])
    XCTAssertEqual(found.map(\.message), [])
  }

  /// The family's responsive rule on its `default` entry (XML) or on `universal` (JSON) changes a
  /// phone's columns: a warning at the value, with a note at the rule.
  func testResponsiveColumnsForPhonesAreWarnedAt() throws {
    let xml = Marked(
      """
      <Family name="F"><Responsive standardWidth="440" scale="1.2"/>
        <Screens><Screen type="default" responsive=⟦ZL0514⟧"true"/></Screens>
        <Components><Component type="grid" columns="2"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>
      """)
    let json = Marked(
      """
      {"name": "J", "responsive": {"standardWidth": 375, "scale": 1},
        "screens": [{"type": "universal", "responsive": ⟦ZL0514⟧true}],
        "components": [{"type": "grid", "columns": 3, "cells": [{"name": "T", "aspectCellRatio": 1}]}]}
      """)
    let (dir, found) = try check(
      ["screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), "families/f.xml": xml.text],
      codes: ["ZL0514"])
    assertDiagnostics(
      found, in: dir,
      specs(
        xml, file: "families/f.xml",
        messages: [
          "responsive columns are turned on for phones here: on device 'phone' (375 wide), cell style 'G' of 'grid' has 1 column, not the 2 family 'F' gives it"
        ], notes: [["the family's responsive rule adds a column every 440 / 2 × 1.2 = 264 points"]]))
    let settings = #"{"devices": [{"name": "se", "width": 320}, {"name": "max", "width": 430}]}"#
    let (jsonDir, inJSON) = try check(
      [
        "screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), "families/j.json": json.text,
        "zlc.json": settings,
      ],
      codes: ["ZL0514"])
    assertDiagnostics(
      inJSON, in: jsonDir,
      specs(
        json, file: "families/j.json",
        messages: [
          "responsive columns are turned on for phones here: on device 'se' (320 wide), cell style 'T' of 'grid' has 2 columns, not the 3 family 'J' gives it"
        ], notes: [["the family's responsive rule adds a column every 375 / 3 × 1 = 125 points"]]))
  }

  /// The rule on tablets alone, or on a phone entry whose component sets its own columns there,
  /// leaves the phones' columns as written.
  func testResponsiveColumnsForTabletsAreNotReported() throws {
    for family in [
      #"<Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" responsive="true"/></Screens><Components><Component type="grid" columns="2"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>"#,
      #"<Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="default" responsive="true"/></Screens><Components><Component type="grid"><Screens><Screen type="default" columns="2"/></Screens><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>"#,
    ] {
      let (_, found) = try check(
        ["screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), "families/f.xml": family], codes: ["ZL0514"])
      XCTAssertEqual(found.map(\.message), [], family)
    }
  }

  /// An element's own `responsive="true"` (its attribute or its `<Screen>` entry's) is checked
  /// against its own styles alone: a grid that sets its phone columns, and a cell that does, are
  /// not charged with the carousel's change; the carousel, and a layout whose cell changes, are
  /// warned at with the change of their own styles (XML and JSON).
  func testAnElementsResponsiveIsCheckedAgainstItsOwnStyles() throws {
    let xml = Marked(
      """
      <Family name="F"><Responsive standardWidth="440" scale="1.2"/><Components>
        <Component type="grid" columns="2" responsive="true"><Screens><Screen type="default" columns="2" responsive="true"/></Screens><Cell name="G" aspectCellRatio="1"/></Component>
        <Component type="carousel" columns="2" responsive=⟦ZL0514⟧"true"><Cell name="H" aspectCellRatio="1"/></Component>
        <Component type="list" columns="3"><Cell name="A" responsive="true"><Screens><Screen type="phone" columns="3"/></Screens></Cell><Cell name="B"/></Component>
        <Component type="row" columns="3"><Layout name="L" kind="flow" responsive=⟦ZL0514⟧"true"/><Cell name="R"/></Component>
      </Components></Family>
      """)
    let json = Marked(
      """
      {"name": "J", "responsive": {"standardWidth": 440, "scale": 1.2}, "components": [
        {"type": "grid", "columns": 2, "responsive": true, "screens": [{"type": "default", "columns": 2, "responsive": true}], "cells": [{"name": "G", "aspectCellRatio": 1}]},
        {"type": "carousel", "columns": 2, "responsive": ⟦ZL0514⟧true, "cells": [{"name": "H", "aspectCellRatio": 1}]},
        {"type": "list", "columns": 3, "cells": [{"name": "A", "responsive": true, "screens": [{"type": "phone", "columns": 3}]}, {"name": "B"}]},
        {"type": "row", "columns": 3, "layouts": [{"name": "L", "kind": "flow", "responsive": ⟦ZL0514⟧true}], "cells": [{"name": "R"}]}]}
      """)
    let message = { (family: String, cell: String, type: String, drawn: String, written: Int) in
      "responsive columns are turned on for phones here: on device 'phone' (375 wide), cell style '\(cell)' of '\(type)' has \(drawn), not the \(written) family '\(family)' gives it"
    }
    let notes = [
      ["the family's responsive rule adds a column every 440 / 2 × 1.2 = 264 points"],
      ["the family's responsive rule adds a column every 440 / 3 × 1.2 = 176 points"],
    ]
    for (file, marked, family) in [("families/f.xml", xml, "F"), ("families/j.json", json, "J")] {
      let (dir, found) = try check(
        ["screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), file: marked.text], codes: ["ZL0514"])
      assertDiagnostics(
        found, in: dir,
        specs(
          marked, file: file, messages: [message(family, "H", "carousel", "1 column", 2), message(family, "R", "row", "2 columns", 3)],
          notes: notes))
    }
  }

  /// A family's responsive rule that no entry turns on (XML or JSON) is a warning at the rule;
  /// turned on for tablets, or turned off explicitly where it is not on elsewhere, it is not.
  func testAResponsiveRuleTurnedOnNowhereIsWarnedAt() throws {
    let xml = Marked(
      #"<Family name="F">⟦ZL0515⟧<Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" columns="3"/></Screens></Family>"#
    )
    let json = Marked(
      #"{"name": "J", "responsive": ⟦ZL0515⟧{"standardWidth": 440, "scale": 1.2}, "screens": [{"type": "sw600", "responsive": false}]}"#)
    let (dir, found) = try check(
      [
        "screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), "families/f.xml": xml.text,
        "families/j.json": json.text,
      ],
      codes: ["ZL0515"])
    let message = { (name: String) in
      "family '\(name)' has a responsive rule but no entry turns it on with responsive=\"true\": it has no effect"
    }
    assertDiagnostics(
      found, in: dir,
      specs(xml, file: "families/f.xml", messages: [message("F")]) + specs(json, file: "families/j.json", messages: [message("J")]))
    let turnedOn = #"{"name": "J", "responsive": {"standardWidth": 440, "scale": 1.2}, "screens": [{"type": "sw600", "responsive": true}]}"#
    let withoutRule = #"<Family name="F"><Screens><Screen type="sw600" columns="3"/></Screens></Family>"#
    let (_, clean) = try check(
      [
        "screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), "families/f.xml": withoutRule,
        "families/j.json": turnedOn,
      ],
      codes: ["ZL0515"])
    XCTAssertEqual(clean.map(\.message), [])
  }

  /// The root menu's `navigation_type` of spaces alone names no plugin (ZL0340); the only screen
  /// of a project of one is its home without a `home` flag, and its menu is the root menu too.
  func testARootMenuWithoutATypeIsReportedWhereverTheHomeIs() throws {
    let message = "the home screen's first menu navigation has no 'navigation_type': no plugin draws the app's root menu"
    try assertFindings(
      [
        "screens/home.json": Example.home.replacingOccurrences(
          of: #""navigation_type": "TwoLevelRNMenu""#, with: #""navigation_type": "  ""#
        )
        .replacingOccurrences(of: #""navigations": [{"#, with: #""navigations": [⟦ZL0340⟧{"#)
      ],
      ["screens/home.json": [(message, [], nil)]])
    let alone = #"""
      [{"id": "only", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)],
        "navigations": [{"category": "nav_bar", "navigation_type": "navigation_bar"}, {"category": "menu", "nav_items": []}]}]
      """#
    let dir = try makeProject(["screens/only.json": alone])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0340" }
    XCTAssertEqual(found.map(\.message), [message])
    XCTAssertEqual(found.first?.spot.map { [$0.location.line, $0.location.column] }, [2, 81])
  }
}
