/// ZL0101 json-syntax.
enum JSONSyntaxRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0101", name: "json-syntax", severity: .error, category: .reading,
    summary: "The file is not valid JSON (RFC 8259).",
    explanation: """
      zlc reads JSON exactly as RFC 8259 defines it. An unexpected character, a missing comma or \
      colon, an unterminated string or a document that ends early is reported at its own line and \
      column. The rest of that file is not checked.
      """,
    bad: .files(["screens/o.json": #"[{"id": "other" ⟦⟧"type": "favorites", "ui_components": []}]"#]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))
}

extension Rule {
  public static let jsonSyntax = JSONSyntaxRule.rule
}
