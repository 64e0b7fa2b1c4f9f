import ZappDiagnostics
import ZappModel

/// ZL0321 screen-type-shadows-id.
package enum ScreenTypeShadowsIDRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0321", name: "screen-type-shadows-id", severity: .warning, category: .references,
    summary: "A `screen_types` key is the id or the name of another screen than the one it maps to.",
    explanation: """
      A child whose `screen_type` is a key of `screen_types` opens the screen the key maps to; \
      only a `screen_type` without a mapping opens the screen of that id. A key that is another \
      screen's id (`{"show": "season", "season": "show"}`), or, where no screen has that id, \
      the name of one screen other than the mapped one, sends a child with that `screen_type` to \
      the mapped screen, while `zlc map` and a preview feed named after the key take the screen \
      of that id or name: the project means two screens by one word. Rename the key, or map it to \
      the screen of that id or name.
      """,
    bad: .files(
      [
        "screens/p.json": Example.screen(Example.grid, id: "p"),
        "screen_types.json": #"{"screen_types": {⟦⟧"other": "p"}}"#,
      ],
      reports: [
        .init(
          "screen_type 'other' maps to screen 'p' but is the id of screen 'other'",
          notes: [
            "screen 'other' is defined here",
            "a child with screen_type 'other' opens 'p'; `zlc map other` and a preview feed named other.json take 'other'",
          ])
      ]),
    good: .files([
      "screens/p.json": Example.screen(Example.grid, id: "p"),
      "screen_types.json": #"{"screen_types": {"details": "p"}}"#,
    ]))

  /// Each `screen_types` key that is the id of a screen other than the one the key maps to, or,
  /// where no screen has that id, the name of one such screen (`Driver.findScreen` takes a name
  /// only when one screen has it). A mapping that names no screen, or a name several share, is
  /// ZL0307's or ZL0308's.
  package static func check(_ context: RuleContext) {
    let project = context.project
    guard let mappings = project.screenTypes else { return }
    for mapping in mappings.screenTypes {
      let byID = project.screen(id: mapping.key)
      guard let shadowed = byID ?? project.screen(named: mapping.key), let mapped = project.screen(named: mapping.target.value),
        ExactString(mapped.id.value) != ExactString(shadowed.id.value)
      else { continue }
      let key = mapping.key
      let taken =
        "a child with screen_type '\(key)' opens '\(mapped.id.value)'; `zlc map \(key)` and a preview feed named \(key).json take '\(shadowed.id.value)'"
      if byID != nil {
        let notes = [DiagnosticNote("screen '\(shadowed.id.value)' is defined here", at: shadowed.id.spot), DiagnosticNote(taken)]
        context.bag.add(Message.shadowsID(key, mapsTo: mapped.id.value).diagnostic(at: mapping.keySpot, notes: notes))
      } else {
        let notes = [DiagnosticNote("screen '\(shadowed.id.value)' has this name", at: shadowed.name?.spot), DiagnosticNote(taken)]
        context.bag.add(
          Message.shadowsName(key, mapsTo: mapped.id.value, named: shadowed.id.value).diagnostic(at: mapping.keySpot, notes: notes))
      }
    }
  }
}

extension Rule {
  public static let screenTypeShadowsID = ScreenTypeShadowsIDRule.rule
}

extension ScreenTypeShadowsIDRule {
  package typealias Message = RuleMessage<ScreenTypeShadowsIDRule>
}

extension RuleMessage where Owner == ScreenTypeShadowsIDRule {
  package static func shadowsID(_ key: String, mapsTo screen: String) -> Self {
    Self("shadows-id", "screen_type '\(key)' maps to screen '\(screen)' but is the id of screen '\(key)'")
  }

  package static func shadowsName(_ key: String, mapsTo screen: String, named other: String) -> Self {
    Self("shadows-name", "screen_type '\(key)' maps to screen '\(screen)' but is the name of screen '\(other)'")
  }
}
