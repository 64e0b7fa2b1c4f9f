import ZappDiagnostics

/// ZL0101 json-syntax.
package enum JSONSyntaxRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0101", name: "json-syntax", severity: .error, category: .reading,
    summary: "The file is not valid JSON (RFC 8259).",
    explanation: """
      zlc reads JSON exactly as RFC 8259 defines it. An unexpected character, a missing comma or \
      colon, an unterminated string or a document that ends early is reported at its own line and \
      column. The rest of that file is not checked.
      """,
    bad: .files(
      ["screens/o.json": #"[{"id": "other" ⟦⟧"type": "favorites", "ui_components": []}]"#],
      reports: [.init(#"expected ',' or '}', found '"'; is a comma missing?"#)]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))
}

extension Rule {
  public static let jsonSyntax = JSONSyntaxRule.rule
}

extension JSONSyntaxRule {
  package typealias Message = RuleMessage<JSONSyntaxRule>
}

extension RuleMessage where Owner == JSONSyntaxRule {
  package static var noValue: Self { Self("no-value", "file holds no JSON value") }
  /// `expected` names what may come next ("a value", "':' after the key").
  package static func unexpectedEnd(expected: String) -> Self {
    Self("unexpected-end", "expected \(expected), found the end of the file")
  }
  /// `found` is the character as shown ("'x'", "a non-ASCII character").
  package static func unexpected(expected: String, found: String) -> Self {
    Self("unexpected", "expected \(expected), found \(found)")
  }
  package static func missingComma(expected: String, found: String) -> Self {
    Self("missing-comma", "expected \(expected), found \(found); is a comma missing?")
  }
  package static func unclosed(isObject: Bool, openedAtLine line: Int) -> Self {
    Self(
      "unclosed",
      "expected '\(isObject ? "}" : "]")' to close the \(isObject ? "object" : "array") opened at line \(line), found the end of the file"
    )
  }
  package static var unterminatedString: Self { Self("unterminated-string", "unterminated string") }
  package static var unterminatedComment: Self { Self("unterminated-comment", "unterminated comment") }
}
