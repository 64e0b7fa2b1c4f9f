/// ZL0204 unknown-key.
enum UnknownKeyRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0204", name: "unknown-key", severity: .warning, category: .shape,
    summary: "A key zlc does not know.",
    explanation: """
      A key that is not part of the format is probably a typo; clients ignore it silently. A \
      plugin component may carry any key its manifest declares.
      """,
    bad: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", ⟦⟧"stlyes": {}, "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#)
    ]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  static var needsCompleteProject: Bool { false }

  /// Family attributes; the shape checker reports unknown JSON keys as it reads.
  static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for a in decl.unknownAttributes {
        context.report(
          rule, "unknown attribute '\(a.name)' on <\(a.element)>", at: a.spot,
          fixIt: .didYouMean(closestMatch(to: a.name, in: a.allowed), at: a.spot))
      }
    }
  }
}

extension Rule {
  public static let unknownKey = UnknownKeyRule.rule
}
