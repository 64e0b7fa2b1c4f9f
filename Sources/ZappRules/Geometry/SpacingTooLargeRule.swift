import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0512 spacing-too-large.
package enum SpacingTooLargeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0512", name: "spacing-too-large", severity: .error, category: .geometry,
    summary: "An inset or spacing is above the longest length a family takes (10,000 points).",
    explanation: """
      Insets (`padding`, `insetLeft`, …) and spacing (`divider`, `interItemSpacing`, \
      `lineSpacing`) are at most 10,000 points, the longest length of a family: so every length \
      the layout arithmetic computes from them stays finite, and a bundle never holds `inf`. A \
      value this large is a typo (an extra digit, an exponent).
      """,
    bad: .files(
      ["families/f.xml": #"<Family name="F"><Screens><Screen type="default" lineSpacing=⟦⟧"1e308"/></Screens></Family>"#],
      reports: [.init("'lineSpacing' must be at most 10000 points, found '1e308'")]),
    good: .files(["families/f.xml": #"<Family name="F"><Screens><Screen type="default" lineSpacing="10"/></Screens></Family>"#]))

  package static var needsCompleteProject: Bool { false }

  /// Insets and spacings (every number of a family that is not a count, ratio or length) that are
  /// not negative (ZL0501's) and still out of range.
  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for n in decl.numbers where NegativeSpacingRule.isSpacing(n) && n.value >= 0 {
        context.bag.add(Message.tooLarge(n.name, found: shortValue(n.text)).diagnostic(at: n.spot))
      }
    }
  }
}

extension Rule {
  public static let spacingTooLarge = SpacingTooLargeRule.rule
}

extension SpacingTooLargeRule {
  package typealias Message = RuleMessage<SpacingTooLargeRule>
}

extension RuleMessage where Owner == SpacingTooLargeRule {
  package static func tooLarge(_ name: String, found: String) -> Self {
    Self("too-large", "'\(name)' must be at most \(format(Metrics.maxLength)) points, found '\(found)'")
  }
}
