import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Manifest values that lose what they say: a field that offers two options of one value (ZL0622),
/// a `react_native` that is no boolean (ZL0202), and a React Native plugin's package name that npm
/// refuses (ZL0209).
final class ManifestValueMistakeTests: XCTestCase {
  /// Two options of one value, as objects and as plain values (`1` and `"1"`), and in one
  /// condition's list, are reported at the second, with a note at the first; the same value in
  /// two conditions' lists is not.
  func testAnOptionValueOfferedTwiceIsReported() throws {
    let manifest = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "x",
       "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [
        {"key": "kind", "type": "select", "options": [{"text": "Colour", "value": "color"}, {"text": "Image", "value": "color"}]},
        {"key": "sizes", "type": "tag_select", "options": [1, 2, "1"]},
        {"key": "cell_styles", "type": "tag_select", "rules": "conditional", "conditional_fields": [
          {"key": "styles/family", "condition_value": "FAMILY_1", "options": [{"text": "Wide", "value": "WIDE"}]},
          {"key": "styles/family", "condition_value": "FAMILY_2", "options": [{"text": "Wide", "value": "WIDE"}, {"text": "Narrow", "value": "WIDE"}]}]}]}}
      """#
    let dir = try makeProject(Example.baseProject.merging(["components/m.json": manifest]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0622" }
    let file = "components/m.json"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0622", file: file, line: 4, column: 114,
          message: "option value 'color' of field 'styles.kind' is offered twice: the builder stores one value for both",
          notes: ["first offered here"]),
        DiagnosticSpec(
          code: "ZL0622", file: file, line: 5, column: 60,
          message: "option value '1' of field 'styles.sizes' is offered twice: the builder stores one value for both",
          notes: ["first offered here"]),
        DiagnosticSpec(
          code: "ZL0622", file: file, line: 8, column: 136,
          message: "option value 'WIDE' of field 'styles.cell_styles' is offered twice: the builder stores one value for both",
          notes: ["first offered here"]),
      ])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [4, 5, 8])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.column }, [77, 54, 99])
    XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning])
  }

  /// Option values are compared byte for byte, as clients compare them: `ä` and `a` with a
  /// combining diaeresis are two values; `ä` written as `\u00e4` is the same one.
  func testTwoUnicodeFormsOfACharacterAreTwoOptionValues() throws {
    func findings(_ second: String) throws -> [Diagnostic] {
      let manifest = Example.manifest(
        #", "styles": {"fields": [{"key": "tone", "type": "select", "options": [{"text": "A", "value": "ä"}, {"text": "B", "value": "\#(second)"}]}]}"#
      )
      let dir = try makeProject(Example.baseProject.merging(["components/m.json": manifest]) { $1 })
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0622" }
    }
    XCTAssertEqual(try findings(#"a\u0308"#).map(\.message), [])
    XCTAssertEqual(
      try findings(#"\u00e4"#).map(\.message),
      ["option value 'ä' of field 'styles.tone' is offered twice: the builder stores one value for both"])
  }

  /// A plugin value is one of its select's options byte for byte (ZL0614): `a` with a combining
  /// diaeresis is not the option `ä`; `ä` written as `\u00e4` is.
  func testAPluginValueIsAnOptionByteForByte() throws {
    func findings(_ value: String) throws -> [String] {
      let manifest = Example.manifest(
        #", "styles": {"fields": [{"key": "tone", "type": "select", "options": [{"text": "A", "value": "ä"}, {"text": "B", "value": "b"}]}]}"#
      )
      let screen = Example.screen(#"{"component_type": "x", "styles": {"tone": "\#(value)"}}"#)
      let dir = try makeProject(Example.baseProject.merging(["components/m.json": manifest, "screens/o.json": screen]) { $1 })
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0614" }.map(\.message)
    }
    XCTAssertEqual(
      try findings(#"a\u0308"#),
      [
        "'styles.tone' is a select field: expected one of 'ä', 'b': 'a\\u{308}' is '\\u{e4}' in another Unicode form, found \"a\\u0308\""
      ])
    XCTAssertEqual(try findings(#"\u00e4"#), [])
    XCTAssertEqual(try findings("b"), [])
  }

  /// A select's `options` are a list of values (strings, numbers, booleans) or of objects whose
  /// `value` is one (ZL0202): a list of another kind, an option or a value that is a list or an
  /// object is reported at it, as a builder would store nothing a client reads; real shapes pass.
  func testASelectsOptionsAreValuesOrObjectsOfTextAndValue() throws {
    let manifest = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "x",
       "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [
        {"key": "n", "type": "select", "options": [{"text": "A", "value": 1}, {"text": "B", "value": {"x": 1}}, {"text": "C", "value": true}]},
        {"key": "u", "type": "select", "options": "abc"},
        {"key": "v", "type": "tag_select", "options": [1, "x", true, [2], {"text": "D", "value": "d"}]},
        {"key": "w", "type": "select", "options": [{"text": "E", "value": "e"}, {"text": "F", "value": 2.5}]}]}}
      """#
    let dir = try makeProject(Example.baseProject.merging(["components/m.json": manifest]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let file = "components/m.json"
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0202" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0202", file: file, line: 4, column: 96, message: "'value' must be a string, a number or a boolean, found an object"),
        DiagnosticSpec(code: "ZL0202", file: file, line: 5, column: 45, message: "'options' must be an array, found a string"),
        DiagnosticSpec(
          code: "ZL0202", file: file, line: 6, column: 64,
          message: "each element of 'options' must be a string, a number or a boolean, found an array"
        ),
      ])
  }

  /// A manifest's `react_native` says whether the plugin is a React Native package: `true` or
  /// `false` (ZL0202 reports another value, at the value); `true` passes.
  func testReactNativeIsABoolean() throws {
    let manifest = Example.manifest(#", "react_native": "yes", "dependency_name": "@example/banner""#)
    let dir = try makeProject(Example.baseProject.merging(["components/m.json": manifest]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let column = manifest.utf8.count - (manifest.components(separatedBy: #""react_native": "#).last?.utf8.count ?? 0) + 1
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0202", file: "components/m.json", line: 1, column: column,
          message: "'react_native' must be true or false, found a string")
      ])
    let fixed = try makeProject(
      Example.baseProject.merging(["components/m.json": manifest.replacingOccurrences(of: #""yes""#, with: "true")]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: fixed) }
    XCTAssertEqual(Driver.check(fixed).diagnostics.map(\.message), [])
  }

  /// A React Native plugin's `dependency_name` is a package name npm installs (ZL0209, a warning,
  /// at the value): spaces, a leading `_`, an empty scope, a scope without a name, a version after
  /// the name and an address are reported; a scoped or plain name, an older package's capitals and
  /// `~'!()*` (`JSONStream`), and a native plugin's name (a pod's, a Maven coordinate), are not.
  func testAReactNativePluginsPackageNameIsOneNPMInstalls() throws {
    let names = [
      "a": "@applicaster/My Plugin", "b": "_private", "c": "@applicaster/", "d": "@/banner", "e": "react-native-foo@1.2.3",
      "f": "git+https://github.com/a/b.git", "g": "@applicaster/quick-brick-banner", "h": "npm-package", "i": "JSONStream",
      "j": "@applicaster/quick-brick-Foo", "k": "left~pad!(old)*'",
    ]
    var files: [String: String] = [:]
    for (id, name) in names {
      files["components/\(id).json"] = Example.manifest(#", "react_native": true, "dependency_name": "\#(name)""#, identifier: id)
    }
    files["components/n.json"] = Example.manifest(
      #", "react_native": false, "dependency_name": "ZappLoginPlugins/FacebookLoginPlugin""#, identifier: "n")
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    func column(_ file: String) -> Int {
      let text = files[file] ?? ""
      return text.utf8.count - (text.components(separatedBy: #""dependency_name": "#).last?.utf8.count ?? 0) + 1
    }
    func spec(_ id: String) -> DiagnosticSpec {
      DiagnosticSpec(
        code: "ZL0209", file: "components/\(id).json", line: 1, column: column("components/\(id).json"),
        message: "dependency_name '\(names[id] ?? "")' is not a name npm installs: the app's build cannot install this React Native plugin")
    }
    let found = Driver.check(dir).diagnostics
    assertDiagnostics(found, in: dir, ["a", "b", "c", "d", "e", "f"].map(spec))
    XCTAssertEqual(Set(found.map(\.severity)), [.warning])
  }
}
