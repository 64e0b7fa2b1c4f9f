import Synchronization

/// Did-you-mean suggestions over one vocabulary (the screen ids of a project, its component types),
/// built once and asked many times.
///
/// A suggestion is a candidate within edit distance `limit(word, candidate)` (at most 3, a third of
/// the longer word) of the word, ignoring case; the nearest wins, the earliest on a tie. Candidates
/// are kept in buckets by length, so a word is compared only with candidates whose length is within
/// the limit (the edit distance is at least the difference of the lengths), and each comparison
/// stops as soon as a row of the distance table exceeds the limit. Answers are cached per word: a
/// project where one renamed screen is referenced 10,000 times computes its suggestion once.
///
/// Why buckets and not a BK-tree: the limit is small (≤ 3) and ids are long and similar (UUIDs,
/// `show-123`), so a BK-tree's triangle-inequality pruning visits most nodes; the length band
/// prunes at no cost, and the cache removes the repetition that made the old path quadratic.
public final class SuggestionIndex: Sendable {
  private struct Candidate: Sendable {
    let text: String
    let scalars: [Unicode.Scalar]
    let order: Int
  }

  /// Length in scalars → candidates of that length.
  private let buckets: [Int: [Candidate]]
  private let cache = Mutex<[String: String?]>([:])

  public init<S: Sequence>(_ candidates: S) where S.Element == String {
    var buckets: [Int: [Candidate]] = [:]
    var seen: Set<String> = []
    for (order, text) in candidates.enumerated() where seen.insert(text).inserted {
      let scalars = Array(text.lowercased().unicodeScalars)
      buckets[scalars.count, default: []].append(Candidate(text: text, scalars: scalars, order: order))
    }
    self.buckets = buckets
  }

  /// The most edits a candidate may be from a word and still be suggested.
  static func limit(_ a: Int, _ b: Int) -> Int { max(1, min(3, max(a, b) / 3)) }

  /// The candidate closest to `word`, when one is close enough to be a likely typo; never `word`
  /// itself.
  public func suggestion(for word: String) -> String? {
    if let cached = cache.withLock({ $0[word] }) { return cached }
    let found = search(word)
    cache.withLock { $0[word] = found }
    return found
  }

  private func search(_ word: String) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    var best: (candidate: Candidate, distance: Int)?
    for length in max(0, target.count - 3)...(target.count + 3) {
      for candidate in buckets[length] ?? [] where candidate.text != word {
        let limit = Self.limit(target.count, length)
        guard abs(target.count - length) <= limit else { continue }
        let bound = min(limit, best?.distance ?? Int.max)
        guard let d = Self.distance(target, candidate.scalars, atMost: bound) else { continue }
        if best == nil || d < best!.distance || (d == best!.distance && candidate.order < best!.candidate.order) {
          best = (candidate, d)
        }
      }
    }
    return best?.candidate.text
  }

  /// The Levenshtein distance of `a` and `b` when it is at most `bound`, else nil (computing stops
  /// at the first row whose smallest value exceeds the bound).
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
    if a.isEmpty { return b.count <= bound ? b.count : nil }
    if b.isEmpty { return a.count <= bound ? a.count : nil }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > bound { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= bound ? previous[b.count] : nil
  }
}
