/// ZL0106 encoding.
enum EncodingRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0106", name: "encoding", severity: .error, category: .reading,
    summary: "The file is not UTF-8 text.",
    explanation: """
      Inputs are UTF-8 (a UTF-8 byte-order mark is accepted). Invalid byte sequences, UTF-16 or \
      UTF-32 files and NUL bytes are reported at the first offending byte.
      """,
    bad: .text("a file saved as UTF-16 by an editor"),
    good: .text("the same file saved as UTF-8"))
}

extension Rule {
  public static let encoding = EncodingRule.rule
}
