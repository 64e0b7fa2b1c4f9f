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
    "display rule '\(type)' copies '\(copied)' and says isGeneric=\"\(value)\": a copy takes the copied rule with its own isGeneric, and clients are not known to read this one"
  }

  /// A rule that copies another type's and says `isGeneric`, `true` or `false`: the copied rule
  /// brings its own, so it is a warning at the value with a note at the `copyOf` and a hint to
  /// move or remove it, which `--fix` does not apply (clients may read it after all). A rule
  /// merging GENERIC without a `copyOf`, or copying its own type, is clean, and so is the
  /// `isGeneric` of the rule copied.
  func testAnIsGenericOnACopyIsAWarningWithAHintNotApplied() throws {
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
    // A hint without a range: `--fix` leaves the file as it was.
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": Marked(file).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let hints = Driver.check(dir).diagnostics.filter { $0.code == "ZL0520" }.map(\.fixIt)
    XCTAssertEqual(
      hints.map { $0?.summary }, Array(repeating: "write isGeneric on 'ATOM_PLAYLIST', or remove this one or the copyOf", count: 2))
    XCTAssertEqual(hints.map { $0?.range == nil }, [true, true])
    XCTAssertEqual(Driver.fix(dir, dryRun: false).fixed.map(\.path), [])
    XCTAssertEqual(try String(contentsOfFile: dir + "/families/f.xml", encoding: .utf8), Marked(file).text)
  }

  /// `isGeneric` is `true` or `false` in any case (`True`, `FALSE`: clients read it ignoring case):
  /// another word (`yes`, `1`, an empty value) is ZL0202 at the value.
  func testAnIsGenericOtherThanTrueOrFalseIsAWrongType() throws {
    let rules = """
      <DisplayRule type="GENERIC"><View name="share" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_PLAYLIST" isGeneric=⟦ZL0202⟧"yes"/>
      <DisplayRule type="ATOM_VIDEO" isGeneric=⟦ZL0202⟧""/>
      <DisplayRule type="ATOM_EPG" isGeneric="True"/>
      <DisplayRule type="ATOM_FEED" isGeneric="FALSE"/>
      <DisplayRule type="ATOM_ARTICLE" isGeneric=⟦ZL0202⟧"1"/>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("'isGeneric' is true or false, found 'yes'", [], nil),
          ("'isGeneric' is true or false, found ''", [], nil),
          ("'isGeneric' is true or false, found '1'", [], nil),
        ]
      ])
  }

  /// A `<View>`'s `isNull` and `isTransparent` are `true` or `false` in any case, as clients read
  /// them: `True` and `FALSE` pass, `yes` is ZL0202 at the value.
  func testAViewsFlagsAreTrueOrFalseInAnyCase() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST">
      <View name="play" isNull="True" isTransparent="FALSE"/>
      <View name="share" isNull=⟦ZL0202⟧"yes" isTransparent="tRuE"/>
      <View name="live" isNull="false" isTransparent=⟦ZL0202⟧"yes"/>
      </DisplayRule>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("'isNull' is true or false, found 'yes'", [], nil),
          ("'isTransparent' is true or false, found 'yes'", [], nil),
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

  /// A `<View>` carries attributes of the client's own (Android's `drawableEnd`): a longer name
  /// that begins with one clients read, or one further from them, passes. One edit from one
  /// (`visibilty`, `isNul`, a case variant) is a warning, with the name as a hint (none where the
  /// view holds that name already); one behind a namespace prefix is an error with the fix.
  func testANearMissOfAViewAttributeIsAWarningWithAHint() throws {
    let rules = """
      <DisplayRule type="GENERIC"><View name="a" drawableEnd="ic_x" drawableTop="t" drawableId="i" drawables="d"
        isTransparentBg="true" drawableLeft="l" textColor="#ffffff"/><View name="c" drawableRes="r"/></DisplayRule>
      <DisplayRule type="ATOM_PLAYLIST">
      <View name="play" ⟦ZL0206⟧visibilty="GONE" ⟦ZL0206⟧android:drawable="icon"/>
      <View name="share" ⟦ZL0206⟧isNul="true" ⟦ZL0206⟧isTransparant="true"/>
      <View name="live" visibility="GONE" ⟦ZL0206⟧Visibility="VISIBLE"/>
      </DisplayRule>
      """
    let near = { (name: String, known: String) in
      "attribute '\(name)' on <View> is one edit from '\(known)': clients ignore it unless it is their own"
    }
    let file = DisplayRuleTests.family(rules)
    try assertFindings(
      ["families/f.xml": file],
      [
        "families/f.xml": [
          (near("visibilty", "visibility"), [], "visibility"),
          (
            "attribute 'android:drawable' on <View> \(DisplayRuleAttributeTests.prefixed)'drawable', zlc passes it to clients as 'android:drawable'",
            [], "drawable"
          ),
          (near("isNul", "isNull"), [], "isNull"),
          (near("isTransparant", "isTransparent"), [], "isTransparent"),
          (near("Visibility", "visibility"), [], nil),
        ]
      ])
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": Marked(file).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0206" }
    XCTAssertEqual(found.map(\.severity), [.warning, .error, .warning, .warning, .warning])
    XCTAssertEqual(found.map { $0.fixIt?.range == nil }, [true, false, true, true, true])
  }

  /// `--fix` applies no near miss of a `<View>` attribute (it may be the client's own) and never
  /// renames a longer client name (`drawableEnd` stays): only a prefixed one is renamed.
  func testFixLeavesAViewsAttributesAlone() throws {
    let rules = """
      <DisplayRule type="GENERIC"><View name="a" drawableEnd="ic_x" isTransparentBg="true" visibilty="GONE" isNul="true"/>
      <View name="b" app:visibility="GONE"/></DisplayRule>
      """
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": DisplayRuleTests.family(rules)]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.fix(dir, dryRun: false).fixed.map(\.path), [dir + "/families/f.xml"])
    let after = rules.replacingOccurrences(of: "app:visibility", with: "visibility")
    XCTAssertEqual(try String(contentsOfFile: dir + "/families/f.xml", encoding: .utf8), DisplayRuleTests.family(after))
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

  /// A `<View>` names the view it sets (ZL0201 without one, or with a blank one, or with `nmae`
  /// alone, a ZL0206 warning that leaves it without one; a prefixed `name` is ZL0206's error
  /// alone), its `isNull` and `isTransparent` are `true` or `false` (ZL0202),
  /// and its `visibility` is `VISIBLE`, `INVISIBLE` or `GONE` in any case (ZL0203, with the
  /// nearest as its fix).
  func testAViewsNameAndValuesAreChecked() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST">
      ⟦ZL0201⟧<View visibility="VISIBLE"/>⟦ZL0201⟧<View name="" visibility="GONE"/>⟦ZL0201⟧<View ⟦ZL0206⟧nmae="play"/>
      <View ⟦ZL0206⟧app:name="share"/>
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
          (missing, [], nil), (missing, [], nil), (missing, [], nil),
          ("attribute 'nmae' on <View> is one edit from 'name': clients ignore it unless it is their own", [], "name"),
          (
            "attribute 'app:name' on <View> \(DisplayRuleAttributeTests.prefixed)'name', zlc passes it to clients as 'app:name'",
            [], "name"
          ),
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

  /// `isGeneric="true"` (in any case) merges the `<DisplayRules>`' GENERIC rule: without one it
  /// merges nothing, ZL0518 at the value, with a note at a rule whose type is near GENERIC.
  /// `false`, and a copy's `isGeneric` (ZL0520's), are not this finding; with a GENERIC rule,
  /// `true` is clean.
  func testAnIsGenericWithoutAGenericRuleMergesNothing() throws {
    let rules = """
      <DisplayRule type="GENRIC"><View name="share" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_ARTICLE" isGeneric=⟦ZL0518⟧"true"><View name="play" visibility="GONE"/></DisplayRule>
      <DisplayRule type="ATOM_EPG" isGeneric=⟦ZL0518⟧"TRUE"/>
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
          (
            "display rule 'ATOM_EPG' says isGeneric=\"TRUE\", but its <DisplayRules> has no GENERIC rule: it merges nothing",
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
