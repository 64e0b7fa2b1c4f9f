/// ZL0108 limit-exceeded.
enum LimitRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0108", name: "limit-exceeded", severity: .error, category: .reading,
    summary: "An input exceeds one of zlc's documented limits.",
    explanation: """
      Files larger than 256 MiB, values nested deeper than 512 levels, strings longer than 16 MiB \
      and projects with more than 100,000 files are refused with this diagnostic instead of \
      exhausting memory or the stack. See docs/limits.md.
      """,
    bad: .text("[[[[[[ … 10,000 levels … ]]]]]]"),
    good: .text("a screen list nested a few levels deep"))
}

extension Rule {
  public static let limit = LimitRule.rule
}
