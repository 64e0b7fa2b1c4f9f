import Foundation
import ZappDiagnostics
import ZappModel

/// ZL0416 duplicate-ui-tag.
package enum DuplicateUITagRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0416", name: "duplicate-ui-tag", severity: .error, category: .screens,
    summary: "Two screens have the same `ui_tag`.",
    explanation: """
      A screen's `ui_tag` is unique: a feed item carrying that tag opens the screen (white-label \
      screens such as EPG and Settings are found this way). A second screen with the tag could \
      never be opened by it; it is reported with a note at the first.
      """,
    bad: .files(
      [
        "screens/home.json": Example.home.replacingOccurrences(of: #""home": true"#, with: #""home": true, "ui_tag": "epg""#),
        "screens/o.json": Example.screen(Example.grid, extra: #", "ui_tag": ⟦⟧"epg""#),
      ], reports: [.init("screen 'other' has ui_tag 'epg', which screen 'home' already has", notes: ["'home' has it here"])]),
    good: .files([
      "screens/home.json": Example.home.replacingOccurrences(of: #""home": true"#, with: #""home": true, "ui_tag": "epg""#),
      "screens/o.json": Example.screen(Example.grid, extra: #", "ui_tag": "settings""#),
    ]))

  package static func check(_ context: RuleContext) {
    var first: [String: ScreenDecl] = [:]
    for screen in context.project.screens {
      guard let tag = screen.uiTag else { continue }
      guard let earlier = first[tag.value] else {
        first[tag.value] = screen
        continue
      }
      context.report(
        rule, "screen '\(screen.id.value)' has ui_tag '\(tag.value)', which screen '\(earlier.id.value)' already has", at: tag.spot,
        notes: [DiagnosticNote("'\(earlier.id.value)' has it here", at: earlier.uiTag?.spot ?? earlier.spot)])
    }
  }
}

extension Rule {
  public static let duplicateUITag = DuplicateUITagRule.rule
}
