import Foundation
import XCTest
import ZappDiagnostics
import ZappModel

@testable import ZappLayoutCompiler

/// A data source on a plugin whose manifest has no `data` section (ZL0428), and cell body styles
/// with no cell body type (ZL0341): what the author wrote is not drawn, and the check says so.
final class IgnoredDataSourceTests: XCTestCase {
  static let dataFields = #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input"}]}"#

  func project(_ files: [String: String]) throws -> String {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  /// The source is reported at its value, with a note at the manifest; the bundle binds nothing.
  func testASourceOnAPluginWithoutDataIsReported() throws {
    let manifest = Marked(Example.manifest("", identifier: "⟦⟧waterfall"))
    let screen = Marked(
      Example.screen(#"{"component_type": "waterfall", "data": {"source": ⟦⟧"https://cdn/p.json", "type": "APPLICASTER_ATOM_FEED"}}"#))
    let dir = try project(["components/w.json": manifest.text, "screens/o.json": screen.text])
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0428" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0428", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "'waterfall' takes no data (its manifest declares no 'data' field), so its source 'https://cdn/p.json' is never loaded",
          notes: ["the waterfall manifest is here"])
      ])
    // The note is at the manifest's identifier.
    let note = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0428" }?.notes.first?.spot)
    XCTAssertEqual(
      [note.location.line, note.location.column], [manifest.markers[0].line, manifest.markers[0].column])
    XCTAssertTrue(note.file.path.hasSuffix("components/w.json"), note.file.path)
    let taking = try project([
      "components/w.json": Example.manifest(Self.dataFields, identifier: "waterfall"), "screens/o.json": screen.text,
    ])
    XCTAssertEqual(Driver.check(taking).diagnostics.filter { $0.code == "ZL0428" }.map(\.message), [])
    // No source written: nothing to say.
    let bare = Example.screen(#"{"component_type": "waterfall"}"#)
    XCTAssertEqual(
      Driver.check(try project(["components/w.json": manifest.text, "screens/o.json": bare])).diagnostics.filter {
        $0.code == "ZL0428"
      }.map(\.message), [])
  }

  /// When one platform's manifest has a `data` section and another's has none, the finding names
  /// the platform that drops the source.
  func testAPlatformWhoseManifestTakesNoDataIsNamed() throws {
    let screen = Marked(
      Example.screen(#"{"component_type": "waterfall", "data": {"source": ⟦⟧"https://cdn/p.json", "type": "APPLICASTER_ATOM_FEED"}}"#))
    let dir = try project([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}, "android": {"min_zapp_sdk": "20.0.0"}}}"#,
      "components/w/ios.json": PlatformTests.manifest("waterfall", platform: "ios", extra: Self.dataFields),
      "components/w/android.json": PlatformTests.manifest("waterfall", platform: "android"),
      "screens/o.json": screen.text,
    ])
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0428" }
    XCTAssertEqual(
      found.map(\.message),
      ["'waterfall' takes no data (its manifest declares no 'data' field), so its source 'https://cdn/p.json' is never loaded (on android)"]
    )
    XCTAssertEqual(found.first?.spot.map { [$0.location.line, $0.location.column] }, [screen.markers[0].line, screen.markers[0].column])
    XCTAssertEqual(found.first?.notes.first?.spot?.file.path.hasSuffix("components/w/android.json"), true)
    XCTAssertEqual(Driver.check(dir, platform: "ios").diagnostics.filter { $0.code == "ZL0428" }.count, 0)
  }

  /// A Quick Brick platform draws its own component of a Quick Brick type's name, which takes
  /// data: only the native platforms drop the source. A connected screen's component is ZL0403's.
  func testAQuickBrickPlatformsOwnComponentLoadsTheSource() throws {
    let family = #"{"name": "F", "components": [{"type": "horizontal_list_qb", "cells": [{"name": "CARD", "aspectCellRatio": 1}]}]}"#
    let plugin = Example.manifest(
      #", "styles": {"fields": [{"key": "tint", "type": "text_input"}]}"#, identifier: "horizontal_list_qb")
    let component =
      #"{"component_type": "horizontal_list_qb", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "F", "cell_styles": ["CARD"]}}"#
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "web": {}}}"#, "families/F.json": family, "components/h.json": plugin,
      "screens/o.json": Example.screen(component),
    ]
    let dir = try project(files)
    XCTAssertEqual(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0428" }.map(\.message),
      ["'horizontal_list_qb' takes no data (its manifest declares no 'data' field), so its source '1' is never loaded (on ios)"])
    XCTAssertEqual(Driver.check(dir, platform: "web").diagnostics.filter { $0.code == "ZL0428" }.count, 0)
    let connected = Example.screen(component, extra: #", "data": {"connected": true}"#)
    let found = Driver.check(try project(files.merging(["screens/o.json": connected]) { $1 })).diagnostics
    XCTAssertEqual(found.filter { $0.code == "ZL0428" }.count, 0)
    XCTAssertEqual(found.filter { $0.code == "ZL0403" }.count, 1, found.map(\.message).joined(separator: "\n"))
  }

  /// Cell body styles without a cell body type (or with an empty or null one) are reported at
  /// their key; with the type, or beside a misspelled type key (ZL0206's), they are not.
  func testCellBodyStylesWithoutATypeAreReported() throws {
    let styles = #""cell_styles": ["TABS_CELL_1"], ⟦⟧"cell_body_styles": ["LIST_99"]"#
    let tabs = { (styles: String) in
      Example.screen(#"{"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {\#(styles)}}"#)
    }
    let screen = Marked(tabs(styles))
    let dir = try project(["screens/o.json": screen.text])
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0341" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0341", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "'styles.cell_body_styles' is set without 'styles.cell_body_component_type': its cells hold no body")
      ])
    for empty in [#""cell_body_component_type": "", "#, #""cell_body_component_type": null, "#] {
      let written = Marked(tabs(empty + styles))
      let found = Driver.check(try project(["screens/o.json": written.text])).diagnostics.filter { $0.code == "ZL0341" }
      XCTAssertEqual(
        found.first?.spot.map { [$0.location.line, $0.location.column] }, [written.markers[0].line, written.markers[0].column], empty)
    }
    for other in [#""cell_body_component_type": "list", "#, #""cell_body_componet_type": "list", "#] {
      let written = Marked(tabs(other + styles)).text
      let found = Driver.check(try project(["screens/o.json": written])).diagnostics
      XCTAssertEqual(found.filter { $0.code == "ZL0341" }.map(\.message), [], other)
    }
  }
}
