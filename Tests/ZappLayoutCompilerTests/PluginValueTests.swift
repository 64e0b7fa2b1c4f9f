import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules
@testable import ZappWriters

/// The value forms of manifest field types (`PluginValueForm`), and the rule on a real project: the
/// demo's promo banner with values its manifest's switch and colour fields cannot take.
final class PluginValueTests: XCTestCase {
  /// A JSON value as the reader gives it.
  func value(_ json: String) throws -> JSONValue {
    let document = try XCTUnwrap(JSONReader.read(SourceFile(path: "v.json", text: #"{"v": \#(json)}"#)).document)
    return try XCTUnwrap(document.root?["v"])
  }

  func field(_ json: String) throws -> JSONValue { try value(json) }

  func accepts(_ json: String, _ type: String, field: String = "{}", line: UInt = #line) throws -> Bool {
    try PluginValueForm.problem(with: value(json), type: type, field: self.field(field)) == nil
  }

  func testSwitchesTakeBooleansAsBuildersWriteThem() throws {
    for good in ["true", "false", #""true""#, #""false""#, "1", "0", #""1""#, #""""#, "null"] {
      XCTAssertTrue(try accepts(good, "switch"), good)
      XCTAssertTrue(try accepts(good, "checkbox"), good)
    }
    for bad in [#""maybe""#, #""TRUE""#, "2", "[]", "{}", #""yes""#] { XCTAssertFalse(try accepts(bad, "switch"), bad) }
  }

  func testColoursTakeTheFormsRealManifestsUse() throws {
    let good = [
      "rgba(84, 90, 92, 1)", "rgba(255, 255, 255, 0.25)", "rgb(84, 90, 92)", "#ffffff", "#000000ff", "#363C4A", "#fff", "#ffff",
      "RGBA(0,0,0,0.5)", "rgba(0, 0, 0, .5)",
    ]
    for colour in good { XCTAssertTrue(try accepts(#""\#(colour)""#, "color_picker_rgba"), colour) }
    let bad = [
      "not a colour", "rgba(256, 0, 0, 1)", "rgba(0, 0, 0, 2)", "rgb(0, 0)", "rgba(0, 0, 0)", "#ggg", "#12345", "red", "rgba(1.5, 0, 0, 1)",
      "rgb(-1, 0, 0)", "rgba(0, 0, 0, .)", "rgba(0, 0, 0, -.5)", "rgba(0, 0, 0, 1.5)",
    ]
    for colour in bad { XCTAssertFalse(try accepts(#""\#(colour)""#, "color_picker"), colour) }
    XCTAssertFalse(try accepts("12", "color_picker"))
  }

  func testNumbersAndTheirBounds() throws {
    for good in ["30", #""30""#, #""-1.5""#, "1e3"] { XCTAssertTrue(try accepts(good, "number_input"), good) }
    for bad in [#""thirty""#, #"" 30""#, #""+30""#, #""1e3""#, "true"] { XCTAssertFalse(try accepts(bad, "number_input"), bad) }
    let bounded = #"{"min": 1, "max": "10"}"#
    XCTAssertTrue(try accepts("10", "number_input", field: bounded))
    let below = try PluginValueForm.problem(with: value("0"), type: "number_input", field: field(bounded))
    XCTAssertEqual(below?.expected, "expected a number of at least 1")
    let above = try PluginValueForm.problem(with: value(#""11""#), type: "number_input", field: field(bounded))
    XCTAssertEqual(above?.expected, #"expected a number of at most "10""#)
  }

  func testSelectsTakeTheirOptionsWithADidYouMean() throws {
    let select = #"{"options": [{"text": "None", "value": "none"}, {"text": "Image", "value": "image"}, "color"]}"#
    XCTAssertTrue(try accepts(#""image""#, "select", field: select))
    XCTAssertTrue(try accepts(#""color""#, "react_select", field: select))
    let typo = try PluginValueForm.problem(with: value(#""imge""#), type: "select", field: field(select))
    XCTAssertEqual(typo?.expected, "expected one of 'none', 'image', 'color'")
    XCTAssertEqual(typo?.suggestion, Suggestion(text: "image", isTied: false))
    XCTAssertTrue(try accepts(#"["none", "image"]"#, "tag_select", field: select))
    XCTAssertFalse(try accepts(#"["none", "video"]"#, "multi_select", field: select))
    // Options that depend on a condition are not checked; neither are other types.
    XCTAssertTrue(try accepts(#""anything""#, "select", field: #"{"rules": "conditional"}"#))
    XCTAssertTrue(try accepts(#""anything""#, "text_input"))
    // Options whose values cannot be read (objects without a `value`) are not known either: the
    // value was an error "expected one of , found ..." against an empty list.
    XCTAssertTrue(try accepts(#""x""#, "select", field: #"{"options": [{"text": "X", "label": "x"}]}"#))
    XCTAssertTrue(try accepts(#""x""#, "select", field: #"{"options": [{"text": "X", "label": "x"}, "y"]}"#))
  }

  /// The demo's promo banner: `show_button: "maybe"` and `button_color: "not a colour"` are two
  /// errors naming the field, its type and the expected form, each with a note at the manifest.
  /// The demo project's JSON files, path → text.
  static func demoFiles() throws -> [String: String] {
    var files: [String: String] = [:]
    let demo = repositoryRoot.appendingPathComponent("manifests")
    for path in try FileManager.default.subpathsOfDirectory(atPath: demo.path) where path.hasSuffix(".json") {
      files[path] = try String(contentsOf: demo.appendingPathComponent(path), encoding: .utf8)
    }
    return files
  }

  func testTheDemoPromoBannerWithWrongValues() throws {
    var files = try Self.demoFiles()
    let home = try XCTUnwrap(files["screens/home.json"])
    let changed = home.replacingOccurrences(
      of: #""banner_text": "New this week" }"#,
      with: #""banner_text": "New this week", "show_button": "maybe", "button_color": "not a colour" }"#)
    XCTAssertNotEqual(changed, home)
    files["screens/home.json"] = changed
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/home.json", line: 25, column: 99,
          message: #"'styles.show_button' is a switch field: expected true or false, found "maybe""#,
          notes: ["the promo_banner manifest declares it here"]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/home.json", line: 25, column: 124,
          message:
            #"'styles.button_color' is a color_picker_rgba field: expected a colour: rgba(r, g, b, a), rgb(r, g, b) or #RRGGBB[AA], found "not a colour""#,
          notes: ["the promo_banner manifest declares it here"]),
      ])
  }

  /// The demo's screen plugins: the player's `general.autoplay` and the settings screen's
  /// `styles.background_color` are read as their manifests' switch and colour fields, as a plugin
  /// component's values are; the settings screen's family and presentation are no manifest fields.
  func testTheDemoScreenPluginsWithWrongValues() throws {
    var files = try Self.demoFiles()
    let plugins = try XCTUnwrap(files["screens/plugins.json"])
    let changed = plugins.replacingOccurrences(of: #""autoplay": true"#, with: #""autoplay": "sometimes""#)
      .replacingOccurrences(of: ##""background_color": "#FF101014""##, with: #""background_color": "dark""#)
    XCTAssertNotEqual(changed, plugins)
    files["screens/plugins.json"] = changed
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/plugins.json", line: 9, column: 30,
          message: #"'general.autoplay' is a switch field: expected true or false, found "sometimes""#,
          notes: ["the riverflix_player manifest declares it here"]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/plugins.json", line: 18, column: 83,
          message:
            #"'styles.background_color' is a color_picker field: expected a colour: rgba(r, g, b, a), rgb(r, g, b) or #RRGGBB[AA], found "dark""#,
          notes: ["the riverflix_settings manifest declares it here"]),
      ])
  }

  /// A screen plugin's bundle carries the values it reads: its own `general` and `styles`, then
  /// its manifest's `initial_value` for a field the screen leaves out; other screens carry none.
  func testAScreenPluginsValuesAreFilledFromItsManifest() throws {
    var files = try Self.demoFiles()
    let plugins = try XCTUnwrap(files["screens/plugins.json"])
    files["screens/plugins.json"] = plugins.replacingOccurrences(of: #""general": { "autoplay": true },"#, with: "")
    XCTAssertNotEqual(files["screens/plugins.json"], plugins)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/build"
    XCTAssertEqual(Driver.build(dir, output: out).status, .success)
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    let player = try XCTUnwrap(try bundle.screen(id: "player")?.resolved.pluginValues)
    XCTAssertEqual(player["general"], .object([("autoplay", .bool(true))]), "the manifest's initial value")
    XCTAssertEqual(player["styles"]?["presentation"], .string("present"), "the screen's own styles")
    let settings = try XCTUnwrap(try bundle.screen(id: "settings")?.resolved.pluginValues)
    XCTAssertEqual(settings["styles"]?["background_color"], .string("#FF101014"), "the screen's value over #FF000000")
    XCTAssertNil(settings["general"])
    XCTAssertNil(try bundle.screen(id: "home")?.resolved.pluginValues, "not a plugin screen")
  }

  /// A screen's `general` is an object of values: any other value is an error where it is written
  /// (the plugin would read none of its values).
  func testAScreensGeneralMustBeAnObject() throws {
    var files = try Self.demoFiles()
    let plugins = try XCTUnwrap(files["screens/plugins.json"])
    files["screens/plugins.json"] = plugins.replacingOccurrences(
      of: #""general": { "autoplay": true }"#, with: #""general": "notanobject""#)
    XCTAssertNotEqual(files["screens/plugins.json"], plugins)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0202", file: "screens/plugins.json", line: 9, column: 16, message: "'general' must be an object, found a string",
          notes: [])
      ])
  }

  /// A number field's `min` or `max` that is no number bounds nothing: a warning at it (ZL0615);
  /// a number, or a string holding one, or "" is fine.
  func testANumberFieldsBoundsAreNumbers() throws {
    let fields =
      #", "styles": {"fields": [{"key": "count", "type": "number_input", "min": "0x10", "max": "10"}, {"key": "size", "type": "number_input", "min": 1, "max": ""}]}"#
    let files = Example.baseProject.merging(["components/m.json": Example.manifest(fields, identifier: "counter")]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0615" }.map { "\(place($0, in: dir)) \($0.message)" },
      [#"ZL0615@components/m.json:1:279 'styles.count' is a number_input field whose min is no number, found "0x10""#])
  }

  /// A section's field that gives `default` and no `initial_value` gives a screen nothing: a
  /// warning at the key with the rename as its fix-it (ZL0615), and the bundle fills no value. A
  /// field giving both, and the plugin configuration's `default`, are fine.
  /// Every section a plugin's bundle carries in `plugin_values` is checked against its manifest:
  /// a component's and a screen plugin's `general`, `assets` and `advertising` too.
  func testTheGeneralAssetsAndAdvertisingValuesOfPluginsAreChecked() throws {
    let fields = #"""
      , "general": {"fields": [{"key": "autoplay", "type": "switch", "initial_value": true}]},
       "assets": {"fields": [{"key": "logo", "type": "uploader", "initial_value": ""}]},
       "advertising": {"fields": [{"key": "ad_interval", "type": "number_input", "initial_value": 5}]}
      """#
    func check(general: String, logo: String, interval: String) throws -> [String] {
      let values = #""general": {"autoplay": \#(general)}, "assets": {"logo": \#(logo)}, "advertising": {"ad_interval": \#(interval)}"#
      let files = Example.baseProject.merging([
        "components/m.json": Example.manifest(fields, identifier: "banner"),
        "components/p.json": Example.manifest(#", "screen": true"# + fields, identifier: "player", type: "player"),
        "screens/o.json": Example.screen(#"{"component_type": "banner", \#(values)}"#),
        "screens/p.json": #"[{"id": "play", "type": "player", \#(values)}]"#,
      ]) { $1 }
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0614" }.map { "\(place($0, in: dir)) \($0.message)" }
    }
    XCTAssertEqual(try check(general: #""1""#, logo: #""https://example.com/logo.png""#, interval: #""30""#), [])
    let messages = [
      #"'general.autoplay' is a switch field: expected true or false, found "maybe""#,
      #"'assets.logo' is an uploader field: expected the address of an uploaded file, such as https://…, found "logo.png""#,
      #"'advertising.ad_interval' is a number_input field: expected a number, found "often""#,
    ]
    XCTAssertEqual(
      try check(general: #""maybe""#, logo: #""logo.png""#, interval: #""often""#),
      zip(["screens/o.json:1:150", "screens/o.json:1:179", "screens/o.json:1:223"], messages).map { "ZL0614@\($0) \($1)" }
        + zip(["screens/p.json:1:59", "screens/p.json:1:88", "screens/p.json:1:132"], messages).map { "ZL0614@\($0) \($1)" })
  }

  /// A plugin drawn in a component's place (a size class's replacement, the fallback) reads the
  /// component's values of its manifest's fields: they are checked against that manifest, and
  /// are no unknown keys of the component.
  func testTheValuesAReplacementPluginReadsAreChecked() throws {
    let fields = #"""
      , "general": {"fields": [{"key": "autoplay", "type": "switch", "initial_value": true}]},
       "styles": {"fields": [{"key": "show_button", "type": "switch", "initial_value": false}]}
      """#
    func check(autoplay: String, showButton: String) throws -> [String] {
      let grid = Marked(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "general": {"autoplay": ⟦⟧\#(autoplay)}, "styles": {"cell_styles": ["GRID_1"], "show_button": ⟦⟧\#(showButton)}, "size_class_mapping": {"L": {"component_type": "banner"}}, "fallback": {"component_type": "banner"}}"#
      )
      let files = Example.baseProject.merging([
        "components/m.json": Example.manifest(fields, identifier: "banner"), "screens/o.json": Example.screen(grid.text),
      ]) { $1 }
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      // The component's columns in the screen file: after the screen's text before it.
      let before = Example.screen("").count - 3
      let at = grid.markers.map { "ZL0614@screens/o.json:1:\(before + $0.column)" }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0614" || $0.code == "ZL0204" }.map {
        let place = place($0, in: dir)
        return "\(at.firstIndex(of: place).map { "marker \($0)" } ?? place) \($0.message) \($0.notes.map(\.message))"
      }
    }
    XCTAssertEqual(try check(autoplay: "false", showButton: "true"), [])
    XCTAssertEqual(
      try check(autoplay: #""maybe""#, showButton: #""sometimes""#),
      [
        #"marker 0 'general.autoplay' is a switch field: expected true or false, found "maybe" ["the banner manifest declares it here"]"#,
        #"marker 1 'styles.show_button' is a switch field: expected true or false, found "sometimes" ["the banner manifest declares it here"]"#,
      ])
  }

  func testASectionFieldsDefaultWithoutAnInitialValueIsReported() throws {
    let fields = #"""
      , "general": {"fields": [{"key": "padding", "type": "text_input", "default": "10"},
        {"key": "kind", "type": "select", "options": ["A", "B"], "default": "A", "initial_value": "A"}]},
       "custom_configuration_fields": [{"key": "secret", "type": "text", "default": "1"}]
      """#
    let files = Example.baseProject.merging(["components/m.json": Example.manifest(fields, identifier: "counter")]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0615" }
    XCTAssertEqual(
      found.map { "\(place($0, in: dir)) \($0.message)" },
      [
        "ZL0615@components/m.json:1:273 'general.padding' gives a default but no initial_value: a screen that leaves the field out gets no value (builders fill initial_value alone)"
      ])
    XCTAssertEqual(found.first?.fixIt?.replacement, #""initial_value""#)
  }

  /// Beside a misspelled `initial_value` (`intial_value`), renaming `default` would take the name
  /// the misspelling means: ZL0615's fix is a hint, and the misspelling's own rename is the fix.
  func testADefaultBesideAMisspelledInitialValueIsLeftAHint() throws {
    let fields = #"""
      , "general": {"fields": [{"key": "button_text", "type": "text_input", "default": "Play", "intial_value": "Watch now"}]}
      """#
    let files = Example.baseProject.merging(["components/m.json": Example.manifest(fields, identifier: "counter")]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.fixIt?.replacement == #""initial_value""# }
    XCTAssertEqual(found.map { "\($0.code) \($0.fixIt?.range == nil ? "hint" : "fix")" }.sorted(), ["ZL0206 fix", "ZL0615 hint"])
  }

  /// A null `initial_value` beside a `default` gives a screen nothing too: reported at `default`,
  /// with no fix-it (renaming it would write the key twice). A `hooks` or `localizations` field's
  /// `default` is no screen's value, and not reported.
  func testANullInitialValueBesideADefaultIsReportedAndOtherSectionsAreNot() throws {
    let fields = #"""
      , "general": {"fields": [{"key": "a", "type": "text_input", "initial_value": null, "default": "x"}]},
       "hooks": {"fields": [{"key": "preload", "type": "text_input", "default": "y"}]},
       "localizations": {"fields": [{"key": "title", "type": "text_input", "default": "z"}]}
      """#
    let files = Example.baseProject.merging(["components/m.json": Example.manifest(fields, identifier: "counter")]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0615" }
    XCTAssertEqual(
      found.map { "\(place($0, in: dir)) \($0.message)" },
      [
        "ZL0615@components/m.json:1:290 'general.a' gives a default but a null initial_value: a screen that leaves the field out gets no value (builders fill initial_value alone)"
      ])
    XCTAssertEqual(found.map { $0.fixIt == nil }, [true])
  }
}
