import ZappDiagnostics
import ZappModel
import ZappRules

extension Driver {
  /// The rules that check a reference against the project's families: while a family file cannot
  /// be read, any of them may be wrong (the reference may be to the family in that file, or to a
  /// built-in family it replaces). Each says so in its own file (`checksFamilyReferences`).
  static let familyReferenceRules: Set<Rule> = Set(RuleRegistry.all.filter { $0.checksFamilyReferences }.map { $0.rule })

  /// Their codes in registry (code) order, as the note names them.
  private static let familyReferenceCodes = RuleRegistry.all.filter { $0.checksFamilyReferences }.map { $0.rule.code }

  /// Drops the findings of `familyReferenceRules` when a family file could not be read, and says
  /// so in a note on that file's first error, so that one broken family hides nothing else.
  static func skipFamilyReferences(_ diagnostics: [Diagnostic], project: Project) -> [Diagnostic] {
    guard let first = project.unreadableFamilyFiles.first else { return diagnostics }
    let kept = diagnostics.filter { !familyReferenceRules.contains($0.rule) }
    let skipped = diagnostics.count - kept.count
    let count = project.unreadableFamilyFiles.count
    let files = count == 1 ? "this file" : "the \(count) family files with errors"
    var noted = false
    return kept.map { d in
      guard !noted, d.severity == .error, let path = d.path, path == first else { return d }
      noted = true
      var copy = d
      copy.notes.append(
        DiagnosticNote(
          "references to families (\(codeRanges(familyReferenceCodes))) were not checked until \(files) can be read"
            + (skipped > 0 ? " (\(skipped) skipped)" : "")))
      return copy
    }
  }

  /// Codes in order, three or more consecutive ones as a range: "ZL0301, ZL0302, ZL0304-ZL0306".
  static func codeRanges(_ codes: [String]) -> String {
    var parts: [String] = []
    var run: [String] = []
    func flush() {
      if run.count >= 3 { parts.append("\(run[0])-\(run[run.count - 1])") } else { parts += run }
      run = []
    }
    for code in codes {
      if let last = run.last, let previous = Int(last.dropFirst(2)), Int(code.dropFirst(2)) == previous + 1 {
        run.append(code)
      } else {
        flush()
        run = [code]
      }
    }
    flush()
    return parts.joined(separator: ", ")
  }
}
