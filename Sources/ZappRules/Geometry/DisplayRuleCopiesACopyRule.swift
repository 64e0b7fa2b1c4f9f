import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0517 display-rule-copies-a-copy.
package enum DisplayRuleCopiesACopyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0517", name: "display-rule-copies-a-copy", severity: .warning, category: .geometry,
    summary: "A cell's display rule copies (`copyOf`) a rule that is itself a `copyOf`: clients take one step.",
    explanation: """
      A `<DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>` in a cell's `<DisplayRules>` \
      takes the rule of another entry type in the same `<DisplayRules>`. A client takes that one \
      step: it gets the rule `copyOf` names and never follows that rule's own `copyOf`. So when \
      A copies B and B copies C, A gets B's own rule (the views written in B, usually none, and \
      GENERIC's where B says `isGeneric`), not C's, and entries of A's type lose what C gives \
      them; rules that copy each other in a cycle do the same, without looping. It is a warning at the `copyOf` of each rule whose target has a \
      `copyOf`, with a note at the target's, and the fix when the chain ends at a rule without \
      one: copy that rule straight. A rule that copies itself gets its own rule, and is no \
      finding; with several rules of one type, clients keep the last (ZL0519), so it is the one \
      read here.
      """,
    bad: .files(
      [
        "families/f.xml": #"""
        <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
        <DisplayRule type="ATOM_PLAYLIST"><View name="playButton" visibility="VISIBLE"/></DisplayRule>
        <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
        <DisplayRule type="ATOM_EPG" copyOf=⟦⟧"ATOM_VIDEO"/>
        </DisplayRules></Cell></Component></Components></Family>
        """#
      ],
      reports: [
        .init(
          "display rule 'ATOM_EPG' copies 'ATOM_VIDEO', itself a copy: clients take one copyOf step, so 'ATOM_EPG' gets the rule written for 'ATOM_VIDEO', not what 'ATOM_VIDEO' copies",
          notes: ["'ATOM_VIDEO' copies 'ATOM_PLAYLIST' here"], fixIt: #""ATOM_PLAYLIST""#)
      ]),
    good: .files([
      "families/f.xml": #"""
      <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
      <DisplayRule type="ATOM_PLAYLIST"><View name="playButton" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
      <DisplayRule type="ATOM_EPG" copyOf="ATOM_PLAYLIST"/>
      </DisplayRules></Cell></Component></Components></Family>
      """#
    ]))

  package static var needsCompleteProject: Bool { false }

  /// Reports each rule clients keep whose `copyOf` names another rule with a `copyOf` of its own.
  package static func check(_ context: RuleContext) {
    DisplayRuleShadowedRule.forEachKeptRule(context) { kept in
      let (type, rules, index) = (kept.type, kept.rules, kept.index)
      guard let copyOf = kept.entry.copyOf, copyOf.value != type, let target = index[copyOf.value],
        let next = copiedByItself(rules[target])
      else { return }
      let message =
        "display rule '\(type)' copies '\(copyOf.value)', itself a copy: clients take one copyOf step, so '\(type)' gets the rule written for '\(copyOf.value)', not what '\(copyOf.value)' copies"
      let fix = chainEnd(from: target, of: rules, index: index, seen: [kept.position]).map { end in
        var fix = FixIt.didYouMean(end, at: copyOf.spot)
        fix.message = "copy the rule the chain ends at, '\(end)':"
        return fix
      }
      context.report(
        rule, message, at: copyOf.spot, notes: [DiagnosticNote("'\(copyOf.value)' copies '\(next.value)' here", at: next.spot)],
        fixIt: fix)
    }
  }

  /// The `copyOf` of `entry` when it names another type than its own (a copy of itself is its
  /// own rule).
  static func copiedByItself(_ entry: DisplayRuleEntry) -> Located<String>? {
    guard let copyOf = entry.copyOf, copyOf.value != entry.type?.value else { return nil }
    return copyOf
  }

  /// The type of the first rule without a `copyOf` of another type that the chain from `start`
  /// reaches, nil when the chain comes back to a rule of `seen` (a cycle) or names a type
  /// without a rule.
  static func chainEnd(from start: Int, of rules: [DisplayRuleEntry], index: [String: Int], seen: Set<Int>) -> String? {
    var seen = seen
    var current = start
    while let copyOf = copiedByItself(rules[current]) {
      guard seen.insert(current).inserted, let next = index[copyOf.value] else { return nil }
      current = next
    }
    return rules[current].type?.value
  }
}

extension Rule {
  public static let displayRuleCopiesACopy = DisplayRuleCopiesACopyRule.rule
}
