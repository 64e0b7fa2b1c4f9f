import ZappDiagnostics

/// ZL0120 duplicate-input-file.
package enum DuplicateInputFileRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0120", name: "duplicate-input-file", severity: .error, category: .reading,
    summary: "The project has two settings or screen type files whose names differ only in case.",
    explanation: """
      zlc reads the top-level inputs by name whatever its case (`ZLC.json` is `zlc.json`, as on \
      a file system that ignores case), so a project has one `zlc.json` and one \
      `screen_types.json`. Where two names differ only in case, zlc reads the one spelled in \
      lower case (else the first in byte order) and reports the other, whose settings or \
      mappings would otherwise be lost without a word.
      """,
    bad: .text("zlc.json and ZLC.json side by side"),
    good: .text("zlc.json alone"))
}

extension Rule {
  public static let duplicateInputFile = DuplicateInputFileRule.rule
}

extension DuplicateInputFileRule {
  package typealias Message = RuleMessage<DuplicateInputFileRule>
}

extension RuleMessage where Owner == DuplicateInputFileRule {
  package static func secondFile(_ name: String, read: String) -> Self {
    Self(
      "second-input-file",
      "'\(name)' is not read: its name differs from '\(read)' only in case, and a project has one \(read.lowercased()); merge the two files and remove '\(name)'"
    )
  }
}
