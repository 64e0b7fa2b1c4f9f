import ZappDiagnostics

/// ZL0701 unused-children.
package enum UnusedChildrenRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0701", name: "unused-children", severity: .warning, category: .mapping,
    summary: "The sender, or a child a group takes, has more children than the screen takes.",
    explanation: """
      Child k goes to the k-th data-taking component; children beyond the last component are not \
      shown. A group takes one child and hands that child's children to its own data-taking \
      components the same way: its child's children beyond the group's last component are not \
      shown either. A group whose components take no data takes its child whole, and its \
      children are not reported.
      """,
    bad: .text(
      """
      a sender with 4 children opening a screen with 3 components
      a group of 2 components whose child has 3 children: {"entry": [{"entry": [{…}, {…}, {…}]}]}
      """),
    good: .text(
      """
      a sender with 3 children opening a screen with 3 components
      a group of 2 components whose child has 2 children: {"entry": [{"entry": [{…}, {…}]}]}
      """))
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
  /// The children of the sender's child `child` (titled `title`) that its group does not take;
  /// `names` lists them by path ("1.2 ('Title')").
  package static func unusedGrandchildren(child: Int, title: String, count: Int, taken: Int, names: String) -> Self {
    Self(
      "unused-grandchildren",
      "child \(child) ('\(title)') has \(count) children but its group takes \(taken); not shown: \(names)")
  }
}
