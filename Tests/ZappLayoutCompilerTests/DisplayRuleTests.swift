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

  /// A rule without a `type` is no entry type's: its `copyOf` is not read, and a `copyOf` naming
  /// no type it has is not met by it.
  func testARuleWithoutATypeIsNotRead() throws {
    let rules = """
      <DisplayRule copyOf="ATOM_NONE"/>
      <DisplayRule copyOf="ATOM_VIDEO"/>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_PLAYLIST"><View name="play" visibility="VISIBLE"/></DisplayRule>
      """
    try assertFindings(["families/f.xml": Self.family(rules)], [:])
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
