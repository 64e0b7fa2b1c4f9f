import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// ZL0625: a manifest field without a key, and a group of fields with a field's key or initial
/// value (a key moved up onto its group), are errors; a group holding keyed fields is not.
final class FieldWithoutKeyTests: XCTestCase {
  func testAGroupsKeyOrInitialValueAndAFieldWithoutAKeyAreErrors() throws {
    let manifest = Example.manifest(
      #"""
      , "general": {"fields": [{"group": true, "label": "Text", ⟦ZL0625⟧"initial_value": "18", "fields": [
          {"key": "font_size", "type": "number_input"}, {"type": "text_input", "key": ⟦ZL0625⟧""}]}]},
        "custom_configuration_fields": [⟦ZL0625⟧{"type": "switch"}, {"key": "on", "type": "switch"}, {"type": "link"}],
        "styles": {"fields": [{"label": "Colours", ⟦ZL0625⟧"key": "colour", "fields": [{"key": "tint", "type": "color_picker"}]}]}
      """#)
    let group = { (key: String, section: String) in
      "'\(key)' on a group of \(section) fields of manifest 'x': a group holds no value, so nothing reads it; it belongs to one of its fields"
    }
    try assertFindings(
      ["components/x.json": manifest],
      [
        "components/x.json": [
          (group("initial_value", "general"), [], nil),
          ("general field 2 of manifest 'x' has an empty 'key': its value and initial_value reach no component or screen", [], nil),
          (
            "custom_configuration_fields field 1 of manifest 'x' has no 'key': its value and initial_value reach no component or screen",
            [], nil
          ),
          (group("key", "styles"), [], nil),
        ]
      ])
  }

  /// A key of another type than text is a wrong type (ZL0202) alone; a null key is none.
  func testAKeyOfAnotherTypeIsAWrongTypeAlone() throws {
    let manifest = Example.manifest(
      #", "styles": {"fields": [{"key": ⟦ZL0202⟧5, "type": "text_input"}, {"key": ⟦ZL0625⟧null, "type": "text_input"}]}"#)
    try assertFindings(
      ["components/x.json": manifest],
      [
        "components/x.json": [
          ("'key' must be a string, found a number", [], nil),
          ("styles field 2 of manifest 'x' has no 'key': its value and initial_value reach no component or screen", [], nil),
        ]
      ])
  }

  /// A key with spaces at its ends stores the value under them: an error, trimmed by its fix
  /// unless another field of the section has that key.
  func testAKeyWithSpacesAtItsEndsIsAnError() throws {
    let manifest = Example.manifest(
      #", "styles": {"fields": [{"key": ⟦ZL0625⟧"show_recent ", "type": "switch"}, {"key": ⟦ZL0625⟧" tint", "type": "text_input"}, {"key": "tint", "type": "text_input"}]}"#
    )
    let message = { (key: String, trimmed: String) in
      "styles field key '\(key)' of manifest 'x' has spaces at its ends: the value is stored under the key with them, where a plugin reading '\(trimmed)' finds none"
    }
    try assertFindings(
      ["components/x.json": manifest],
      [
        "components/x.json": [
          (message("show_recent ", "show_recent"), [], #""show_recent""#), (message(" tint", "tint"), [], nil),
        ]
      ])
  }
}
