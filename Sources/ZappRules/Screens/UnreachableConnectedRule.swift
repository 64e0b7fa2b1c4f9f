import ZappDiagnostics
import ZappModel

/// ZL0408 unreachable-connected-screen.
package enum UnreachableConnectedRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0408", name: "unreachable-connected-screen", severity: .error, category: .screens,
    summary: "Nothing can open a connected screen.",
    explanation: """
      A connected screen takes its data from the item that opened it, so something must open it: \
      a `screen_types`/`content_types` mapping, a component's `data.target` (or its header's or \
      footer's), a navigation item, a hook's `screen_id` or a plugin's `screen_selector` field; or \
      its own `data.parent`, the id of the screen that opens it (one that names no screen is \
      ZL0307). The first screen whose `plugin_type` (else its plugin manifest's `type` on a platform \
      whose bundle is built) is `player` is opened by videos, and the first \
      whose `type` is `webview_screen_qb` by links, unless `content_types` maps that type to a \
      screen. A plugin component that leaves out `data.target` opens its manifest's `initial_value` for it, \
      as its bundle does. A reference that names no screen but is a near miss of this one's id is \
      noted.
      """,
    bad: .files(
      ["screens/q.json": #"[{"id": ⟦⟧"lost", "type": "favorites", "data": {"connected": true}, "ui_components": []}]"#],
      reports: [
        .init(
          "nothing can open connected screen 'lost': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"
        )
      ]),
    good: .files([
      "screens/q.json": #"[{"id": "lost", "type": "favorites", "data": {"connected": true, "parent": "home"}, "ui_components": []}]"#
    ]))

  package static var usesScreenGraph: Bool { true }

  package static func check(_ context: RuleContext) {
    guard let graph = context.graph else { return }
    var causes: [String: [DiagnosticNote]]?
    for screen in context.project.screens where !screen.isHome && screen.connected {
      guard !graph.isReachableFromRoots(screen) else { continue }
      if causes == nil { causes = misspelledOpeners(context) }
      let (openers, found) = graph.openerNotes(screen)
      let notes = found + (causes?[screen.id.value] ?? [])
      context.report(
        rule,
        openers == 0
          ? "nothing can open connected screen '\(screen.id.value)': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"
          : "nothing can open connected screen '\(screen.id.value)': only screens that cannot be reached themselves open it",
        at: screen.id.spot, notes: notes)
    }
  }
  /// Notes at the references that name no screen, by the screen each is a near miss of (its
  /// ZL0307 suggestion): the likely cause of that screen's being unreachable. The first
  /// `diagnosticListLimit` references of a screen get a note each, the rest one note counting them
  /// (a screen renamed in a project of 10,000 screens may be the near miss of thousands).
  package static func misspelledOpeners(_ context: RuleContext) -> [String: [DiagnosticNote]] {
    var notes: [String: [DiagnosticNote]] = [:]
    var more: [String: Int] = [:]
    for reference in unresolvedOpeners(context) {
      guard let id = context.screenIDs.suggestion(for: reference.value) else { continue }
      guard notes[id, default: []].count < diagnosticListLimit else {
        more[id, default: 0] += 1
        continue
      }
      notes[id, default: []].append(DiagnosticNote("'\(reference.value)' would open it if it named '\(id)'", at: reference.spot))
    }
    for (id, count) in more {
      notes[id, default: []].append(
        DiagnosticNote(
          "and \(count) more \(count == 1 ? "reference" : "references") would open it if \(count == 1 ? "it" : "they") named '\(id)'"))
    }
    return notes
  }

  /// The references of `Project.openers(in:)` and the mappings that name neither the id nor the
  /// name of a screen, in the order of the project: the graph's, else looked up alone.
  package static func unresolvedOpeners(_ context: RuleContext) -> [Located<String>] {
    context.graph?.unresolvedOpeners ?? ScreenGraph.walkOpeners(context.project, keepingEdges: false).unresolved
  }
}

extension Rule {
  public static let unreachableConnected = UnreachableConnectedRule.rule
}
