import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Values of a type no Zapp file uses that passed `zlc check` unnoticed: ids written as numbers,
/// a family's version or a card's layout of another type, a manifest's account ids, field rules,
/// option texts and condition values of another type, a screens file of `{}`, and a manifest's
/// data type one edit from a built-in one.
final class SilentWrongTypeTests: XCTestCase {
  func testComponentAndNavigationIDsWrittenAsNumbersAreErrors() throws {
    let component =
      #"{"id": ⟦ZL0202⟧7, "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let navigation =
      #", "navigations": [{"id": ⟦ZL0202⟧[1], "nav_items": [{"id": ⟦ZL0202⟧3, "title": "Home", "data": {"target": "home"}}]}]"#
    try assertMarked(
      ["screens/o.json": Example.screen(component, extra: navigation)],
      [
        ("'id' must be a string, found an array", [], nil), ("'id' must be a string, found a number", [], nil),
        ("'id' must be a string, found a number", [], nil),
      ])
  }

  func testStringIDsAndAbsentOnesAreClean() throws {
    let component =
      #"{"id": "g-1", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let navigation = #", "navigations": [{"id": "", "nav_items": [{"id": null, "title": "Home", "data": {"target": "home"}}]}]"#
    try assertMarked(["screens/o.json": Example.screen(component, extra: navigation)], [])
  }

