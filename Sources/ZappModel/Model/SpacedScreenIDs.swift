import Foundation
import ZappDiagnostics

extension Project {
  /// The screen ids with spaces at their ends that trim to `trimmed` (`"show "` and `" show"` for
  /// `show`), compared by their exact characters. The table holds only such ids, usually none, and
  /// is made on first use: only a reference that does not resolve asks.
  package func screenIDs(trimmingTo trimmed: String) -> [String] {
    let spaced = caches.spacedScreenIDs.value {
      var byTrimmed: [ExactString: [String]] = [:]
      for screen in screens {
        let id = screen.idString
        let key = id.trimmingCharacters(in: .whitespacesAndNewlines)
        guard key != id, !(byTrimmed[ExactString(key)]?.contains { ExactString($0) == ExactString(id) } ?? false) else { continue }
        byTrimmed[ExactString(key), default: []].append(id)
      }
      return byTrimmed
    }
    return spaced[ExactString(trimmed)] ?? []
  }
}
