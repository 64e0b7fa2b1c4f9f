import ZappDiagnostics
import ZappModel

/// ZL0324 unknown-content-type.
package enum UnknownContentTypeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0324", name: "unknown-content-type", severity: .warning, category: .references,
    summary: "A `content_types` key or an excluded item type is a near miss of a feed entry type.",
    explanation: """
      `content_types` in `screen_types.json` maps a feed entry's type (`type.value`) to the \
      screen its entries open, and clients compare the two exactly. Apps have types of their \
      own, so a key zlc does not know is not reported, unless it is within the suggestion limit \
      of a type of the Applicaster feed (\(Shapes.feedEntryTypes.map { "`\($0)`" }.joined(separator: ", "))): \
      that is most likely a misspelling, and entries of that type would not open the screen. \
      Where `content_types` already has the type as a key, the fix is a hint. The entries of a \
      size class's `exclude_types` (`rules.filter_by_size_class`) are compared with item types \
      exactly too: a near miss of a feed entry type there (`Video`, `videos`) filters nothing \
      and is reported the same way, unless `content_types` maps it (a near miss there is reported there).
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
    // A key with spaces at its ends is ZL0203's, with the trimmed key as its fix.
    for mapping in mappings
    where !Shapes.feedEntryTypes.contains(mapping.key) && mapping.key.first?.isWhitespace != true
      && mapping.key.last?.isWhitespace != true
    {
      guard var suggestion = known.nearest(to: mapping.key) else { continue }
      // A rename into a key the map already holds would write a duplicate key: a hint, not a fix.
      if keys.contains(suggestion.text) { suggestion.isTied = true }
      context.bag.add(
        Message.notAFeedEntryType(mapping.key).diagnostic(at: mapping.keySpot, fixIt: .didYouMean(suggestion, at: mapping.keySpot)))
    }
  }
}

extension Rule {
  public static let unknownContentType = UnknownContentTypeRule.rule
}

extension UnknownContentTypeRule {
  package typealias Message = RuleMessage<UnknownContentTypeRule>
}

extension RuleMessage where Owner == UnknownContentTypeRule {
  /// A `content_types` key a few edits from a feed entry type.
  package static func notAFeedEntryType(_ key: String) -> Self {
    Self("not-a-feed-entry-type", "content type '\(key)' is not a feed entry type")
  }
  /// A type a size class's `exclude_types` lists a few edits from a feed entry type.
  package static func excludedNotAFeedEntryType(_ type: String) -> Self {
    Self("excluded-not-a-feed-entry-type", "excluded type '\(type)' is not a feed entry type: no item has it")
  }
}
