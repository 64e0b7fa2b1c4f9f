import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0504 invalid-shape.
package enum InvalidShapeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0504", name: "invalid-shape", severity: .error, category: .geometry,
    summary: "A cell ratio, width or height is zero, negative or out of range.",
    explanation:
      "`aspectCellRatio`, `cellWidth`, `cellHeight`, `widthRatio`, `scale`, `standardWidth` and header heights are positive numbers, within bounds that keep every length the arithmetic computes finite: `aspectCellRatio` and `scale` from 0.01 to 100, cell sizes and header heights from 0.01 to 10,000 points, `standardWidth` from 1 to 10,000, and `widthRatio` from 0.001 (a row holds at most 1,000 items) to below 1.",
    bad: .files(
      ["families/f.xml": #"<Family name="F"><Screens><Screen type="default" aspectCellRatio=⟦⟧"0"/></Screens></Family>"#],
      reports: [.init("'aspectCellRatio' must be from 0.01 to 100, found '0'")]),
    good: .files(["families/f.xml": #"<Family name="F"><Screens><Screen type="default" aspectCellRatio="1.78"/></Screens></Family>"#]))

  package static let names: Set<String> = FamilyNumber.lengths.union(["aspectCellRatio", "scale", "standardWidth", "widthRatio"])

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for n in decl.numbers where n.isNumber && !n.isInRange && names.contains(n.name) { context.report(rule, message(n), at: n.spot) }
    }
  }

  package static func message(_ n: FamilyNumber) -> String {
    switch n.name {
    case "widthRatio": return "'widthRatio' must be from \(Metrics.minWidthRatio) to below 1, found '\(shortValue(n.text))'"
    case "aspectCellRatio", "scale":
      return
        "'\(n.name)' must be from \(format(Metrics.ratioRange.lowerBound)) to \(format(Metrics.ratioRange.upperBound)), found '\(shortValue(n.text))'"
    case "standardWidth": return "'standardWidth' must be from 1 to \(format(Metrics.maxLength)), found '\(shortValue(n.text))'"
    default: return "'\(n.name)' must be from 0.01 to \(format(Metrics.maxLength)) points, found '\(shortValue(n.text))'"
    }
  }
}

extension Rule {
  public static let invalidShape = InvalidShapeRule.rule
}
