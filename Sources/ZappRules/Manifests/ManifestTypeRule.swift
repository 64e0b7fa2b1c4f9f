import ZappDiagnostics
import ZappModel

/// ZL0609 manifest-type.
package enum ManifestTypeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0609", name: "manifest-type", severity: .warning, category: .manifests,
    summary: "A manifest `type` the Zapp builder is not known to offer.",
    explanation: """
      Known plugin types are player, menu, nav_bar, nav_item, analytics, article, advertisement, \
      payments, auth_provider, push_provider, ui_component, login, data_source_provider, \
      broadcaster_selector, general, cell_style_family, cell_builder, video_advertisement and \
      player_overlay (zappifest's list, plus `nav_item`, which Applicaster's published QuickBrick \
      manifests use). `zappifest publish` does not check `type`, so another value is a warning, \
      as a plugin may be of a type zlc does not know. One within a typo of one known type \
      (`ui_componnet`) is an error with the fix: a component's manifest of a misspelled type is \
      no component, and its screens' components are then each reported as of an unknown type. \
      One as near two known types (`nav_itar`) stays a warning with a hint.
      """,
    bad: .files(
      ["components/m.json": Example.manifest("", type: "⟦⟧ui_componnet")],
      reports: [
        .init(
          "unknown plugin type 'ui_componnet' (zappifest publish accepts it; known types: \(ManifestTypeRule.pluginTypes.joined(separator: ", ")))",
          fixIt: #""ui_component""#)
      ]),
    good: .files(["components/m.json": Example.manifest("", type: "ui_component")]))

  package static let pluginTypes = [
    "player", "menu", "nav_bar", "nav_item", "analytics", "article", "advertisement", "payments", "auth_provider",
    "push_provider", "ui_component", "login", "data_source_provider", "broadcaster_selector", "general",
    "cell_style_family", "cell_builder", "video_advertisement", "player_overlay",
  ]

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      guard let v = m.typeName, !pluginTypes.contains(v.value) else { continue }
      let fix = FixIt.didYouMean(for: v.value, among: pluginTypes, at: v.spot)
      context.report(
        rule, "unknown plugin type '\(v.value)' (zappifest publish accepts it; known types: \(pluginTypes.joined(separator: ", ")))",
        at: v.spot, fixIt: fix, severity: fix?.range == nil ? nil : .error)
    }
  }
}

extension Rule {
  public static let manifestType = ManifestTypeRule.rule
}
