import ZappDiagnostics
import ZappModel

/// ZL0323 unknown-hook-plugin.
package enum UnknownHookPluginRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0323", name: "unknown-hook-plugin", severity: .warning, category: .references,
    summary: "A hook's plugin identifier is a near miss of a manifest's, or names a plugin that declares no hook.",
    explanation: """
      A screen's hooks (`hooks.preload_plugins`, `hooks.postload_plugins`) name their plugins by \
      `identifier`. A hook plugin often has no manifest in the project, so an identifier that \
      no manifest declares is not reported, unless it is within the suggestion limit of one \
      that a manifest does: that is most likely a misspelling of the plugin the project \
      declares, which the hook would then not name. The did-you-mean is a hint that `--fix` \
      does not apply: a plugin's identifiers on Quick Brick differ from its native ones by a \
      few letters (`parent-lock` and `parent-lock-qb`), and either may be the one meant. A hook \
      that names a manifest of the project of a kind that runs as a hook only when it declares \
      one (a `ui_component`, a `player`, an `analytics` plugin, a cell style family…) but \
      declares none (neither `preload` nor `postload` is `true`) names the wrong kind of plugin: \
      the plugin has no hook to run. A `general`, `login` or other plugin passes without them: \
      such plugins run as hooks their manifests do not declare (a playback prehook).
      """,
    bad: .files(
      [
        "components/g.json": Example.manifest("", identifier: "age_gate", type: "general"),
        "screens/o.json": Example.screen(Example.grid, extra: #", "hooks": {"preload_plugins": [{"identifier": ⟦⟧"age_gat"}]}"#),
      ],
      reports: [
        .init("hook plugin 'age_gat' is not the identifier of any manifest", notes: ["'age_gate' is declared here"], fixIt: #""age_gate""#)
      ]),
    good: .files([
      "components/g.json": Example.manifest(#", "preload": true"#, identifier: "age_gate", type: "general"),
      "screens/o.json": Example.screen(
        Example.grid, extra: #", "hooks": {"preload_plugins": [{"identifier": "age_gate"}, {"identifier": "analytics_hook"}]}"#),
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let hooks = screen.value["hooks"], hooks.kind == .object else { return }
    let project = context.project
    var identifiers: [String]?
    for key in ["preload_plugins", "postload_plugins"] {
      for hook in hooks[key]?.elements ?? [] {
        guard let identifier = hook["identifier"]?.nonEmptyString else { continue }
        if let manifest = project.manifest(for: identifier.value) {
          checkDeclaresAHook(manifest, identifier, context)
          continue
        }
        if identifiers == nil { identifiers = project.manifests.compactMap { $0.identifier?.value } }
        guard let suggestion = nearest(to: identifier.value, in: identifiers ?? []) else { continue }
        let declared = project.manifest(for: suggestion.text).map {
          [DiagnosticNote("'\(suggestion.text)' is declared here", at: $0.identifier?.spot ?? $0.spot)]
        }
        var hint = FixIt.didYouMean(suggestion, forName: identifier.value, at: identifier.spot)
        hint?.range = nil
        context.report(
          rule, "hook plugin '\(identifier.value)' is not the identifier of any manifest", at: identifier.spot, notes: declared ?? [],
          fixIt: hint)
      }
    }
  }
}

extension UnknownHookPluginRule {
  /// The plugin types that run as a hook only when their manifest declares one. A `general`,
  /// `login`, `auth_provider` or `payments` plugin may run as one without (a playback prehook).
  static let hookOnlyWhenDeclared: Set<String> = [
    "ui_component", "player", "analytics", "cell_style_family", "cell_builder", "nav_bar", "menu", "nav_item",
    "data_source_provider", "player_overlay", "video_advertisement",
  ]

  /// A hook's plugin whose manifest sets neither `preload` nor `postload` to true.
  fileprivate static func checkDeclaresAHook(_ manifest: ManifestDecl, _ identifier: Located<String>, _ context: RuleContext) {
    func declares(_ key: String) -> Bool {
      guard let value = manifest.value[key] else { return false }
      return value.bool == true || value.string == "true"
    }
    // A delivered manifest keeps only the keys the build pipeline keeps: it may have lost them.
    guard !manifest.isDelivered, let type = manifest.type, hookOnlyWhenDeclared.contains(type),
      !declares("preload"), !declares("postload")
    else { return }
    let kind = "a '\(type)' plugin"
    context.report(
      rule,
      "hook plugin '\(identifier.value)' is \(kind) that declares no hook: its manifest sets neither 'preload' nor 'postload' to true",
      at: identifier.spot, notes: [DiagnosticNote("'\(identifier.value)' is declared here", at: manifest.identifier?.spot ?? manifest.spot)]
    )
  }
}

extension Rule {
  public static let unknownHookPlugin = UnknownHookPluginRule.rule
}
