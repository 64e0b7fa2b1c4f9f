import Foundation
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
      a type the `<DisplayRules>` holds is near the name; when the mistake looks to be in that \
      type instead (it has spaces at its ends, or more other `<DisplayRules>`, the built-in \
      families' included, have a rule of the name copied than of that type), no fix, and a note \
      at the type. Name a \
      type that has a rule, or add its rule. Of several rules of one type only the last is read, as clients keep it \
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
    var rulesOfType: [String: Int]?
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
      let message =
        "display rule '\(kept.type)' copies '\(copyOf.value)', which has no <DisplayRule> in its <DisplayRules>: it copies nothing"
      let others = kept.index.keys.filter { $0 != kept.type }.sorted()
      // A type with spaces at its ends is ZL0203's, whose fix trims it: the `copyOf` is right.
      if let padded = others.first(where: { $0 != trimmed($0) && trimmed($0) == copyOf.value }), let at = typeSpot(padded, kept) {
        let note = DiagnosticNote("rule '\(padded)' has spaces at the ends of its type; without them, it is the rule copied", at: at)
        return context.report(rule, message, at: copyOf.spot, notes: [note])
      }
      let candidates = others.filter { $0 == trimmed($0) }
      // A name more other <DisplayRules> have a rule for than the near type here is likely right,
      // and that type the misspelled one: a note there, no fix that would spread the misspelling.
      if rulesOfType == nil { rulesOfType = displayRuleCounts(context.project) }
      let elsewhere = { (type: String) in (rulesOfType?[type] ?? 0) - (kept.index[type] == nil ? 0 : 1) }
      let closest = nearest(to: copyOf.value, in: candidates)
      if let closest, elsewhere(copyOf.value) > elsewhere(closest.text) {
        let near = typeSpot(closest.text, kept).map { (name: closest.text, at: $0) }
        let note = near.map {
          DiagnosticNote(
            "rule '\($0.name)' is near '\(copyOf.value)', a type other <DisplayRules> have: is its type misspelled?", at: $0.at)
        }
        return context.report(rule, message, at: copyOf.spot, notes: note.map { [$0] } ?? [])
      }
      context.report(rule, message, at: copyOf.spot, fixIt: .didYouMean(closest, at: copyOf.spot))
    }
  }

  private static func trimmed(_ type: String) -> String { type.trimmingCharacters(in: .whitespaces) }

  /// Where the kept rule of `type` in `kept`'s `<DisplayRules>` writes its type.
  private static func typeSpot(_ type: String, _ kept: DisplayRuleShadowedRule.KeptRule) -> SourceSpot? {
    kept.index[type].flatMap { kept.rules[$0].type?.spot }
  }

  /// For each entry type, how many `<DisplayRules>` of every family (built-in ones included) have
  /// a rule of it.
  private static func displayRuleCounts(_ project: Project) -> [String: Int] {
    var counts: [String: Int] = [:]
    for family in project.familyDefinitions + project.builtinFamilies.values {
      for rules in family.displayRules {
        for type in Set(rules.compactMap { $0.type?.value }) { counts[type, default: 0] += 1 }
      }
    }
    return counts
  }
}

extension UnknownDisplayRuleCopyRule {
  /// The entry type whose rule `isGeneric` merges.
  static let generic = "GENERIC"
}

extension Rule {
  public static let unknownDisplayRuleCopy = UnknownDisplayRuleCopyRule.rule
}
