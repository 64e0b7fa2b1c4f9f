import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0312 unknown-screen-plugin.
package enum UnknownScreenPluginRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0312", name: "unknown-screen-plugin", severity: .error, category: .references,
    summary: "A screen type that no screen-plugin manifest declares.",
    explanation: """
      A screen whose `type` is neither `general_content` nor `favorites` is a screen plugin: its \
      type must be the identifier of a manifest with `"screen": true` in `components/`. For an \
      app of several platforms, so must the plugin's manifest for each platform: a platform whose \
      manifest does not say so has no screen plugin of that identifier, and the screen opens \
      nothing there; it is reported at the screen's type, naming those platforms.
      """,
    bad: .files(
      ["screens/o.json": #"[{"id": "other", "type": ⟦⟧"setings", "ui_components": []}]"#],
      reports: [.init("screen type 'setings' is neither general_content, favorites nor a declared screen plugin")]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard screen.isPluginScreen else { return }
    let project = context.project
    if let manifest = project.manifest(for: screen.type.value) {
      // The bundles of some platforms may be built with a manifest of theirs that is no screen
      // plugin, while the others' is one: those platforms are named.
      let uses = project.bundleManifests(for: screen.type.value)
      let refusing = uses.filter { !$0.manifest.isScreen }
      if !refusing.isEmpty, refusing.count < uses.count, refusing.allSatisfy({ !$0.platforms.isEmpty }) {
        context.report(
          rule,
          "'\(screen.type.value)' is not a screen plugin on \(summarizedList(refusing.flatMap(\.platforms))) (its manifest there does not say \"screen\": true)",
          at: screen.type.spot,
          notes: refusing.map { use in
            DiagnosticNote(
              "the manifest for \(use.platforms.joined(separator: ", "))",
              at: use.manifest.value["screen"]?.spot ?? use.manifest.identifier?.spot ?? use.manifest.spot)
          })
      } else if !manifest.isScreen {
        context.report(
          rule, "'\(screen.type.value)' is a plugin but not a screen plugin (its manifest does not say \"screen\": true)",
          at: screen.type.spot, notes: [DiagnosticNote("declared here", at: manifest.identifier?.spot ?? manifest.spot)])
      }
      return
    }
    let screenPlugins = project.manifests.filter(\.isScreen).compactMap { $0.identifier?.value } + ResolvedScreen.zappTypes
    let suggestion = nearest(to: screen.type.value, in: screenPlugins)
    context.report(
      rule,
      "screen type '\(screen.type.value)' is neither general_content, favorites nor a declared screen plugin",
      at: screen.type.spot,
      notes: suggestion.map(\.text).flatMap { s in
        project.manifest(for: s).map { [DiagnosticNote("'\(s)' is declared here", at: $0.identifier?.spot ?? $0.spot)] }
      } ?? [], fixIt: .didYouMean(suggestion, forName: screen.type.value, at: screen.type.spot))
  }
}

extension Rule {
  public static let unknownScreenPlugin = UnknownScreenPluginRule.rule
}
