import ZappDiagnostics
import ZappModel

/// ZL0324 unknown-content-type.
package enum UnknownContentTypeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0324", name: "unknown-content-type", severity: .warning, category: .references,
    summary: "A `content_types` key is a near miss of a feed entry type.",
    explanation: """
      `content_types` in `screen_types.json` maps a feed entry's type (`type.value`) to the \
      screen its entries open, and clients compare the two exactly. Apps have types of their \
      own, so a key zlc does not know is not reported, unless it is within the suggestion limit \
      of a type of the Applicaster feed (\(Shapes.feedEntryTypes.map { "`\($0)`" }.joined(separator: ", "))): \
      that is most likely a misspelling, and entries of that type would not open the screen. \
      Where `content_types` already has the type as a key, the fix is a hint.
      """,
    bad: .files(
      ["screen_types.json": #"{"content_types": {⟦⟧"vidoe": "other"}}"#],
      reports: [.init("content type 'vidoe' is not a feed entry type", fixIt: #""video""#)]),
    good: .files(["screen_types.json": #"{"content_types": {"video": "other", "episode": "other"}}"#]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    guard let mappings = context.project.screenTypes?.contentTypes, !mappings.isEmpty else { return }
    let known = SuggestionIndex(Shapes.feedEntryTypes)
    let keys = Set(mappings.map(\.key))
    for mapping in mappings where !Shapes.feedEntryTypes.contains(mapping.key) {
      guard var suggestion = known.nearest(to: mapping.key) else { continue }
      // A rename into a key the map already holds would write a duplicate key: a hint, not a fix.
      if keys.contains(suggestion.text) { suggestion.isTied = true }
      context.report(
        rule, "content type '\(mapping.key)' is not a feed entry type", at: mapping.keySpot,
        fixIt: .didYouMean(suggestion, at: mapping.keySpot))
    }
  }
}

extension Rule {
  public static let unknownContentType = UnknownContentTypeRule.rule
}
