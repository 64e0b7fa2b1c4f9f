import ZappDiagnostics

/// ZL0118 project-too-large.
package enum ProjectTooLargeRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0118", name: "project-too-large", severity: .error, category: .reading,
    summary: "The project's input files add up to more than 1 GiB.",
    explanation: """
      zlc reads at most 1 GiB of input files in all (files that are not inputs are never \
      counted), so one project cannot exhaust memory; reading stops at the file that passes it \
      and the project folder is named once. See docs/limits.md.
      """,
    bad: .text("screens/: 8 files of 200 MiB"),
    good: .text("screens/: 8 files of 100 MiB"))
}

extension Rule {
  public static let projectTooLarge = ProjectTooLargeRule.rule
}

extension ProjectTooLargeRule {
  package typealias Message = RuleMessage<ProjectTooLargeRule>
}

extension RuleMessage where Owner == ProjectTooLargeRule {
  package static func projectTooLarge(limit: Int) -> Self {
    Self("project-too-large", "the project's input files hold more than \(limit) bytes")
  }
}
