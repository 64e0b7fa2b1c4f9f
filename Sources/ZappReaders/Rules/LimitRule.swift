import ZappDiagnostics

/// ZL0108 file-too-large.
package enum LimitRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0108", name: "file-too-large", severity: .error, category: .reading,
    summary: "An input file is larger than 256 MiB.",
    explanation: """
      zlc reads files of at most 256 MiB: a larger file is refused at its path and not read, \
      instead of exhausting memory; a file whose size `stat` does not tell is read at most to \
      that limit. Split the file (screens may span several files under `screens/`). The other \
      limits have their own codes (ZL0115 to ZL0119); see docs/limits.md.
      """,
    bad: .text("screens/all.json: 300 MiB"),
    good: .text("screens/home.json and screens/more.json: 150 MiB each"))
}

extension Rule {
  public static let limit = LimitRule.rule
}

extension LimitRule {
  package typealias Message = RuleMessage<LimitRule>
}

extension RuleMessage where Owner == LimitRule {
  /// A file over `limit` bytes; `bytes` is nil when it is known only to be larger.
  package static func fileTooLarge(bytes: Int?, limit: Int) -> Self {
    let shown = bytes.map { "file is \($0) bytes" } ?? "file is larger than \(limit) bytes"
    return Self("file-too-large", "\(shown); zlc reads files of at most \(limit) bytes")
  }
}
