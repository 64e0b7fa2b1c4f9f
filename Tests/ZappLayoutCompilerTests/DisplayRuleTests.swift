import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A cell's `<DisplayRules>`: a `copyOf` cycle, which leaves a client that follows the chain
/// looping forever, is an error (ZL0517); a `copyOf` naming a type with no rule in the same
/// `<DisplayRules>`, which copies nothing, is a warning (ZL0518).
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

  static let cycle = "a client that follows copyOf never stops"

  /// Two rules copying each other: one error, at the `copyOf` of the second (which closes the
  /// cycle), with a note at the first's.
  func testTwoRulesCopyingEachOtherAreACycle() throws {
    let rules = """
      <DisplayRule type="ATOM_PLAYLIST" copyOf="ATOM_VIDEO"/>
      <DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0517⟧"ATOM_PLAYLIST"/>
      """
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      [
        "families/f.xml": [
          (
            "display rule 'ATOM_VIDEO' copies 'ATOM_PLAYLIST', whose copyOf leads back to it: \(Self.cycle)",
            ["'ATOM_PLAYLIST' copies 'ATOM_VIDEO' here"], nil
          )
        ]
      ])
  }

  /// A rule copying itself is a cycle of one, with no note.
  func testARuleCopyingItselfIsACycle() throws {
    let rules =
      #"<DisplayRule type="GENERIC"><View name="v" visibility="VISIBLE"/></DisplayRule><DisplayRule type="ATOM_VIDEO" copyOf=⟦ZL0517⟧"ATOM_VIDEO"/>"#
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      ["families/f.xml": [("display rule 'ATOM_VIDEO' copies itself: \(Self.cycle)", [], nil)]])
  }

  /// A cycle of three is reported once, at its last rule in the file, with notes in the order
  /// the chain goes on; a rule whose chain runs into the cycle is not reported again.
  func testALongerCycleIsReportedOnceWithItsChain() throws {
    let rules = """
      <DisplayRule type="ATOM_ARTICLE" copyOf="A"/>
      <DisplayRule type="A" copyOf="B"/>
      <DisplayRule type="C" copyOf="A"/>
      <DisplayRule type="B" copyOf=⟦ZL0517⟧"C"/>
      """
    try assertFindings(
      ["families/f.xml": Self.family(rules)],
      [
        "families/f.xml": [
          (
            "display rule 'B' copies 'C', whose copyOf leads back to it: \(Self.cycle)",
            ["'C' copies 'A' here", "'A' copies 'B' here"], nil
          )
        ]
      ])
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
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0517")).severity, .error)
  }

  /// The published example: `GENERIC`, a rule merging it (`isGeneric`), and a `copyOf` of a rule
  /// the `<DisplayRules>` holds, later in the file or earlier; a chain without a cycle. A cell's
  /// second `<DisplayRules>`, which the bundle drops (ZL0204), is not read.
  func testCopiesOfRulesThatExistAreClean() throws {
    let rules = """
      <DisplayRule type="GENERIC"><View name="nativeShareButton" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_EPG" copyOf="ATOM_VIDEO"/>
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
