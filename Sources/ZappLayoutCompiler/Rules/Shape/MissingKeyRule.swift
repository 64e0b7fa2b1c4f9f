/// ZL0201 missing-key.
enum MissingKeyRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0201", name: "missing-key", severity: .error, category: .shape,
    summary: "A required key is missing.",
    explanation: """
      Screens need `id` and `type`, components need `component_type`, families need `name`, \
      devices need `name`, `class` and `width`. The diagnostic points at the object that lacks it.
      """,
    bad: .text(#"{ "name": "Home", "type": "general_content" }"#),
    good: .text(#"{ "id": "home", "name": "Home", "type": "general_content" }"#))
}

extension Rule {
  public static let missingKey = MissingKeyRule.rule
}
