import ZappDiagnostics
import ZappModel

/// ZL0604 manifest-targets.
package enum ManifestTargetsRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0604", name: "manifest-targets", severity: .error, category: .manifests,
    summary: "`targets` holds something other than `mobile` and `tv`.",
    explanation: "Every entry of `targets` is `mobile` or `tv` (\"Please enter a valid targets, 'mobile' or 'tv'\").",
    bad: .files(
      ["components/m.json": Example.manifest(#", "targets": [⟦⟧"phone"]"#)],
      reports: [.init(#"Please enter a valid targets, 'mobile' or 'tv' (found "phone")"#)]),
    good: .files(["components/m.json": Example.manifest(#", "targets": ["tv"]"#)]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      for t in m.targets {
        if let s = t.string, s == "mobile" || s == "tv" { continue }
        context.report(rule, "Please enter a valid targets, 'mobile' or 'tv' (found \(t.quotedSource))", at: t.spot)
      }
    }
  }
}

extension Rule {
  public static let manifestTargets = ManifestTargetsRule.rule
}
