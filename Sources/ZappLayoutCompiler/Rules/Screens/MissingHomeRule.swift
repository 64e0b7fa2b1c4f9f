/// ZL0405 missing-home.
enum MissingHomeRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0405", name: "missing-home", severity: .error, category: .screens,
    summary: "No screen is marked `home`.",
    explanation: "Exactly one screen has `\"home\": true`; the app starts there.",
    bad: .text(#"[ { "id": "a", "home": false }, { "id": "b" } ]"#),
    good: .text(#"[ { "id": "a", "home": true }, { "id": "b" } ]"#))

  static func check(_ context: RuleContext) {
    let project = context.project
    guard !project.screens.contains(where: \.isHome) else { return }
    if let first = project.screens.first {
      context.report(rule, "no screen is marked \"home\": true; exactly one screen must be", at: first.spot)
    } else if !project.files.isEmpty {
      context.bag.add(Diagnostic(rule, "the project has no screens", at: nil, path: project.directory))
    }
  }
}

extension Rule {
  public static let missingHome = MissingHomeRule.rule
}
