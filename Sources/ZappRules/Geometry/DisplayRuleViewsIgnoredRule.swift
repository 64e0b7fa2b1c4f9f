import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0520 display-rule-views-ignored.
package enum DisplayRuleViewsIgnoredRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0520", name: "display-rule-views-ignored", severity: .warning, category: .geometry,
    summary:
      "A cell's display rule copies (`copyOf`) another rule and has views of its own, which clients ignore, or an `isGeneric`.",
    explanation: """
      A `<DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST">` takes the rule of another entry \
      type in the same `<DisplayRules>` in place of its own: a client reads the copied rule and \
      never the `<View>`s written inside the copying one, so those views set nothing. It is a \
      warning at the `copyOf`, with a note at each view clients ignore. Move the views to the \
      rule copied (every copy of it gets them then), or remove the `copyOf` and write every view \
      the type needs in its own rule. A rule that copies its own type keeps its views, and is no \
      finding; of several rules of one type only the last is read, as clients keep it (ZL0519). \
      An `isGeneric` on a rule that copies another type's is a warning too: a `copyOf` takes the \
      copied rule, whose own `isGeneric` says whether GENERIC's views are merged, and how clients \
      read an `isGeneric` beside a `copyOf` is not documented, so the rule may not merge what its \
      `isGeneric` says. It is a warning at its value, with a note at the `copyOf` and a hint \
      (that `zlc check --fix` does not apply): write `isGeneric` on the rule copied, or remove \
      the `copyOf` or the `isGeneric`.
      """,
    bad: .files(
      [
        "families/f.xml": #"""
        <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
        <DisplayRule type="ATOM_PLAYLIST"><View name="playButton" visibility="VISIBLE"/></DisplayRule>
        <DisplayRule type="ATOM_VIDEO" copyOf=⟦⟧"ATOM_PLAYLIST"><View name="shareButton" visibility="VISIBLE"/></DisplayRule>
        </DisplayRules></Cell></Component></Components></Family>
        """#
      ],
      reports: [
        .init(
          "display rule 'ATOM_VIDEO' copies 'ATOM_PLAYLIST' and has views of its own: clients take the copied rule and ignore them",
          notes: ["view 'shareButton' is ignored"])
      ]),
    good: .files([
      "families/f.xml": #"""
      <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
      <DisplayRule type="ATOM_PLAYLIST"><View name="playButton" visibility="VISIBLE"/><View name="shareButton" visibility="VISIBLE"/></DisplayRule>
      <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
      </DisplayRules></Cell></Component></Components></Family>
      """#
    ]))

  package static var needsCompleteProject: Bool { false }

  /// Reports each rule clients keep that copies another type's rule and holds views or an
  /// `isGeneric`. Clients may read the `isGeneric` after all, so its hint has no range: removing
  /// it is the writer's choice, never `zlc check --fix`'s.
  package static func check(_ context: RuleContext) {
    DisplayRuleShadowedRule.forEachKeptRule(context) { kept in
      guard let copyOf = DisplayRuleCopiesACopyRule.copiedByItself(kept.entry) else { return }
      if let isGeneric = kept.entry.isGeneric {
        context.report(
          rule,
          "display rule '\(kept.type)' copies '\(copyOf.value)' and says isGeneric=\"\(isGeneric.value)\": a copy takes the copied rule with its own isGeneric, and clients are not known to read this one",
          at: isGeneric.spot, notes: [DiagnosticNote("it copies '\(copyOf.value)' here", at: copyOf.spot)],
          fixIt: FixIt(
            message: "write isGeneric on '\(copyOf.value)', or remove this one or the copyOf", replacement: "", range: nil))
      }
      guard !kept.entry.views.isEmpty else { return }
      let notes = kept.entry.views.map { view in
        DiagnosticNote(view.name.map { "view '\($0)' is ignored" } ?? "this view is ignored", at: view.spot)
      }
      context.report(
        rule,
        "display rule '\(kept.type)' copies '\(copyOf.value)' and has views of its own: clients take the copied rule and ignore them",
        at: copyOf.spot, notes: notes)
    }
  }
}

extension Rule {
  public static let displayRuleViewsIgnored = DisplayRuleViewsIgnoredRule.rule
}
