/// ZL0408 unreachable-connected-screen.
enum UnreachableConnectedRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0408", name: "unreachable-connected-screen", severity: .error, category: .screens,
    summary: "Nothing can open a connected screen.",
    explanation: """
      A connected screen takes its data from the item that opened it, so something must open it: \
      a `screen_types`/`content_types` mapping, a component's `data.target` or a navigation item.
      """,
    bad: .files(["screens/q.json": #"[{"id": ⟦⟧"lost", "type": "favorites", "data": {"connected": true}, "ui_components": []}]"#]),
    good: .files([
      "screens/q.json": #"[{"id": "lost", "type": "favorites", "data": {"connected": true}, "ui_components": []}]"#,
      "screen_types.json": #"{"screen_types": {"lost": "lost"}}"#,
    ]))

  static var usesScreenGraph: Bool { true }

  static func check(_ context: RuleContext) {
    guard let graph = context.graph else { return }
    for screen in context.project.screens where !screen.isHome && screen.connected {
      guard !graph.isReachableFromRoots(screen) else { continue }
      let (openers, notes) = graph.openerNotes(screen)
      context.report(
        rule,
        openers == 0
          ? "nothing can open connected screen '\(screen.id.value)': no screen_types or content_types mapping, component data.target or navigation item names it"
          : "nothing can open connected screen '\(screen.id.value)': only screens that cannot be reached themselves open it",
        at: screen.id.spot, notes: notes)
    }
  }
}

extension Rule {
  public static let unreachableConnected = UnreachableConnectedRule.rule
}
