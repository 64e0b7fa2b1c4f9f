import Foundation

/// ZL0405 missing-home.
enum MissingHomeRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0405", name: "missing-home", severity: .error, category: .screens,
    summary: "No screen is marked `home`.",
    explanation: "Exactly one screen has `\"home\": true`; the app starts there.",
    bad: .files([
      "screens/home.json": Example.home.replacingOccurrences(
        of: #"[{"id": "home", "name": "Home", "type": "general_content", "home": true"#,
        with: #"[⟦⟧{"id": "home", "name": "Home", "type": "general_content", "home": false"#),
      "screens/o.json": Example.screen(Example.gridOpening("home")),
    ]),
    good: .files(["screens/o.json": Example.screen(Example.gridOpening("home"))]))

  static func check(_ context: RuleContext) {
    let project = context.project
    guard !project.screens.contains(where: \.isHome) else { return }
    // A project without screens is ZL0112.
    if let first = project.screens.first {
      context.report(rule, "no screen is marked \"home\": true; exactly one screen must be", at: first.spot)
    }
  }
}

extension Rule {
  public static let missingHome = MissingHomeRule.rule
}
