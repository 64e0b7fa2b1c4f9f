/// ZL0112 internal-error.
enum InternalErrorRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0112", name: "internal-error", severity: .error, category: .reading,
    summary: "zlc failed on its own output: a bug in zlc, not in the project.",
    explanation: """
      zlc checks what it produces before it uses it (for example, that a resolved screen decodes \
      with the runtime library before `zlc map` maps a feed onto it). When that fails, the project \
      is not at fault: the exit status is 70 and the message says what failed. Please report it \
      with the project that caused it.
      """,
    bad: .text("$ zlc map home --project manifests   # error: internal error: the resolved screen does not decode"),
    good: .text("$ zlc map home --project manifests   # the mapping, and exit status 0"))
}

extension Rule {
  public static let internalError = InternalErrorRule.rule
}
