import ZappDiagnostics

/// ZL0110 xml-doctype.
package enum XMLDoctypeRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0110", name: "xml-doctype", severity: .error, category: .reading,
    summary: "DTDs and entity declarations are not allowed in family XML.",
    explanation: """
      A `<!DOCTYPE>` can declare external entities that read local files or expand into gigabytes \
      (entity bombs). zlc never resolves or expands them: a family with a DTD is refused.
      """,
    bad: .files(
      ["families/f.xml": #"⟦⟧<!DOCTYPE Family [<!ENTITY x SYSTEM "file:///etc/passwd">]><Family name="F">&x;</Family>"#],
      reports: [
        .init(
          "family XML must not have a DTD (<!DOCTYPE>); zlc never reads or expands entities",
          notes: [
            "references to families (ZL0301, ZL0302, ZL0304-ZL0306, ZL0315, ZL0320, ZL0328, ZL0413, ZL0511, ZL0620) were not checked until this file can be read"
          ])
      ]),
    good: .files(["families/f.xml": #"<Family name="F"/>"#]))
}

extension Rule {
  public static let xmlDoctype = XMLDoctypeRule.rule
}

extension XMLDoctypeRule {
  package typealias Message = RuleMessage<XMLDoctypeRule>
}

extension RuleMessage where Owner == XMLDoctypeRule {
  package static var doctype: Self {
    Self("doctype", "family XML must not have a DTD (<!DOCTYPE>); zlc never reads or expands entities")
  }
  /// A `<!DOCTYPE` or `<!ENTITY` inside an element, worded as any declaration there (ZL0109).
  package static var declarationInsideElement: Self {
    Self("declaration-inside-element", XMLSyntaxRule.Message.declarationInsideElement.text)
  }
}
