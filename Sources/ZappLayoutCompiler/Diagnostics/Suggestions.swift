/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
public func closestMatch<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
  let lower = word.lowercased()
  var best: (String, Int)?
  for candidate in candidates where candidate != word {
    let d = editDistance(lower, candidate.lowercased())
    let limit = max(1, min(3, max(word.count, candidate.count) / 3))
    if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
  }
  return best?.0
}

/// Levenshtein distance between two strings, by Unicode scalars.
public func editDistance(_ a: String, _ b: String) -> Int {
  let x = Array(a.unicodeScalars)
  let y = Array(b.unicodeScalars)
  if x.isEmpty { return y.count }
  if y.isEmpty { return x.count }
  var previous = Array(0...y.count)
  var current = [Int](repeating: 0, count: y.count + 1)
  for i in 1...x.count {
    current[0] = i
    for j in 1...y.count {
      let cost = x[i - 1] == y[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[y.count]
}
