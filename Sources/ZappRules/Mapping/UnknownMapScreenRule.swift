import ZappDiagnostics

/// ZL0704 unknown-map-screen.
package enum UnknownMapScreenRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0704", name: "unknown-map-screen", severity: .error, category: .mapping,
    summary: "`zlc map` was given a screen that no id, name, screen_type or ui_tag matches, or a sender for a root screen.",
    explanation: """
      SCREEN is a screen id, a unique screen name, a key of `screen_types` or a screen's `ui_tag`; a name several \
      screens share picks none, and the error names their ids. `--sender` fills a \
      connected screen; a root screen's components have their own data sources, so a sender given \
      for one would fill nothing.
      """,
    bad: .text("zlc map shw --project manifests/ --sender show.json"),
    good: .text("zlc map show --project manifests/ --sender show.json"))
}

extension Rule {
  public static let unknownMapScreen = UnknownMapScreenRule.rule
}

extension UnknownMapScreenRule {
  package typealias Message = RuleMessage<UnknownMapScreenRule>
}

extension RuleMessage where Owner == UnknownMapScreenRule {
  package static func senderForRootScreen(_ screen: String) -> Self {
    Self(
      "sender-for-root-screen",
      "the screen '\(screen)' is not connected: its components have their own data sources, so a --sender fills nothing; map a connected screen, or leave --sender out"
    )
  }
  package static func noScreen(_ reference: String) -> Self {
    Self("no-screen", "no screen has the id, name, screen_type or ui_tag '\(reference)'")
  }
  /// A name that several screens share (`ids`, in project order), so it picks none.
  package static func sharedName(_ reference: String, ids: [String]) -> Self {
    Self("shared-name", "'\(reference)' is the name of \(ids.count) screens (\(summarizedList(ids))): give one of their ids")
  }
}
