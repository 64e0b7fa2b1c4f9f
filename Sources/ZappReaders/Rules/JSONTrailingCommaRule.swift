import ZappDiagnostics

/// ZL0102 json-trailing-comma.
package enum JSONTrailingCommaRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0102", name: "json-trailing-comma", severity: .error, category: .reading,
    summary: "A comma before a closing bracket or brace.",
    explanation: """
      JSON allows no comma after the last element of an array or the last member of an object. \
      The docs of several builders show such commas; servers and clients reject them. zlc points at \
      the comma itself and reads on as if it were not there; its fix deletes the comma.
      """,
    bad: .files(
      ["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []⟦⟧,}]"#],
      reports: [.init("trailing comma before '}'", fixIt: "")]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))
}

extension Rule {
  public static let jsonTrailingComma = JSONTrailingCommaRule.rule
}

extension JSONTrailingCommaRule {
  package typealias Message = RuleMessage<JSONTrailingCommaRule>
}

extension RuleMessage where Owner == JSONTrailingCommaRule {
  package static func trailingComma(closingObject isObject: Bool) -> Self {
    Self("trailing-comma", "trailing comma before '\(isObject ? "}" : "]")'")
  }
}
