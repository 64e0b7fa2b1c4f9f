/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo
/// (see `SuggestionIndex`, which this builds for one question; hold an index to ask many).
public func closestMatch<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
  SuggestionIndex.of(candidates).suggestion(for: word)
}

/// The candidate closest to `word`, as `closestMatch(to:in:)` finds it, and whether another is as
/// close: what a did-you-mean fix-it is made from.
public func nearest<S: Sequence>(to word: String, in candidates: S) -> Suggestion? where S.Element == String {
  SuggestionIndex.of(candidates).nearest(to: word)
}

/// A did-you-mean answer: the nearest candidate, and whether another candidate is as near
/// (`GRID_3` among `GRID_1` and `GRID_2`, `show-13` among `show-12` and `show-14`). A tied
/// suggestion is a hint for a person: its fix-it has no range, so `zlc check --fix` and an
/// editor's quick fix never apply a guess.
public struct Suggestion: Sendable, Equatable {
  /// The nearest candidate (the earliest of those as near).
  public var text: String
  /// Whether another candidate is as near as `text`.
  public var isTied: Bool

  public init(text: String, isTied: Bool) {
    self.text = text
    self.isTied = isTied
  }

  /// The suggestion with its text transformed (a key put back into its path), tied as before.
  public func map(_ transform: (String) -> String) -> Suggestion { Suggestion(text: transform(text), isTied: isTied) }
}

/// Edit distance between two strings, by Unicode scalars: Damerau–Levenshtein's optimal string
/// alignment (a swap of two adjacent characters is one edit, as in `SuggestionIndex`).
public func editDistance(_ a: String, _ b: String) -> Int {
  let x = Array(a.unicodeScalars)
  let y = Array(b.unicodeScalars)
  return SuggestionIndex.distance(x, y, atMost: max(x.count, y.count)) ?? max(x.count, y.count)
}
