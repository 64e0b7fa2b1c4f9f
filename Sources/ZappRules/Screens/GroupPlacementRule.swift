import ZappDiagnostics
import ZappModel

/// ZL0412 group-placement.
package enum GroupPlacementRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0412", name: "group-placement", severity: .error, category: .screens,
    summary: "A group stands inside another group.",
    explanation: """
      A group can only be placed on a screen, not inside another group. A plugin whose manifest \
      makes it a group on some platforms only is reported on those, and a group inside such a \
      plugin on those where the plugin is one: a finding only some platforms make names them.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"group", "ui_components": [\#(Example.grid)]}]}"#)
      ], reports: [.init("a group cannot stand inside another group")]),
    good: .files(["screens/o.json": Example.screen(#"{"component_type": "group", "ui_components": [\#(Example.grid)]}"#)]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.inGroup else { return }
    // The platforms whose bundles draw it inside a group and make it one (nil: every platform's);
    // a finding only some platforms make names them.
    guard let platforms = visit.drawnGroupPlatforms else {
      return context.report(rule, "a group cannot stand inside another group", at: visit.component.type.spot)
    }
    guard !platforms.isEmpty else { return }
    let qualifier = platforms.count < context.project.bundlePlatforms.count ? " (on \(platforms.joined(separator: ", ")))" : ""
    context.report(rule, "a group cannot stand inside another group" + qualifier, at: visit.component.type.spot)
  }
}

extension Rule {
  public static let groupPlacement = GroupPlacementRule.rule
}
