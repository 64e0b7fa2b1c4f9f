import ZappDiagnostics
import ZappModel

/// ZL0301 unknown-family.
package enum UnknownFamilyRule: ScreenRule, ComponentRule {
  package static let rule = Rule(
    code: "ZL0301", name: "unknown-family", severity: .error, category: .references,
    summary: "A family that no family file defines.",
    explanation: """
      `styles.family` on a screen or component must name a built-in family or one in the \
      project's `families/` folder.
      """,
    bad: .files(
      ["screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": ⟦⟧"FAMILY_9"}, "ui_components": []}]"#],
      reports: [.init("unknown family 'FAMILY_9'", notes: ["family 'FAMILY_1' is defined here"], fixIt: #""FAMILY_1""#)]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": "FAMILY_2"}, "ui_components": []}]"#]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`).
  package static let checksFamilyReferences = true

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    if let family = screen.family { check(family, context) }
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
