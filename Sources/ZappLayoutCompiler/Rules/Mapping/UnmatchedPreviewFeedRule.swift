/// ZL0706 unmatched-preview-feed.
enum UnmatchedPreviewFeedRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0706", name: "unmatched-preview-feed", severity: .error, category: .mapping,
    summary: "A feed of `zlc preview --feeds` names no connected screen.",
    explanation: """
      `zlc preview --feeds FOLDER` (and `zlc serve --feeds`) reads each `*.json` of the folder as \
      the sender of one connected screen, named after the screen's id or a `screen_type` that opens \
      it (`show.json` fills `show`). A feed named after no screen, or after a root screen (which \
      takes its data from its own components, not from a sender), would fill nothing: the preview \
      would show the screen without the content you meant to give it.
      """,
    bad: .text("zlc preview manifests/ --feeds feeds/   # feeds/shw.json"),
    good: .text("zlc preview manifests/ --feeds feeds/   # feeds/show.json"))

  /// What the rule reports, worded here only.
  enum Message {
    /// No connected screen's id and no `screen_type` is the feed's name.
    case namesNoScreen(feed: String)
    /// The feed names a root screen, which takes no sender.
    case screenNotConnected(feed: String, screen: String)

    var text: String {
      switch self {
      case .namesNoScreen(let feed):
        "the feed '\(feed)' names no screen: a sender feed is named after a connected screen's id or a screen_type"
      case .screenNotConnected(let feed, let screen):
        "the feed '\(feed)' names the screen '\(screen)', which is not connected: it takes no sender"
      }
    }
  }

  /// The diagnostic of `message` on the feed file at `path`, with a did-you-mean file name.
  static func diagnostic(_ message: Message, path: String, suggestion: String? = nil) -> Diagnostic {
    Diagnostic(rule, message.text, at: nil, fixIt: .didYouMean(suggestion, at: nil), path: path)
  }
}

extension Rule {
  public static let unmatchedPreviewFeed = UnmatchedPreviewFeedRule.rule
}
