import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// A manifest field's `initial_value` is the default the bundle fills in for a key a screen leaves
/// out, in every configuration section the plugin reads: a screen plugin's `plugin_values` holds
/// each section but `hooks`, a plugin component's section `plugin_values` each but `styles` (and,
/// of `data`, the keys the section resolves itself: `source`, `type`, `target`).
final class PluginValueDefaultsTests: XCTestCase {
  /// A screen plugin whose `data`, `rules`, `advertising` and `localizations` fields have initial
  /// values, as the published DataProtectionScreen manifest's `data` has (`url` has none).
  static let dataProtection = Example.manifest(
    ##", "screen": true, "data": {"fields": [{"key": "url", "type": "text_input"}, {"key": "switchPanelPosition", "type": "select", "options": ["top", "bottom"], "initial_value": "top"}, {"group": true, "label": "Panel", "fields": [{"key": "switchPanelColor", "type": "color_picker", "initial_value": "#ffffff"}, {"key": "switchPanelTextSize", "type": "number_input", "initial_value": "15"}]}]}, "rules": {"fields": [{"key": "consent_required", "type": "switch", "initial_value": true}]}, "advertising": {"fields": [{"key": "ad_unit", "type": "text_input", "initial_value": "/1/privacy"}]}, "localizations": {"fields": [{"key": "title", "type": "text_input", "initial_value": "Privacy"}]}, "hooks": {"fields": [{"key": "preload_plugins", "type": "preload_plugins_selector", "initial_value": "x"}]}"##,
    identifier: "data_protection", type: "general")

  /// A rail whose manifest has a custom `rules` field and a `general` field with initial values,
  /// besides `item_limit`'s.
  static let rail = Example.manifest(
    #", "rules": {"fields": [{"key": "item_limit", "type": "number_input", "initial_value": "10"}, {"key": "autoscroll_seconds", "type": "number_input", "initial_value": "5"}]}, "general": {"fields": [{"key": "show_title", "type": "switch", "initial_value": true}]}, "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "kind", "type": "text_input", "initial_value": "row"}]}"#,
    identifier: "rail")

