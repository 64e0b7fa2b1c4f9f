import ZappDiagnostics

/// ZL0701 unused-children.
package enum UnusedChildrenRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0701", name: "unused-children", severity: .warning, category: .mapping,
    summary: "The sender has more children than the screen has data-taking components.",
    explanation: "Child k goes to the k-th data-taking component; children beyond the last component are not shown.",
    bad: .text("a sender with 4 children opening a screen with 3 components"),
    good: .text("a sender with 3 children opening a screen with 3 components"))
}

extension Rule {
  public static let unusedChildren = UnusedChildrenRule.rule
}

extension UnusedChildrenRule {
  package typealias Message = RuleMessage<UnusedChildrenRule>
}

extension RuleMessage where Owner == UnusedChildrenRule {
  /// `names` lists the children left out ("7 ('Title')").
  package static func unusedChildren(count: Int, taken: Int, names: String) -> Self {
    Self("unused-children", "the sender has \(count) children but the screen takes \(taken); not shown: \(names)")
  }
}
