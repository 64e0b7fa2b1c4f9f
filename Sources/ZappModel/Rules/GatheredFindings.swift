import Synchronization
import ZappDiagnostics

/// Findings that many components make alike, gathered into one: a value a plugin component takes
/// from its manifest is checked for each component that takes it, and what is wrong with it is
/// one finding at the manifest, with a note at each component (`RuleContext.report(_:_:at:notes:fixIt:gathering:)`).
package final class GatheredFindings: Sendable {
  /// One component's finding: the finding without the component's note, that note, and what the
  /// note is at (`component`, `screen`).
  package struct Entry: Sendable {
    package var diagnostic: Diagnostic
    package var note: DiagnosticNote
    package var noun: String
  }

  private let entries = Mutex<[Entry]>([])

  package init() {}

  package func add(_ diagnostic: Diagnostic, note: DiagnosticNote, noun: String) {
    entries.withLock { $0.append(Entry(diagnostic: diagnostic, note: note, noun: noun)) }
  }

  package func add(contentsOf more: [Entry]) {
    entries.withLock { $0 += more }
  }

  /// The findings gathered so far, one per component.
  package var all: [Entry] { entries.withLock { $0 } }

  /// One finding per rule, place, message and notes: its notes followed by those of the components,
  /// each once, in project order (`fileOrder`, then position), at most `diagnosticListLimit` of
  /// them and a note that counts the others. Its fix-it is that of the first component's finding.
  package static func merged(_ entries: [Entry], fileOrder: [String: Int]) -> [Diagnostic] {
    var order: [Key] = []
    var groups: [Key: [Entry]] = [:]
    for entry in entries {
      let key = Key(entry.diagnostic)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(entry)
    }
    func rank(_ note: DiagnosticNote) -> (Int, String, Int) {
      let path = note.spot?.file.path ?? ""
      return (fileOrder[path] ?? Int.max, path, note.spot?.offset ?? -1)
    }
    return order.map { key in
      var seen: Set<NoteKey> = []
      let sorted = groups[key]!.sorted { rank($0.note) < rank($1.note) }.filter { seen.insert(NoteKey($0.note)).inserted }
      var diagnostic = sorted[0].diagnostic
      let nouns = Set(sorted.dropFirst(diagnosticListLimit).map(\.noun)).sorted()
      diagnostic.notes += cappedNotes(count: sorted.count, note: { sorted[$0].note }) { more in
        let what = more == 1 ? nouns.joined(separator: " or ") + " takes" : nouns.map { $0 + "s" }.joined(separator: " or ") + " take"
        return DiagnosticNote("and \(groupedDigits(more)) more \(what) it")
      }
      return diagnostic
    }
  }

  /// What makes components' findings one: rule, severity, place, message and notes.
  private struct Key: Hashable {
    var code: String
    var severity: Severity
    var path: String?
    var offset: Int?
    var message: String
    var notes: [NoteKey]

    init(_ d: Diagnostic) {
      code = d.code
      severity = d.severity
      path = d.path
      offset = d.spot?.offset
      message = d.message
      notes = d.notes.map(NoteKey.init)
    }
  }

  private struct NoteKey: Hashable {
    var message: String
    var path: String?
    var offset: Int?

    init(_ note: DiagnosticNote) {
      message = note.message
      path = note.spot?.file.path
      offset = note.spot?.offset
    }
  }
}
