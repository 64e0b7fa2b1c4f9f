import ZappDiagnostics

extension JSONReader {
  /// What a key written twice in one object is (ZL0107).
  public enum DuplicateKeys: Sendable {
    /// An error, as in the project's own files: a key a lookup finds is its first.
    case error
    /// A warning, as in a plugin manifest, which Zapp's publishing tool and clients read keeping
    /// a key's last value: each member a later one of the same key overrides is left off the
    /// document, so the last value is the one read.
    case lastWins
  }
}

extension JSONParser {
  /// Reports the key at `keyIndex`, written again after the one at `first`, in the object at
  /// `parent` (a JSON pointer); with `.lastWins`, a warning whose member overrides the one before.
  package mutating func reportDuplicate(_ keyIndex: Int, of first: Int, pointer parent: String) {
    let name = JSONStrings.decode(source.bytes, nodes[keyIndex])
    let pointer = parent + "/" + escapePointer(name)
    var notes = [
      DuplicateKeyRule.Message.firstDefinedHere(name, at: SourceSpot(file: source, offset: nodes[first].start, pointer: pointer))
    ]
    if !name.utf8.elementsEqual(JSONStrings.decode(source.bytes, nodes[first]).utf8) {
      notes.append(DuplicateKeyRule.Message.writtenDifferently)
    }
    var severity: Severity? = nil
    if duplicateKeys == .lastWins {
      overriddenKeys.append(latestKeys[first] ?? first)
      latestKeys[first] = keyIndex
      notes.append(DuplicateKeyRule.Message.lastValueUsed)
      severity = .warning
    }
    diagnostics.append(
      DuplicateKeyRule.Message.duplicateKey(name).diagnostic(
        at: SourceSpot(file: source, offset: nodes[keyIndex].start, pointer: pointer), notes: notes, severity: severity))
  }

  /// The tape without the members whose keys are at `keys`, each with its value's subtree, and
  /// every container's `next` moved down by the nodes removed before it. A member inside another
  /// one removed (a key overridden in a value overridden too) goes with it.
  package static func removingMembers(keyedAt keys: [Int], from nodes: [JSONNode]) -> [JSONNode] {
    var ranges: [Range<Int>] = []
    for key in keys.sorted() {
      if let last = ranges.last, key < last.upperBound { continue }
      ranges.append(key..<nodes[key + 1].next(at: key + 1))
    }
    // removedBefore[k]: the nodes of ranges[0..<k].
    var removedBefore = [0]
    for range in ranges { removedBefore.append(removedBefore[removedBefore.count - 1] + range.count) }
    /// The nodes removed before `index`: a kept container's subtree holds a range whole or none of it.
    func removed(before index: Int) -> Int {
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].lowerBound < index { low = middle + 1 } else { high = middle }
      }
      return removedBefore[low]
    }
    var result: [JSONNode] = []
    result.reserveCapacity(nodes.count - removedBefore[ranges.count])
    var i = 0
    var k = 0
    while i < nodes.count {
      if k < ranges.count, i == ranges[k].lowerBound {
        i = ranges[k].upperBound
        k += 1
        continue
      }
      var node = nodes[i]
      if node.isContainer {
        let next = node.next(at: i)
        node.close(next: next - removed(before: next))
      }
      result.append(node)
      i += 1
    }
    return result
  }
}
