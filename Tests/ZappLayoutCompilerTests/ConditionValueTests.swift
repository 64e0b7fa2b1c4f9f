import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A conditional field's `condition_value` that the field it names can never hold (ZL0620): the
/// builder never shows the field, or never offers the options it conditions.
final class ConditionValueTests: XCTestCase {
  private func manifest(_ fields: String) -> String {
    Example.manifest(#", "styles": {"fields": [\#(fields)]}"#)
  }

  /// A value of a select field that is none of its options is a warning at the value, with the
  /// nearest option as its fix; in an array, each such element is; the field's options, in any
  /// element, pass.
  func testAValueThatIsNoOptionOfTheSelectIsAWarning() throws {
    let fields = #"""
      {"key": "kind", "type": "select", "options": ["color", "image"]},
      {"key": "state", "type": "select", "options": [{"text": "Visible", "value": "visible"}, {"text": "Overlay", "value": "overlay"}]},
      {"key": "tint", "type": "color_picker", "conditional_fields": [{"key": "styles/kind", "condition_value": ⟦ZL0620⟧"colour"}]},
      {"key": "shade", "type": "color_picker", "rules": "all_conditions", "conditional_fields": [
        {"key": "styles/kind", "condition_value": "image"},
        {"key": "styles/state", "condition_value": ["visible", ⟦ZL0620⟧"Overlay"]}]}
      """#
    try assertFindings(
      ["components/m.json": manifest(fields)],
      [
        "components/m.json": [
          ("condition_value 'colour' is not an option of field 'styles/kind' (color, image): field 'tint' is never shown", [], #""color""#),
          (
            "condition_value 'Overlay' is not an option of field 'styles/state' (visible, overlay): field 'shade' is never shown", [],
            #""overlay""#
          ),
        ]
      ])
    let fixed = Marked(fields).text.replacingOccurrences(of: "\"colour\"", with: "\"color\"")
      .replacingOccurrences(of: "\"Overlay\"]", with: "\"overlay\"]")
    try assertFindings(["components/m.json": manifest(fixed)], [:])
  }

  /// Options a select offers only under a condition (a family's cell styles) are options too; `""`
  /// (the select left unset) passes; a field without options, or of another type, holds anything.
  func testConditionedOptionsAndOtherFieldsPass() throws {
    let fields = #"""
      {"key": "cell_styles", "type": "tag_select", "conditional_fields": [{"key": "styles/family", "condition_value": "FAMILY_1", "options": [{"text": "Wide", "value": "WIDE"}]}]},
      {"key": "title", "type": "text_input"},
      {"key": "badge", "type": "switch", "conditional_fields": [{"key": "styles/cell_styles", "condition_value": "WIDE"}, {"key": "styles/title", "condition_value": "Hello"}]},
      {"key": "note", "type": "text_input", "conditional_fields": [{"key": "styles/cell_styles", "condition_value": ""}]}
      """#
    try assertFindings(["components/m.json": manifest(fields)], [:])
  }

  /// A switch's condition holds a boolean, or a string clients read as one in any case (`"true"`,
  /// `"True"`, `"0"`); another word never matches it.
  func testASwitchConditionThatIsNoBooleanIsAWarning() throws {
    let fields = #"""
      {"key": "show", "type": "switch"},
      {"key": "a", "type": "text_input", "conditional_fields": [{"key": "styles/show", "condition_value": ⟦ZL0620⟧"yes"}]},
      {"key": "b", "type": "text_input", "conditional_fields": [{"key": "styles/show", "condition_value": [true, "false", "1"]}]},
      {"key": "c", "type": "text_input", "conditional_fields": [{"key": "styles/show", "condition_value": ["True", "FALSE"]}]}
      """#
    try assertFindings(
      ["components/m.json": manifest(fields)],
      [
        "components/m.json": [
          ("condition_value 'yes' is not true or false, which switch 'styles/show' holds: field 'a' is never shown", [], nil)
        ]
      ])
  }

  /// A `multi_select` condition may join options with commas: each part is checked, and one that
  /// is no option is a warning whose fix (a hint) writes the nearest option for it.
  func testAMultiSelectConditionIsCheckedPartByPart() throws {
    let fields = #"""
      {"key": "days", "type": "multi_select", "options": ["monday", "tuesday", "wednesday"]},
      {"key": "a", "type": "text_input", "conditional_fields": [{"key": "styles/days", "condition_value": "monday,tuesday"}]},
      {"key": "b", "type": "text_input", "conditional_fields": [{"key": "styles/days", "condition_value": ["monday, wednesday", ⟦ZL0620⟧"monday,tusday"]}]}
      """#
    try assertFindings(
      ["components/m.json": manifest(fields)],
      [
        "components/m.json": [
          (
            "condition_value 'monday,tusday' holds 'tusday', not an option of field 'styles/days' (monday, tuesday, wednesday): field 'b' is never shown",
            [],
            #""monday,tuesday""#
          )
        ]
      ])
    var files = Example.baseProject
    files["components/m.json"] = Marked(manifest(fields)).text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0620" }.map { $0.fixIt?.range == nil }, [true])
  }

  /// A family's fix is applied by `--fix` only when the name differs in case (`family_1`); a
  /// letter off (`FAMILY_1A`) may be another app's family, served by the same manifest: a hint.
  func testOnlyACaseFixOfAFamilyIsApplied() throws {
    let fields = #"""
      {"key": "cell_styles", "type": "tag_select", "conditional_fields": [
        {"key": "styles/family", "condition_value": ["family_1", "FAMILY_1A"], "options": ["A"]}]}
      """#
    var files = Example.baseProject
    files["components/m.json"] = manifest(fields)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0620" }
    XCTAssertEqual(found.map { $0.fixIt?.replacement }, [#""FAMILY_1""#, #""FAMILY_1""#])
    XCTAssertEqual(found.map { $0.fixIt?.range == nil }, [false, true])
  }

  /// A family name on `styles/family` that misspells one of the app's families (a different
  /// case, a letter off) is a warning with a note at the family and the fix; a name far from every
  /// family (another app's) and a numbered sibling of one (`FAMILY_3`) pass, as do the app's own.
  func testAMisspelledFamilyOnStylesFamilyIsAWarning() throws {
    let fields = #"""
      {"key": "cell_styles", "type": "tag_select", "conditional_fields": [
        {"key": "styles/family", "condition_value": ⟦ZL0620⟧"family_1", "options": ["A"]},
        {"key": "styles/family", "condition_value": ["FAMILY_2", ⟦ZL0620⟧"FAMLY_2", "FAMILY_GANGES", "FAMILY_3"], "options": ["B"]}]}
      """#
    try assertFindings(
      ["components/m.json": manifest(fields)],
      [
        "components/m.json": [
          (
            "condition_value 'family_1' names no family of the app: the options it conditions are offered on no screen",
            ["family 'FAMILY_1' is defined here"], #""FAMILY_1""#
          ),
          (
            "condition_value 'FAMLY_2' names no family of the app: the options it conditions are offered on no screen",
            ["family 'FAMILY_2' is defined here"], #""FAMILY_2""#
          ),
        ]
      ])
  }

  /// The misspelled family leaves the screen's cell style unoffered: the screen's error (ZL0304)
  /// and the manifest's cause (ZL0620) are both reported.
  func testTheScreenAndTheManifestAreBothReported() throws {
    let m = Example.manifest(
      #", "styles": {"fields": [{"key": "cell_styles", "type": "tag_select", "conditional_fields": [{"key": "styles/family", "condition_value": ⟦ZL0620⟧"FAMILY_l", "options": ["WIDE"]}]}]}"#,
      identifier: "banner")
    let screen = Example.screen(#"{"component_type": "banner", "styles": {"cell_styles": [⟦ZL0304⟧"WIDE"]}}"#)
    try assertFindings(
      ["components/m.json": m, "screens/o.json": screen],
      [
        "components/m.json": [
          (
            "condition_value 'FAMILY_l' names no family of the app: the options it conditions are offered on no screen",
            ["family 'FAMILY_1' is defined here"], #""FAMILY_1""#
          )
        ],
        "screens/o.json": [
          ("cell style 'WIDE' is not in family 'FAMILY_1' for 'banner' (the family offers no cell styles for 'banner')", [], nil)
        ],
      ])
  }
}

/// A select value offered only under a condition (ZL0614).
final class ConditionalOptionValueTests: XCTestCase {
  /// A select field's value may be one of the options of its `conditional_fields`, whatever their
  /// conditions; a value that is none of them is an error that lists them all and says so.
  func testAnOptionOfAConditionalFieldIsAValueOfTheField() throws {
    let manifest = Example.manifest(
      #"""
      , "styles": {"fields": [
        {"key": "kind", "type": "select", "options": [{"text": "x", "value": "x"}, {"text": "y", "value": "y"}]},
        {"key": "mode", "type": "select", "options": [{"text": "auto", "value": "auto"}],
         "conditional_fields": [{"key": "styles/kind", "condition_value": "x", "options": [{"text": "Banner", "value": "banner"}]}]}]}
      """#, identifier: "banner")
    try assertFindings(
      [
        "components/b.json": manifest,
        "screens/o.json": Example.screen(#"{"component_type": "banner", "styles": {"kind": "x", "mode": "banner"}}"#),
      ], [:])
    try assertFindings(
      [
        "components/b.json": manifest,
        "screens/o.json": Example.screen(#"{"component_type": "banner", "styles": {"kind": "x", "mode": ⟦ZL0614⟧"baner"}}"#),
      ],
      [
        "screens/o.json": [
          (
            #"'styles.mode' is a select field: expected one of 'auto', 'banner' (its options and those of its conditional_fields, whatever their conditions), found "baner""#,
            ["the banner manifest declares it here"], #""banner""#
          )
        ]
      ])
  }
}

/// A select's value is one option, a multi-select's one or several (ZL0614, ZL0615).
final class OptionValueShapeTests: XCTestCase {
  static let manifest = Example.manifest(
    #"""
    , "styles": {"fields": [
      {"key": "mode", "type": "select", "options": [{"text": "A", "value": "a"}, {"text": "B", "value": "b"}]},
      {"key": "tags", "type": "multi_select", "options": [{"text": "A", "value": "a"}, {"text": "B", "value": "b"}]},
      {"key": "source", "type": "react_select", "options": []},
      {"key": "kind", "type": "select", "initial_value": ⟦ZL0615⟧["a"], "options": [{"text": "A", "value": "a"}]}]}
    """#, identifier: "banner")

  /// A list or an object where a select takes one option, an object where a multi-select takes a
  /// list, and `null` or an object in its list, are errors whatever the options; one option, and
  /// a list of options, pass.
  func testAListOrAnObjectIsNoOptionValue() throws {
    let components = [
      #"{"component_type": "banner", "styles": {"mode": ⟦ZL0614⟧["a"], "tags": ["a", "b"], "kind": "a"}}"#,
      #"{"component_type": "banner", "styles": {"mode": ⟦ZL0614⟧{"value": "a"}, "tags": ⟦ZL0614⟧{"zz": 1}, "kind": "a"}}"#,
      #"{"component_type": "banner", "styles": {"mode": "a", "tags": ⟦ZL0614⟧[{"value": "a"}, null], "source": ⟦ZL0614⟧["home"], "kind": "a"}}"#,
      #"{"component_type": "banner", "styles": {"mode": "b", "tags": ["b"], "source": "home", "kind": "a"}}"#,
    ]
    let one = "expected one of 'a', 'b', as text"
    let many = "expected values among 'a', 'b', each as text"
    let note = ["the banner manifest declares it here"]
    try assertFindings(
      ["components/b.json": Self.manifest, "screens/o.json": Example.screen(components.joined(separator: ", "))],
      [
        "components/b.json": [
          (
            #"'styles.kind' is a select field whose initial_value the client cannot read: expected one of 'a', as text, found ["a"]"#, [],
            nil
          )
        ],
        "screens/o.json": [
          (#"'styles.mode' is a select field: \#(one), found ["a"]"#, note, nil),
          (#"'styles.mode' is a select field: \#(one), found {"value": "a"}"#, note, nil),
          (#"'styles.tags' is a multi_select field: \#(many), found {"zz": 1}"#, note, nil),
          (#"'styles.tags' is a multi_select field: \#(many), found [{"value": "a"}, null]"#, note, nil),
          (#"'styles.source' is a react_select field: expected one option value, as text, found ["home"]"#, note, nil),
        ],
      ])
  }
}
