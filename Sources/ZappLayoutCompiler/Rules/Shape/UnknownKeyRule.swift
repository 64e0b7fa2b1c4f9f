/// ZL0204 unknown-key. JSON values are checked by the schema pass (`SchemaPass`, run as ZL0201's check).
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

  /// What family files hold that the format does not have; unknown JSON keys are the schema
  /// pass's.
  static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for stray in decl.strays {
        switch stray.kind {
        case .attribute(let name, let element, let allowed):
          context.report(
            rule, "unknown attribute '\(name)' on <\(element)>", at: stray.spot,
            fixIt: .didYouMean(closestMatch(to: name, in: allowed), at: stray.spot))
        case .element(let name, let place, let expected):
          context.report(rule, "unexpected <\(name)> \(place)" + (expected.map { "; expected <\($0)>" } ?? ""), at: stray.spot)
        case .text(let element):
          context.report(rule, "text inside <\(element)> is ignored", at: stray.spot)
        }
      }
    }
  }
}

extension Rule {
  public static let unknownKey = UnknownKeyRule.rule
}
