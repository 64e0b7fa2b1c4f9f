/// What makes two findings the same finding: rule, severity, place, message and notes (each
/// note's message and spot). The fix-it is not part of it: each use says why it need not be.
///
/// Used where findings of many checks are made one: the findings many components make of a value
/// they take from their manifest (`GatheredFindings`), and those of a rule run under both family
/// readings of a component (`Checker.checkBothReadings`). Severity separates neither: rules report
/// at their rule's severity, and it is changed (`--warnings-as-errors`) only once they have run.
package struct FindingKey: Hashable, Sendable {
  private var code: String
  private var severity: Severity
  private var path: String?
  private var offset: Int?
  private var message: String
  private var notes: [Note]

  package init(_ diagnostic: Diagnostic) {
    code = diagnostic.code
    severity = diagnostic.severity
    path = diagnostic.path
    offset = diagnostic.spot?.offset
    message = diagnostic.message
    notes = diagnostic.notes.map(Note.init)
  }

  /// What makes two notes the same: message and spot.
  package struct Note: Hashable, Sendable {
    private var message: String
    private var path: String?
    private var offset: Int?

    package init(_ note: DiagnosticNote) {
      message = note.message
      path = note.spot?.file.path
      offset = note.spot?.offset
    }
  }
}
