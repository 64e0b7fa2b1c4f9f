import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0310 family-replaced.
package enum FamilyReplacedRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0310", name: "family-replaced", severity: .note, category: .references,
    summary: "A project family replaces a built-in family of the same name.",
    explanation: """
      A family in the project's `families/` folder with the name of a built-in family replaces it \
      for this project. This is allowed; zlc says so in case it was not intended.
      """,
    bad: .files(
      ["families/FAMILY_2.xml": #"<Family name=⟦⟧"FAMILY_2"/>"#],
      reports: [.init("family 'FAMILY_2' replaces the built-in family of the same name", notes: ["the built-in family"])]),
    good: .files(["families/MY_FAMILY.xml": #"<Family name="MY_FAMILY"/>"#]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    var seen: Set<String> = []
    for family in context.project.familyDefinitions where seen.insert(family.family.name).inserted {
      guard let builtin = context.project.builtinFamilies[family.family.name] else { continue }
      context.report(
        rule, "family '\(family.family.name)' replaces the built-in family of the same name", at: family.spot,
        notes: [DiagnosticNote("the built-in family", at: builtin.spot)])
    }
  }
}

extension Rule {
  public static let familyReplaced = FamilyReplacedRule.rule
}
