import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0518 unknown-display-rule-copy.
package enum UnknownDisplayRuleCopyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0518", name: "unknown-display-rule-copy", severity: .warning, category: .geometry,
    summary:
      "A cell's display rule copies (`copyOf`), or merges (`isGeneric`), a rule its `<DisplayRules>` does not have.",
    explanation: """
      A `<DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>` takes the rule of another \
      entry type from the same `<DisplayRules>`. When no `<DisplayRule>` there has that type, \
      the rule copies nothing, and entries of its type are drawn without the views it was \
      meant to set: often a misspelled type. It is a warning at the `copyOf`, with the fix when \
      a type the `<DisplayRules>` holds is near the name. Name a type that has a rule, or add \
      its rule. Of several rules of one type only the last is read, as clients keep it \
      (ZL0519); a rule without a `type` is no entry type's, and is not read. In the same way, \
      a rule that says `isGeneric="true"` merges the `GENERIC` rule of its `<DisplayRules>` \
      first: when there is none (often a misspelled `type="GENERIC"`), it merges nothing, a \
      warning at the `isGeneric`, with a note at the rule whose type is near `GENERIC`, if any. \
      An `isGeneric` on a rule that copies another type's is ZL0520's.
      """,
    bad: .files(
      [
        "families/f.xml": #"""
        <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
        <DisplayRule type="ATOM_PLAYLIST"><View name="playButton" visibility="VISIBLE"/></DisplayRule>
        <DisplayRule type="ATOM_VIDEO" copyOf=⟦⟧"ATOM_PLAYLST"/>
        </DisplayRules></Cell></Component></Components></Family>
        """#
      ],
      reports: [
        .init(
          "display rule 'ATOM_VIDEO' copies 'ATOM_PLAYLST', which has no <DisplayRule> in its <DisplayRules>: it copies nothing",
          fixIt: #""ATOM_PLAYLIST""#)
      ]),
    good: .files([
      "families/f.xml": #"""
      <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
      <DisplayRule type="ATOM_PLAYLIST"><View name="playButton" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
      </DisplayRules></Cell></Component></Components></Family>
      """#
    ]))

  package static var needsCompleteProject: Bool { false }

  /// A rule without a type, or one a later rule of its type drops (ZL0519), is never copied from.
  package static func check(_ context: RuleContext) {
    DisplayRuleShadowedRule.forEachKeptRule(context) { kept in
      if let isGeneric = kept.entry.isGeneric, FamilyReader.isTrue(isGeneric.value), kept.index[generic] == nil, kept.type != generic,
        DisplayRuleCopiesACopyRule.copiedByItself(kept.entry) == nil
      {
        let near = nearest(to: generic, in: kept.index.keys.sorted()).flatMap { kept.index[$0.text] }.flatMap { kept.rules[$0].type }
        context.report(
          rule,
          "display rule '\(kept.type)' says isGeneric=\"\(isGeneric.value)\", but its <DisplayRules> has no \(generic) rule: it merges nothing",
          at: isGeneric.spot, notes: near.map { [DiagnosticNote("rule '\($0.value)' is near \(generic)", at: $0.spot)] } ?? [])
      }
      guard let copyOf = kept.entry.copyOf, kept.index[copyOf.value] == nil else { return }
      let candidates = kept.index.keys.filter { $0 != kept.type }.sorted()
      context.report(
        rule,
        "display rule '\(kept.type)' copies '\(copyOf.value)', which has no <DisplayRule> in its <DisplayRules>: it copies nothing",
        at: copyOf.spot, fixIt: .didYouMean(for: copyOf.value, among: candidates, at: copyOf.spot))
    }
  }
}

extension UnknownDisplayRuleCopyRule {
  /// The entry type whose rule `isGeneric` merges.
  static let generic = "GENERIC"
}

extension Rule {
  public static let unknownDisplayRuleCopy = UnknownDisplayRuleCopyRule.rule
}