  /// Builds `files` over the base project in both forms, asserts that the compact bundle loads as
  /// the expanded one and writes back its own bytes, and returns the compact one loaded.
  func build(_ files: [String: String]) throws -> ScreenBundle {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    XCTAssertEqual(Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true)).status, .success)
    let compact = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    for (entry, screen) in zip(compact.index.screens, try compact.screens) {
      let file = try Data(contentsOf: URL(fileURLWithPath: dir + "/e/" + entry.file))
      XCTAssertEqual(screen.encoded(pretty: true, form: .expanded), Array(file), entry.id)
      let compactFile = try Data(contentsOf: URL(fileURLWithPath: dir + "/c/" + entry.file))
      XCTAssertEqual(screen.encoded(pretty: false, form: .compact), Array(compactFile), entry.id)
    }
    return compact
  }

  /// A screen plugin that leaves its `data` fields out gets their initial values after its own
  /// `data` keys, its own value winning over the default; so do `rules` and `advertising`. A
  /// group's fields count; `hooks` and a field without one give nothing, nor does `localizations`,
  /// whose values are per language (`en`), not the manifest's keys.
  func testAScreenPluginGetsTheDefaultsOfEverySection() throws {
    let screen =
      #"[{"id": "privacy", "type": "data_protection", "data": {"connected": false, "switchPanelPosition": "bottom"}, "advertising": {"ad_unit": "/2/mine"}, "localizations": {"en": {"title": "Mine"}}, "ui_components": []}]"#
    let bundle = try build(["components/dp.json": Self.dataProtection, "screens/p.json": screen])
    let values = try XCTUnwrap(try bundle.screen(id: "privacy")?.resolved.pluginValues)
    XCTAssertEqual(
      values["data"],
      .object([
        ("connected", .bool(false)), ("switchPanelPosition", .string("bottom")), ("switchPanelColor", .string("#ffffff")),
        ("switchPanelTextSize", .string("15")),
      ]))
    XCTAssertEqual(values["rules"], .object([("consent_required", .bool(true))]))
    XCTAssertEqual(values["advertising"], .object([("ad_unit", .string("/2/mine"))]), "the screen's own value")
    XCTAssertNil(values["localizations"], "per language: no default filled flat")
    XCTAssertEqual(values.objectValue?.map(\.0), ["rules", "data", "advertising"], "in configuration order")
  }

  /// A plugin component's custom `rules`, `general` and `data` fields' defaults are in its
  /// section's `plugin_values`, after the component's own values; `item_limit` stays resolved as before.
  func testAPluginComponentGetsItsOtherSectionsDefaults() throws {
    let component =
      #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": 4}, "general": {"show_title": false}}"#
    let bundle = try build(["components/r.json": Self.rail, "screens/o.json": Example.screen(Example.grid + ", " + component)])
    let sections = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections)
    XCTAssertNil(sections[0].pluginValues, "the grid has no manifest")
    let values = try XCTUnwrap(sections[1].pluginValues)
    XCTAssertEqual(values["rules"], .object([("item_limit", .number("4")), ("autoscroll_seconds", .string("5"))]))
    XCTAssertEqual(values["general"], .object([("show_title", .bool(false))]), "the component's own value")
    XCTAssertEqual(values["data"], .object([("kind", .string("row"))]), "the plugin's own field; the section resolves its source itself")
    XCTAssertEqual(sections[1].itemLimit, 4)
  }

  /// A screen plugin's manifest gives its default presentation as a (hidden) `styles` field, which
  /// the builder writes into the screen's styles: a screen that leaves `presentation` out is shown
  /// as that `initial_value` says, as its `plugin_values` say; one that writes it (or `stack_mode`)
  /// is shown as it says. The same holds for `launch_mode`. A value that is no presentation
  /// (`modal`) leaves the default.
  func testAScreenPluginIsShownAsItsManifestsPresentationSays() throws {
    let lock = Example.manifest(
      #", "screen": true, "styles": {"fields": [{"key": "presentation", "type": "hidden", "initial_value": "present"}, {"key": "launch_mode", "type": "hidden", "initial_value": "single_top"}, {"key": "force_nav_bar_hidden", "type": "hidden", "initial_value": true}]}"#,
      identifier: "parent_lock", type: "general")
    let odd = Example.manifest(
      #", "screen": true, "styles": {"fields": [{"key": "presentation", "type": "hidden", "initial_value": "modal"}]}"#,
      identifier: "odd", type: "general")
    let screens = """
      [{"id": "lock", "type": "parent_lock", "ui_components": []},
       {"id": "pushed", "type": "parent_lock", "styles": {"presentation": "push", "launch_mode": "standard"}, "ui_components": []},
       {"id": "stacked", "type": "parent_lock", "styles": {"stack_mode": "present_then_push"}, "ui_components": []},
       {"id": "odd", "type": "odd", "styles": {}, "ui_components": []}]
      """
    let bundle = try build(["components/l.json": lock, "components/o.json": odd, "screens/p.json": screens])
    let resolved = try ["lock", "pushed", "stacked", "odd"].map { try XCTUnwrap(try bundle.screen(id: $0)?.resolved, $0) }
    XCTAssertEqual(resolved.map(\.presentation.word), ["present", "push", "present_then_push", "push"])
    XCTAssertEqual(resolved.map(\.launchMode.word), ["single_top", "standard", "single_top", "standard"])
    XCTAssertEqual(resolved[0].pluginValues?["styles"]?["presentation"], .string("present"))
  }

  /// A `switch` or `checkbox` field's `initial_value` written as a string or a number (`"false"`,
  /// as the published AdMob inline banner's `background` is) is filled in as a boolean: its
  /// plugin tests the value's truth, and a string "false" would switch the background on. Other
  /// fields' values stay as written.
  func testASwitchsDefaultIsFilledInAsABoolean() throws {
    let banner = Example.manifest(
      #", "styles": {"fields": [{"key": "background", "type": "switch", "initial_value": "false"}, {"key": "title", "type": "checkbox", "initial_value": 1}, {"key": "sticky", "type": "switch", "initial_value": "0"}, {"key": "label", "type": "text_input", "initial_value": "false"}, {"key": "mine", "type": "switch", "initial_value": "true"}]}, "general": {"fields": [{"key": "show", "type": "switch", "initial_value": "true"}]}"#,
      identifier: "banner")
    let component = #"{"component_type": "banner", "styles": {"mine": "false"}}"#
    let bundle = try build(["components/b.json": banner, "screens/o.json": Example.screen(Example.grid + ", " + component)])
    let section = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.last)
    XCTAssertEqual(
      JSON.object(section.styles),
      .object([
        ("mine", .bool(false)), ("background", .bool(false)), ("title", .bool(true)), ("sticky", .bool(false)),
        ("label", .string("false")),
      ]))
    XCTAssertEqual(section.pluginValues?["general"], .object([("show", .bool(true))]))
  }

  /// A value the screen writes for a `switch` or `checkbox` field as a string or a number
  /// (`"false"`, `0`) is written into the bundle as the boolean it spells, as a default is: a
  /// plugin tests its truth. In a component's `styles` and `plugin_values` and a screen plugin's;
  /// the values of other fields, and of keys no field declares, stay as written, and so does
  /// `""` (no value).
  func testASwitchsScreenValueIsWrittenAsABoolean() throws {
    let banner = Example.manifest(
      #", "styles": {"fields": [{"key": "background", "type": "switch"}, {"key": "sticky", "type": "checkbox"}, {"key": "label", "type": "text_input"}, {"key": "empty", "type": "switch"}]}, "general": {"fields": [{"key": "show", "type": "switch"}]}"#,
      identifier: "banner")
    let component =
      #"{"component_type": "banner", "styles": {"background": "false", "sticky": 1, "label": "false", "own": "0", "empty": ""}, "general": {"show": "0", "other": "true"}}"#
    var files = ["components/b.json": banner, "screens/o.json": Example.screen(Example.grid + ", " + component)]
    files["components/dp.json"] = Self.dataProtection
    files["screens/p.json"] =
      #"[{"id": "privacy", "type": "data_protection", "rules": {"consent_required": "false"}, "data": {"url": "false"}, "ui_components": []}]"#
    let bundle = try build(files)
    let section = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections.last)
    XCTAssertEqual(
      JSON.object(section.styles),
      .object([
        ("background", .bool(false)), ("sticky", .bool(true)), ("label", .string("false")), ("own", .string("0")), ("empty", .string("")),
      ]))
    XCTAssertEqual(section.pluginValues?["general"], .object([("show", .bool(false)), ("other", .string("true"))]))
    let values = try XCTUnwrap(try bundle.screen(id: "privacy")?.resolved.pluginValues)
    XCTAssertEqual(values["rules"], .object([("consent_required", .bool(false))]))
    XCTAssertEqual(values["data"]?["url"], .string("false"), "a text field's value stays as written")
  }

  /// A switch's or checkbox's value that spells no boolean (`"off"`, `"yes"`, `2`) is an error:
  /// written into the bundle as it stands, a client would test it as on.
  func testASwitchsValueThatSpellsNoBooleanIsAnError() throws {
    let banner = Example.manifest(
      #", "styles": {"fields": [{"key": "a", "type": "switch"}, {"key": "b", "type": "checkbox"}, {"key": "c", "type": "switch"}]}"#,
      identifier: "banner")
    let component = #"{"component_type": "banner", "styles": {"a": ⟦ZL0614⟧"off", "b": ⟦ZL0614⟧2, "c": ⟦ZL0614⟧"yes"}}"#
    let notes = ["the banner manifest declares it here"]
    try assertMarked(
      ["components/b.json": banner, "screens/o.json": Example.screen(Example.grid + ", " + component)],
      [
        (#"'styles.a' is a switch field: expected true or false, found "off""#, notes, nil),
        ("'styles.b' is a checkbox field: expected true or false, found 2", notes, nil),
        (#"'styles.c' is a switch field: expected true or false, found "yes""#, notes, nil),
      ])
  }

  /// A plugin component whose manifest has no field in those sections gets no `plugin_values`,
  /// whatever its own `rules` hold; nor does a screen plugin whose sections are empty.
  func testNoPluginValuesWithoutSuchFields() throws {
    let banner = Example.manifest(
      #", "styles": {"fields": [{"key": "banner_text", "type": "text_input", "initial_value": "Watch now"}]}"#, identifier: "banner")
    let plain = Example.manifest(#", "screen": true, "data": {"fields": [{"key": "url", "type": "text_input"}]}"#, identifier: "plain")
    let bundle = try build([
      "components/b.json": banner, "components/p.json": plain,
      "screens/o.json": Example.screen(Example.grid + #", {"component_type": "banner", "rules": {"item_limit": 2}}"#),
      "screens/p.json": #"[{"id": "plain", "type": "plain", "data": {}, "ui_components": []}]"#,
    ])
    let sections = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections)
    XCTAssertEqual(sections.map { $0.pluginValues == nil }, [true, true])
    XCTAssertNil(try bundle.screen(id: "plain")?.resolved.pluginValues)
  }

  /// The keys a plugin's manifest declares in a section the screen and component shapes lack
  /// (`general` of a component, `assets`) are known there, as the bundle reads them; another key
  /// there is unknown (ZL0204), and so is such a section the manifest declares nothing in. A
  /// `localizations` the manifest declares fields in holds any language (`en`, `he`).
  func testTheSectionsAManifestDeclaresAreKnownKeys() throws {
    let other = Marked(
      Example.screen(
        Example.grid + ", "
          + #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "general": {"show_title": false, ⟦⟧"nope": 1}, ⟦⟧"localizations": {}}"#
      ))
    let screen = Marked(
      #"[{"id": "privacy", "type": "data_protection", "localizations": {"en": {"title": "Mine"}, "he": {"title": "שלי"}}, "advertising": {"ad_unit": "/2"}, ⟦⟧"assets": {}, "ui_components": []}]"#
    )
    let dir = try makeProject(
      Example.baseProject.merging([
        "components/r.json": Self.rail, "components/dp.json": Self.dataProtection, "screens/o.json": other.text,
        "screens/p.json": screen.text,
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0204" }
    let spec = { (file: String, m: Marked, i: Int, message: String) in
      DiagnosticSpec(code: "ZL0204", file: file, line: m.markers[i].line, column: m.markers[i].column, message: message)
    }
    assertDiagnostics(
      found, in: dir,
      [
        spec("screens/o.json", other, 0, "unknown key 'nope' in component plugin general"),
        spec("screens/o.json", other, 1, "unknown key 'localizations' in component"),
        spec("screens/p.json", screen, 0, "unknown key 'assets' in screen"),
      ])
  }

  /// `localizations` holds one object per language: a language whose value is text, an array or
  /// a number holds none of the declared texts, which a client looks up by language and key.
  func testALanguageOfLocalizationsIsAnObject() throws {
    let screen = Marked(
      #"[{"id": "privacy", "type": "data_protection", "localizations": {"en": {"title": "Mine"}, "he": ⟦⟧["שלי"], "ar": ⟦⟧42}, "ui_components": []}]"#
    )
    let dir = try makeProject(
      Example.baseProject.merging(["components/dp.json": Self.dataProtection, "screens/p.json": screen.text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0202" }
    assertDiagnostics(
      found, in: dir,
      zip(screen.markers, ["an array", "a number"]).map { marker, kind in
        let language = marker.column < 100 ? "he" : "ar"
        return DiagnosticSpec(
          code: "ZL0202", file: "screens/p.json", line: marker.line, column: marker.column,
          message: "\(language) must be an object, found \(kind)")
      })
  }
}
