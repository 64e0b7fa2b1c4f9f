import ZappDiagnostics

/// ZL0104 json-number.
package enum JSONNumberRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0104", name: "json-number", severity: .error, category: .reading,
    summary: "A number JSON does not allow, or one beyond the range of a Double.",
    explanation: """
      JSON numbers have no leading zeros, no leading `+`, no bare `.5` or `1.`, no `NaN` or \
      `Infinity`, and zlc rejects numbers that overflow a 64-bit float.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": ⟦⟧06}}"#
        )
      ], reports: [.init("a JSON number has no leading zeros")]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": 6}}"#
      )
    ]))
}

extension Rule {
  public static let jsonNumber = JSONNumberRule.rule
}

extension JSONNumberRule {
  package typealias Message = RuleMessage<JSONNumberRule>
}

extension RuleMessage where Owner == JSONNumberRule {
  /// `NaN`, `Infinity` or `-Infinity`.
  package static func notANumber(_ word: String) -> Self { Self("not-a-number", "'\(word)' is not a JSON number") }
  package static var leadingPlus: Self { Self("leading-plus", "a JSON number has no leading '+'") }
  package static var digitAfterMinus: Self { Self("digit-after-minus", "expected a digit after '-'") }
  package static var leadingZeros: Self { Self("leading-zeros", "a JSON number has no leading zeros") }
  package static var leadingPoint: Self { Self("leading-point", "a JSON number starts with a digit, not '.'") }
  package static var noFractionDigits: Self { Self("no-fraction-digits", "a JSON number needs digits after the decimal point") }
  package static var noExponentDigits: Self { Self("no-exponent-digits", "a JSON number needs digits in its exponent") }
  /// A number as written (shown up to 40 characters) that no 64-bit float holds.
  package static func outOfRange(_ text: String) -> Self {
    Self("out-of-range", "number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is beyond the range of a 64-bit float")
  }
}
