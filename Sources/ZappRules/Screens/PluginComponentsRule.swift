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

  /// Each platform's manifest of the screen plugin, as its bundle is built: a finding of some
  /// platforms names them and the platforms whose manifests let the screen hold components.
  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard screen.isPluginScreen, !screen.components.isEmpty else { return }
    let uses = context.project.bundleManifests(for: screen.type.value).filter(\.manifest.isScreen)
    let refusing = uses.filter { !$0.manifest.canHaveComponents }
    guard !refusing.isEmpty else { return }
    let holding = uses.filter(\.manifest.canHaveComponents).flatMap(\.platforms)
    let plugin = "screen plugin '\(screen.type.value)' cannot hold components"
    let message =
      holding.isEmpty
      ? plugin + " (its manifest does not set characteristics.can_have_components)"
      : plugin + " on \(refusing.flatMap(\.platforms).joined(separator: ", ")) (its manifest there does not set "
        + "characteristics.can_have_components; the manifests of \(holding.joined(separator: ", ")) set it)"
    context.report(
      rule, message, at: screen.componentsSpot ?? screen.spot,
      notes: refusing.map { DiagnosticNote("declared here", at: $0.manifest.identifier?.spot ?? $0.manifest.spot) })
  }
}

extension Rule {
  public static let pluginComponents = PluginComponentsRule.rule
}
