/// ZL0114 unknown-platform-option.
enum UnknownPlatformOptionRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0114", name: "unknown-platform-option", severity: .error, category: .reading,
    summary: "`--platform` names no platform of the project.",
    explanation: """
      `--platform ID` narrows a command to one of the platforms the project targets: those \
      `zlc.json` names under `platforms`, else those its manifests name. Any other id is refused \
      with the list and the closest one as a fix-it; the exit status is 64. `zlc generate` \
      accepts any platform whose clients use the language asked for, and refuses the same way a \
      platform of another language, or a language none of the project's platforms uses, naming \
      them (docs/clients.md).
      """,
    bad: .text("$ zlc check manifests --platform andriod"),
    good: .text("$ zlc check manifests --platform ios"))
}

extension Rule {
  public static let unknownPlatformOption = UnknownPlatformOptionRule.rule
}
