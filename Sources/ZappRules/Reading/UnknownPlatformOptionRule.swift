import ZappDiagnostics
import ZappModel

/// ZL0114 unknown-platform-option.
package enum UnknownPlatformOptionRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0114", name: "unknown-platform-option", severity: .error, category: .reading,
    summary: "`--platform` names no platform of the project.",
    explanation: """
      `--platform ID` narrows a command to one of the platforms the project targets: those \
      `zlc.json` names under `platforms`, else those its manifests name. Any other id is refused \
      with the list and the closest one as a fix-it; the exit status is 64. `zlc generate` \
      accepts any platform whose clients use the language asked for (one the project does not \
      name with a note: the platform checks ran for the project's platforms alone), and refuses \
      the same way a \
      platform of another language, or a language none of the project's platforms uses, naming \
      them (docs/clients.md).
      """,
    bad: .text("$ zlc check manifests --platform andriod"),
    good: .text("$ zlc check manifests --platform ios"))
}

extension Rule {
  public static let unknownPlatformOption = UnknownPlatformOptionRule.rule
}

extension UnknownPlatformOptionRule {
  package typealias Message = RuleMessage<UnknownPlatformOptionRule>
}

extension RuleMessage where Owner == UnknownPlatformOptionRule {
  /// `known` is the project's platforms, empty when it names none.
  package static func notAPlatform(_ platform: String, known: [String]) -> Self {
    let expected =
      known.isEmpty
      ? "the project names no platform (zlc.json platforms, or manifests' platform)" : "expected one of \(known.joined(separator: ", "))"
    return Self("not-a-platform", "--platform '\(platform)' is not a platform of the project; \(expected)")
  }
  /// `zlc generate --platform` for a platform the project does not name (`known` its platforms).
  package static func unnamedPlatformGenerated(_ platform: String, known: [String]) -> Self {
    let checked =
      known.isEmpty ? "the project names no platform, so no platform's ran" : "they ran for \(known.joined(separator: ", ")) alone"
    return Self(
      "unnamed-platform-generated",
      "the project does not name platform '\(platform)': its code is written with the manifests \(platform) reads, but not "
        + "checked with the platform checks (such as a manifest for each plugin, or the family each component is drawn with): \(checked)")
  }
  package static func noClient(for platform: String, language: ClientLanguage) -> Self {
    Self(
      "no-client",
      "--platform '\(platform)' has no \(language.rawValue) client; \(language.rawValue) is generated for "
        + language.platforms.joined(separator: ", "))
  }
  /// None of the project's platforms (`targets`) has a `language` client.
  package static func noClientForProject(targets: [String], language: ClientLanguage) -> Self {
    let others = ClientLanguage.allCases.filter { $0 != language }.map { "\($0.rawValue) (\($0.platforms.joined(separator: ", ")))" }
    return Self(
      "no-client-for-project",
      "the project's platforms (\(targets.joined(separator: ", "))) have no \(language.rawValue) client: \(language.rawValue) is "
        + "generated for \(language.platforms.joined(separator: ", ")); give --platform to generate for one of them anyway, "
        + "or ask for \(others.joined(separator: " or "))")
  }
}
