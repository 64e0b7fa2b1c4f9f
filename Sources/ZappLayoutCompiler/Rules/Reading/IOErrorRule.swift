/// ZL0100 io-error.
enum IOErrorRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0100", name: "io-error", severity: .error, category: .reading,
    summary: "A file or folder could not be read or written.",
    explanation: """
      zlc could not read an input (missing, unreadable, a folder where a file was expected, a link \
      that leaves the project or loops) or could not write the output. The exit status is 74. Fix \
      the permissions or the path; zlc never follows a link out of the project.
      """,
    bad: .text("$ chmod 000 manifests/screens/home.json && zlc check manifests/"),
    good: .text("$ chmod 644 manifests/screens/home.json && zlc check manifests/"))
}

extension Rule {
  public static let ioError = IOErrorRule.rule
}
