import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// What a `<DisplayRules>` may hold that clients never read: an `isGeneric` on a rule that copies
/// another (ZL0520), an `isGeneric` that is neither `true` nor `false` (ZL0202), text anywhere in
/// the rules (ZL0204), and a `<View>` attribute a few edits from one clients read (ZL0206).
final class DisplayRuleWritingTests: XCTestCase {
  static func genericIgnored(_ type: String, _ copied: String, _ value: String) -> String {
    "display rule '\(type)' copies '\(copied)' and says isGeneric=\"\(value)\": clients take the copied rule, and whether it merges GENERIC is that rule's to say"
  }

  /// A rule that copies another type's and says `isGeneric`, `true` or `false`: the copied rule
  /// decides, so it is a warning at the value with a note at the `copyOf` and the fix that removes
  /// the attribute. A rule merging GENERIC without a `copyOf`, or copying its own type, is clean,
  /// and so is the `isGeneric` of the rule copied.
  func testAnIsGenericOnACopyIsAWarningWithItsRemoval() throws {
    let rules = """
      <DisplayRule type="GENERIC"><View name="share" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_PLAYLIST" isGeneric="true"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST" isGeneric=⟦ZL0520⟧"true"/>
      <DisplayRule type="ATOM_EPG"
        isGeneric=⟦ZL0520⟧'false' copyOf="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_FEED" copyOf="ATOM_FEED" isGeneric="true"><View name="play" visibility="GONE"/></DisplayRule>
      <DisplayRule type="ATOM_ARTICLE" isGeneric="false"/>
      """
    let file = DisplayRuleTests.family(rules)
    try assertFindings(
      ["families/f.xml": file],
      [
        "families/f.xml": [
          (Self.genericIgnored("ATOM_VIDEO", "ATOM_PLAYLIST", "true"), ["it copies 'ATOM_PLAYLIST' here"], ""),
          (Self.genericIgnored("ATOM_EPG", "ATOM_PLAYLIST", "false"), ["it copies 'ATOM_PLAYLIST' here"], ""),
        ]
      ])
    // The fix takes out the attribute and the spaces before it, across a line break too.
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": Marked(file).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let removed = Driver.check(dir).diagnostics.filter { $0.code == "ZL0520" }.map { $0.fixIt?.range?.text }
    XCTAssertEqual(removed, [#" isGeneric="true""#, "\n  isGeneric='false'"])
  }

  /// `isGeneric` is `true` or `false`: another word (`yes`, `True`, an empty value) is ZL0202 at
  /// the value, as `responsive` is.
  func testAnIsGenericOtherThanTrueOrFalseIsAWrongType() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST" isGeneric=⟦ZL0202⟧"yes"/>
      <DisplayRule type="ATOM_VIDEO" isGeneric=⟦ZL0202⟧""/>
      <DisplayRule type="ATOM_EPG" isGeneric=⟦ZL0202⟧"True"/>
      <DisplayRule type="ATOM_FEED" isGeneric="false"/>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("'isGeneric' is true or false, found 'yes'", [], nil),
          ("'isGeneric' is true or false, found ''", [], nil),
          ("'isGeneric' is true or false, found 'True'", [], nil),
        ]
      ])
  }

  /// Text in `<DisplayRules>`, in a `<DisplayRule>` or in a `<View>` (a stray character, a value
  /// written as text, a CDATA section, a character reference) never reaches the bundle: ZL0204 at
  /// its first character, once per element. Spaces, blank CDATA and comments are no text.
  func testTextInDisplayRulesIsReportedWhereItBegins() throws {
    let rules = """
      ⟦ZL0204⟧x
      <DisplayRule type="ATOM_PLAYLIST">⟦ZL0204⟧VISIBLE<View name="play">⟦ZL0204⟧GONE</View> more</DisplayRule>
      <DisplayRule type="ATOM_VIDEO"><View name="play"><![CDATA[ ⟦ZL0204⟧GONE ]]></View></DisplayRule>
      <DisplayRule type="ATOM_EPG"><View name="play">⟦ZL0204⟧&amp;</View></DisplayRule>
      <DisplayRule type="ATOM_FEED"> <![CDATA[  ]]> <!-- none --> <View name="play" visibility="GONE"> </View></DisplayRule>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("text inside <DisplayRules> is ignored", [], nil),
          ("text inside <DisplayRule> is ignored", [], nil),
          ("text inside <View> is ignored", [], nil),
          ("text inside <View> is ignored", [], nil),
          ("text inside <View> is ignored", [], nil),
        ]
      ])
  }

  /// A `<View>` attribute a few edits from one clients read (`visiblity`), or one of them behind
  /// a namespace prefix, is ZL0206 with the name as its fix (none where the view holds that name
  /// already). A view carries attributes of the client's own: one far from them all passes.
  func testAMisspelledViewAttributeIsAnError() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST">
      <View name="play" ⟦ZL0206⟧visiblity="GONE" ⟦ZL0206⟧android:drawable="icon" textColor="#ffffff"/>
      <View name="share" ⟦ZL0206⟧nme="x" ⟦ZL0206⟧isTransparant="true" isNull="false"/>
      </DisplayRule>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("misspelled attribute 'visiblity' on <View>: clients ignore it", [], "visibility"),
          (
            "attribute 'android:drawable' on <View> \(DisplayRuleAttributeTests.prefixed)'drawable', zlc passes it to clients as 'android:drawable'",
            [], "drawable"
          ),
          ("misspelled attribute 'nme' on <View>: clients ignore it", [], nil),
          ("misspelled attribute 'isTransparant' on <View>: clients ignore it", [], "isTransparent"),
        ]
      ])
  }

  /// A JSON cell's `displayRules` is an array or an object, passed to clients as written: a
  /// string or a boolean is ZL0202 at it, and is not passed as a cell attribute of that name;
  /// `""` or `null` is none, as a builder writes it.
  func testJSONDisplayRulesOfAnotherTypeAreAWrongType() throws {
    let family = #"""
      {"name": "J", "components": [{"type": "list", "cells": [
        {"name": "A", "displayRules": ⟦ZL0202⟧"GENERIC"}, {"name": "B", "displayRules": ⟦ZL0202⟧true},
        {"name": "C", "displayRules": ""}, {"name": "D", "displayRules": null}, {"name": "E", "displayRules": [{"type": "GENERIC"}]}]}]}
      """#
    try assertFindings(
      ["families/j.json": family],
      [
        "families/j.json": [
          ("'displayRules' must be an array or an object, found a string", [], nil),
          ("'displayRules' must be an array or an object, found a boolean", [], nil),
        ]
      ])
    let dir = try makeProject(Example.baseProject.merging(["families/j.json": Marked(family).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let list = try XCTUnwrap(Driver.check(dir).project.families["J"]?.family.component("list"))
    XCTAssertEqual(list.cells.map { $0.attributes["displayRules"] }, [nil, nil, nil, nil, nil])
    XCTAssertEqual(list.cells.map { $0.displayRules == nil }, [true, true, true, true, false])
  }

  /// A `<View>` names the view it sets (ZL0201 without one, or with a blank one; a misspelled
  /// `name` is ZL0206's alone), its `isNull` and `isTransparent` are `true` or `false` (ZL0202),
  /// and its `visibility` is `VISIBLE`, `INVISIBLE` or `GONE` in any case (ZL0203, with the
  /// nearest as its fix).
  func testAViewsNameAndValuesAreChecked() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST">
      ⟦ZL0201⟧<View visibility="VISIBLE"/>⟦ZL0201⟧<View name="" visibility="GONE"/><View ⟦ZL0206⟧nmae="play"/>
      <View name="play" visibility=⟦ZL0203⟧"VISIBL" isNull=⟦ZL0202⟧"no" isTransparent=⟦ZL0202⟧"1"/>
      <View name="share" visibility=⟦ZL0203⟧"HIDDEN"/>
      <View name="live" visibility="invisible" isNull="true" isTransparent="false"/>
      </DisplayRule>
      """
    let missing = "a <View> needs a 'name' (the view it sets)"
    let expected = "expected one of VISIBLE, INVISIBLE, GONE"
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          (missing, [], nil), (missing, [], nil), ("misspelled attribute 'nmae' on <View>: clients ignore it", [], "name"),
          ("'VISIBL' is not a valid visibility; \(expected)", [], #""VISIBLE""#),
          ("'isNull' is true or false, found 'no'", [], nil),
          ("'isTransparent' is true or false, found '1'", [], nil),
          ("'HIDDEN' is not a valid visibility; \(expected)", [], nil),
        ]
      ])
  }

  /// `<DisplayRules>` takes no attribute (its rules say what they style): one written there is
  /// ZL0204 at its name, as on a `<Screens>`.
  func testAnAttributeOnDisplayRulesIsReported() throws {
    let family = DisplayRuleTests.family(#"<DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="GONE"/></DisplayRule>"#)
    let marked = family.replacingOccurrences(of: "<DisplayRules>", with: #"<DisplayRules ⟦ZL0204⟧type="ATOM_VIDEO">"#)
    try assertFindings(["families/f.xml": marked], ["families/f.xml": [("unknown attribute 'type' on <DisplayRules>", [], nil)]])
    try assertFindings(["families/f.xml": family], [:])
  }

  /// A rule's `type` or a view's `name` with spaces at its ends matches no entry type or view,
  /// as clients compare them exactly: ZL0203 at the value, with the trimmed name as its fix. A
  /// space inside a name is the name's own.
  func testANameWithSpacesAtItsEndsIsReported() throws {
    let rules = """
      <DisplayRule type=⟦ZL0203⟧" ATOM_PLAYLIST"><View name=⟦ZL0203⟧"play " visibility="GONE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO"><View name="a b" visibility="GONE"/></DisplayRule>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("'type' ' ATOM_PLAYLIST' has spaces at its ends: it matches no entry type", [], #""ATOM_PLAYLIST""#),
          ("'name' 'play ' has spaces at its ends: it matches no view", [], #""play""#),
        ]
      ])
  }

  /// `isGeneric="true"` merges the `<DisplayRules>`' GENERIC rule: without one it merges nothing,
  /// ZL0518 at the value, with a note at a rule whose type is near GENERIC. `false`, and a copy's
  /// `isGeneric` (ZL0520's), are not this finding; with a GENERIC rule, `true` is clean.
  func testAnIsGenericWithoutAGenericRuleMergesNothing() throws {
    let rules = """
      <DisplayRule type="GENRIC"><View name="share" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_ARTICLE" isGeneric=⟦ZL0518⟧"true"><View name="play" visibility="GONE"/></DisplayRule>
      <DisplayRule type="ATOM_FEED" isGeneric="false"/>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_ARTICLE" isGeneric=⟦ZL0520⟧"true"/>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          (
            "display rule 'ATOM_ARTICLE' says isGeneric=\"true\", but its <DisplayRules> has no GENERIC rule: it merges nothing",
            ["rule 'GENRIC' is near GENERIC"], nil
          ),
          (Self.genericIgnored("ATOM_VIDEO", "ATOM_ARTICLE", "true"), ["it copies 'ATOM_ARTICLE' here"], ""),
        ]
      ])
    let fixed = rules.replacingOccurrences(of: "GENRIC", with: "GENERIC").replacingOccurrences(of: "⟦ZL0518⟧", with: "")
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(fixed)],
      ["families/f.xml": [(Self.genericIgnored("ATOM_VIDEO", "ATOM_ARTICLE", "true"), ["it copies 'ATOM_ARTICLE' here"], "")]])
  }
}
