import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A cell's `<DisplayRules>`, read as clients read them: of several rules of one type the last is
/// kept (ZL0519 for the others), a `copyOf` takes one step, so one naming a rule that is itself a
/// copy gets only that rule's own views (ZL0517), and one naming a type with no rule copies
/// nothing (ZL0518).
final class DisplayRuleTests: XCTestCase {
  /// A family of one list cell style whose `<DisplayRules>` holds `rules`.
  static func family(_ rules: String) -> String {
    """
    <Family name="F">
    <Components><Component type="list"><Cell name="L"><DisplayRules>
    \(rules)
    </DisplayRules></Cell></Component></Components>
    </Family>
    """
  }

  static func copiesACopy(_ type: String, _ target: String) -> String {
    "display rule '\(type)' copies '\(target)', itself a copy: clients take one copyOf step, so '\(type)' gets the rule written for '\(target)', not what '\(target)' copies"
  }

  /// A copy of a copy: a warning at each rule whose target has a `copyOf`, with a note at the
  /// target's and the fix to copy the rule the chain ends at (from a chain of three too).
  func testACopyOfACopyIsAWarningWithTheChainsEnd() throws {
    let rules = """
      <DisplayRule type="ATOM_EPG" copyOf=⟦ZL0517⟧"ATOM_VIDEO"/>
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0517⟧"ATOM_FEED"/>
      <DisplayRule type="ATOM_FEED" copyOf="ATOM_PLAYLIST"/>
      """
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      [
        "families/f.xml": [
          (Self.copiesACopy("ATOM_EPG", "ATOM_VIDEO"), ["'ATOM_VIDEO' copies 'ATOM_FEED' here"], #""ATOM_PLAYLIST""#),
          (Self.copiesACopy("ATOM_VIDEO", "ATOM_FEED"), ["'ATOM_FEED' copies 'ATOM_PLAYLIST' here"], #""ATOM_PLAYLIST""#),
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0517")).severity, .warning)
  }

  /// Rules copying each other do not loop: each gets the other's own views. Each is the warning,
  /// without a fix (the chain ends at no rule). A rule copying itself gets its own rule, and a copy
  /// of it gets its views: neither is a finding.
  func testACycleIsACopyOfACopyWithoutAFix() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST" copyOf=⟦ZL0517⟧"ATOM_VIDEO"/>
      <DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0517⟧"ATOM_PLAYLIST"/>
      <DisplayRule type="GENERIC" copyOf="GENERIC"><View name="v" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_CHANNEL" copyOf="GENERIC"/>
      """
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      [
        "families/f.xml": [
          (Self.copiesACopy("ATOM_PLAYLIST", "ATOM_VIDEO"), ["'ATOM_VIDEO' copies 'ATOM_PLAYLIST' here"], nil),
          (Self.copiesACopy("ATOM_VIDEO", "ATOM_PLAYLIST"), ["'ATOM_PLAYLIST' copies 'ATOM_VIDEO' here"], nil),
        ]
      ])
  }

  /// Of two rules of one type, clients keep the last: the earlier is a warning at its `type`, with
  /// a note at the last's, and only the last is read as a `copyOf`'s target or source (the earlier
  /// one's copy of a copy or of a missing type is not reported again).
  func testTheLastRuleOfATypeWins() throws {
    let rules = """
      <DisplayRule type=⟦ZL0519⟧"ATOM_PLAYLIST" copyOf="ATOM_FEED"/>
      <DisplayRule type="ATOM_FEED" copyOf="ATOM_ARTICLE"/>
      <DisplayRule type="ATOM_ARTICLE"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type=⟦ZL0519⟧"ATOM_VIDEO" copyOf="ATOM_NONE"/>
      <DisplayRule type=⟦ZL0519⟧"ATOM_CHANNEL"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_CHANNEL" copyOf=⟦ZL0518⟧"ATOM_NONE"/>
      """
    let dropped = "a later <DisplayRule> has the same type, and clients keep the last"
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      [
        "families/f.xml": [
          ("display rule 'ATOM_PLAYLIST' is dropped: \(dropped)", ["the 'ATOM_PLAYLIST' rule clients keep"], nil),
          ("display rule 'ATOM_VIDEO' is dropped: \(dropped)", ["the 'ATOM_VIDEO' rule clients keep"], nil),
          ("display rule 'ATOM_CHANNEL' is dropped: \(dropped)", ["the 'ATOM_CHANNEL' rule clients keep"], nil),
          (
            "display rule 'ATOM_CHANNEL' copies 'ATOM_NONE', which has no <DisplayRule> in its <DisplayRules>: it copies nothing",
            [], nil
          ),
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0519")).severity, .warning)
  }

  /// A rule without a `type` (or with a blank one) styles no entry: ZL0201 at the rule, unless
  /// a misspelled or prefixed `type` stands for it (ZL0206). It is no entry type's: its `copyOf`
  /// is not read, and a `copyOf` naming no type it has is not met by it.
  func testARuleWithoutATypeIsMissingItAndNotRead() throws {
    let rules = """
      ⟦ZL0201⟧<DisplayRule copyOf="ATOM_NONE"/>
      ⟦ZL0201⟧<DisplayRule type=" " copyOf="ATOM_VIDEO"/>
      <DisplayRule ⟦ZL0206⟧tpye="ATOM_EPG"/>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      """
    let missing = "a <DisplayRule> needs a 'type' (the entry type it styles, or GENERIC)"
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      [
        "families/f.xml": [
          (missing, [], nil), (missing, [], nil), ("misspelled attribute 'tpye' on <DisplayRule>: clients ignore it", [], "type"),
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0201")).severity, .error)
  }

  /// A `copyOf` naming a type without a rule copies nothing: a warning, with the fix when a type
  /// the `<DisplayRules>` holds is near (its own type is no fix: it would copy itself).
  func testACopyOfATypeWithoutARuleIsAWarning() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0518⟧"ATOM_PLAYLST"/>
      <DisplayRule type="ATOM_VIDEOS" copyOf=⟦ZL0518⟧"ATOM_VIDEO_"/>
      <DisplayRule type="ATOM_ARTICLE" copyOf=⟦ZL0518⟧"ATOM_CHANNEL"/>
      """
    let nothing = "which has no <DisplayRule> in its <DisplayRules>: it copies nothing"
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      [
        "families/f.xml": [
          ("display rule 'ATOM_VIDEO' copies 'ATOM_PLAYLST', \(nothing)", [], #""ATOM_PLAYLIST""#),
          ("display rule 'ATOM_VIDEOS' copies 'ATOM_VIDEO_', \(nothing)", [], #""ATOM_VIDEO""#),
          ("display rule 'ATOM_ARTICLE' copies 'ATOM_CHANNEL', \(nothing)", [], nil),
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0518")).severity, .warning)
  }

  /// A `copyOf` is not fixed to spread a mistake of the type it means: where that type has spaces
  /// at its ends (ZL0203 trims it), or is a near miss of the name copied when other
  /// `<DisplayRules>` (the built-in families' here) have a rule of that name, the warning has no
  /// fix, and a note at the type.
  func testACopyOfARightNameIsNotFixedToAMisspelledType() throws {
    let padded = """
      <DisplayRule type=⟦ZL0203⟧" ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0518⟧"ATOM_PLAYLIST"/>
      """
    let misspelled = """
      <DisplayRule type="ATOM_PLAYLST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0518⟧"ATOM_PLAYLIST"/>
      """
    let copiesNothing =
      "display rule 'ATOM_VIDEO' copies 'ATOM_PLAYLIST', which has no <DisplayRule> in its <DisplayRules>: it copies nothing"
    let paddedNote = "rule ' ATOM_PLAYLIST' has spaces at the ends of its type; without them, it is the rule copied"
    let nearNote = "rule 'ATOM_PLAYLST' is near 'ATOM_PLAYLIST', a type other <DisplayRules> have: is its type misspelled?"
    try assertFindings(
      ["families/f.xml": Self.family(padded)],
      [
        "families/f.xml": [
          ("'type' ' ATOM_PLAYLIST' has spaces at its ends: it matches no entry type", [], #""ATOM_PLAYLIST""#),
          (copiesNothing, [paddedNote], nil),
        ]
      ])
    try assertFindings(["families/f.xml": Self.family(misspelled)], ["families/f.xml": [(copiesNothing, [nearNote], nil)]])
    // A misspelling another family repeats does not outvote the name more rules have: the fix.
    let repeated = Self.family(#"<DisplayRule type="ATOM_PLAYLST"><View name="play" visibility="VISIBLE"/></DisplayRule>"#)
    let copying = Self.family(
      """
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_EPG" copyOf=⟦ZL0518⟧"ATOM_PLAYLST"/>
      """
    ).replacingOccurrences(of: #"name="F""#, with: #"name="G""#)
    try assertFindings(
      ["families/f.xml": repeated, "families/g.xml": copying],
      [
        "families/g.xml": [
          (
            "display rule 'ATOM_EPG' copies 'ATOM_PLAYLST', which has no <DisplayRule> in its <DisplayRules>: it copies nothing", [],
            #""ATOM_PLAYLIST""#
          )
        ]
      ])
    // The note is at the type the mistake is in.
    for rules in [padded, misspelled] {
      let dir = try makeProject(Example.baseProject.merging(["families/f.xml": Marked(Self.family(rules)).text]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0518" })
      let at = try XCTUnwrap(found.notes.first?.spot?.location)
      XCTAssertEqual([at.line, at.column], [3, 19], found.notes.first?.message ?? "")
    }
  }

  /// The published example: `GENERIC`, a rule merging it (`isGeneric`), and a `copyOf` of a rule
  /// the `<DisplayRules>` holds, later in the file or earlier, that copies none. A cell's
  /// second `<DisplayRules>`, which the bundle drops (ZL0204), is not read.
  func testCopiesOfRulesThatExistAreClean() throws {
    let rules = """
      <DisplayRule type="GENERIC"><View name="nativeShareButton" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_EPG" copyOf="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_ARTICLE" isGeneric="true"><View name="play" drawable="cell_article_button_selector"/></DisplayRule>
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" drawable="cell_play_button_selector" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"></DisplayRule>
      <DisplayRule type="ATOM_CHANNEL" copyOf="GENERIC"/>
      """
    try assertFindings(["families/f.xml": Self.family(rules)], [:])
    let second = Self.family(rules).replacingOccurrences(
      of: "</DisplayRules></Cell>", with: #"</DisplayRules>⟦ZL0204⟧<DisplayRules><DisplayRule type="A" copyOf="A"/></DisplayRules></Cell>"#)
    try assertFindings(
      ["families/f.xml": second], ["families/f.xml": [("unexpected <DisplayRules> after the cell's first <DisplayRules>", [], nil)]])
  }

  /// A JSON family's `displayRules` have no set shape: they are passed to clients as written,
  /// and nothing in them is read as a `copyOf`.
  func testJSONDisplayRulesArePassedThroughUnread() throws {
    let family = #"""
      {"name": "J", "components": [{"type": "list", "cells": [{"name": "L",
        "displayRules": [{"type": "ATOM_VIDEO", "copyOf": "ATOM_VIDEO"}, {"type": "A", "copyOf": "NONE"}]}]}]}
      """#
    try assertFindings(["families/j.json": family], [:])
  }
}

/// A `<DisplayRule>`'s own attributes and views, as clients read them.
final class DisplayRuleAttributeTests: XCTestCase {
  static let prefixed = "is behind a namespace prefix: Android reads it as "

  /// Android reads a rule's attributes by their local name: `app:copyOf` is its `copyOf`, which zlc
  /// passes to clients under the prefixed name, so the checks above never see it. An error with the
  /// name alone as its fix (none where the rule holds that name already), as a misspelling of
  /// `copyOf`, `type` or `isGeneric` is; an attribute far from them all is a warning, and another
  /// tool's prefixed attribute (`tools:ignore`) passes.
  func testAPrefixedOrMisspelledAttributeOfADisplayRuleIsReported() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST" tools:ignore="x"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" ⟦ZL0206⟧app:copyOf="ATOM_PLAYLST"/>
      <DisplayRule ⟦ZL0206⟧android:type="ATOM_EPG" ⟦ZL0206⟧copyOff="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_ARTICLE" ⟦ZL0206⟧isGenric="true" ⟦ZL0204⟧visibility="GONE"/>
      <DisplayRule type="ATOM_FEED" copyOf="ATOM_PLAYLIST" ⟦ZL0206⟧app:copyOf="ATOM_VIDEO"/>
      """
    let passed = "zlc passes it to clients as"
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("attribute 'app:copyOf' on <DisplayRule> \(Self.prefixed)'copyOf', \(passed) 'app:copyOf'", [], "copyOf"),
          ("attribute 'android:type' on <DisplayRule> \(Self.prefixed)'type', \(passed) 'android:type'", [], "type"),
          ("misspelled attribute 'copyOff' on <DisplayRule>: clients ignore it", [], "copyOf"),
          ("misspelled attribute 'isGenric' on <DisplayRule>: clients ignore it", [], "isGeneric"),
          ("unknown attribute 'visibility' on <DisplayRule>", [], nil),
          ("attribute 'app:copyOf' on <DisplayRule> \(Self.prefixed)'copyOf', \(passed) 'app:copyOf'", [], nil),
        ]
      ])
  }

  /// An element in `<DisplayRules>` other than `<DisplayRule>`, or in a rule other than `<View>`,
  /// is skipped by clients: an error where it is near the one expected there, else a warning.
  func testAnotherElementInDisplayRulesIsReported() throws {
    let rules = """
      ⟦ZL0206⟧<DisplayRul type="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_VIDEO">⟦ZL0206⟧<Viw name="play" visibility="VISIBLE"/>⟦ZL0204⟧<Cell name="C"/></DisplayRule>
      ⟦ZL0204⟧<Screen type="default"/>⟦ZL0204⟧<DisplayRules/>
      <DisplayRule type="ATOM_FEED"><View name="play" visibility="GONE"/></DisplayRule>
      """
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("misspelled element <DisplayRul> in <DisplayRules>, near <DisplayRule>: clients ignore it", [], nil),
          ("misspelled element <Viw> in <DisplayRule>, near <View>: clients ignore it", [], nil),
          ("unexpected <Cell> in <DisplayRule>; expected <View>", [], nil),
          ("unexpected <Screen> in <DisplayRules>; expected <DisplayRule>", [], nil),
          ("unexpected <DisplayRules> in <DisplayRules>; expected <DisplayRule>", [], nil),
        ]
      ])
  }

  /// A rule that copies another type's rule and holds views of its own: clients take the copied
  /// rule, so its views set nothing. A warning at the `copyOf`, with a note at each view (whether
  /// the copied rule exists or not, ZL0518). A rule copying its own type keeps its views, and a
  /// dropped rule (ZL0519) is not read.
  func testACopyWithViewsOfItsOwnIsAWarningAtEachView() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0520⟧"ATOM_PLAYLIST">
        <View name="share" visibility="VISIBLE"/>
        ⟦ZL0201⟧<View visibility="GONE"/>
      </DisplayRule>
      <DisplayRule type="ATOM_EPG" copyOf=⟦ZL0518⟧⟦ZL0520⟧"ATOM_NONE"><View name="live" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="GENERIC" copyOf="GENERIC"><View name="v" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type=⟦ZL0519⟧"ATOM_FEED" copyOf="ATOM_PLAYLIST"><View name="x" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_FEED" copyOf="ATOM_PLAYLIST"/>
      """
    let ignored = "and has views of its own: clients take the copied rule and ignore them"
    try assertFindings(
      ["families/f.xml": DisplayRuleTests.family(rules)],
      [
        "families/f.xml": [
          ("display rule 'ATOM_VIDEO' copies 'ATOM_PLAYLIST' \(ignored)", ["view 'share' is ignored", "this view is ignored"], nil),
          ("a <View> needs a 'name' (the view it sets)", [], nil),
          ("display rule 'ATOM_EPG' copies 'ATOM_NONE', which has no <DisplayRule> in its <DisplayRules>: it copies nothing", [], nil),
          ("display rule 'ATOM_EPG' copies 'ATOM_NONE' \(ignored)", ["view 'live' is ignored"], nil),
          (
            "display rule 'ATOM_FEED' is dropped: a later <DisplayRule> has the same type, and clients keep the last",
            ["the 'ATOM_FEED' rule clients keep"], nil
          ),
        ]
      ])
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0520")).severity, .warning)
    // The notes stand at the views: lines 5 and 6 of the file, where each <View> opens.
    let dir = try makeProject(Example.baseProject.merging(["families/f.xml": Marked(DisplayRuleTests.family(rules)).text]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let finding = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0520" })
    XCTAssertEqual(finding.notes.map { [$0.spot?.location.line, $0.spot?.location.column] }, [[5, 3], [6, 3]])
  }
}
