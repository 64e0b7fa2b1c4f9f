extension Driver {
  /// The rules that check a reference against the project's families: while a family file cannot
  /// be read, any of them may be wrong (the reference may be to the family in that file, or to a
  /// built-in family it replaces).
  static let familyReferenceRules: Set<Rule> = Set(RuleRegistry.all.filter { $0.checksFamilyReferences }.map { $0.rule })

  /// Their codes as a note names them: in code order, runs of consecutive codes as ranges
  /// (`ZL0301, ZL0302, ZL0304-ZL0306`).
  static let familyReferenceCodes: String = {
    var runs: [[Rule]] = []
    for rule in familyReferenceRules.sorted(by: { $0.code < $1.code }) {
      if let last = runs.last?.last, Int(last.code.dropFirst(2)).map({ $0 + 1 }) == Int(rule.code.dropFirst(2)) {
        runs[runs.count - 1].append(rule)
      } else {
        runs.append([rule])
      }
    }
    return runs.flatMap { run in run.count > 2 ? ["\(run[0].code)-\(run[run.count - 1].code)"] : run.map(\.code) }
      .joined(separator: ", ")
  }()

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
          "references to families (\(familyReferenceCodes)) were not checked until \(files) can be read"
            + (skipped > 0 ? " (\(skipped) skipped)" : "")))
      return copy
    }
  }
}
