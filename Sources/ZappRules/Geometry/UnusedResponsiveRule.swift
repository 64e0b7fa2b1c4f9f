import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0515 unused-responsive-rule.
package enum UnusedResponsiveRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0515", name: "unused-responsive-rule", severity: .warning, category: .geometry,
    summary: "A family's responsive rule is turned on nowhere.",
    explanation: """
      A family's `<Responsive standardWidth=… scale=…>` rule (`"responsive": {…}` at the top of a \
      JSON family) gives columns only where an entry turns it on with `responsive="true"` (a \
      device class's, a size class's or state's, a component's, a cell's or a layout's entry). \
      A family that holds the rule and turns it on nowhere lays every window out with the \
      columns it writes: a tablet has the phone's 2 columns at 1,024 points, and the rule has no \
      effect. It is a warning at the rule. Turn it on where it is meant to apply \
      (`<Screen type="sw600" responsive="true"/>`), or remove it.
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F">⟦⟧<Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" columns="3"/></Screens></Family>"#
      ], reports: [.init("family 'F' has a responsive rule but no entry turns it on with responsive=\"true\": it has no effect")]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" responsive="true"/></Screens></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.families.values where decl.family.responsive != nil && decl.responsiveSpots.isEmpty {
      context.report(
        rule, "family '\(decl.family.name)' has a responsive rule but no entry turns it on with responsive=\"true\": it has no effect",
        at: decl.responsiveDefinitions.first ?? decl.spot)
    }
  }
}

extension Rule {
  public static let unusedResponsive = UnusedResponsiveRule.rule
}
