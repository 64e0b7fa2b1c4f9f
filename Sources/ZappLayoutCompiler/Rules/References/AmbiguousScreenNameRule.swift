/// ZL0308 ambiguous-screen-name.
enum AmbiguousScreenNameRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0308", name: "ambiguous-screen-name", severity: .error, category: .references,
    summary: "A mapping names a screen by a name that several screens share.",
    explanation: """
      `screen_types.json` may name a screen by its `name` only when the name is unique; otherwise \
      use the screen's `id`.
      """,
    bad: .files([
      "screens/o.json": Example.screen(Example.gridOpening("p"), extra: #", "name": "Details""#),
      "screens/p.json": #"[{"id": "p", "name": "Details", "type": "favorites", "ui_components": []}]"#,
      "screen_types.json": #"{"screen_types": {"show": ⟦⟧"Details"}}"#,
    ]),
    good: .files([
      "screens/o.json": Example.screen(Example.gridOpening("p"), extra: #", "name": "Details""#),
      "screens/p.json": #"[{"id": "p", "name": "Details", "type": "favorites", "ui_components": []}]"#,
      "screen_types.json": #"{"screen_types": {"show": "p"}}"#,
    ]))

  static func check(_ context: RuleContext) {
    guard let mappings = context.project.screenTypes else { return }
    for (_, target) in mappings.screenTypes + mappings.contentTypes where context.project.screen(id: target.value) == nil {
      let byName = context.project.screens(named: target.value)
      guard byName.count > 1 else { continue }
      context.report(
        rule, "screen name '\(target.value)' is shared by \(byName.count) screens; name the screen by its id", at: target.spot,
        notes: byName.map { DiagnosticNote("screen '\($0.id.value)' is named '\(target.value)'", at: $0.name?.spot ?? $0.spot) })
    }
  }
}

extension Rule {
  public static let ambiguousScreenName = AmbiguousScreenNameRule.rule
}
