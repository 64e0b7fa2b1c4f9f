/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo
/// (see `SuggestionIndex`, which this builds for one question; hold an index to ask many).
public func closestMatch<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
  SuggestionIndex(candidates).suggestion(for: word)
}

/// Edit distance between two strings, by Unicode scalars: Damerau–Levenshtein's optimal string
/// alignment (a swap of two adjacent characters is one edit, as in `SuggestionIndex`).
public func editDistance(_ a: String, _ b: String) -> Int {
  let x = Array(a.unicodeScalars)
  let y = Array(b.unicodeScalars)
  return SuggestionIndex.distance(x, y, atMost: max(x.count, y.count)) ?? max(x.count, y.count)
}
