/// ZL0109 xml-syntax.
enum XMLSyntaxRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0109", name: "xml-syntax", severity: .error, category: .reading,
    summary: "The file is not well-formed XML.",
    explanation: """
      Family XML must be well-formed XML 1.0: one root element, matching tags, quoted attribute \
      values, no duplicate attributes, only the five predefined entities and character references.
      """,
    bad: .files(["families/f.xml": #"<Family name="F"><Screens>⟦⟧</Family>"#]),
    good: .files(["families/f.xml": #"<Family name="F"><Screens/></Family>"#]))
}

extension Rule {
  public static let xmlSyntax = XMLSyntaxRule.rule
}
