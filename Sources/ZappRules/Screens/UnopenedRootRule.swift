import ZappDiagnostics
import ZappModel

/// ZL0409 unopened-root-screen.
package enum UnopenedRootRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0409", name: "unopened-root-screen", severity: .warning, category: .screens,
    summary: "Nothing opens a root screen other than home.",
    explanation: """
      A root screen that no navigation item, component target, hook \
      (`hooks.preload_plugins[].screen_id`), plugin field of type `screen_selector` (ZL0322) or \
      mapping opens, and whose `data.parent` names no screen, is never shown (a plugin component that leaves out `data.target` opens its \
      manifest's `initial_value` for it). Add it to a menu or remove it. The app opens the home screen \
      and the offline home (`home_offline: true`) itself, and feed items open a screen with a \
      `ui_tag`, the first screen whose `plugin_type` (else its plugin manifest's `type` on a platform \
      whose bundle is built) is `player` (videos) and the first whose \
      `type` is `webview_screen_qb` (links), unless `content_types` maps their type to a screen.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(Example.grid), "screens/q.json": #"[{"id": ⟦⟧"lost", "type": "favorites", "ui_components": []}]"#,
      ],
      reports: [
        .init(
          "nothing opens root screen 'lost': no navigation item, component or header target, hook, screen_selector field or mapping names it"
        )
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        Example.grid, extra: #", "hooks": {"preload_plugins": [{"identifier": "age_gate", "screen_id": "lost"}]}"#),
      "screens/q.json": #"[{"id": "lost", "type": "favorites", "ui_components": []}]"#,
    ]))

  package static var usesScreenGraph: Bool { true }

  package static func check(_ context: RuleContext) {
    // Without a home screen, ZL0405 says what is wrong; nothing is reachable.
    guard let graph = context.graph, graph.hasHome else { return }
    var causes: [String: [DiagnosticNote]]?
    for screen in context.project.screens where !screen.isHome && !screen.connected {
      guard !graph.isReachableFromEntries(screen) else { continue }
      if causes == nil { causes = UnreachableConnectedRule.misspelledOpeners(context) }
      let (openers, found) = graph.openerNotes(screen)
      let notes = found + (causes?[screen.id.value] ?? [])
      context.report(
        rule,
        openers == 0
          ? "nothing opens root screen '\(screen.id.value)': no navigation item, component or header target, hook, screen_selector field or mapping names it"
          : "nothing reachable from the home screen or a mapping opens root screen '\(screen.id.value)'",
        at: screen.id.spot, notes: notes)
    }
  }
}

extension Rule {
  public static let unopenedRoot = UnopenedRootRule.rule
}
