import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// A size class replacement or a fallback of a plugin component type carries its own `styles` and
/// `plugin_values`, filled as a plugin component's section's are, from the replacement's manifest
/// (each platform's bundle from that platform's); a built-in replacement carries neither.
final class ReplacementValuesTests: XCTestCase {
  /// A search bar plugin's manifest `extra` keys: two `styles` fields (a switch whose initial value
  /// is the string "false") and a `general` field, with `initial` as the placeholder's default.
  static func searchFields(initial: String = "Search") -> String {
    #", "data_types": ["APPLICASTER_COLLECTION"], "data": {"fields": [{"key": "source", "type": "select"}, {"key": "type", "type": "select"}]}, "styles": {"fields": [{"key": "placeholder", "type": "text_input", "initial_value": "\#(initial)"}, {"key": "show_recent", "type": "switch", "initial_value": "false"}, {"key": "tint", "type": "color_picker"}]}, "general": {"fields": [{"key": "voice", "type": "switch", "initial_value": 1}]}"#
  }

  /// A grid replaced on L by `replacement`, with it as its fallback too, and its own `styles` keys `styles`.
  static func grid(replacement: String, styles: String = "") -> String {
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]\#(styles)}, "size_class_mapping": {"L": \#(replacement)}, "fallback": \#(replacement)}"#
  }

  /// Builds `files` over the base project in both forms, asserts that the compact bundle loads as
  /// the expanded one and writes back its own bytes, and returns the compact one loaded and the
  /// expanded `other` screen's bytes.
  func build(_ files: [String: String]) throws -> (bundle: ScreenBundle, expanded: String) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let built = Driver.build(dir, output: dir + "/c")
    XCTAssertEqual(built.status, .success, built.diagnostics.map(\.message).description)
    XCTAssertEqual(Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true)).status, .success)
    let compact = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    var other = ""
    for (entry, screen) in zip(compact.index.screens, try compact.screens) {
      let file = try Data(contentsOf: URL(fileURLWithPath: dir + "/e/" + entry.file))
      XCTAssertEqual(screen.encoded(pretty: true, form: .expanded), Array(file), entry.id)
      let compactFile = try Data(contentsOf: URL(fileURLWithPath: dir + "/c/" + entry.file))
      XCTAssertEqual(screen.encoded(pretty: false, form: .compact), Array(compactFile), entry.id)
      if entry.id == "other" { other = String(decoding: file, as: UTF8.self) }
    }
    return (compact, other)
  }

  /// The mapping entry and the fallback of a plugin replacement hold its styles: the component's
  /// own value for a key its manifest declares (`placeholder`), else the `initial_value` (the
  /// switch's "false" as false), not the component's other keys nor a field without a value; and
  /// its `general` values, the switch's 1 as true. The runtime reads both back.
  func testAPluginReplacementCarriesItsOwnValues() throws {
    let replacement = #"{"component_type": "search"}"#
    let (bundle, _) = try build([
      "components/search.json": Example.manifest(Self.searchFields(), identifier: "search"),
      "screens/o.json": Example.screen(Self.grid(replacement: replacement, styles: #", "placeholder": "Find", "columns_hint": 3"#)),
    ])
    let section = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.first)
    let styles = JSON.object([("placeholder", .string("Find")), ("show_recent", .bool(false))])
    let general = JSON.object([("general", .object([("voice", .bool(true))]))])
    let mapped = try XCTUnwrap(section.sizeClassMapping.first)
    XCTAssertEqual(mapped.styles, styles)
    XCTAssertEqual(mapped.pluginValues, general)
    XCTAssertEqual(section.fallback?.styles, styles)
    XCTAssertEqual(section.fallback?.pluginValues, general)
    XCTAssertEqual(section.styles.map(\.0), ["cell_styles", "placeholder", "columns_hint"], "the section's own styles stay the grid's")
  }

  /// A component that sets none of the replacement's keys gets the manifest's initial values alone.
  func testAReplacementOfAComponentWithoutItsKeysGetsTheInitialValues() throws {
    let (bundle, _) = try build([
      "components/search.json": Example.manifest(Self.searchFields(initial: "Look up"), identifier: "search"),
      "screens/o.json": Example.screen(Self.grid(replacement: #"{"component_type": "search"}"#)),
    ])
    let section = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.first)
    let styles = JSON.object([("placeholder", .string("Look up")), ("show_recent", .bool(false))])
    XCTAssertEqual(section.sizeClassMapping.first?.styles, styles)
    XCTAssertEqual(section.fallback?.styles, styles)
  }

  /// A built-in replacement (and `hide`) gets no `styles` or `plugin_values`: the bundle writes
  /// neither key in the entry.
  func testABuiltInReplacementGetsNoValues() throws {
    let (bundle, expanded) = try build([
      "screens/o.json": Example.screen(
        Self.grid(replacement: #"{"component_type": "carousel", "cell_style": "CAROUSEL_1"}"#, styles: #", "placeholder": "Find""#))
    ])
    let section = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.first)
    XCTAssertNil(section.sizeClassMapping.first?.styles)
    XCTAssertNil(section.sizeClassMapping.first?.pluginValues)
    XCTAssertNotNil(section.fallback)
    XCTAssertNil(section.fallback?.styles)
    let written = try XCTUnwrap(try JSON.parse(Array(expanded.utf8))["resolved"]?["sections"]?.arrayValue?.first)
    for entry in [written["size_class_mapping"]?.arrayValue?.first, written["fallback"]] {
      XCTAssertEqual(entry?.objectValue?.map(\.0).filter { ["styles", "plugin_values"].contains($0) }, [])
    }
  }

  /// Each platform's bundle fills the replacement from that platform's manifest.
  func testEachPlatformsBundleUsesItsManifest() throws {
    let dir = try makeProject(
      Example.baseProject.merging([
        "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
        "components/search_ios.json": PlatformTests.manifest("search", platform: "ios", extra: Self.searchFields(initial: "Search")),
        "components/search_android.json": PlatformTests.manifest(
          "search", platform: "android", extra: Self.searchFields(initial: "Suchen")),
        "screens/o.json": Example.screen(Self.grid(replacement: #"{"component_type": "search"}"#)),
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let built = Driver.build(dir, output: out)
    XCTAssertEqual(built.status, .success, built.diagnostics.map(\.message).description)
    for (platform, placeholder) in [("ios", "Search"), ("android", "Suchen")] {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: platform)
      let section = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.first)
      XCTAssertEqual(section.sizeClassMapping.first?.styles?["placeholder"], .string(placeholder), platform)
      XCTAssertEqual(section.fallback?.styles?["placeholder"], .string(placeholder), platform)
    }
  }

  /// A family's `sizeClassMapping` that draws the plugin in a grid's place reads the grid's values
  /// of the keys the plugin's manifest declares, as a mapping of the grid's own does: they are no
  /// unknown keys of the grid (ZL0204), each is checked against its field (ZL0614), and the bundle
  /// carries them in the entry.
  func testAFamilysPluginReplacementReadsTheComponentsValues() throws {
    let family = #"""
      {"name": "CARDS", "components": [{"type": "grid", "sizeClassMapping": {"L": {"component_type": "search"}},
        "cells": [{"name": "POSTER", "aspectCellRatio": 1}]}]}
      """#
    let grid = { (styles: String) in
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "CARDS", "cell_styles": ["POSTER"]\#(styles)}}"#
    }
    // Drawn for whatever data the grid shows: the plugin names no data types.
    let fields = Self.searchFields().replacingOccurrences(of: #""data_types": ["APPLICASTER_COLLECTION"], "#, with: "")
    let manifest = Example.manifest(fields, identifier: "search")
    let good = try makeProject(
      Example.baseProject.merging([
        "components/search.json": manifest, "families/cards.json": family,
        "screens/o.json": Example.screen(grid(#", "placeholder": "Find""#)),
      ]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: good) }
    XCTAssertEqual(Driver.check(good).diagnostics.filter { ["ZL0204", "ZL0614"].contains($0.code) }.map(\.message), [])
    XCTAssertEqual(Driver.build(good, output: good + "/c").status, .success)
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: good + "/c"))
    let mapped = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.first?.sizeClassMapping.first)
    XCTAssertEqual(mapped.styles, JSON.object([("placeholder", .string("Find")), ("show_recent", .bool(false))]))

    let screen = Marked(Example.screen(grid(#", "show_recent": ⟦⟧"maybe""#)))
    let bad = try makeProject(
      Example.baseProject.merging(["components/search.json": manifest, "families/cards.json": family, "screens/o.json": screen.text]) { $1 }
    )
    addTeardownBlock { try? FileManager.default.removeItem(atPath: bad) }
    let found = Driver.check(bad).diagnostics.filter { ["ZL0204", "ZL0614"].contains($0.code) }
    XCTAssertEqual(found.map(\.code), ["ZL0614"])
    XCTAssertEqual(found.first.flatMap(\.location).map { [$0.line, $0.column] }, [screen.markers[0].line, screen.markers[0].column])

    // A grid of another family, whose mapping draws no plugin, reads none of its keys.
    let other = Example.screen(
      grid(#", "placeholder": "Find""#).replacingOccurrences(
        of: #""family": "CARDS", "cell_styles": ["POSTER"]"#, with: #""cell_styles": ["GRID_1"]"#))
    let unmapped = try makeProject(
      Example.baseProject.merging(["components/search.json": manifest, "families/cards.json": family, "screens/o.json": other]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: unmapped) }
    XCTAssertEqual(Driver.check(unmapped).diagnostics.filter { ["ZL0204", "ZL0614"].contains($0.code) }.map(\.code), ["ZL0204"])
  }

  /// The runtime reads a mapping entry's and a fallback's `styles` and `plugin_values` into typed
  /// properties and writes them back as read; `styles` that are not an object are refused.
  func testTheRuntimeDecodesAReplacementsValues() throws {
    let members =
      #""component_type": "search", "styles": {"placeholder": "Find", "show_recent": false}, "plugin_values": {"general": {"voice": true}}"#
    let mapped = try MappedSizeClass.decode(try JSON.parse(Array(#"{"size_class": "L", \#(members)}"#.utf8)), path: "", layouts: .empty)
    XCTAssertEqual(mapped.styles?["placeholder"], .string("Find"))
    XCTAssertEqual(mapped.styles?["show_recent"], .bool(false))
    XCTAssertEqual(mapped.pluginValues?["general"]?["voice"], .bool(true))
    var w = JSONWriter(pretty: false)
    mapped.write(to: &w)
    XCTAssertEqual(
      String(decoding: w.bytes, as: UTF8.self),
      #"{"size_class":"L","component_type":"search","styles":{"placeholder":"Find","show_recent":false},"plugin_values":{"general":{"voice":true}}}"#
    )
    let fallback = try SectionFallback.decode(try JSON.parse(Array("{\(members)}".utf8)), path: "", layouts: .empty)
    XCTAssertEqual(fallback.styles, mapped.styles)
    XCTAssertEqual(fallback.pluginValues, mapped.pluginValues)
    XCTAssertThrowsError(
      try SectionFallback.decode(try JSON.parse(Array(#"{"component_type": "search", "styles": 3}"#.utf8)), path: "", layouts: .empty))
    let plain = try MappedSizeClass.decode(
      try JSON.parse(Array(#"{"size_class": "L", "component_type": "grid"}"#.utf8)), path: "", layouts: .empty)
    XCTAssertNil(plain.styles)
    XCTAssertNil(plain.pluginValues)
  }
}
