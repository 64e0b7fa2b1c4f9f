/// ZL0302 family-mismatch.
enum FamilyMismatchRule: ComponentRule {
  static let rule = Rule(
    code: "ZL0302", name: "family-mismatch", severity: .warning, category: .references,
    summary: "A component's family differs from its screen's.",
    explanation: """
      iOS reads the family from the screen, other clients from the component. When both are given \
      and differ, the screen renders differently per platform. zlc uses the component's.
      """,
    bad: .text(#"screen "family": "FAMILY_1", component "family": "FAMILY_2""#),
    good: .text(#"screen "family": "FAMILY_1", component "family": "FAMILY_1""#))

  static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let own = visit.component.family, let screenFamily = visit.screen.family, own.value != screenFamily.value else { return }
    context.report(
      rule, "component family '\(own.value)' differs from its screen's family '\(screenFamily.value)'; iOS uses the screen's",
      at: own.spot, notes: [DiagnosticNote("the screen's family", at: screenFamily.spot)])
  }
}

extension Rule {
  public static let familyMismatch = FamilyMismatchRule.rule
}
