/// ZL0110 xml-doctype.
enum XMLDoctypeRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0110", name: "xml-doctype", severity: .error, category: .reading,
    summary: "DTDs and entity declarations are not allowed in family XML.",
    explanation: """
      A `<!DOCTYPE>` can declare external entities that read local files or expand into gigabytes \
      (entity bombs). zlc never resolves or expands them: a family with a DTD is refused.
      """,
    bad: .files(["families/f.xml": #"⟦⟧<!DOCTYPE Family [<!ENTITY x SYSTEM "file:///etc/passwd">]><Family name="F">&x;</Family>"#]),
    good: .files(["families/f.xml": #"<Family name="F"/>"#]))
}

extension Rule {
  public static let xmlDoctype = XMLDoctypeRule.rule
}
