import ZappDiagnostics

/// ZL0706 unmatched-preview-feed.
package enum UnmatchedPreviewFeedRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0706", name: "unmatched-preview-feed", severity: .error, category: .mapping,
    summary: "A feed of `zlc preview --feeds` names no connected screen.",
    explanation: """
      `zlc preview --feeds FOLDER` (and `zlc serve --feeds`) reads each `*.json` of the folder as \
      the sender of one connected screen, named after the screen's id, its name (when only one \
      screen has it), a `screen_type` that opens it or its `ui_tag` (`show.json` fills `show`). A feed named \
      after no screen, or after a root screen (which takes its data from its own components, not \
      from a sender), would fill nothing: the preview \
      would show the screen without the content you meant to give it. Two feeds that fill one \
      screen (`show.json`, and `series.json` for a screen_type that opens `show`) are an error too: \
      the screen shows one sender, and which one would be a guess.
      """,
    bad: .text("zlc preview manifests/ --feeds feeds/   # feeds/shw.json"),
    good: .text("zlc preview manifests/ --feeds feeds/   # feeds/show.json"))
}

extension Rule {
  public static let unmatchedPreviewFeed = UnmatchedPreviewFeedRule.rule
}

extension UnmatchedPreviewFeedRule {
  package typealias Message = RuleMessage<UnmatchedPreviewFeedRule>
}

extension RuleMessage where Owner == UnmatchedPreviewFeedRule {
  /// A sender feed (`name`, with `.json`) named after no screen.
  package static func feedNamesNoScreen(_ name: String) -> Self {
    Self(
      "feed-names-no-screen",
      "the feed '\(name)' names no screen: a sender feed is named after a connected screen's id, its name, a screen_type or its ui_tag")
  }
  /// A sender feed (`name`, with `.json`) whose name reads as `twin`, a name it could be after, but
  /// in another Unicode form (`cafe\u{301}.json` for the screen `caf\u{e9}`).
  package static func feedNamesNoScreen(_ name: String, inAnotherFormOf twin: String) -> Self {
    Self(
      "feed-names-screen-in-another-form",
      "the feed '\(TerminalText.codePoints(name))' names no screen: it is '\(TerminalText.codePoints(twin)).json' in another Unicode form, and names are compared by their bytes"
    )
  }
  /// A sender feed named after a name that several screens share (`ids`, in project order).
  package static func feedNamesSharedName(_ name: String, ids: [String]) -> Self {
    Self(
      "feed-names-shared-name",
      "the feed '\(name)' is named after a name of \(ids.count) screens (\(summarizedList(ids))): name it after one of their ids")
  }
  /// A sender feed filling a screen another feed (`first`, with `.json`) fills already.
  package static func feedFillsAFilledScreen(_ name: String, screen: String, first: String) -> Self {
    Self(
      "feed-fills-a-filled-screen",
      "the feed '\(name)' fills the screen '\(screen)', which the feed '\(first)' fills already: keep one feed per screen")
  }
  /// A sender feed named after a root screen, which takes no sender.
  package static func feedNamesUnconnectedScreen(_ name: String, screen: String) -> Self {
    Self(
      "feed-names-unconnected-screen",
      "the feed '\(name)' names the screen '\(screen)', which is not connected: it takes no sender")
  }
}
