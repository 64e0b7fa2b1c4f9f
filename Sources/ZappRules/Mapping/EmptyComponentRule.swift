import ZappDiagnostics
import ZappModel

/// ZL0702 empty-component.
package enum EmptyComponentRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0702", name: "empty-component", severity: .warning, category: .mapping,
    summary: "A component gets no child of the sender.",
    explanation: """
      With fewer children than components, the components left over are bound `empty` and clients \
      hide them. `zlc map` of a connected screen without `--sender` maps an empty sender: every \
      data section gets none, and the finding says no sender was given. A group hands out the \
      children its child carries inline (its `entry`): where that child holds none, each of the \
      group's sections is empty, whatever source the child names.
      """,
    bad: .text("a sender with 1 child opening a screen with 2 components"),
    good: .text("a sender with 2 children opening a screen with 2 components"))
}

extension Rule {
  public static let emptyComponent = EmptyComponentRule.rule
}

extension EmptyComponentRule {
  package typealias Message = RuleMessage<EmptyComponentRule>
}

extension RuleMessage where Owner == EmptyComponentRule {
  /// `path` is the missing child's path in the sender, dotted ("0.2").
  package static func noChild(section: Int, type: String, path: String) -> Self {
    Self("no-child", "section \(section) ('\(type)') gets no child: the sender has no child \(path)")
  }

  /// A section of a group whose child (`child`, dotted, with its title) holds no `entry` of its own:
  /// a group hands out the children its child carries, and a source is not loaded for them.
  package static func noInlineChildren(section: Int, type: String, child: String, title: String?) -> Self {
    let named = title.map { " ('\($0)')" } ?? ""
    return Self(
      "no-inline-children",
      "section \(section) ('\(type)') gets no child: its group's child \(child)\(named) holds no entry of its own, and a group shows only the children its child carries"
    )
  }

  /// A map made without a sender (`zlc map` without `--sender`): no section gets a child.
  package static func noSender(section: Int, type: String) -> Self {
    Self("no-sender", "section \(section) ('\(type)') gets no child: no sender was given (--sender FEED.json)")
  }
}
