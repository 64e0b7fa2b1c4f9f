import Foundation

/// ZL0603 manifest-version.
enum ManifestVersionRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0603", name: "manifest-version", severity: .error, category: .manifests,
    summary: "`manifest_version` is not a version.",
    explanation: "`manifest_version` is a version such as `1.2.0` or `0.1.0-alpha1` (\"Plugin version X is not valid\").",
    bad: .files(["components/m.json": Example.manifest("", version: "⟦⟧latest")]),
    good: .files(["components/m.json": Example.manifest("", version: "0.1.0-alpha1")]))

  static var needsCompleteProject: Bool { false }

  static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      if let v = m.version, !isVersion(v.value) {
        context.report(rule, "Plugin version \(v.value) is not valid", at: v.spot)
      }
    }
  }

  /// A version as `zappifest` accepts it: numbers separated by dots, optionally a pre-release tag.
  static func isVersion(_ s: String) -> Bool {
    s.range(of: #"^[0-9]+(\.[0-9]+){0,3}([.-]?[A-Za-z][A-Za-z0-9]*(\.?[0-9]+)*)?$"#, options: .regularExpression) != nil
  }
}

extension Rule {
  public static let manifestVersion = ManifestVersionRule.rule
}
