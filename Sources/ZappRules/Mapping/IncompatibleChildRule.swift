import ZappDiagnostics
import ZappModel

/// ZL0703 incompatible-child.
package enum IncompatibleChildRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0703", name: "incompatible-child", severity: .warning, category: .mapping,
    summary: "A child's type is not one the component accepts.",
    explanation:
      "A component whose manifest lists `data_types` shows only children of those types; another child is bound `incompatible` and not shown.",
    bad: .text(#"a child of type APPLICASTER_ATOM_FEED for a component with "data_types": ["APPLICASTER_COLLECTION"]"#),
    good: .text("a child of type APPLICASTER_COLLECTION for that component"))
}

extension Rule {
  public static let incompatibleChild = IncompatibleChildRule.rule
}

extension IncompatibleChildRule {
  package typealias Message = RuleMessage<IncompatibleChildRule>
}

extension RuleMessage where Owner == IncompatibleChildRule {
  package static func incompatible(path: String, title: String, dataType: String?, type: String, accepts: [String]) -> Self {
    Self(
      "incompatible",
      "child \(path) ('\(title)', type \(dataType ?? "none")) is not a type '\(type)' accepts (\(summarizedList(accepts)))")
  }
}
