/// The short candidates of a `SuggestionIndex` (lowercased) in a trie, searched for a short word by
/// carrying one row of the distance table per node: the row of a node is the distance of its
/// prefix to every prefix of the word, worked out from its parent's row (and its grandparent's,
/// for a swap of two adjacent characters), so candidates that share a prefix share its rows. A
/// branch whose row holds nothing within the bound is not entered: no candidate below it can come
/// nearer (rows never decrease, as in `SuggestionIndex.distance`).
///
/// Why a trie: names of one pattern (`FAM_1234` among `FAM_0` to `FAM_4999`, `show-123`) share
/// their characters and lengths, so a word is near all of them by length and by character set,
/// and comparing it with each costs the vocabulary's size. The trie's walk enters only prefixes
/// within the bound of some prefix of the word: a few hundred nodes, however many names follow.
struct SuggestionTrie: Sendable {
  /// One candidate: its text as written, and its place among the candidates (the earliest wins a tie).
  struct Entry: Sendable {
    let text: String
    let order: Int
  }

  /// Node → its character (the root's is unused), first child and next sibling (-1: none), and
  /// the index in `entries` of the candidates spelled by the path to it (-1: none).
  private var scalars: [UInt32] = [0]
  private var firstChild: [Int32] = [-1]
  private var nextSibling: [Int32] = [-1]
  private var entryList: [Int32] = [-1]
  /// Node → the length of the longest candidate at or below it: the limit of the walk below it.
  private var longestBelow: [Int32] = [0]
  /// The candidates that end at a node: distinct texts of one lowercase spelling.
  private var entries: [[Entry]] = []

  /// A trie of `candidates` no longer than `longest` scalars, each text once.
  init(_ candidates: [String], longest: Int) {
    var seen: Set<String> = []
    for (order, text) in candidates.enumerated() where seen.insert(text).inserted {
      let lowered = Array(text.lowercased().unicodeScalars)
      guard lowered.count <= longest else { continue }
      insert(Entry(text: text, order: order), spelled: lowered)
    }
  }

  private mutating func insert(_ entry: Entry, spelled word: [Unicode.Scalar]) {
    var node = 0
    longestBelow[0] = max(longestBelow[0], Int32(word.count))
    for scalar in word {
      var child = firstChild[node]
      while child >= 0, scalars[Int(child)] != scalar.value { child = nextSibling[Int(child)] }
      if child < 0 {
        child = Int32(scalars.count)
        scalars.append(scalar.value)
        firstChild.append(-1)
        nextSibling.append(firstChild[node])
        entryList.append(-1)
        longestBelow.append(0)
        firstChild[node] = child
      }
      node = Int(child)
      longestBelow[node] = max(longestBelow[node], Int32(word.count))
    }
    if entryList[node] < 0 {
      entryList[node] = Int32(entries.count)
      entries.append([])
    }
    entries[Int(entryList[node])].append(entry)
  }

  /// The candidate nearest to `word` (lowercased as `target`) within the limit of its length, the
  /// earliest on a tie, and whether another is as near; never `word` itself.
  func nearest(to word: String, _ target: [Unicode.Scalar]) -> Suggestion? {
    var search = Search(trie: self, word: word, target: target.map(\.value))
    search.run()
    return search.best.map { Suggestion(text: $0.entry.text, isTied: $0.tied) }
  }

  /// One walk of the trie for one word: the rows of the nodes on the current path, and the
  /// nearest candidate so far.
  private struct Search {
    let trie: SuggestionTrie
    let word: String
    let target: [UInt32]
    /// The most edits any candidate may be from the word (that of the longest one it may be near).
    let widest: Int
    /// Row `i` (the distances of the path's first `i` characters) at `i * width`.
    var rows: [Int]
    var best: Best?

    /// The nearest candidate so far, its distance, and whether another is as near.
    struct Best {
      var entry: Entry
      var distance: Int
      var tied = false
    }

    init(trie: SuggestionTrie, word: String, target: [UInt32]) {
      self.trie = trie
      self.word = word
      self.target = target
      widest = SuggestionIndex.limit(target.count, target.count + 3)
      rows = [Int](repeating: 0, count: (target.count + widest + 1) * (target.count + 1))
      for j in 0...target.count { rows[j] = j }
    }

