import Foundation
import ZappDiagnostics
import ZappModel

/// ZL0405 missing-home.
package enum MissingHomeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0405", name: "missing-home", severity: .error, category: .screens,
    summary: "No screen is marked `home`.",
    explanation: """
      Exactly one screen has `"home": true`; the app starts there. A project of a single screen \
      (such as one screen as the UI Builder API returns it) needs no flag: that screen is the home. \
      A screen marked home that cannot be read (its `id` or `type` missing or not a string, which \
      ZL0201 and ZL0202 report) is not reported here again, nor is a project whose screens file \
      holds a value that is no screen object where a screen was meant (ZL0202).
      """,
    bad: .files(
      [
        "screens/home.json": Example.home.replacingOccurrences(
          of: #"[{"id": "home", "name": "Home", "type": "general_content", "home": true"#,
          with: #"[⟦⟧{"id": "home", "name": "Home", "type": "general_content", "home": false"#),
        "screens/o.json": Example.screen(Example.gridOpening("home")),
      ], reports: [.init(#"no screen is marked "home": true; exactly one screen must be"#)]),
    good: .files(["screens/o.json": Example.screen(Example.gridOpening("home"))]))

  package static func check(_ context: RuleContext) {
    let project = context.project
    guard !project.screens.contains(where: \.isHome), project.screens.count > 1 else { return }
    // A screen marked home that was left out for its shape (no id, a type that is not a string)
    // is reported at that shape; saying no screen is marked would send the author astray.
    guard !project.screenObjects.contains(where: { flexBool($0["home"]) == true }) else { return }
    // So may a screen lost to its file's shape (`42` as a screens file, a number in its list).
    guard !project.losesScreenObjects else { return }
    // A project without screens is ZL0112.
    if let first = project.screens.first {
      context.report(rule, "no screen is marked \"home\": true; exactly one screen must be", at: first.spot)
    }
  }
}

extension Rule {
  public static let missingHome = MissingHomeRule.rule
}
