import ZappDiagnostics
import ZappModel

/// ZL0412 group-placement.
package enum GroupPlacementRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0412", name: "group-placement", severity: .error, category: .screens,
    summary: "A group stands inside another group.",
    explanation: """
      A group can only be placed on a screen, not inside another group. A plugin whose manifest \
      makes it a group on some platforms only is reported on those, and the finding names them.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"group", "ui_components": [\#(Example.grid)]}]}"#)
      ], reports: [.init("a group cannot stand inside another group")]),
    good: .files(["screens/o.json": Example.screen(#"{"component_type": "group", "ui_components": [\#(Example.grid)]}"#)]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.inGroup else { return }
    // A plugin that is a group on some platforms only: the finding names them.
    if let platforms = visit.groupPlatforms {
      context.report(
        rule, "a group cannot stand inside another group (on \(platforms.joined(separator: ", ")))", at: visit.component.type.spot)
    } else if visit.isGroup {
      context.report(rule, "a group cannot stand inside another group", at: visit.component.type.spot)
    }
  }
}

extension Rule {
  public static let groupPlacement = GroupPlacementRule.rule
}
