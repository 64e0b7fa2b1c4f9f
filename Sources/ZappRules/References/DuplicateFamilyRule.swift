import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0311 duplicate-family.
package enum DuplicateFamilyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0311", name: "duplicate-family", severity: .error, category: .references,
    summary: "Two project families have the same name.",
    explanation: "Family names are unique within a project; rename or remove one of them.",
    bad: .files(
      ["families/a.xml": #"<Family name="MY"/>"#, "families/b.json": #"{"name": ⟦⟧"MY"}"#],
      reports: [.init("family 'MY' is defined twice", notes: ["first defined here"])]),
    good: .files(["families/a.xml": #"<Family name="MY"/>"#, "families/b.json": #"{"name": "MINE"}"#]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    var first: [String: FamilyDecl] = [:]
    for family in context.project.familyDefinitions {
      if let existing = first[family.family.name] {
        context.report(
          rule, "family '\(family.family.name)' is defined twice", at: family.spot,
          notes: [DiagnosticNote("first defined here", at: existing.spot)])
      } else {
        first[family.family.name] = family
      }
    }
  }
}

extension Rule {
  public static let duplicateFamily = DuplicateFamilyRule.rule
}
