import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0517 display-rule-cycle.
package enum DisplayRuleCycleRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0517", name: "display-rule-cycle", severity: .error, category: .geometry,
    summary: "A cell's display rules copy each other in a cycle (`copyOf`).",
    explanation: """
      A `<DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>` in a cell's `<DisplayRules>` \
      takes the rule of another entry type in the same `<DisplayRules>`, and a client follows \
      the `copyOf` of the rule it copies in turn. Rules that copy each other (A copies B and B \
      copies A, or A copies A) leave a client that follows the chain looping forever, so a cycle \
      is an error, at the `copyOf` of the rule that closes it (the last of its rules in the \
      file), with a note at each other rule of the cycle. Give one of the rules its own views \
      instead of a `copyOf`.
      """,
    bad: .files(
      [
        "families/f.xml": #"""
        <Family name="F"><Components><Component type="list"><Cell name="L"><DisplayRules>
        <DisplayRule type="ATOM_PLAYLIST" copyOf="ATOM_VIDEO"/>
        <DisplayRule type="ATOM_VIDEO" copyOf=⟦⟧"ATOM_PLAYLIST"/>
        </DisplayRules></Cell></Component></Components></Family>
        """#
      ],
      reports: [
        .init(
          "display rule 'ATOM_VIDEO' copies 'ATOM_PLAYLIST', whose copyOf leads back to it: a client that follows copyOf never stops",
          notes: ["'ATOM_PLAYLIST' copies 'ATOM_VIDEO' here"])
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

  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for rules in decl.displayRules { check(rules, context) }
    }
  }

  /// Reports each cycle of one `<DisplayRules>` once, at the last of its rules in the file.
  static func check(_ rules: [DisplayRuleEntry], _ context: RuleContext) {
    let index = firstRuleByType(rules)
    var reported: Set<[Int]> = []
    for start in rules.indices {
      var path: [Int] = []
      var current = start
      while let copied = rules[current].copyOf, let next = index[copied.value] {
        path.append(current)
        if let closing = path.firstIndex(of: next) {
          let cycle = Array(path[closing...])
          if reported.insert(cycle.sorted()).inserted { report(cycle, of: rules, context) }
          break
        }
        current = next
      }
    }
  }

  /// Each type's first `<DisplayRule>`: the one a `copyOf` naming the type copies.
  static func firstRuleByType(_ rules: [DisplayRuleEntry]) -> [String: Int] {
    var index: [String: Int] = [:]
    for (i, rule) in rules.enumerated() {
      if let type = rule.type?.value, index[type] == nil { index[type] = i }
    }
    return index
  }

  /// `cycle` lists the rules in the order each copies the next, the last copying the first.
  private static func report(_ cycle: [Int], of rules: [DisplayRuleEntry], _ context: RuleContext) {
    guard let last = cycle.max(), let at = cycle.firstIndex(of: last), let copyOf = rules[last].copyOf else { return }
    let name = rules[last].type?.value ?? ""
    let message =
      cycle.count == 1
      ? "display rule '\(name)' copies itself: a client that follows copyOf never stops"
      : "display rule '\(name)' copies '\(copyOf.value)', whose copyOf leads back to it: a client that follows copyOf never stops"
    let others = cycle[(at + 1)...] + cycle[..<at]
    let notes = others.compactMap { i in
      rules[i].copyOf.map { DiagnosticNote("'\(rules[i].type?.value ?? "")' copies '\($0.value)' here", at: $0.spot) }
    }
    context.report(rule, message, at: copyOf.spot, notes: notes)
  }
}

extension Rule {
  public static let displayRuleCycle = DisplayRuleCycleRule.rule
}
