import ZappDiagnostics

/// ZL0103 json-comment.
package enum JSONCommentRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0103", name: "json-comment", severity: .error, category: .reading,
    summary: "JSON has no comments.",
    explanation: """
      `//` and `/* */` comments are not JSON. Move the note into a key the format allows or into \
      the project's docs.
      """,
    bad: .files(
      ["screens/o.json": #"[{"id": "other", ⟦⟧/* the other screen */ "type": "favorites", "ui_components": []}]"#],
      reports: [.init("JSON does not allow comments")]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))
}

extension Rule {
  public static let jsonComment = JSONCommentRule.rule
}

extension JSONCommentRule {
  package typealias Message = RuleMessage<JSONCommentRule>
}

extension RuleMessage where Owner == JSONCommentRule {
  package static var comment: Self { Self("comment", "JSON does not allow comments") }
}
