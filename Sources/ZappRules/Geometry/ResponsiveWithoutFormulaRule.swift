import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0506 responsive-without-rule.
package enum ResponsiveWithoutFormulaRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0506", name: "responsive-without-rule", severity: .error, category: .geometry,
    summary:
      "Responsive columns are turned on (for a device class, a window, a component, a cell or a layout) but the family has no `<Responsive>` rule.",
    explanation:
      "Responsive columns need the family's `standardWidth` and `scale`: add `<Responsive standardWidth=\"440\" scale=\"1.2\"/>`.",
    bad: .files(
      ["families/f.xml": #"<Family name="F"><Screens><Screen type="sw600" responsive=⟦⟧"true"/></Screens></Family>"#],
      reports: [.init("responsive columns are turned on here but family 'F' has no <Responsive standardWidth=… scale=…> rule")]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" responsive="true"/></Screens></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.families.values where decl.family.responsive == nil {
      for (spot, _, _) in decl.responsiveSpots {
        context.report(
          rule, "responsive columns are turned on here but family '\(decl.family.name)' has no <Responsive standardWidth=… scale=…> rule",
          at: spot)
      }
    }
  }
}

extension Rule {
  public static let responsiveWithoutFormula = ResponsiveWithoutFormulaRule.rule
}
