/// ZL0105 json-string.
enum JSONStringRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0105", name: "json-string", severity: .error, category: .reading,
    summary: "A string JSON does not allow.",
    explanation: """
      JSON strings use double quotes, escape control characters (a raw tab or line break inside a \
      string is an error), use only the escapes `\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`, and pair \
      every UTF-16 surrogate escape. Escaped, a control character (U+0000 to U+001F) is still \
      one: text may hold a tab, a line break or a carriage return (`\\t`, `\\n`, `\\r`, as in a \
      manifest's description), and nothing else (`\\u0007`, `\\b`, `\\f`, `\\u0000`); a key, which is \
      a name, holds none.
      """,
    bad: .files(["screens/o.json": #"[{⟦⟧'id': "other", "type": "favorites", "ui_components": []}]"#]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))
}

extension Rule {
  public static let jsonString = JSONStringRule.rule
}
