import Synchronization

/// Did-you-mean suggestions over one vocabulary (the screen ids of a project, its component types),
/// built once and asked many times.
///
/// A suggestion is a candidate within edit distance `limit(word, candidate)` of the word, ignoring
/// case; the nearest wins, the earliest on a tie (and the answer says it was a tie: see
/// `Suggestion`). The distance is Damerau–Levenshtein's optimal
/// string alignment: an insertion, a deletion, a substitution or a swap of two adjacent characters
/// is one edit (`gird` is one edit from `grid`). The limit is a third of the longer word, at least 1
/// and at most 3: 1 edit up to 5 characters, 2 up to 8, 3 beyond, so that a short word is never
/// matched to another that shares only half its letters. Answers are cached per word: a project
/// where one renamed screen is referenced 10,000 times computes its suggestion once.
///
/// A short word (under 19 characters) is compared only with candidates whose length is within the
/// limit (the edit distance is at least the difference of the lengths), and first by a one-word
/// test: the sets of characters of the two words (hashed to 64 bits) differ in at most two bits
/// per edit (a swap keeps the set), so half their difference is a lower bound of the distance.
/// Ids that differ in most characters stop there, one XOR each, and the few left are compared by
/// their distance, each comparison stopping as soon as a row of the table exceeds the bound.
/// Names of one pattern (`FAM_1234` among `FAM_0` to `FAM_4999`) share their lengths and
/// characters, so that test lets hundreds through: beyond `scanLimit` of them, the word is
/// searched in a trie of the candidates (`SuggestionTrie`), which carries one row of the distance
/// table per prefix and enters only the prefixes within the limit of some prefix of the word.
///
/// Long words (19 characters and more: UUIDs, 24-digit hex object ids, the ids builders write) of
/// one length share almost every character, so neither the length band nor the character sets
/// prune them. For those, an inverted index of the candidates' 4-grams at every position (one flat
/// array of candidates by gram, found through an open-addressing table) lists the candidates
/// holding each of the word's grams, counted in a reused counter per candidate that is cleared
/// where it was touched. From 28 characters on, the word's grams are its non-overlapping ones (its
/// q-samples: 9 for a UUID): an edit breaks at most one (a swap across a border two), so a
/// candidate within `k` edits holds at least `⌊|word| / 4⌋ − 2k` of them; a shorter word is looked
/// up by all its 4-grams, of which an edit breaks at most the 4 over its place (a swap the 5 over
/// either), so a candidate holds at least `|word| − 3 − 5k` (6 for a 24-character id within 3
/// edits). Only candidates holding that many are compared. Among 10,000 random ids a 4-gram is held by a
/// handful, so a stale id costs a lookup per gram and a few dozen counter increments, not 10,000
/// tables, nor 10,000 counters to allocate and clear.
///
/// Why a trie and 4-grams and not a BK-tree: the limit is small (≤ 3) and ids are long and
/// similar (UUIDs, `show-123`), so a BK-tree's triangle-inequality pruning visits most nodes; and
/// the cache removes the repetition that made the old path quadratic.
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
  /// The candidates a short word may be near, in a trie: made on the first question that the
  /// buckets answer slowly.
  private let trie = Once<SuggestionTrie>()
  /// The most candidates a short word's character set lets through that are compared one by
  /// one; with more, the word is searched in the trie.
  package static let scanLimit = 64
  /// Whether a question was searched in the trie (more than `scanLimit` candidates passed).
  package var hasSearchedTrie: Bool { trie.isMade }
  /// Every candidate of a long word's length band, and 4-gram → the candidates holding it (each
  /// once): made on the first question about a long word.
  private let trigrams = Once<Trigrams>()
  private let cache = Mutex<[String: Suggestion?]>([:])
  /// Whether answers are kept in `cache`.
  private let cachesAnswers: Bool
  /// Counters of the long-word search, one taken per question under way.
  private let scratches = Mutex<[Scratch]>([])

  /// A long-word question's counts: grams shared per candidate (zero outside a question), and the
  /// candidates with a nonzero count.
  private struct Scratch: Sendable {
    var shared: [Int32]
    var touched: [Int32] = []
  }

  /// The long-word index: every candidate of a long word's length band, and for each 4-gram the
  /// candidates holding it (each once, however often it holds it), kept in one flat array by gram
  /// and found through an open-addressing table keyed by the gram's hash.
  private struct Trigrams: Sendable {
    var all: [Candidate] = []
    /// The candidates' lengths in scalars, apart, so a candidate is not copied to be ruled out.
    var lengths: [Int] = []
    /// Slot → gram hash, and the start and end of its candidates in `postings` (start -1: empty),
    /// side by side so that a probe reads one cache line.
    var slots: [Slot] = []
    var postings: [Int32] = []
    /// log2 of the slot count.
    var bits = 0

    /// The first slot to probe for `gram` (Fibonacci hashing: the high bits of a product).
    func home(_ gram: UInt64) -> Int { Int(truncatingIfNeeded: (gram &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits)) }

    /// The range in `postings` of the candidates holding `gram`, nil when none does.
    func range(of gram: UInt64) -> Range<Int>? {
      let mask = slots.count - 1
      var slot = home(gram)
      while slots[slot].start >= 0 {
        if slots[slot].key == gram { return Int(slots[slot].start)..<Int(slots[slot].end) }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  private struct Slot: Sendable {
    var key: UInt64 = 0
    var start: Int32 = -1
    var end: Int32 = 0
  }

  /// Words from this many scalars on are searched through their 4-grams: below it (15 grams or
  /// fewer, 3 edits breaking up to 15) a candidate within the limit may hold none.
  package static let trigramLength = 19
  /// The length of the grams of the long-word index.
  package static let gramLength = 4

  public convenience init<S: Sequence>(_ candidates: S) where S.Element == String {
    self.init(Array(candidates), cachesAnswers: true)
  }

  private init(_ candidates: [String], cachesAnswers: Bool) {
    self.candidates = candidates
    self.cachesAnswers = cachesAnswers
  }

  /// The index of a vocabulary asked about one word at a time: a small one (a family element's
  /// attribute names, asked once per attribute of a file that may hold 100,000) is made once and
  /// kept, its answers not (they are quick once its buckets are made, and words vary without end).
  package static func of<S: Sequence>(_ candidates: S) -> SuggestionIndex where S.Element == String {
    let list = Array(candidates)
    guard list.count <= smallVocabulary else { return SuggestionIndex(list) }
    // Keyed by the bytes, as two lists in other Unicode forms suggest other bytes; each name's
    // length before it, so that no two lists give one key.
    var key = [UInt8]()
    for name in list {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: name.utf8.count).littleEndian) { key += $0 }
      key += name.utf8
    }
    if let kept = smallIndexes.withLock({ $0[key] }) { return kept }
    let made = SuggestionIndex(list, cachesAnswers: false)
    smallIndexes.withLock { kept in
      if kept.count >= keptVocabularies { kept.removeAll() }
      kept[key] = made
    }
    return made
  }

  /// The most candidates of a vocabulary `of(_:)` keeps an index of.
  package static let smallVocabulary = 256
  /// How many indexes `of(_:)` keeps; past that, it starts again.
  private static let keptVocabularies = 64
  private static let smallIndexes = Mutex<[[UInt8]: SuggestionIndex]>([:])

  /// The most edits a candidate may be from a word and still be suggested.
  package static func limit(_ a: Int, _ b: Int) -> Int { max(1, min(3, max(a, b) / 3)) }

  /// The candidate closest to `word`, when one is close enough to be a likely typo; never `word`
  /// itself.
  public func suggestion(for word: String) -> String? { nearest(to: word)?.text }

  /// The candidate closest to `word`, as `suggestion(for:)` finds it, and whether another is as
  /// close.
  public func nearest(to word: String) -> Suggestion? {
    guard cachesAnswers else { return search(word) }
    if let cached = cache.withLock({ $0[word] }) { return cached }
    let found = search(word)
    cache.withLock { $0[word] = found }
    return found
  }

  /// Works out the suggestions of `words` on all cores and keeps them, so that the questions that
  /// follow are answered from the cache. Words go in batches of 64: a batch takes the long-word
  /// index and a counter once, and locks the cache once to keep its answers.
  public func prepare(_ words: [String]) {
    guard cachesAnswers else { return }
    let asked = cache.withLock { cache in Array(Set(words.filter { cache[$0] == nil })) }
    guard !asked.isEmpty else { return }
    let batch = 64
    let found = parallelMap((asked.count + batch - 1) / batch) { k -> [(String, Suggestion?)] in
      var table: Trigrams?
      var scratch: Scratch?
      var answers: [(String, Suggestion?)] = []
      for word in asked[(k * batch)..<min(asked.count, (k + 1) * batch)] {
        let target = Array(word.lowercased().unicodeScalars)
        guard target.count >= Self.trigramLength else {
          answers.append((word, search(word)))
          continue
        }
        if table == nil { table = trigrams.value { Self.trigrams(of: candidates) } }
        if scratch == nil {
          scratch = scratches.withLock { $0.popLast() } ?? Scratch(shared: [Int32](repeating: 0, count: table!.all.count))
        }
        answers.append((word, searchByTrigrams(word, target, table!, &scratch!)))
      }
      if let scratch { scratches.withLock { $0.append(scratch) } }
      return answers
    }
    cache.withLock { cache in
      for answers in found {
        for (word, answer) in answers { cache[word] = answer }
      }
    }
  }

  private func search(_ word: String) -> Suggestion? {
    let target = Array(word.lowercased().unicodeScalars)
    if target.count >= Self.trigramLength { return searchByTrigrams(word, target) }
    let buckets = self.buckets.value { Self.buckets(of: candidates) }
    let targetMask = Self.mask(target)
    // The candidates of the length band whose character sets may be within the limit, nearest
    // lengths first (a close candidate found early tightens the bound for the others); when
    // there are many (names of one pattern), the trie.
    var near: [Candidate] = []
    for length in [0, -1, 1, -2, 2, -3, 3].map({ target.count + $0 }) where length >= 0 {
      let limit = Self.limit(target.count, length)
      guard abs(target.count - length) <= limit else { continue }
      for candidate in buckets[length] ?? [] where candidate.text != word {
        guard ((targetMask ^ candidate.mask).nonzeroBitCount + 1) / 2 <= limit else { continue }
        near.append(candidate)
        // Candidates longer than the longest short word by more than the widest limit are never near.
        if near.count > Self.scanLimit {
          return trie.value { SuggestionTrie(candidates, longest: Self.trigramLength + 2) }.nearest(to: word, target)
        }
      }
    }
    var best: Nearest?
    for candidate in near {
      let bound = min(Self.limit(target.count, candidate.scalars.count), best?.distance ?? Int.max)
      guard ((targetMask ^ candidate.mask).nonzeroBitCount + 1) / 2 <= bound,
        let d = Self.distance(target, candidate.scalars, atMost: bound)
      else { continue }
      Nearest.keep(candidate, at: d, in: &best)
    }
    return best?.suggestion
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

  /// The characters of a word as a set of 64 bits: the lowercase letters, the digits and `-_.` and
  /// the space of ids each a bit of their own (random ids of letters and digits then differ in
  /// many), any other character a bit its scalar value picks among the rest. However characters
  /// share bits, an edit changes at most two.
  package static func mask(_ scalars: [Unicode.Scalar]) -> UInt64 {
    scalars.reduce(0) { $0 | (1 << bit($1.value)) }
  }

  /// The bit of a character of a lowercased word in `mask`.
  private static func bit(_ value: UInt32) -> UInt64 {
    switch value {
    case 0x61...0x7A: return UInt64(value - 0x61)  // a-z
    case 0x30...0x39: return UInt64(value - 0x30 + 26)  // 0-9
    case 0x2D: return 36  // -
    case 0x5F: return 37  // _
    case 0x2E: return 38  // .
    case 0x20: return 39  // space
    default: return 40 + UInt64(value % 24)
    }
  }

  /// The nearest candidate so far, its distance, and whether another was as near.
  private struct Nearest {
    var candidate: Candidate
    var distance: Int
    var tied = false

    var suggestion: Suggestion { Suggestion(text: candidate.text, isTied: tied) }

    /// Keeps `candidate` when it is nearer than `best`, or as near and earlier; marks a tie.
    static func keep(_ candidate: Candidate, at distance: Int, in best: inout Nearest?) {
      guard let current = best, distance >= current.distance else {
        best = Nearest(candidate: candidate, distance: distance)
        return
      }
      guard distance == current.distance else { return }
      best!.tied = true
      if candidate.order < current.candidate.order { best!.candidate = candidate }
    }
  }

  /// A gram of scalars hashed to one number (FNV-1a), its low `indexBits` bits cleared. Two grams
  /// sharing a hash only make a candidate look closer, never farther: the distance decides.
  package static func trigram(_ s: [Unicode.Scalar], at i: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for k in i..<(i + gramLength) { hash = (hash ^ UInt64(s[k].value)) &* 0x100_0000_01b3 }
    return hash & ~indexMask
  }

  /// The low bits of a gram's hash that hold a candidate's index while the index is built: one
  /// sort of plain numbers (gram, then candidate) instead of pairs. The index holds the first 2^24
  /// long candidates.
  private static let indexBits: UInt64 = 24
  private static let indexMask: UInt64 = (1 << indexBits) - 1

  /// Plain numbers in ascending order: sixteen bits at a time from the lowest, four stable passes
  /// of counting (a comparison sort of the 330,000 keys of 10,000 UUIDs costs several times as
  /// much). Fewer numbers than a quarter of the counters are sorted by comparison.
  static func radixSorted(_ keys: [UInt64]) -> [UInt64] {
    let digits = 1 << 16
    guard keys.count >= digits / 4 else { return keys.sorted() }
    var source = keys
    var target = [UInt64](repeating: 0, count: keys.count)
    var counts = [Int](repeating: 0, count: digits)
    for shift in stride(from: UInt64(0), to: 64, by: 16) {
      source.withUnsafeBufferPointer { from in
        target.withUnsafeMutableBufferPointer { to in
          counts.withUnsafeMutableBufferPointer { count in
            count.update(repeating: 0)
            for key in from { count[Int(truncatingIfNeeded: (key >> shift) & 0xFFFF)] += 1 }
            var total = 0
            for d in 0..<digits {
              let n = count[d]
              count[d] = total
              total += n
            }
            for key in from {
              let d = Int(truncatingIfNeeded: (key >> shift) & 0xFFFF)
              to[count[d]] = key
              count[d] += 1
            }
          }
        }
      }
      swap(&source, &target)
    }
    return source
  }

  private static func trigrams(of candidates: [String]) -> Trigrams {
    var table = Trigrams()
    var seen: Set<String> = []
    var keys: [UInt64] = []
    for (order, text) in candidates.enumerated() where table.all.count <= indexMask && seen.insert(text).inserted {
      let scalars = Array(text.lowercased().unicodeScalars)
      // Only candidates a long word may be near: those within 3 of the shortest long word.
      guard scalars.count >= trigramLength - 3 else { continue }
      let index = UInt64(table.all.count)
      table.all.append(Candidate(text: text, scalars: scalars, order: order, mask: mask(scalars)))
      table.lengths.append(scalars.count)
      for i in 0...(scalars.count - gramLength) { keys.append(trigram(scalars, at: i) | index) }
    }
    keys = radixSorted(keys)
    // A candidate is listed once per gram it holds: an id of one repeated pattern holds its few
    // grams at every position, and a word's samples of them would each count them all.
    keys = keys.indices.compactMap { k in k > 0 && keys[k] == keys[k - 1] ? nil : keys[k] }
    table.postings = keys.map { Int32(truncatingIfNeeded: $0 & indexMask) }
    var distinct = 0
    for k in keys.indices where k == 0 || keys[k] & ~indexMask != keys[k - 1] & ~indexMask { distinct += 1 }
    table.bits = 1
    while 1 << table.bits < 2 * distinct { table.bits += 1 }
    table.slots = [Slot](repeating: Slot(), count: 1 << table.bits)
    var start = 0
    while start < keys.count {
      let gram = keys[start] & ~indexMask
      var end = start + 1
      while end < keys.count, keys[end] & ~indexMask == gram { end += 1 }
      var slot = table.home(gram)
      while table.slots[slot].start >= 0 { slot = (slot + 1) & (table.slots.count - 1) }
      table.slots[slot] = Slot(key: gram, start: Int32(start), end: Int32(end))
      start = end
    }
    return table
  }

  /// `search` for a long word: candidates holding too few of its samples are never compared. The
  /// samples found in a quarter of the candidates or more (a prefix all ids share) are not counted:
  /// each lowers the number a candidate must hold by one instead, so the bound stays safe and a
  /// lookup costs the rare samples' lists only.
  private func searchByTrigrams(_ word: String, _ target: [Unicode.Scalar]) -> Suggestion? {
    let table = trigrams.value { Self.trigrams(of: candidates) }
    // A counter per candidate, from a pool: each question takes one, counts the grams the touched
    // candidates share, and puts it back zeroed where it touched, so no question allocates or
    // clears a counter per candidate of the vocabulary.
    var scratch = scratches.withLock { $0.popLast() } ?? Scratch(shared: [Int32](repeating: 0, count: table.all.count))
    defer { scratches.withLock { $0.append(scratch) } }
    return searchByTrigrams(word, target, table, &scratch)
  }

  /// `searchByTrigrams` with the index and a counter in hand; the counter is left zeroed.
  private func searchByTrigrams(
    _ word: String, _ target: [Unicode.Scalar], _ table: Trigrams, _ scratch: inout Scratch
  ) -> Suggestion? {
    defer {
      for index in scratch.touched { scratch.shared[Int(index)] = 0 }
      scratch.touched.removeAll(keepingCapacity: true)
    }
    var skipped = 0
    // The grams by value: a gram the word repeats is looked up once and counts its repeats.
    let step = Self.isSampled(target.count) ? Self.gramLength : 1
    let samples = stride(from: 0, through: target.count - Self.gramLength, by: step).map { Self.trigram(target, at: $0) }.sorted()
    scratch.shared.withUnsafeMutableBufferPointer { shared in
      var start = 0
      while start < samples.count {
        var end = start + 1
        while end < samples.count, samples[end] == samples[start] { end += 1 }
        defer { start = end }
        let repeats = end - start
        guard let range = table.range(of: samples[start]) else { continue }
        guard range.count * 4 < table.all.count || table.all.count < 64 else {
          skipped += repeats
          continue
        }
        for index in table.postings[range] {
          if shared[Int(index)] == 0 { scratch.touched.append(index) }
          shared[Int(index)] += Int32(repeats)
        }
      }
    }
    var best: Nearest?
    func consider(_ index: Int) {
      let candidate = table.all[index]
      guard candidate.text != word else { return }
      let bound = min(Self.limit(target.count, table.lengths[index]), best?.distance ?? Int.max)
      guard let d = Self.distance(target, candidate.scalars, atMost: bound) else { return }
      Nearest.keep(candidate, at: d, in: &best)
    }
    for index in scratch.touched.map({ Int($0) })
    where passes(target.count, table.lengths[index], shared: Int(scratch.shared[index]) + skipped) {
      consider(index)
    }
    // With trigrams skipped, a candidate sharing none of the counted ones may still be near: the
    // bound then asks nothing of it, so every such candidate of the band is compared too.
    var leastShared = Int.max
    for delta in -3...3 {
      let length = target.count + delta
      leastShared = min(leastShared, Self.gramsKept(target.count, limit: Self.limit(target.count, length)))
    }
    if skipped > 0, skipped >= leastShared {
      for index in table.all.indices where scratch.shared[index] == 0 && passes(target.count, table.lengths[index], shared: skipped) {
        consider(index)
      }
    }
    return best?.suggestion
  }

  /// Whether a word of `count` scalars is looked up by its non-overlapping 4-grams (its
  /// q-samples: 9 for a UUID), which prune enough from 28 characters on; a shorter one by all.
  private static func isSampled(_ count: Int) -> Bool { count >= 28 }

  /// How many of the grams a word of `count` scalars is looked up by a candidate within `limit`
  /// edits holds at least: an edit breaks at most one sample (a swap across a border two), and
  /// at most 5 of all the grams (a swap; 4 for any other edit).
  private static func gramsKept(_ count: Int, limit: Int) -> Int {
    isSampled(count) ? count / gramLength - 2 * limit : count - gramLength + 1 - (gramLength + 1) * limit
  }

  /// Whether a candidate of `length` scalars holding `shared` of the 4-grams of a word of `count`
  /// scalars may be within the limit: its length is within it, and it holds enough of them.
  private func passes(_ count: Int, _ length: Int, shared: Int) -> Bool {
    let limit = Self.limit(count, length)
    return abs(count - length) <= limit && shared >= Self.gramsKept(count, limit: limit)
  }

  /// The optimal string alignment distance of `a` and `b` (Levenshtein's edits and swaps of two
  /// adjacent characters) when it is at most `bound`, else nil. Computing stops at the first row
  /// whose smallest value exceeds the bound: rows never decrease, since a swap from two rows up
  /// costs no less than the substitution it follows. A row is computed within `bound` of the
  /// diagonal only (a cell off it is at least its distance from the diagonal, so beyond the
  /// bound; `over` stands for it), so two long words cost their length times the bound.
  package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
    guard abs(a.count - b.count) <= bound else { return nil }
    let bound = min(bound, max(a.count, b.count))  // no distance is more
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let over = bound + 1
    var beforePrevious = [Int](repeating: over, count: b.count + 1)
    var previous = [Int](repeating: over, count: b.count + 1)
    for j in 0...min(b.count, bound) { previous[j] = j }
    var current = [Int](repeating: over, count: b.count + 1)
    for i in 1...a.count {
      // The row's cells within the bound of the diagonal; the cells just outside them read as over.
      let first = max(1, i - bound)
      let last = min(b.count, i + bound)
      current[first - 1] = first == 1 ? i : over
      if last < b.count { current[last + 1] = over }
      var rowMinimum = current[first - 1]
      for j in first...last {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, beforePrevious[j - 2] + 1) }
        current[j] = min(d, over)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > bound { return nil }
      swap(&beforePrevious, &previous)
      swap(&previous, &current)
    }
    return previous[b.count] <= bound ? previous[b.count] : nil
  }
}
