import ZappDiagnostics
import ZappModel

/// ZL0414 plugin-screen-components.
package enum PluginComponentsRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0414", name: "plugin-screen-components", severity: .error, category: .screens,
    summary: "A screen plugin that cannot hold components has components.",
    explanation: """
      Only `general_content`, `favorites` and screen plugins whose manifest sets \
      `characteristics.can_have_components` to true hold `ui_components`.
      """,
    bad: .files(
      [
        "components/s.json": Example.manifest(#", "screen": true"#, identifier: "settings_screen", type: "general"),
        "screens/o.json":
          #"[{"id": "other", "type": "settings_screen", "styles": {"family": "FAMILY_1"}, "ui_components": ⟦⟧[\#(Example.grid)]}]"#,
      ],
      reports: [
        .init(
          "screen plugin 'settings_screen' cannot hold components (its manifest does not set characteristics.can_have_components)",
          notes: ["declared here"])
      ]),
    good: .files([
      "components/s.json": Example.manifest(#", "screen": true"#, identifier: "settings_screen", type: "general"),
      "screens/o.json": #"[{"id": "other", "type": "settings_screen", "ui_components": []}]"#,
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard screen.isPluginScreen, let manifest = context.project.manifest(for: screen.type.value), manifest.isScreen,
      !manifest.canHaveComponents, !screen.components.isEmpty
    else { return }
    context.report(
      rule, "screen plugin '\(screen.type.value)' cannot hold components (its manifest does not set characteristics.can_have_components)",
      at: screen.componentsSpot ?? screen.spot, notes: [DiagnosticNote("declared here", at: manifest.identifier?.spot ?? manifest.spot)])
  }
}

extension Rule {
  public static let pluginComponents = PluginComponentsRule.rule
}
