import ZappDiagnostics

/// ZL0115 nested-too-deep.
package enum NestedTooDeepRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0115", name: "nested-too-deep", severity: .error, category: .reading,
    summary: "JSON values or XML elements are nested deeper than 512 levels.",
    explanation: """
      zlc's readers never recurse with the input's depth: a JSON value or an XML element nested \
      deeper than 512 levels stops reading the file at the 513th level, instead of exhausting \
      the stack. No screen, manifest or family needs a tenth of that. A cell's XML \
      `<DisplayRules>` may nest 248 elements deep: the bundle writes each element as two levels of \
      JSON, and they keep a bundle file within 512 levels. A feed (`zlc map`, `zlc preview \
      --feeds`) may nest 100 levels, the most a client's runtime reads on a device. See \
      docs/limits.md.
      """,
    bad: .text("[[[[[[ … 10,000 levels … ]]]]]]"),
    good: .text("a screen list nested a few levels deep"))
}

extension Rule {
  public static let nestedTooDeep = NestedTooDeepRule.rule
}

extension NestedTooDeepRule {
  package typealias Message = RuleMessage<NestedTooDeepRule>
}

extension RuleMessage where Owner == NestedTooDeepRule {
  package static func valuesNestedTooDeep(limit: Int) -> Self {
    Self("values-nested-too-deep", "values are nested more than \(limit) levels deep")
  }
  package static func displayRulesNestedTooDeep(limit: Int) -> Self {
    Self(
      "display-rules-nested-too-deep",
      "display rules are nested more than \(limit) elements deep; the bundle writes each element as 2 levels of JSON")
  }
  package static func elementsNestedTooDeep(limit: Int) -> Self {
    Self("elements-nested-too-deep", "elements are nested more than \(limit) levels deep")
  }
}
