import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Did-you-means that would be guesses stay hints, and data types a plugin or zlc.json declares.
extension TypoTests {
  /// A key as near to two keys a plugin's manifest declares (`title_3` to `title_1` and `title_2`)
  /// is a misspelling whose did-you-mean is a hint without a range: `--fix` would guess.
  func testAKeyAsNearToTwoKeysIsAHint() throws {
    var files = Example.baseProject
    files["components/p.json"] = Example.manifest(
      #", "styles": {"fields": [{"key": "title_1", "type": "text_input"}, {"key": "title_2", "type": "text_input"}, {"key": "subtitle", "type": "text_input"}]}"#,
      identifier: "p")
    files["screens/o.json"] = Example.screen(#"{"component_type": "p", "styles": {"title_3": "x", "subtitel": "y"}}"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0206" }
    XCTAssertEqual(
      found.map(\.message),
      [
        "misspelled key 'title_3' in component styles: clients ignore it",
        "misspelled key 'subtitel' in component styles: clients ignore it",
      ])
    XCTAssertEqual(found.map { $0.fixIt?.message }, ["did you mean 'title_1'?", "did you mean 'subtitle'?"])
    XCTAssertEqual(found.map { $0.fixIt?.range == nil }, [true, false], "the tie is a hint; the swap is a fix")
  }

  /// A plugin whose manifest lists the data types it takes gets no other on a root screen either
  /// (a connected screen's is ZL0703): an error at the type, with a note at the list.
  func testAPluginTakesOnlyTheDataTypesItsManifestLists() throws {
    var files = Example.baseProject
    files["components/p.json"] = Example.manifest(
      #", "data_types": ["APPLICASTER_ATOM_FEED"], "data": {"fields": [{"key": "source", "type": "text_input"}]}"#, identifier: "p")
    for (type, found) in [
      ("APPLICASTER_COLLECTION", ["'p' takes the data types APPLICASTER_ATOM_FEED, not 'APPLICASTER_COLLECTION'"]),
      ("APPLICASTER_ATOM_FEED", []),
    ] {
      files["screens/o.json"] = Example.screen(#"{"component_type": "p", "data": {"source": "1", "type": "\#(type)"}}"#)
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let diagnostics = Driver.check(dir).diagnostics.filter { $0.code == "ZL0402" }
      XCTAssertEqual(diagnostics.map(\.message), found, type)
      XCTAssertEqual(diagnostics.flatMap(\.notes).map(\.message), found.isEmpty ? [] : ["its manifest's data_types"])
    }
  }

  /// A data type equally likely misspelled where zlc.json declares it: the did-you-mean to the
  /// declared name is a hint with a note at the declaration, never a fix that would write the
  /// misspelling into the screen.
  func testADataTypeNearADeclaredOneIsAHintPointingAtTheDeclaration() throws {
    var files = Example.baseProject
    files["zlc.json"] = #"{"data_types": ["RIVERFLIX_RECOMENDATIONS"]}"#
    files["screens/o.json"] = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "RIVERFLIX_RECOMMENDATIONS"}, "styles": {"cell_styles": ["GRID_1"]}}"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0402" }
    XCTAssertEqual(found.map(\.message), ["unknown data source type 'RIVERFLIX_RECOMMENDATIONS'"])
    XCTAssertEqual(found.first?.fixIt?.message, "did you mean 'RIVERFLIX_RECOMENDATIONS'?")
    XCTAssertNil(found.first?.fixIt?.range, "a hint, not a fix")
    XCTAssertEqual(
      found.first?.notes.map(\.message),
      ["'RIVERFLIX_RECOMENDATIONS' is declared in zlc.json here; if it is the misspelled one, fix it there"])
    let declared = try XCTUnwrap(found.first?.notes.first?.spot)
    XCTAssertEqual([declared.location.line, declared.location.column], [1, 17])
    XCTAssertTrue(declared.file.path.hasSuffix("/zlc.json"), declared.file.path)
    // A misspelling of a built-in type is still fixed.
    files["screens/o.json"] = files["screens/o.json"]!.replacingOccurrences(of: "RIVERFLIX_RECOMMENDATIONS", with: "APPLICASTER_COLECTION")
    let builtIn = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: builtIn) }
    XCTAssertNotNil(Driver.check(builtIn).diagnostics.first { $0.code == "ZL0402" }?.fixIt?.range)
  }
  /// A component type near a plugin's identifier is fixed to it, unless the written name may be
  /// the one meant: a client registry lists it, or the manifest is in a file named after it. Then
  /// the identifier may be the misspelling: a hint, with a note that says why (`--fix` would spread
  /// the identifier's typo into every screen).
  func testATypeARegistryListsOrAManifestFileIsNamedAfterIsAHint() throws {
    func check(_ extra: [String: String], manifestFile: String) throws -> Diagnostic? {
      var files = Example.baseProject.merging(extra) { $1 }
      files[manifestFile] = Example.manifest("", identifier: "promo_baner")
      files["screens/o.json"] = Example.screen(#"{"component_type": "promo_banner"}"#)
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.first { $0.code == "ZL0303" }
    }
    let registry = [
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios.json": #"{"platform": "ios", "client_version": "20.1.0", "component_types": ["promo_banner"]}"#,
    ]
    let listed = try XCTUnwrap(try check(registry, manifestFile: "components/p.json"))
    XCTAssertEqual(listed.fixIt?.message, "did you mean 'promo_baner'?")
    XCTAssertNil(listed.fixIt?.range, "a hint")
    XCTAssertEqual(
      listed.notes.map(\.message),
      ["'promo_baner' is declared here", "the ios client registry lists 'promo_banner': the manifest's identifier may be the misspelling"])
    let named = try XCTUnwrap(try check([:], manifestFile: "components/promo_banner/ios.json"))
    XCTAssertNil(named.fixIt?.range, "a hint")
    XCTAssertEqual(
      named.notes.last?.message,
      "the manifest of 'promo_baner' is in a file named 'promo_banner': the manifest's identifier may be the misspelling")
    let plain = try XCTUnwrap(try check([:], manifestFile: "components/p.json"))
    XCTAssertNotNil(plain.fixIt?.range, "no sign the written name is meant: a fix")
    XCTAssertEqual(plain.notes.map(\.message), ["'promo_baner' is declared here"])
  }

  /// A family that styles the type a registry lists, near a plugin's identifier: its ZL0337
  /// did-you-mean is a hint too (`--fix` would rename the family's type into the typo).
  func testAFamilyTypeARegistryListsIsAHint() throws {
    var files = Example.baseProject
    files["zlc.json"] = #"{"platforms": {"ios": {}}}"#
    files["registries/ios.json"] = #"{"platform": "ios", "client_version": "20.1.0", "component_types": ["promo_banner"]}"#
    files["components/p.json"] = Example.manifest("", identifier: "promo_baner")
    files["families/f.json"] =
      #"{"name": "F", "components": [{"type": "promo_banner", "cells": [{"name": "P", "layoutId": "p", "cellHeight": 90}]}]}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let finding = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0337" })
    XCTAssertEqual(finding.fixIt?.message, "did you mean 'promo_baner'?")
    XCTAssertNil(finding.fixIt?.range, "a hint")
    XCTAssertEqual(
      finding.notes.last?.message, "the ios client registry lists 'promo_banner': the manifest's identifier may be the misspelling")
  }
}
