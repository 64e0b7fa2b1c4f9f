/// How many items a message or note names before it summarises the rest.
public let diagnosticListLimit = 10

/// A list as a diagnostic words it: every item when there are at most `limit`, else the first
/// `limit` and how many more (`A, B, C, … and 997 more`), so that one diagnostic stays short
/// however long the list. Only the shown items are read past counting.
public func summarizedList<C: Collection>(_ items: C, limit: Int = diagnosticListLimit) -> String where C.Element == String {
  let shown = items.prefix(limit).joined(separator: ", ")
  let count = items.count
  return count > limit ? "\(shown), … and \(count - limit) more" : shown
}

/// The first `limit` of `count` things as notes, and one note for the rest (worded by `rest`, given
/// how many) when there are more: a diagnostic about a name that 1,000 screens share carries 11
/// notes, not 1,000.
package func cappedNotes(
  count: Int, limit: Int = diagnosticListLimit, note: (Int) -> DiagnosticNote, rest: (Int) -> DiagnosticNote
) -> [DiagnosticNote] {
  (0..<min(count, limit)).map(note) + (count > limit ? [rest(count - limit)] : [])
}
