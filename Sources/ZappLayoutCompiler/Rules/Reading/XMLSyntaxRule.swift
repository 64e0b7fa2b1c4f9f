/// ZL0109 xml-syntax.
enum XMLSyntaxRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0109", name: "xml-syntax", severity: .error, category: .reading,
    summary: "The file is not well-formed XML.",
    explanation: """
      Family XML must be well-formed XML 1.0: one root element, matching tags, quoted attribute \
      values, no duplicate attributes, only the five predefined entities and character references.
      """,
    bad: .text(#"<Family name="FAMILY_1"><Screens></Family>"#),
    good: .text(#"<Family name="FAMILY_1"><Screens/></Family>"#))
}

extension Rule {
  public static let xmlSyntax = XMLSyntaxRule.rule
}
