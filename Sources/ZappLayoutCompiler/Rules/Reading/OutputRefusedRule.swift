/// ZL0111 output-refused.
enum OutputRefusedRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0111", name: "output-refused", severity: .error, category: .reading,
    summary: "The output folder is not one zlc may replace.",
    explanation: """
      `zlc build` and `zlc preview` replace their output folder whole. So that a build can never \
      delete a user's files, zlc writes only a folder that does not exist, is empty, or holds its own \
      earlier output of the same kind (marked by a `.zlc-output` file). The output may not be the \
      project, a folder that holds the project, or a folder inside the project's `screens/`, \
      `components/` or `families/`, and it may not be a file or a link. Nothing is read or written \
      when the output is refused; the exit status is 64.
      """,
    bad: .text("zlc build manifests -o manifests"),
    good: .text("zlc build manifests -o build"))
}

extension Rule {
  public static let outputRefused = OutputRefusedRule.rule
}
