import Synchronization
import ZappDiagnostics

/// Findings that many components make alike, gathered into one: a value a plugin component takes
/// from its manifest is checked for each component that takes it, and what is wrong with it is
/// one finding at the manifest, with a note at each component (`RuleContext.report(_:_:at:notes:fixIt:gathering:)`).
package final class GatheredFindings: Sendable {
  /// The components' findings of one rule, place, message and notes: the first of them without
  /// its component's note, and the note of each, with what it is at (`component`, `screen`). Only
  /// the notes are kept per component, however many take the value.
  package struct Group: Sendable {
    package var diagnostic: Diagnostic
    package var takers: [Taker]
  }

  /// A component's (or screen's) note.
  package struct Taker: Sendable {
    package var note: DiagnosticNote
    package var noun: String
  }

  /// The groups by finding (`FindingKey`): findings of one value are one, whatever component took
  /// it, and a fix-it made from that value is the same for each.
  private let groups = Mutex<[FindingKey: Group]>([:])

  package init() {}

  package func add(_ diagnostic: Diagnostic, note: DiagnosticNote, noun: String) {
    let key = FindingKey(diagnostic)
    let taker = Taker(note: note, noun: noun)
    groups.withLock { groups in
      if groups[key] == nil {
        groups[key] = Group(diagnostic: diagnostic, takers: [taker])
      } else {
        groups[key]!.takers.append(taker)
      }
    }
  }

  /// Adds the groups another gathering holds (an editor's, kept per screens file).
  package func add(contentsOf more: [Group]) {
    groups.withLock { groups in
      for group in more {
        let key = FindingKey(group.diagnostic)
        if groups[key] == nil { groups[key] = group } else { groups[key]!.takers += group.takers }
      }
    }
  }

  /// The findings gathered so far, one group per finding.
  package var all: [Group] { groups.withLock { Array($0.values) } }

  /// One finding per group: its notes followed by those of the components, each once, in project
  /// order (`fileOrder`, then position), at most `diagnosticListLimit` of them and a note that
  /// counts the others.
  package func merged(fileOrder: [String: Int]) -> [Diagnostic] {
    func rank(_ note: DiagnosticNote) -> (Int, String, Int) {
      let path = note.spot?.file.path ?? ""
      return (fileOrder[path] ?? Int.max, path, note.spot?.offset ?? -1)
    }
    return all.map { group in
      var seen: Set<FindingKey.Note> = []
      let sorted = group.takers.sorted { rank($0.note) < rank($1.note) }.filter { seen.insert(FindingKey.Note($0.note)).inserted }
      var diagnostic = group.diagnostic
      let nouns = Set(sorted.dropFirst(diagnosticListLimit).map(\.noun)).sorted()
      diagnostic.notes += cappedNotes(count: sorted.count, note: { sorted[$0].note }) { more in
        let what = more == 1 ? nouns.joined(separator: " or ") + " takes" : nouns.map { $0 + "s" }.joined(separator: " or ") + " take"
        return DiagnosticNote("and \(groupedDigits(more)) more \(what) it")
      }
      return diagnostic
    }
  }
}
