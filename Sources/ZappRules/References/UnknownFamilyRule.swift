import ZappDiagnostics
import ZappModel

/// ZL0301 unknown-family.
package enum UnknownFamilyRule: ScreenRule, ComponentRule {
  package static let rule = Rule(
    code: "ZL0301", name: "unknown-family", severity: .error, category: .references,
    summary: "A family that no family file defines.",
    explanation: """
      `styles.family` on a screen or component must name a built-in family or one in the \
      project's `families/` folder; so must the family a screen plugin's manifest fills in \
      (`initial_value` of `styles.family`) for a screen that names none, as the bundle names it.
      """,
    bad: .files(
      ["screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": ⟦⟧"FAMILY_9"}, "ui_components": []}]"#],
      reports: [.init("unknown family 'FAMILY_9'", notes: ["family 'FAMILY_1' is defined here"], fixIt: #""FAMILY_1""#)]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": "FAMILY_2"}, "ui_components": []}]"#]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`).
  package static let checksFamilyReferences = true

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    if let family = screen.family {
      check(family, context)
    } else if screen.isPluginScreen, !screen.writesFamily {
      checkFilledFamilies(of: screen, context)
    }
  }

  /// A screen plugin's screen that names no family is read with the one its manifest fills in
  /// (`initial_value` of `styles.family`), as each platform's bundle writes it in `plugin_values`:
  /// one no family file defines is reported at the screen's type, with a note at the manifest
  /// (the first that fills it in), once for the platforms whose manifests fill in that name.
  private static func checkFilledFamilies(of screen: ScreenDecl, _ context: RuleContext) {
    let families = context.project.families
    let all = context.project.bundleManifests(for: screen.type.value).flatMap(\.platforms)
    for (name, filled, platforms) in context.project.pluginScreenFamilies(of: screen) where families[name] == nil {
      guard let filled else { continue }
      let on = platforms.count < all.count ? " (on \(platforms.joined(separator: ", ")))" : ""
      var notes = [DiagnosticNote("the manifest fills in 'styles.family' here", at: filled.spot)]
      if let near = context.project.familyNameIndex.nearest(to: name), let defined = families[near.text] {
        notes.append(DiagnosticNote("family '\(near.text)' is defined here", at: defined.spot))
      }
      context.report(
        rule,
        "screen '\(screen.id.value)' names no family, so it is read with family '\(name)' that its manifest fills in, which no family file defines\(on)",
        at: screen.type.spot, notes: notes)
    }
  }

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    if let own = visit.ownFamily { check(own, context) }
  }

  package static func check(_ family: Located<String>, _ context: RuleContext) {
    let families = context.project.families
    guard families[family.value] == nil else { return }
    let suggestion = context.project.familyNameIndex.nearest(to: family.value)
    // A built-in family no project file replaces is a name zlc gives, not the project.
    let builtin: Set<String> = suggestion.flatMap { families[$0.text]?.isBuiltin == true ? [$0.text] : nil } ?? []
    context.report(
      rule, "unknown family '\(family.value)'", at: family.spot,
      notes: suggestion.map(\.text).flatMap { s in families[s].map { [DiagnosticNote("family '\(s)' is defined here", at: $0.spot)] } }
        ?? [],
      fixIt: .didYouMean(suggestion, forName: family.value, except: builtin, at: family.spot))
  }
}

extension Rule {
  public static let unknownFamily = UnknownFamilyRule.rule
}
