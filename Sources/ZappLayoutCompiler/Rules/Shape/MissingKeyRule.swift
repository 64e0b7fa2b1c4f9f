/// ZL0201 missing-key.
enum MissingKeyRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0201", name: "missing-key", severity: .error, category: .shape,
    summary: "A required key is missing.",
    explanation: """
      Screens need `id` and `type`, components need `component_type`, families need `name`, \
      devices need `name` and `width` (`class` defaults to the size class's), size classes need `name` and \
      `min_width`. The diagnostic points at the object that lacks it.
      """,
    bad: .files(["screens/o.json": Example.screen(#"⟦⟧{"styles": {"cell_styles": ["GRID_1"]}}"#)]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  static var needsCompleteProject: Bool { false }

  /// The schema pass, which reports this rule and ZL0202, ZL0203, ZL0204 and ZL0206 in one walk.
  static func check(_ context: RuleContext) { SchemaPass.check(context) }
}

extension Rule {
  public static let missingKey = MissingKeyRule.rule
}