  /// A family file `F` holding `version` and a card with this `layout`, drawn by the screen `other`.
  func family(version: String, layout: String) -> [String: String] {
    [
      "families/F.json":
        #"{"name": "F", "version": \#(version), "components": [{"type": "grid", "cells": [{"name": "G", "layoutId": "g", "cellHeight": 10, "layout": \#(layout), "elements": [{"display": "block"}]}]}]}"#,
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}]}]"#,
    ]
  }

  func testAFamilyVersionOrACardLayoutOfAnotherTypeIsAnError() throws {
    try assertMarked(
      family(version: "⟦ZL0202⟧1.5", layout: "⟦ZL0202⟧[3]"),
      [("'version' must be a string, found a number", [], nil), ("'layout' must be a number or a string, found an array", [], nil)])
    try assertMarked(
      family(version: "⟦ZL0202⟧true", layout: "⟦ZL0202⟧{}"),
      [("'version' must be a string, found a boolean", [], nil), ("'layout' must be a number or a string, found an object", [], nil)])
    try assertMarked(
      family(version: "⟦ZL0202⟧[\"1\"]", layout: "⟦ZL0202⟧true"),
      [("'version' must be a string, found an array", [], nil), ("'layout' must be a number or a string, found a boolean", [], nil)])
  }

  func testAFamilyVersionStringAndACardLayoutNumberOrWordAreClean() throws {
    try assertMarked(family(version: #""1.0""#, layout: "3"), [])
    try assertMarked(family(version: "null", layout: #""waterfall""#), [])
  }

  /// A JSON family's component type or cell name that is a list or an object names nothing: the
  /// component or cell is left out, and no later finding names it "[]" (a number is read as
  /// written, as clients read it).
  func testAFamilyNameThatIsAListNamesNothing() throws {
    let family = #"""
      {"name": "F", "components": [
        {"type": ⟦ZL0202⟧["grid"], "cells": [{"name": "G", "layoutId": "g", "cellHeight": 90}]},
        {"type": "list", "cells": [{"name": ⟦ZL0202⟧{"n": 1}, "layoutId": "l", "cellHeight": 90}]}]}
      """#
    let marked = Marked(family)
    let dir = try makeProject(Example.baseProject.merging(["families/f.json": marked.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let checked = Driver.check(dir)
    XCTAssertEqual(
      checked.diagnostics.filter { $0.code == "ZL0202" }.map(\.message),
      ["'type' must be a string, found an array", "'name' must be a string, found an object"])
    let messages = checked.diagnostics.flatMap { [$0.message] + $0.notes.map(\.message) }
    XCTAssertFalse(messages.contains { $0.contains("'[]'") || $0.contains("'{}'") }, "\(messages)")
    let decl = try XCTUnwrap(checked.project.families["F"])
    XCTAssertEqual(decl.family.components.map(\.type), ["list"])
    XCTAssertEqual(decl.family.component("list")?.cells.map(\.name), [])
  }

  /// The manifest of a plugin `p` with these extra keys, used by the screen `other`.
  func plugin(_ extra: String) -> [String: String] {
    [
      "components/p.json": Example.manifest(extra, identifier: "p"),
      "screens/o.json": Example.screen(Example.grid + #", {"component_type": "p"}"#),
    ]
  }

  func testManifestAccountIDsFieldRulesOptionTextsAndConditionValuesOfAnotherTypeAreErrors() throws {
    let styles =
      #", "whitelisted_account_ids": [⟦ZL0202⟧42], "styles": {"fields": [{"key": "a", "type": "switch"}, {"key": "b", "type": "select", "rules": ⟦ZL0202⟧{"all": true}, "options": [{"text": ⟦ZL0202⟧1, "value": "1"}, "two"], "conditional_fields": [{"key": "styles/a", "condition_value": ⟦ZL0202⟧{"on": true}}, {"key": "styles/a", "condition_value": [true, ⟦ZL0202⟧[false]]}]}, {"group": true, "label": "G", "fields": [{"key": "c", "type": "select", "options": [{"text": ⟦ZL0202⟧["C"], "value": "c"}]}]}]}"#
    try assertMarked(
      plugin(styles),
      [
        ("each element of 'whitelisted_account_ids' must be a string, found a number", [], nil),
        ("'rules' must be one of none, conditional, all_conditions, found an object", [], nil),
        ("'text' must be a string, found a number", [], nil),
        ("'condition_value' must be a string, a number, true or false, or an array of them, found an object", [], nil),
        ("'condition_value' holds strings, numbers, true or false, found an array", [], nil),
        ("'text' must be a string, found an array", [], nil),
      ])
    try assertMarked(
      plugin(#", "whitelisted_account_ids": ⟦ZL0202⟧"12""#), [("'whitelisted_account_ids' must be an array, found a string", [], nil)])
    let custom =
      #", "custom_configuration_fields": [{"key": "x", "type": "select", "options": [{"text": ⟦ZL0202⟧2, "value": "2"}], "conditional_fields": [{"key": "styles/a", "condition_value": "on", "options": [{"text": ⟦ZL0202⟧{"a": 1}, "value": "3"}, {"text": "Four", "value": 4}]}]}]"#
    try assertMarked(
      plugin(custom), [("'text' must be a string, found a number", [], nil), ("'text' must be a string, found an object", [], nil)])
  }

  /// What real manifests hold: account ids as strings, `rules` a word, options of strings or of
  /// text and value, condition values of any plain type or an array of them (on a text field,
  /// which holds any: what a switch or a select holds is ZL0620's).
  func testManifestValuesRealManifestsHoldAreClean() throws {
    let styles =
      #", "whitelisted_account_ids": ["5c1b", ""], "styles": {"fields": [{"key": "a", "type": "text_input"}, {"key": "b", "type": "select", "rules": "all_conditions", "options": [{"text": "One", "value": 1}, "two"], "conditional_fields": [{"key": "styles/a", "condition_value": true}, {"key": "styles/a", "condition_value": [true, "x", 2]}, {"key": "styles/a", "condition_value": 3}, {"key": "styles/a", "condition_value": "x"}]}, {"key": "c", "type": "text_input", "rules": "conditional"}]}"#
    try assertMarked(plugin(styles), [])
  }

  /// The real AdMob inline banner manifest (Tests/Fixtures/real-manifests) shows its title fields
  /// while its `background` switch holds `[true]`: a switch's condition of an array of a boolean
  /// is read as the field's types are (ZL0202) and as a value a switch holds (ZL0620), clean.
  func testTheRealBannersSwitchConditionIsClean() throws {
    let url = repositoryRoot.appendingPathComponent("Tests/Fixtures/real-manifests/qb-ui-component-admob-inline-banner-ios_qb.json")
    let manifest = try String(contentsOf: url, encoding: .utf8)
    XCTAssertTrue(manifest.contains(#""type": "switch""#) && manifest.contains(#""condition_value": [true]"#), "the fixture holds the case")
    var files = Example.baseProject
    files["components/banner.json"] = manifest
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { ["ZL0202", "ZL0620"].contains($0.code) }
    XCTAssertEqual(found.map(\.message), [])
  }

  /// `{}` in a screens file: the error is at the file's object, and a project of that file alone
  /// has no ZL0112 at its folder besides.
  func testAScreensFileOfAnEmptyObjectIsAnErrorWhereItStands() throws {
    let message = "a screens file holds a rivers array of screens or one screen object, found an object holding no screen"
    try assertMarked(["screens/extra.json": "\n  ⟦ZL0202⟧{}"], [(message, [], nil)])
    try assertMarked(["screens/extra.json": #"{"rivers": ⟦ZL0202⟧{"$schema": "s.json"}}"#], [(message, [], nil)])
    let dir = try makeProject(["screens/home.json": "{ }"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [DiagnosticSpec(code: "ZL0202", file: "screens/home.json", line: 1, column: 1, message: message)])
  }

  /// A screens file of `[]` beside screens files that hold screens is a warning at its list (a
  /// project of such files alone is ZL0112 only: MisleadingOutputTests); a map of screens is clean.
  func testAScreensFileOfAnEmptyArrayIsAWarningAndAMapOfScreensIsClean() throws {
    let message = "this screens file holds an empty list: the app gets no screen from it"
    try assertMarked(["screens/extra.json": "⟦ZL0123⟧[]"], [(message, [], nil)])
    try assertMarked(
      ["screens/extra.json": "\n  ⟦ZL0123⟧[\n  ]\n", "rivers.json": "⟦ZL0123⟧[ ]"], [(message, [], nil), (message, [], nil)])
    // The wrapped form of an export holds no screen either.
    try assertMarked(["screens/extra.json": "⟦ZL0123⟧{ \"rivers\" :\n [ ] }"], [(message, [], nil)])
    try assertMarked(
      [
        "screens/o.json":
          #"{"rivers": [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}]}"#
      ], [])
    try assertMarked(
      [
        "screens/o.json":
          #"{"other": {"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}}"#
      ], [])
  }

  /// A screens file is read from its `rivers` whatever other keys its object holds: an empty
  /// `rivers` beside them (a key of another tool, even a screen or a map of screens, which are not
  /// read) gives no screen, and is the warning at the file's start, with a note at the first key
  /// not read (a `$schema` is no such key). A `rivers` of screens beside other keys is clean.
  func testAnEmptyRiversBesideOtherKeysIsAWarning() throws {
    let message = "this screens file holds an empty list: the app gets no screen from it"
    let screen = #""id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]"#
    func unread(_ what: String) -> [String] { ["zlc reads a screens file's screens from its 'rivers' alone: \(what) not read"] }
    for (text, notes) in [
      (#"⟦ZL0123⟧{"rivers": [], "x": 1}"#, unread("'x' is")), ("\n  ⟦ZL0123⟧{\"$schema\": \"s\",\n  \"rivers\": [ ]}", []),
      (#"⟦ZL0123⟧{"\u0072ivers": [], "tool": {}}"#, unread("'tool' is")),
      (#"⟦ZL0123⟧{"other": {\#(screen)}, "rivers": []}"#, unread("'other' is")),
      (#"⟦ZL0123⟧{\#(screen), "rivers": []}"#, unread("'id' and 3 other keys are")),
      (#"⟦ZL0123⟧{"$schema": "s", "rivers": [], "home": {\#(screen)}, "tool": 1}"#, unread("'home' and 1 other key are")),
    ] {
      try assertMarked(["screens/extra.json": text], [(message, notes, nil)])
    }
    try assertMarked(["screens/o.json": #"{"$schema": "s", "rivers": [{\#(screen)}], "x": 1}"#], [])
  }

  /// The note stands at the first key that is not read, the file's warning at its start.
  func testTheNoteOfAnEmptyRiversStandsAtTheFirstKeyNotRead() throws {
    let screen = #"{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}"#
    let marked = Marked("⟦⟧{\n  \"$schema\": \"s\",\n  ⟦⟧\"home\": \(screen),\n  \"rivers\": []\n}\n")
    var files = Example.baseProject
    files["screens/extra.json"] = marked.text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0123" }
    XCTAssertEqual(found.count, 1)
    let warning = try XCTUnwrap(found.first?.location)
    XCTAssertEqual([warning.line, warning.column], [marked.markers[0].line, marked.markers[0].column])
    let note = try XCTUnwrap(found.first?.notes.first)
    XCTAssertEqual(note.message, "zlc reads a screens file's screens from its 'rivers' alone: 'home' is not read")
    XCTAssertEqual(note.spot?.location.file, dir + "/screens/extra.json")
    XCTAssertEqual([note.spot?.location.line, note.spot?.location.column], [marked.markers[1].line, marked.markers[1].column])
  }

  func testAManifestDataTypeOneEditFromABuiltInOneIsAWarning() throws {
    func expected(_ name: String, _ near: String) -> (String, [String], String?) {
      (
        "data type '\(name)' in the data_types of the 'p' manifest is one edit from the built-in type '\(near)'",
        ["declare '\(name)' in zlc.json's data_types if it is a type of the app's own"], "\"\(near)\""
      )
    }
    try assertMarked(
      plugin(#", "data_types": [⟦ZL0420⟧"SMART_BANER", "APPLICASTER_COLLECTION", ⟦ZL0420⟧"WEB_RUL", ⟦ZL0420⟧"Banners"]"#),
      [expected("SMART_BANER", "SMART_BANNER"), expected("WEB_RUL", "WEB_URL"), expected("Banners", "BANNER")])
    // Case alone and the APPLICASTER_ namespace remain ZL0402's errors.
    try assertMarked(
      plugin(#", "data_types": [⟦ZL0402⟧"smart_banner", ⟦ZL0402⟧"APPLICASTER_COLECTION"]"#),
      [
        ("unknown data source type 'smart_banner' in the data_types of the 'p' manifest", [], #""SMART_BANNER""#),
        ("unknown data source type 'APPLICASTER_COLECTION' in the data_types of the 'p' manifest", [], #""APPLICASTER_COLLECTION""#),
      ])
  }

  func testADataTypeTwoEditsAwayOrDeclaredByTheAppIsClean() throws {
    var files = plugin(#", "data_types": ["SMART_BANER", "TOP_BANNER", "WEB_URLS_X"]"#)
    files["zlc.json"] = #"{"data_types": ["SMART_BANER"]}"#
    try assertMarked(files, [])
  }
}
