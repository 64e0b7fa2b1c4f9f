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
      guard let root = project.emptyScreensFiles[file.path] else { continue }
      context.report(
        rule, "this screens file holds an empty list: the app gets no screen from it",
        at: SourceSpot(file: file, offset: NoProjectRule.start(of: file.bytes)), notes: unreadNote(unreadKeys(root)).map { [$0] } ?? [])
    }
  }

  /// The keys of a screens file's object beside its `rivers`, which are not read: all but `rivers`
  /// and `$schema`, in source order; none when the file is not an object holding `rivers`.
  static func unreadKeys(_ root: JSONValue) -> [JSONValue] {
    guard root.kind == .object, root["rivers"] != nil else { return [] }
    var keys: [JSONValue] = []
    root.forEachMember { key, _ in
      if !key.stringEquals("rivers") && !key.stringEquals("$schema") { keys.append(key) }
    }
    return keys
  }

  /// Where the file's keys beside its empty `rivers` are, which hold no screen of the app however
  /// much they hold: at the first of them.
  static func unreadNote(_ keys: [JSONValue]) -> DiagnosticNote? {
    guard let first = keys.first else { return nil }
    let name = first.string ?? ""
    let others = keys.count - 1
    let what = others == 0 ? "'\(name)' is" : "'\(name)' and \(others) other key\(others == 1 ? "" : "s") are"
    return DiagnosticNote("zlc reads a screens file's screens from its 'rivers' alone: \(what) not read", at: first.spot)
  }
}

extension Rule {
  public static let emptyScreensFile = EmptyScreensFileRule.rule
}
