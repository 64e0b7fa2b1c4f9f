import ZappDiagnostics
import ZappModel

/// ZL0411 group-content.
package enum GroupContentRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0411", name: "group-content", severity: .error, category: .screens,
    summary: "A group holds a component that cannot stand in a group, or a screen one that stands only in groups.",
    explanation: """
      A component may stand in a group only when its manifest's `characteristics.appearance` \
      includes `group`, and directly on a screen only when it includes `screen` (the default for \
      ui_components is both). The builder places components where their appearance allows; a \
      file edited by hand may not.
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(#", "characteristics": {"appearance": ["screen"]}"#),
        "screens/o.json": Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"x"}]}"#),
      ], reports: [.init("'x' cannot stand in a group: its manifest's appearance is [screen]", notes: ["declared here"])]),
    good: .files([
      "components/m.json": Example.manifest(#", "characteristics": {"appearance": ["group", "screen"]}"#),
      "screens/o.json": Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": "x"}]}"#),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let project = context.project
    let c = visit.component
    if project.isGroup(visit.type) {
      for child in c.children {
        guard let m = project.manifest(for: child.typeName), !m.appearance.contains("group"), !project.isGroup(child.typeName) else {
          continue
        }
        context.report(
          rule, "'\(child.typeName)' cannot stand in a group: its manifest's appearance is [\(summarizedList(m.appearance))]",
          at: child.type.spot, notes: [DiagnosticNote("declared here", at: m.identifier?.spot ?? m.spot)])
      }
    } else if !c.children.isEmpty, let nested = c.childrenSpot {
      context.report(rule, "'\(visit.type)' is not a group and cannot hold components", at: nested)
    }
    if !visit.inGroup, let m = project.manifest(for: visit.type), !m.appearance.contains("screen"), !project.isGroup(visit.type) {
      context.report(
        rule, "'\(visit.type)' stands only in a group: its manifest's appearance is [\(summarizedList(m.appearance))]",
        at: c.type.spot, notes: [DiagnosticNote("declared here", at: m.identifier?.spot ?? m.spot)])
    }
  }
}

extension Rule {
  public static let groupContent = GroupContentRule.rule
}
