import ZappDiagnostics
import ZappModel

/// ZL0406 duplicate-home.
package enum DuplicateHomeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0406", name: "duplicate-home", severity: .error, category: .screens,
    summary: "More than one screen is marked `home`.",
    explanation: """
      Exactly one screen has `"home": true`, and at most one `"home_offline": true` (the screen the \
      app opens without a network); the others are reported with a note at the first.
      """,
    bad: .files(
      ["screens/o.json": Example.screen(Example.grid, extra: #", "home": ⟦⟧true"#)],
      reports: [.init("screen 'other' is also marked home; exactly one screen is", notes: ["'home' is marked home here"])]),
    good: .files(["screens/o.json": Example.screen(Example.grid, extra: #", "home": false"#)]))

  package static func check(_ context: RuleContext) {
    let homes = context.project.screens.filter(\.isHome)
    for extra in homes.dropFirst() {
      context.report(
        rule, "screen '\(extra.id.value)' is also marked home; exactly one screen is", at: extra.homeSpot ?? extra.spot,
        notes: [DiagnosticNote("'\(homes[0].id.value)' is marked home here", at: homes[0].homeSpot ?? homes[0].spot)])
    }
    let offline = context.project.screens.filter(\.isOfflineHome)
    for extra in offline.dropFirst() {
      context.report(
        rule, "screen '\(extra.id.value)' is also marked home_offline; at most one screen is", at: extra.offlineHomeSpot,
        notes: [DiagnosticNote("'\(offline[0].id.value)' is marked home_offline here", at: offline[0].offlineHomeSpot)])
    }
  }
}

extension Rule {
  public static let duplicateHome = DuplicateHomeRule.rule
}
