import XCTest

@testable import ZappDiagnostics

/// The usual keys of a manifest field's conditions and of its `custom_configuration_fields`: a
/// near miss is an error with its fix, as it is in a section's fields; another key passes.
final class ManifestFieldKeyTests: XCTestCase {
  /// A condition whose `key` or `condition_value` is misspelled is lost (the field shows whatever
  /// the other field holds), in a section's fields and in a group's: errors with their fixes. A
  /// foreign key of a condition (`options`, as real cell-style conditions hold) passes.
  func testNearMissesOfAConditionsKeysAreErrors() throws {
    let manifest = Example.manifest(
      #", "styles": {"fields": [{"key": "a", "type": "switch"}, {"key": "b", "type": "text_input", "conditional_fields": [{⟦ZL0206⟧"kye": "styles/a", "condition_value": true, "options": []}]}, {"group": true, "fields": [{"key": "c", "type": "text_input", "conditional_fields": [{"key": "styles/a", ⟦ZL0206⟧"condition_valu": true}]}]}]}"#
    )
    try assertFindings(
      ["components/x.json": manifest],
      [
        "components/x.json": [
          ("misspelled key 'kye' in conditional field: clients ignore it", [], #""key""#),
          ("misspelled key 'condition_valu' in conditional field: clients ignore it", [], #""condition_value""#),
        ]
      ])
  }

  /// `custom_configuration_fields` are fields (the plugin's settings per app): a near miss of a
  /// usual key is an error there too, whether they are a list or, as in some real manifests, one
  /// field; a key of the builder's own (`section`) passes.
  func testNearMissesInCustomConfigurationFieldsAreErrors() throws {
    let list = Example.manifest(
      #", "custom_configuration_fields": [{"key": "a", "type": "text_input", "section": "x"}, {⟦ZL0206⟧"ke": "b", "type": "switch"}]"#)
    let one = Example.manifest(#", "custom_configuration_fields": {"key": "c", ⟦ZL0206⟧"tpye": "uploader"}"#, identifier: "y")
    try assertFindings(
      ["components/x.json": list, "components/y.json": one],
      [
        "components/x.json": [("misspelled key 'ke' in field: clients ignore it", [], #""key""#)],
        "components/y.json": [("misspelled key 'tpye' in field: clients ignore it", [], #""type""#)],
      ])
  }
}
