extension Sequence {
  /// The position of each key's first element: a table made once for callers that would
  /// otherwise scan the sequence for each key (a section's entries by device, a screen's sections
  /// by index).
  package func firstIndices<Key: Hashable>(by key: (Element) -> Key) -> [Key: Int] {
    var table: [Key: Int] = [:]
    for (i, element) in enumerated() where table[key(element)] == nil { table[key(element)] = i }
    return table
  }
}
