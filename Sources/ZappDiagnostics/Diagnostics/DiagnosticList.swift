/// How many findings of one code in one file are kept; the rest are counted, and one summary
/// finding ("and 299,900 more ZL0201 in this file") stands for them at the first one dropped.
///
/// A hundred shows every instance of a mistake made a few dozen times, and the pattern of one made
/// everywhere; past that, more lines of the same code in the same file tell nothing new and cost
/// memory and output in proportion to the input (a flood of `[{}, {}, …]` is two findings per three
/// bytes).
public let diagnosticsPerFileAndCode = 100

/// Diagnostics collected with at most `cap` kept per file and code: a finding past the cap is
/// counted, never stored, so memory stays bounded however many findings a file produces.
///
/// Which findings are kept does not depend on the order they arrive in (rules run in parallel):
/// per file and code, the first `cap` by position (then message), and the summary at the next.
public struct DiagnosticList: Sendable {
  public let cap: Int
  /// The findings as they came, while there are at most `cap` of them and no summary: no file and
  /// code can be past the cap yet, and most lists (a screen's shape findings) stay this small.
  private var few: [Diagnostic]? = []
  /// Past that, the findings per file and code, and where each file and code's record is.
  private var records: [Record] = []
  private var slots: [Key: Int] = [:]
  /// The last file and code added to, and its record: findings come in runs of one file.
  private var last: (key: Key, slot: Int)?
  /// The order findings were added in, to give kept ones back in that order.
  private var sequence = 0

  private struct Key: Hashable {
    let path: String?
    let code: String
  }

  private struct Entry {
    let sequence: Int
    let offset: Int
    let diagnostic: Diagnostic

    /// Whether `self` comes before a finding at `offset` with `message` in the output.
    func precedes(offset other: Int, message: String) -> Bool {
      offset != other ? offset < other : diagnostic.message < message
    }
  }

  /// One file's findings of one code: how many there are, and the first `cap + 1` of them in
  /// output order (the last, once there are more than `cap`, is where the summary goes).
  private struct Record {
    var total = 0
    var errors = 0
    var warnings = 0
    var entries: [Entry] = []

    mutating func add(_ entry: Entry, weight: Int, limit: Int) {
      total += weight
      switch entry.diagnostic.severity {
      case .error: errors += weight
      case .warning: warnings += weight
      case .note: break
      }
      let message = entry.diagnostic.message
      // Findings mostly arrive in order: one comparison with the last kept drops them.
      if entries.count == limit, let last = entries.last, !entry.precedes(offset: last.offset, message: last.diagnostic.message) {
        return
      }
      var low = 0
      var high = entries.count
      while low < high {
        let mid = (low + high) / 2
        if entries[mid].precedes(offset: entry.offset, message: message) { low = mid + 1 } else { high = mid }
      }
      entries.insert(entry, at: low)
      if entries.count > limit { entries.removeLast() }
    }
  }

  public init(cap: Int = diagnosticsPerFileAndCode) {
    self.cap = max(1, cap)
  }

  public var isEmpty: Bool { few?.isEmpty ?? false }

  /// Adds a finding, or only counts it when `cap` findings of its file and code come before it. A
  /// summary (from another list) counts as the findings it stands for.
  public mutating func append(_ diagnostic: Diagnostic) {
    if few != nil {
      if few!.count < cap, diagnostic.omittedCount == 0 {
        few!.append(diagnostic)
        return
      }
      let earlier = few!
      few = nil
      for d in earlier { record(d) }
    }
    record(diagnostic)
  }

  private mutating func record(_ diagnostic: Diagnostic) {
    let key = Key(path: diagnostic.path, code: diagnostic.code)
    let slot: Int
    if let last, last.key == key {
      slot = last.slot
    } else if let known = slots[key] {
      slot = known
    } else {
      slot = records.count
      records.append(Record())
      slots[key] = slot
    }
    last = (key, slot)
    sequence += 1
    let entry = Entry(sequence: sequence, offset: diagnostic.spot?.offset ?? -1, diagnostic: diagnostic)
    records[slot].add(entry, weight: diagnostic.findingCount, limit: cap + 1)
  }

  public mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
    for diagnostic in diagnostics { append(diagnostic) }
  }

  /// `diagnostics` as a list keeps them: at most `cap` of one code in one file, and a summary
  /// finding for the rest.
  public static func kept(_ diagnostics: some Sequence<Diagnostic>, cap: Int = diagnosticsPerFileAndCode) -> [Diagnostic] {
    var list = DiagnosticList(cap: cap)
    list.append(contentsOf: diagnostics)
    return list.all
  }

  /// How many findings have `severity`, those dropped included.
  public func count(of severity: Severity) -> Int {
    if let few { return few.count(of: severity) }
    switch severity {
    case .error: return records.reduce(0) { $0 + $1.errors }
    case .warning: return records.reduce(0) { $0 + $1.warnings }
    case .note: return records.reduce(0) { $0 + $1.total - $1.errors - $1.warnings }
    }
  }

  /// The kept findings in the order they were added, and per capped file and code one summary
  /// finding in place of the first one dropped, which counts every finding not shown.
  public var all: [Diagnostic] {
    if let few { return few }
    var kept: [Entry] = []
    for record in records {
      var shown = 0
      for entry in record.entries {
        if shown < cap, entry.diagnostic.omittedCount == 0 {
          kept.append(entry)
          shown += 1
          continue
        }
        let summary = Diagnostic.summary(of: entry.diagnostic, omitted: record.total - shown)
        kept.append(Entry(sequence: entry.sequence, offset: entry.offset, diagnostic: summary))
        break
      }
    }
    kept.sort { $0.sequence < $1.sequence }
    return kept.map(\.diagnostic)
  }
}

extension Diagnostic {
  /// How many findings this one stands for: a summary the findings it counts, any other one.
  public var findingCount: Int { omittedCount > 0 ? omittedCount : 1 }

  /// The finding that stands for `omitted` findings of `first`'s code in its file, from `first` on.
  package static func summary(of first: Diagnostic, omitted: Int) -> Diagnostic {
    let place = first.path == nil ? "" : " in this file"
    var summary = Diagnostic(
      first.rule, "and \(groupedDigits(omitted)) more \(first.code)\(place)", at: first.spot, severity: first.severity,
      path: first.path)
    summary.omittedCount = omitted
    return summary
  }
}

/// A count with its thousands grouped by commas (`299,900`), whatever the locale.
package func groupedDigits(_ n: Int) -> String {
  let digits = String(n.magnitude)
  var out = n < 0 ? "-" : ""
  for (i, digit) in digits.enumerated() {
    if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
    out.append(digit)
  }
  return out
}
