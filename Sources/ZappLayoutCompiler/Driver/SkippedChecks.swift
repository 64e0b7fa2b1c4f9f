extension Driver {
  /// The rules that check a reference against the project's families: while a family file cannot
  /// be read, any of them may be wrong (the reference may be to the family in that file, or to a
  /// built-in family it replaces).
  static let familyReferenceRules: Set<Rule> = [.unknownFamily, .familyMismatch, .unknownCellStyle, .unknownLayout, .unknownHeaderStyle]

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
          "references to families (ZL0301, ZL0302, ZL0304-ZL0306) were not checked until \(files) can be read"
            + (skipped > 0 ? " (\(skipped) skipped)" : "")))
      return copy
    }
  }
}
