import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin component's own `data` fields (besides its data source's `source` and `type`, its
/// `target` and `connected`), as its manifest for each platform declares them: its section's
/// `plugin_values.data` holds the component's values, then each field's `initial_value` it leaves
/// out, and a `screen_selector` among them is checked and opens its screen.
final class PluginDataValuesTests: XCTestCase {
  /// The rail's manifest for `platform`: a data source, a field without a default
  /// (`title_key`) and the plugin's own `data` fields.
  static func rail(platform: String, fields: String) -> String {
    let source =
      #"{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input", "initial_value": "APPLICASTER_COLLECTION"}, {"key": "title_key", "type": "text_input"}"#
    return Example.manifest(#", "platform": "\#(platform)", "data": {"fields": [\#(source), \#(fields)]}"#, identifier: "rail")
  }

  /// The rails: one that sets a key of its own and `connected`, one that sets `kind` itself.
  static let rails = [
    #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "connected": false, "title_key": "mine"}}"#,
    #"{"component_type": "rail", "data": {"source": "2", "kind": "tile"}}"#,
  ]

  /// Builds ios and android bundles of `files` over the base project; the sections of `other` on each.
  func sections(_ files: [String: String]) throws -> [String: [ResolvedSection]] {
    var all = Example.baseProject.merging(files) { $1 }
    all["zlc.json"] = #"{"platforms": {"ios": {}, "android": {}}}"#
    let dir = try makeProject(all)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.build(dir, output: dir + "/out")
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    var found: [String: [ResolvedSection]] = [:]
    for platform in ["ios", "android"] {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"), platform: platform)
      found[platform] = try XCTUnwrap(try bundle.screen(id: "other")).resolved.sections
    }
    return found
  }

  /// Each platform's section takes that platform's manifest's defaults: the component's own keys
  /// first, its own value over the default, a switch's default as a boolean, and neither the data
  /// source's keys nor `connected`, which the section holds (or says) itself.
  func testEachPlatformsSectionCarriesItsManifestsDataDefaults() throws {
    let found = try sections([
      "components/rail/ios.json": Self.rail(
        platform: "ios",
        fields:
          #"{"key": "kind", "type": "text_input", "initial_value": "row"}, {"key": "autoplay", "type": "switch", "initial_value": "true"}"#),
      "components/rail/android.json": Self.rail(
        platform: "android", fields: #"{"key": "kind", "type": "text_input", "initial_value": "card"}"#),
      "screens/o.json": Example.screen(([Example.grid] + Self.rails).joined(separator: ", ")),
    ])
    let ios = try XCTUnwrap(found["ios"])
    XCTAssertNil(ios[0].pluginValues, "the grid has no manifest")
    XCTAssertEqual(
      ios[1].pluginValues?["data"], .object([("title_key", .string("mine")), ("kind", .string("row")), ("autoplay", .bool(true))]))
    XCTAssertEqual(ios[2].pluginValues?["data"], .object([("kind", .string("tile")), ("autoplay", .bool(true))]))
    XCTAssertEqual(ios[2].data.type, "APPLICASTER_COLLECTION", "the binding keeps the data source's default")
    let android = try XCTUnwrap(found["android"])
    XCTAssertEqual(android[1].pluginValues?["data"], .object([("title_key", .string("mine")), ("kind", .string("card"))]))
    XCTAssertEqual(android[2].pluginValues?["data"], .object([("kind", .string("tile"))]))
  }

  /// A manifest whose `data` declares the data source alone gives no `plugin_values`: the section's
  /// binding holds it.
  func testADataSourceAloneGivesNoPluginValues() throws {
    let manifest = Example.manifest(
      #", "data": {"fields": [{"key": "source", "type": "text_input", "initial_value": "9"}, {"key": "target", "type": "screen_selector", "initial_value": "home"}]}"#,
      identifier: "rail")
    let dir = try makeProject(
      Example.baseProject.merging([
        "components/rail.json": manifest,
        "screens/o.json": Example.screen(Example.grid + ", " + #"{"component_type": "rail", "data": {"connected": false}}"#),
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").diagnostics.map(\.message), [])
    let section = try XCTUnwrap(try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out")).screen(id: "other")).resolved.sections[1]
    XCTAssertNil(section.pluginValues)
    XCTAssertEqual(section.data.source, "9")
    XCTAssertEqual(section.target, "home")
  }

  /// A `screen_selector` among the plugin's own `data` fields that the component leaves out takes
  /// its default into the bundle: one that names no screen is ZL0322 at the `initial_value`, with a
  /// note at the component; one that names a screen opens it.
  func testADataScreenSelectorsDefaultIsChecked() throws {
    func manifest(_ screen: String) -> String {
      Example.manifest(
        #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "details_screen", "type": "screen_selector", "initial_value": ⟦⟧"\#(screen)"}]}"#,
        identifier: "rail")
    }
    let m = Marked(manifest("nowhere"))
    let s = Marked(Example.screen(Example.grid + ", ⟦⟧" + #"{"component_type": "rail", "data": {"source": "1"}}"#))
    let dir = try makeProject(Example.baseProject.merging(["components/rail.json": m.text, "screens/o.json": s.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "components/rail.json", line: m.markers[0].line, column: m.markers[0].column,
          message: "selected screen 'nowhere' (data.details_screen) is not the id of any screen",
          notes: ["fills 'data.details_screen' of this component"])
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.line, s.markers[0].line)
    XCTAssertEqual(found.first?.notes.first?.spot?.location.column, s.markers[0].column)

    // Naming a screen no one else opens: that screen is opened, and the bundle holds the value.
    let screens =
      Example.screen(Example.grid + ", " + #"{"component_type": "rail", "data": {"source": "1"}}"#)
      + "\n"
    let details = #"[{"id": "details", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}]"#
    let clean = try makeProject(
      Example.baseProject.merging([
        "components/rail.json": Marked(manifest("details")).text, "screens/o.json": screens, "screens/d.json": details,
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: clean) }
    XCTAssertEqual(Driver.build(clean, output: clean + "/out").diagnostics.map { "\($0.code) \($0.message)" }, [])
    let section = try XCTUnwrap(try ScreenBundle.load(from: URL(fileURLWithPath: clean + "/out")).screen(id: "other")).resolved.sections[1]
    XCTAssertEqual(section.pluginValues?["data"], .object([("details_screen", .string("details"))]))
  }
}
