import ZappDiagnostics

/// ZL0117 too-many-files.
package enum TooManyFilesRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0117", name: "too-many-files", severity: .error, category: .reading,
    summary: "The project has more than 100,000 input files.",
    explanation: """
      zlc reads at most 100,000 input files (files that are not inputs are never counted); \
      reading stops at the next one and the project folder is named once. Put several screens \
      in one file: a screens file holds a list. See docs/limits.md.
      """,
    bad: .text("screens/: 150,000 files of one screen each"),
    good: .text("screens/: 1,500 files of 100 screens each"))
}

extension Rule {
  public static let tooManyFiles = TooManyFilesRule.rule
}

extension TooManyFilesRule {
  package typealias Message = RuleMessage<TooManyFilesRule>
}

extension RuleMessage where Owner == TooManyFilesRule {
  package static func tooManyFiles(limit: Int) -> Self { Self("too-many-files", "the project has more than \(limit) input files") }
}
