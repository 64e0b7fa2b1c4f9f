import ZappDiagnostics
import ZappModel

/// ZL0613 unknown-platform.
package enum UnknownPlatformRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0613", name: "unknown-platform", severity: .warning, category: .manifests,
    summary: "`zlc.json` names a platform id no known manifest uses.",
    explanation: """
      Platform ids are the manifests' `platform` values: ios, android, tvos, android_tv, amazon, \
      roku, samsung_tv, lg_tv, web and the `_for_quickbrick` variants. Another id in \
      `platforms` is most often a typo, which no plugin manifest will ever match; it is a warning \
      (with a fix-it) because a manifest of the project may use it.
      """,
    bad: .files(
      ["zlc.json": #"{"platforms": {⟦⟧"andriod": {}}}"#],
      reports: [.init("unknown platform 'andriod'; known platforms: \(Platforms.known.joined(separator: ", "))", fixIt: #""android""#)]),
    good: .files(["zlc.json": #"{"platforms": {"ios": {}}}"#]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let project = context.project
    let used = Set(project.manifests.compactMap { $0.platform?.value })
    for target in project.settings.platforms where !Platforms.known.contains(target.id.value) && !used.contains(target.id.value) {
      context.report(
        rule, "unknown platform '\(target.id.value)'; known platforms: \(Platforms.known.joined(separator: ", "))", at: target.id.spot,
        fixIt: .didYouMean(closestMatch(to: target.id.value, in: Platforms.known), at: target.id.spot))
    }
  }
}

extension Rule {
  public static let unknownPlatform = UnknownPlatformRule.rule
}
