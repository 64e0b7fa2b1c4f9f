/// ZL0103 json-comment.
enum JSONCommentRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0103", name: "json-comment", severity: .error, category: .reading,
    summary: "JSON has no comments.",
    explanation: """
      `//` and `/* */` comments are not JSON. Move the note into a key the format allows or into \
      the project's docs.
      """,
    bad: .text(#"{ "id": "home" // the home screen"# + "\n}"),
    good: .text(#"{ "id": "home" }"#))
}

extension Rule {
  public static let jsonComment = JSONCommentRule.rule
}
