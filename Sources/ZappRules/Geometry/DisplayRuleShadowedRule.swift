import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0519 display-rule-shadowed.
package enum DisplayRuleShadowedRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0519", name: "display-rule-shadowed", severity: .warning, category: .geometry,
    summary: "A cell's `<DisplayRules>` holds two rules of one entry type: clients keep the last.",
    explanation: """
      A client reads a cell's `<DisplayRules>` into a map keyed by each rule's `type`, so of \
      several `<DisplayRule>`s of one type it keeps the last, and the earlier ones are dropped, \
      their views and `copyOf` with them. Each earlier rule is a warning at its `type`, with a \
      note at the rule clients keep. Merge the rules into one, or remove the ones dropped.
      """,
    bad: .files(
      [
        "families/f.xml": #"""
        <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
        <DisplayRule type=⟦⟧"ATOM_VIDEO"><View name="playButton" visibility="VISIBLE"/></DisplayRule>
        <DisplayRule type="ATOM_VIDEO"><View name="shareButton" visibility="VISIBLE"/></DisplayRule>
        </DisplayRules></Cell></Component></Components></Family>
        """#
      ],
      reports: [
        .init(
          "display rule 'ATOM_VIDEO' is dropped: a later <DisplayRule> has the same type, and clients keep the last",
          notes: ["the 'ATOM_VIDEO' rule clients keep"])
      ]),
    good: .files([
      "families/f.xml": #"""
      <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
      <DisplayRule type="ATOM_VIDEO"><View name="playButton" visibility="VISIBLE"/><View name="shareButton" visibility="VISIBLE"/></DisplayRule>
      </DisplayRules></Cell></Component></Components></Family>
      """#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for rules in decl.displayRules { check(rules, context) }
    }
  }

  static func check(_ rules: [DisplayRuleEntry], _ context: RuleContext) {
    let index = lastRuleByType(rules)
    for (i, entry) in rules.enumerated() {
      guard let type = entry.type, let last = index[type.value], last != i, let kept = rules[last].type else { continue }
      context.report(
        rule, "display rule '\(type.value)' is dropped: a later <DisplayRule> has the same type, and clients keep the last",
        at: type.spot, notes: [DiagnosticNote("the '\(type.value)' rule clients keep", at: kept.spot)])
    }
  }

  /// A `<DisplayRule>` clients keep (the last of its type), with its type, its position among its
  /// cell's rules, those rules, and the position of the kept rule of each type there.
  struct KeptRule {
    let entry: DisplayRuleEntry
    let type: String
    let position: Int
    let rules: [DisplayRuleEntry]
    let index: [String: Int]
  }

  /// Calls `body` with each rule clients keep, in every cell's `<DisplayRules>` of every family.
  static func forEachKeptRule(_ context: RuleContext, _ body: (KeptRule) -> Void) {
    for decl in context.project.familyDefinitions {
      for rules in decl.displayRules {
        let index = lastRuleByType(rules)
        for (i, entry) in rules.enumerated() {
          guard let type = entry.type?.value, index[type] == i else { continue }
          body(KeptRule(entry: entry, type: type, position: i, rules: rules, index: index))
        }
      }
    }
  }

  /// Each type's last `<DisplayRule>`: the one clients keep, and the one a `copyOf` naming the
  /// type copies. A rule without a `type` is no entry type's.
  static func lastRuleByType(_ rules: [DisplayRuleEntry]) -> [String: Int] {
    var index: [String: Int] = [:]
    for (i, rule) in rules.enumerated() {
      if let type = rule.type?.value { index[type] = i }
    }
    return index
  }
}

extension Rule {
  public static let displayRuleShadowed = DisplayRuleShadowedRule.rule
}
