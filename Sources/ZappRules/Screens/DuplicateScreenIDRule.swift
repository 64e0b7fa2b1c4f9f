import ZappDiagnostics
import ZappModel

/// ZL0404 duplicate-screen-id.
package enum DuplicateScreenIDRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0404", name: "duplicate-screen-id", severity: .error, category: .screens,
    summary: "Two screens have the same id.",
    explanation: "Screen ids are unique per app; the second is reported with a note at the first.",
    bad: .files(
      [
        "screens/o.json": Example.screen(Example.grid),
        "screens/p.json":
          #"[{"id": ⟦⟧"other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}]"#,
      ], reports: [.init("screen id 'other' is used by another screen", notes: ["first used here"])]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static func check(_ context: RuleContext) {
    // The project's index holds the first screen of each id (by its exact characters): any other
    // screen it does not give back for its id is a second one. No table of its own, which for
    // 10,000 screens was a megabyte at the check's peak.
    let project = context.project
    for screen in project.screens {
      guard let first = project.screen(id: screen.id.value), first !== screen else { continue }
      context.report(
        rule, "screen id '\(screen.id.value)' is used by another screen", at: screen.id.spot,
        notes: [DiagnosticNote("first used here", at: first.id.spot)])
    }
  }
}

extension Rule {
  public static let duplicateScreenID = DuplicateScreenIDRule.rule
}
