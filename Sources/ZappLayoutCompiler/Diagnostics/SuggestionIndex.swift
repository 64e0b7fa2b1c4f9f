import Synchronization

/// Did-you-mean suggestions over one vocabulary (the screen ids of a project, its component types),
/// built once and asked many times.
///
/// A suggestion is a candidate within edit distance `limit(word, candidate)` of the word, ignoring
/// case; the nearest wins, the earliest on a tie. The distance is Damerau–Levenshtein's optimal
/// string alignment: an insertion, a deletion, a substitution or a swap of two adjacent characters
/// is one edit (`gird` is one edit from `grid`). The limit is a third of the longer word, at least 1
/// and at most 3: 1 edit up to 5 characters, 2 up to 8, 3 beyond, so that a short word is never
/// matched to another that shares only half its letters. Candidates
/// are kept in buckets by length, so a word is compared only with candidates whose length is within
/// the limit (the edit distance is at least the difference of the lengths), and each comparison
/// stops as soon as a row of the distance table exceeds the limit. Answers are cached per word: a
/// project where one renamed screen is referenced 10,000 times computes its suggestion once.
///
/// Before the distance table, a candidate must pass a one-word test: the sets of characters of the
/// two words (hashed to 64 bits) differ in at most two bits per edit (a swap keeps the set), so half
/// their difference is a lower bound of the distance. Names that differ in most digits (`CELL_123X` and `CELL_456`) stop
/// there, so a word against thousands of similar names costs thousands of XORs, not tables.
///
/// Why buckets and not a BK-tree: the limit is small (≤ 3) and ids are long and similar (UUIDs,
/// `show-123`), so a BK-tree's triangle-inequality pruning visits most nodes; the length band
/// prunes at no cost, and the cache removes the repetition that made the old path quadratic.
public final class SuggestionIndex: Sendable {
  private struct Candidate: Sendable {
    let text: String
    let scalars: [Unicode.Scalar]
    let order: Int
    let mask: UInt64
  }

  private let candidates: [String]
  /// Length in scalars → candidates of that length: made on the first question, so that a check
  /// with nothing to suggest (a clean project) never builds it.
  private let buckets = Once<[Int: [Candidate]]>()
  private let cache = Mutex<[String: String?]>([:])

  public init<S: Sequence>(_ candidates: S) where S.Element == String {
    self.candidates = Array(candidates)
  }

  private static func buckets(of candidates: [String]) -> [Int: [Candidate]] {
    var buckets: [Int: [Candidate]] = [:]
    var seen: Set<String> = []
    for (order, text) in candidates.enumerated() where seen.insert(text).inserted {
      let scalars = Array(text.lowercased().unicodeScalars)
      buckets[scalars.count, default: []].append(Candidate(text: text, scalars: scalars, order: order, mask: Self.mask(scalars)))
    }
    return buckets
  }

  /// The characters of a word as a set of 64 bits (a character's bit is its scalar value modulo 64).
  static func mask(_ scalars: [Unicode.Scalar]) -> UInt64 {
    scalars.reduce(0) { $0 | (1 << UInt64($1.value % 64)) }
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
    let buckets = self.buckets.value { Self.buckets(of: candidates) }
    let target = Array(word.lowercased().unicodeScalars)
    let targetMask = Self.mask(target)
    var best: (candidate: Candidate, distance: Int)?
    // Nearest lengths first: a close candidate found early tightens the bound for the others.
    for length in [0, -1, 1, -2, 2, -3, 3].map({ target.count + $0 }) where length >= 0 {
      for candidate in buckets[length] ?? [] where candidate.text != word {
        let limit = Self.limit(target.count, length)
        guard abs(target.count - length) <= limit else { continue }
        let bound = min(limit, best?.distance ?? Int.max)
        guard ((targetMask ^ candidate.mask).nonzeroBitCount + 1) / 2 <= bound else { continue }
        guard let d = Self.distance(target, candidate.scalars, atMost: bound) else { continue }
        if best == nil || d < best!.distance || (d == best!.distance && candidate.order < best!.candidate.order) {
          best = (candidate, d)
        }
      }
    }
    return best?.candidate.text
  }

  /// The optimal string alignment distance of `a` and `b` (Levenshtein's edits and swaps of two
  /// adjacent characters) when it is at most `bound`, else nil. Computing stops at the first row
  /// whose smallest value exceeds the bound: rows never decrease, since a swap from two rows up
  /// costs no less than the substitution it follows.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
    if a.isEmpty { return b.count <= bound ? b.count : nil }
    if b.isEmpty { return a.count <= bound ? a.count : nil }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = [Int](repeating: 0, count: b.count + 1)
    for j in previous.indices { previous[j] = j }
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, beforePrevious[j - 2] + 1) }
        current[j] = d
        rowMinimum = min(rowMinimum, d)
      }
      if rowMinimum > bound { return nil }
      swap(&beforePrevious, &previous)
      swap(&previous, &current)
    }
    return previous[b.count] <= bound ? previous[b.count] : nil
  }
}
