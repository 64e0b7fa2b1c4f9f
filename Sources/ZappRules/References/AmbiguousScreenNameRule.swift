import ZappDiagnostics
import ZappModel

/// ZL0308 ambiguous-screen-name.
package enum AmbiguousScreenNameRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0308", name: "ambiguous-screen-name", severity: .error, category: .references,
    summary: "A mapping names a screen by a name that several screens share.",
    explanation: """
      `screen_types.json` may name a screen by its `name` only when the name is unique; otherwise \
      use the screen's `id`.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(Example.gridOpening("p"), extra: #", "name": "Details""#),
        "screens/p.json": #"[{"id": "p", "name": "Details", "type": "favorites", "ui_components": []}]"#,
        "screen_types.json": #"{"screen_types": {"show": ⟦⟧"Details"}}"#,
      ],
      reports: [
        .init(
          "screen name 'Details' is shared by 2 screens; name the screen by its id",
          notes: ["screen 'other' is named 'Details'", "screen 'p' is named 'Details'"])
      ]),
    good: .files([
      "screens/o.json": Example.screen(Example.gridOpening("p"), extra: #", "name": "Details""#),
      "screens/p.json": #"[{"id": "p", "name": "Details", "type": "favorites", "ui_components": []}]"#,
      "screen_types.json": #"{"screen_types": {"show": "p"}}"#,
    ]))

  package static func check(_ context: RuleContext) {
    guard let mappings = context.project.screenTypes else { return }
    // Worked out once per name: 2,000 mappings may name one name that 1,000 screens share.
    var wording: [ExactString: (message: String, notes: [DiagnosticNote])?] = [:]
    for target in mappings.targets {
      let key = ExactString(target.value)
      if wording[key] == nil { wording[key] = .some(word(target.value, context.project)) }
      guard let found = wording[key] ?? nil else { continue }
      context.report(rule, found.message, at: target.spot, notes: found.notes)
    }
  }

  /// The message and notes for a mapping that names `name`, or nil when the name is a screen's id or
  /// is not shared; the notes name the first sharing screens and count the rest.
  package static func word(_ name: String, _ project: Project) -> (message: String, notes: [DiagnosticNote])? {
    guard project.screen(id: name) == nil else { return nil }
    // A screen written twice (ZL0404's) is one screen here: the first of each id.
    var ids: Set<ExactString> = []
    let byName = project.screens(named: name).filter { ids.insert(ExactString($0.id.value)).inserted }
    guard byName.count > 1 else { return nil }
    let notes = cappedNotes(
      count: byName.count,
      note: { DiagnosticNote("screen '\(byName[$0].id.value)' is named '\(name)'", at: byName[$0].name?.spot ?? byName[$0].spot) },
      rest: { DiagnosticNote("and \($0) more \($0 == 1 ? "screen is" : "screens are") named '\(name)'") })
    return ("screen name '\(name)' is shared by \(byName.count) screens; name the screen by its id", notes)
  }
}

extension Rule {
  public static let ambiguousScreenName = AmbiguousScreenNameRule.rule
}
