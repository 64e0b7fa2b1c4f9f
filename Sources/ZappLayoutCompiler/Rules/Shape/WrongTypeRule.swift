/// ZL0202 wrong-type. JSON values are checked by the schema pass (`SchemaPass`, run as ZL0201's check).
enum WrongTypeRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0202", name: "wrong-type", severity: .error, category: .shape,
    summary: "A value has the wrong JSON type.",
    explanation: """
      Each key takes one kind of value. zlc accepts what real builders emit — numbers written as \
      strings (`"item_limit": "6"`), `""` or `null` for empty data, `"true"` for booleans — and \
      reports anything else. A whole number written as a string holds digits alone, as JSON \
      writes it: `" 6"`, `"+6"` and `"06"` are reported, with the fix to `"6"` (so are a family's \
      `columns` and `smallItems`). An array of objects (`ui_components`, `navigations`, \
      `nav_items`, a manifest's `fields`) holds no `null`.
      """,
    bad: .files(["screens/o.json": Example.screen(Example.grid, extra: #", "home": ⟦⟧3"#)]),
    good: .files(["screens/o.json": Example.screen(Example.grid, extra: #", "home": "false""#)]))
}

extension Rule {
  public static let wrongType = WrongTypeRule.rule
}
