import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0320 unused-family.
package enum UnusedFamilyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0320", name: "unused-family", severity: .warning, category: .references,
    summary: "A project family that no screen uses, named like one that screens use.",
    explanation: """
      A family in the project's `families/` folder that no screen or component names, while its \
      name is a near miss of a family that they do name, is most likely misspelled: the screens \
      are drawn with the other family, and this one's values reach no bundle. Rename the family \
      or the screens' `styles.family`, or remove the file. A family named as a built-in one \
      replaces it (ZL0310) and is not reported.
      """,
    bad: .files(
      [
        "families/f.xml": #"<Family name=⟦⟧"FAMILY_l"/>"#,
        "screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": "FAMILY_1"}, "ui_components": []}]"#,
      ],
      reports: [
        .init(
          "family 'FAMILY_l' is used by no screen or component; the screens use 'FAMILY_1'",
          notes: ["family 'FAMILY_1' is defined here"])
      ]),
    good: .files([
      "families/f.xml": #"<Family name="FAMILY_L"/>"#,
      "screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": "FAMILY_L"}, "ui_components": []}]"#,
    ]))

  package static func check(_ context: RuleContext) {
    let project = context.project
    let names = Set(project.families.keys).union(project.builtinFamilies.keys).sorted()
    // Project families named like another family: usually none, and then no screen is read.
    var suspects: [FamilyDecl] = []
    var seen: Set<String> = []
    for family in project.familyDefinitions where seen.insert(family.family.name).inserted {
      let name = family.family.name
      // A family named as a built-in one replaces it (ZL0310): no misspelling.
      guard project.builtinFamilies[name] == nil else { continue }
      if nearest(to: name, in: names.filter { $0 != name }) != nil { suspects.append(family) }
    }
    guard !suspects.isEmpty else { return }
    let used = usedFamilyNames(project)
    for family in suspects where !used.contains(family.family.name) {
      guard let near = nearest(to: family.family.name, in: used.sorted())?.text else { continue }
      let other = project.families[near] ?? project.builtinFamilies[near]
      context.report(
        rule, "family '\(family.family.name)' is used by no screen or component; the screens use '\(near)'",
        at: family.spot, notes: other.map { [DiagnosticNote("family '\(near)' is defined here", at: $0.spot)] } ?? [])
    }
  }

  /// The family names that screens and components (at any depth) write in `styles.family`.
  private static func usedFamilyNames(_ project: Project) -> Set<String> {
    var used: Set<String> = []
    for screen in project.screens {
      if let family = screen.family { used.insert(family.value) }
      screen.forEachComponent { if let name = $0.familyName { used.insert(name) } }
    }
    return used
  }
}

extension Rule {
  public static let unusedFamily = UnusedFamilyRule.rule
}