    var width: Int { target.count + 1 }
    /// The largest distance still worth finding below `node`: the limit of the longest candidate
    /// there, the walk's bound, or the nearest found so far.
    func bound(below node: Int) -> Int {
      min(SuggestionIndex.limit(target.count, Int(trie.longestBelow[node])), cap, best?.distance ?? Int.max)
    }

    /// The walk's bound: no candidate farther is looked for.
    var cap = 0

    /// Walks the trie within 0 edits, then 1, and so on up to the widest limit, until a walk finds
    /// a candidate: a walk within `k` edits enters only the prefixes `k` edits from the word's, so
    /// a word 1 edit from a name never pays for the many more names 2 or 3 edits away.
    mutating func run() {
      for cap in 0...widest where best == nil {
        self.cap = cap
        consider(node: 0, depth: 0)
        visitChildren(of: 0, depth: 0, smallest: 0)
      }
    }

    /// Works out the row of each child of `node` (at `depth`, its row's smallest value `smallest`)
    /// and walks below those within the bound. When the row has no edit to spare, only the
    /// children that `matching` lets through can stay within it, and the others' rows are skipped.
    private mutating func visitChildren(of node: Int, depth: Int, smallest: Int) {
      guard depth < target.count + widest else { return }
      let limit = bound(below: node)
      let onlyMatching = smallest + 1 > limit
      let allowed = onlyMatching ? matching(depth: depth, after: trie.scalars[node], within: limit) : []
      var child = trie.firstChild[node]
      while child >= 0 {
        let character = trie.scalars[Int(child)]
        if !onlyMatching || allowed.contains(character) {
          let nearestInRow = fillRow(depth + 1, character: character, previous: trie.scalars[node])
          consider(node: Int(child), depth: depth + 1)
          if nearestInRow <= bound(below: Int(child)) { visitChildren(of: Int(child), depth: depth + 1, smallest: nearestInRow) }
        }
        child = trie.nextSibling[Int(child)]
      }
    }

    /// The characters that keep a child of a node at `depth` (ending in `character`) within
    /// `bound` when every edit costs more than that: the word's character after each of its
    /// prefixes the node's row holds within the bound (a match on the diagonal), and the one
    /// before it where the node's character and it are the word's swapped. A child ending in any
    /// other character has each cell of its row over the bound: an insertion, a deletion or a
    /// substitution adds one to a cell already at the bound or beyond.
    private func matching(depth: Int, after character: UInt32, within bound: Int) -> [UInt32] {
      let (here, above) = (depth * width, (depth - 1) * width)
      var allowed: [UInt32] = []
      for j in stride(from: 1, through: target.count, by: 1) where rows[here + j - 1] <= bound { allowed.append(target[j - 1]) }
      guard depth >= 1 else { return allowed }
      for j in stride(from: 2, through: target.count, by: 1) where character == target[j - 1] && rows[above + j - 2] + 1 <= bound {
        allowed.append(target[j - 2])
      }
      return allowed
    }

    /// Fills row `i` for a path ending in `character` after `previous` (unused at `i` = 1); returns
    /// the row's smallest value.
    private mutating func fillRow(_ i: Int, character: UInt32, previous: UInt32) -> Int {
      let n = target.count
      let (above, twoAbove, here) = ((i - 1) * width, (i - 2) * width, i * width)
      return target.withUnsafeBufferPointer { t in
        rows.withUnsafeMutableBufferPointer { row in
          row[here] = i
          var smallest = i
          for j in stride(from: 1, through: n, by: 1) {
            var d = min(row[above + j] + 1, row[here + j - 1] + 1, row[above + j - 1] + (character == t[j - 1] ? 0 : 1))
            if i > 1, j > 1, character == t[j - 2], previous == t[j - 1] { d = min(d, row[twoAbove + j - 2] + 1) }
            row[here + j] = d
            smallest = min(smallest, d)
          }
          return smallest
        }
      }
    }

    /// Keeps the candidates ending at `node` that are nearer than the best so far, or as near.
    private mutating func consider(node: Int, depth: Int) {
      let list = trie.entryList[node]
      guard list >= 0 else { return }
      let distance = rows[depth * width + target.count]
      guard distance <= min(SuggestionIndex.limit(target.count, depth), cap, best?.distance ?? Int.max) else { return }
      for entry in trie.entries[Int(list)] where entry.text != word {
        guard let current = best, distance >= current.distance else {
          best = Best(entry: entry, distance: distance)
          continue
        }
        best!.tied = true
        if entry.order < current.entry.order { best!.entry = entry }
      }
    }
  }
}
