import ZappDiagnostics
import ZappModel

/// ZL0323 unknown-hook-plugin.
package enum UnknownHookPluginRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0323", name: "unknown-hook-plugin", severity: .warning, category: .references,
    summary: "A hook's plugin identifier is a near miss of a manifest's.",
    explanation: """
      A screen's hooks (`hooks.preload_plugins`, `hooks.postload_plugins`) name their plugins by \
      `identifier`. A hook plugin often has no manifest in the project, so an identifier that \
      no manifest declares is not reported, unless it is within the suggestion limit of one \
      that a manifest does: that is most likely a misspelling of the plugin the project \
      declares, which the hook would then not name. The did-you-mean is a hint that `--fix` \
      does not apply: a plugin's identifiers on Quick Brick differ from its native ones by a \
      few letters (`parent-lock` and `parent-lock-qb`), and either may be the one meant.
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
      "components/g.json": Example.manifest("", identifier: "age_gate", type: "general"),
      "screens/o.json": Example.screen(
        Example.grid, extra: #", "hooks": {"preload_plugins": [{"identifier": "age_gate"}, {"identifier": "analytics_hook"}]}"#),
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let hooks = screen.value["hooks"], hooks.kind == .object else { return }
    let project = context.project
    var identifiers: [String]?
    for key in ["preload_plugins", "postload_plugins"] {
      for hook in hooks[key]?.elements ?? [] {
        guard let identifier = hook["identifier"]?.nonEmptyString, project.manifest(for: identifier.value) == nil else { continue }
        if identifiers == nil { identifiers = project.manifests.compactMap { $0.identifier?.value } }
        guard let suggestion = nearest(to: identifier.value, in: identifiers ?? []) else { continue }
        let declared = project.manifest(for: suggestion.text).map {
          [DiagnosticNote("'\(suggestion.text)' is declared here", at: $0.identifier?.spot ?? $0.spot)]
        }
        var hint = FixIt.didYouMean(suggestion, at: identifier.spot)
        hint?.range = nil
        context.report(
          rule, "hook plugin '\(identifier.value)' is not the identifier of any manifest", at: identifier.spot, notes: declared ?? [],
          fixIt: hint)
      }
    }
  }
}

extension Rule {
  public static let unknownHookPlugin = UnknownHookPluginRule.rule
}
