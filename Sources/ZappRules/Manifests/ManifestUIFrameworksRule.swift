import ZappDiagnostics
import ZappModel

/// ZL0605 manifest-ui-frameworks.
package enum ManifestUIFrameworksRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0605", name: "manifest-ui-frameworks", severity: .error, category: .manifests,
    summary: "`ui_frameworks` holds something other than `native` and `quickbrick`.",
    explanation:
      "`ui_frameworks` is an array whose entries are `native` or `quickbrick` (\"Please enter a valid array of UI Frameworks\").",
    bad: .files(
      ["components/m.json": Example.manifest(#", "ui_frameworks": [⟦⟧"react"]"#)],
      reports: [.init(#"Please enter a valid array of UI Frameworks: "react" is neither 'native' nor 'quickbrick'"#)]),
    good: .files(["components/m.json": Example.manifest(#", "ui_frameworks": ["native"]"#)]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      for t in m.uiFrameworks {
        if let s = t.string, s == "native" || s == "quickbrick" { continue }
        context.report(
          rule, "Please enter a valid array of UI Frameworks: \(t.quotedSource) is neither 'native' nor 'quickbrick'", at: t.spot)
      }
    }
  }
}

extension Rule {
  public static let manifestUIFrameworks = ManifestUIFrameworksRule.rule
}
