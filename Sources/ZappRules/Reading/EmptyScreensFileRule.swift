import ZappDiagnostics
import ZappModel

/// ZL0123 empty-screens-file.
package enum EmptyScreensFileRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0123", name: "empty-screens-file", severity: .warning, category: .reading,
    summary: "A screens file holds an empty list while the project's other screens files hold screens.",
    explanation: """
      A screens file (`rivers.json`, `screens/*.json`) holds screens. One whose list of screens is \
      empty (`[]`, or an object whose `rivers` is `[]`, whatever other keys it holds: zlc reads \
      its screens from `rivers` alone) beside screens files that hold screens is most likely an \
      export that lost them: the app is built without its screens, and nothing else need notice \
      (a screen no other screen opens is simply gone). It is a warning, as the file may be a \
      placeholder: export its screens again, or delete it. A project whose screens files all hold \
      no screen is ZL0112.
      """,
    bad: .files(
      ["screens/extra.json": "⟦⟧[]"],
      reports: [.init("this screens file holds an empty list: the app gets no screen from it")]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let project = context.project
    // A project without screens is ZL0112.
    guard !project.screens.isEmpty || !project.screenObjects.isEmpty else { return }
    let prefix = ProjectLoader().join(project.directory, "")
    for file in project.files where ProjectLoader.role(of: String(file.path.dropFirst(prefix.count))) == .screens {
      guard project.emptyScreensFiles.contains(file.path) else { continue }
      context.report(
        rule, "this screens file holds an empty list: the app gets no screen from it",
        at: SourceSpot(file: file, offset: NoProjectRule.start(of: file.bytes)))
    }
  }
}

extension Rule {
  public static let emptyScreensFile = EmptyScreensFileRule.rule
}
