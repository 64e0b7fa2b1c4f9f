import ZappDiagnostics
import ZappModel

/// ZL0123 empty-screens-file.
package enum EmptyScreensFileRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0123", name: "empty-screens-file", severity: .warning, category: .reading,
    summary: "A screens file holds an empty list while the project's other screens files hold screens.",
    explanation: """
      A screens file (`rivers.json`, `screens/*.json`) holds screens. One that holds `[]` beside \
      screens files that hold screens is most likely an export that lost them: the app is built \
      without its screens, and nothing else need notice (a screen no other screen opens is simply \
      gone). It is a warning, as the file may be a placeholder: export its screens again, or \
      delete it. A project whose screens files all hold no screen is ZL0112.
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
      guard isEmptyList(file.bytes) else { continue }
      context.report(
        rule, "this screens file holds an empty list: the app gets no screen from it",
        at: SourceSpot(file: file, offset: NoProjectRule.start(of: file.bytes)))
    }
  }

  /// Whether `bytes` are an empty list of screens, `[]` or `{"rivers": []}`, with white space (and
  /// a byte order mark) around and between their tokens.
  static func isEmptyList(_ bytes: [UInt8]) -> Bool {
    let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    let emptyForms = [Array("[]".utf8), Array(#"{"rivers":[]}"#.utf8)]
    let longest = emptyForms.map(\.count).max() ?? 0
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var tokens: [UInt8] = []
    var inString = false
    while i < bytes.count {
      let byte = bytes[i]
      if inString || !space.contains(byte) {
        tokens.append(byte)
        if tokens.count > longest { return false }
        // The one string of these forms has no escape: any other string makes them differ.
        if byte == UInt8(ascii: "\"") { inString.toggle() }
      }
      i += 1
    }
    return emptyForms.contains(tokens)
  }
}

extension Rule {
  public static let emptyScreensFile = EmptyScreensFileRule.rule
}
