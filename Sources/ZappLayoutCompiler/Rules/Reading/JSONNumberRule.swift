/// ZL0104 json-number.
enum JSONNumberRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0104", name: "json-number", severity: .error, category: .reading,
    summary: "A number JSON does not allow, or one beyond the range of a Double.",
    explanation: """
      JSON numbers have no leading zeros, no leading `+`, no bare `.5` or `1.`, no `NaN` or \
      `Infinity`, and zlc rejects numbers that overflow a 64-bit float.
      """,
    bad: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": ⟦⟧06}}"#
      )
    ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": 6}}"#
      )
    ]))
}

extension Rule {
  public static let jsonNumber = JSONNumberRule.rule
}
