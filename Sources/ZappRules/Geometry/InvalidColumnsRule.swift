import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0502 invalid-columns.
package enum InvalidColumnsRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0502", name: "invalid-columns", severity: .error, category: .geometry,
    summary: "`columns` or `smallItems` is not a whole number from 1 to 1,000.",
    explanation:
      "A component or cell has one or more columns, and a one_and_n layout one or more small items; zlc accepts at most 1,000 of either.",
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Components><Component type="grid" columns=⟦⟧"0"><Cell name="G"/></Component></Components></Family>"#
      ], reports: [.init("'columns' must be a whole number from 1 to 1000, found '0'")]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Components><Component type="grid" columns="2"><Cell name="G"/></Component></Components></Family>"#
    ]))

  package static let names: Set<String> = ["columns", "smallItems"]

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for n in decl.numbers where n.isNumber && !n.isInRange && names.contains(n.name) {
        context.report(
          rule, "'\(n.name)' must be a whole number from 1 to \(Metrics.maxColumns), found '\(shortValue(n.text))'", at: n.spot)
      }
    }
  }
}

extension Rule {
  public static let invalidColumns = InvalidColumnsRule.rule
}
