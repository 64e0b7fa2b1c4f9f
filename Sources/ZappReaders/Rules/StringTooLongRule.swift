import ZappDiagnostics

/// ZL0116 string-too-long.
package enum StringTooLongRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0116", name: "string-too-long", severity: .error, category: .reading,
    summary: "A JSON string or an XML attribute value is longer than 16 MiB.",
    explanation: """
      A JSON string (its bytes as written, without the quotes) or an XML attribute value longer \
      than 16 MiB stops reading the file at the string. No id, title or style needs that much; \
      such a string is usually data pasted by mistake. See docs/limits.md.
      """,
    bad: .text(#"screens/o.json: [{"id": "other", "title": " … 20 MiB of text … "}]"#),
    good: .text(#"screens/o.json: [{"id": "other", "title": "Other"}]"#))
}

extension Rule {
  public static let stringTooLong = StringTooLongRule.rule
}

extension StringTooLongRule {
  package typealias Message = RuleMessage<StringTooLongRule>
}

extension RuleMessage where Owner == StringTooLongRule {
  package static func stringTooLong(limit: Int) -> Self { Self("string-too-long", "string longer than \(limit) bytes") }
  package static func attributeValueTooLong(limit: Int) -> Self {
    Self("attribute-value-too-long", "attribute value longer than \(limit) bytes")
  }
}
