/// A did-you-mean between names an author gives (screen ids, families, cell styles, layouts,
/// plugin identifiers, size classes) is a fix only when the written name looks like the suggested
/// one mistyped. Names that look like two names of two things — numbered siblings (`GRID_1`,
/// `GRID_2`), one the other with a word more (`promo_banner`, `promo_banner_tv`) or a plural's
/// `s`, another word in its place (`adobe-auth-qb`, `adobe-tv-qb`), a letter changed in a short
/// word (`shop`, `show`) or in a name of one or two letters (`XL`, `L`) — make it a hint: during
/// a rename, the written name is often a real one whose thing was renamed, deleted or not made yet.
extension Suggestion {
  /// This suggestion for `word`, a hint (tied) when the two look like two names
  /// (`looksLikeAnotherName`).
  public func forName(_ word: String) -> Suggestion {
    var copy = self
    if Self.looksLikeAnotherName(text, than: word) { copy.isTied = true }
    return copy
  }

  /// Whether `candidate` and `word` look like two names rather than one name mistyped; case and
  /// spaces at their ends are a typo's.
  public static func looksLikeAnotherName(_ candidate: String, than word: String) -> Bool {
    let a = Array(candidate.trimmingSpaces.lowercased())
    let b = Array(word.trimmingSpaces.lowercased())
    guard a != b else { return false }
    // Numbered siblings, or a number added or dropped.
    guard a.filter(\.isNumber) == b.filter(\.isNumber) else { return true }
    let (short, long) = a.count <= b.count ? (a, b) : (b, a)
    // A word more, or a plural's `s` or `es`.
    if long.starts(with: short), long.count - short.count >= 2 || long.last == "s" { return true }
    let segmentsA = segments(a)
    let segmentsB = segments(b)
    guard segmentsA.count == segmentsB.count else { return true }
    let differing = zip(segmentsA, segmentsB).filter { $0 != $1 }
    // Separators alone differ (`cell-style`, `cell_style`): a typo.
    guard let (x, y) = differing.first else { return false }
    guard differing.count == 1 else { return true }
    return !isTypo(x, y)
  }

  /// Whether one word of a name is another word mistyped: one edit (two in a word of more than
  /// seven letters), and, in a word of at most five letters, a letter added, dropped or swapped
  /// with the next, not changed; never in a word of one or two letters.
  static func isTypo(_ x: [Character], _ y: [Character]) -> Bool {
    guard min(x.count, y.count) > 2 else { return false }
    let distance = editDistance(String(x), String(y))
    guard distance <= (max(x.count, y.count) > 7 ? 2 : 1) else { return false }
    guard x.count == y.count, x.count <= 5 else { return true }
    // Same length: a swap of two neighbours is a typo; a changed letter makes another word.
    let mismatches = x.indices.filter { x[$0] != y[$0] }
    return mismatches.count == 2 && mismatches[1] == mismatches[0] + 1 && x[mismatches[0]] == y[mismatches[1]]
      && x[mismatches[1]] == y[mismatches[0]]
  }

  /// The words of a name, split at `-`, `_`, `.`, `/`, `:` and spaces.
  static func segments(_ name: [Character]) -> [[Character]] {
    name.split(omittingEmptySubsequences: false) { "-_./: ".contains($0) }.map(Array.init)
  }
}

extension String {
  /// The string without spaces, tabs and line breaks at its ends.
  fileprivate var trimmingSpaces: Substring {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return self[first...last]
  }
}

extension FixIt {
  /// The did-you-mean of a name an author gives: a hint when the two look like two names
  /// (`Suggestion.forName(_:)`), else as `didYouMean(_:at:)` makes it.
  public static func didYouMean(_ suggestion: Suggestion?, forName word: String, at spot: SourceSpot?) -> FixIt? {
    didYouMean(suggestion?.forName(word), at: spot)
  }
}
