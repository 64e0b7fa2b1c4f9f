import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0501 negative-spacing.
package enum NegativeSpacingRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0501", name: "negative-spacing", severity: .error, category: .geometry,
    summary: "An inset or spacing is negative.",
    explanation: "Insets (`padding`, `insetLeft`, …) and spacing (`divider`, `interItemSpacing`, `lineSpacing`) are zero or more points.",
    bad: .files(
      ["families/f.xml": #"<Family name="F"><Screens><Screen type="default" padding=⟦⟧"-1"/></Screens></Family>"#],
      reports: [.init("'padding' must not be negative, found '-1'")]),
    good: .files(["families/f.xml": #"<Family name="F"><Screens><Screen type="default" padding="1"/></Screens></Family>"#]))

  package static var needsCompleteProject: Bool { false }

  /// Insets and spacings: every number of a family that is not a count, ratio or length, and is
  /// negative (one above 10,000 points is ZL0512's).
  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for n in decl.numbers where isSpacing(n) && n.value < 0 {
        context.report(rule, "'\(n.name)' must not be negative, found '\(shortValue(n.text))'", at: n.spot)
      }
    }
  }

  /// Whether a family number out of range is an inset or spacing (not a count, ratio or length).
  package static func isSpacing(_ n: FamilyNumber) -> Bool {
    !n.isInRange && !InvalidColumnsRule.names.contains(n.name) && !InvalidShapeRule.names.contains(n.name)
  }
}

extension Rule {
  public static let negativeSpacing = NegativeSpacingRule.rule
}
