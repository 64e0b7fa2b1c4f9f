/// What an editor counts in bytes that are not valid UTF-8, decoding each invalid sequence (its
/// maximal subpart) as one U+FFFD: characters (Unicode scalars) or UTF-16 units before an offset,
/// from checkpoints every `stride` bytes, so that a position costs at most a stride's decoding
/// however long its line (a minified file of one line).
package struct DecodedCounts: Sendable {
  private let bytes: [UInt8]
  private let stride: Int
  private let utf16: Bool
  /// Per stride: where its first character starts (at or after the stride's start) and what
  /// comes before it.
  private let starts: [Int]
  private let counts: [Int]

  /// `utf16`: count UTF-16 units (a scalar outside the Basic Multilingual Plane is two) instead of
  /// scalars.
  package init(_ bytes: [UInt8], stride: Int, utf16: Bool) {
    self.bytes = bytes
    self.stride = stride
    self.utf16 = utf16
    var starts: [Int] = []
    var counts: [Int] = []
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var position = 0
    var count = 0
    var next = 0
    decoding: while true {
      while next <= position, next < bytes.count {
        starts.append(position)
        counts.append(count)
        next += stride
      }
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar):
        position += scalar.count
        count += utf16 && scalar.count == 4 ? 2 : 1
      case .error(let length):
        position += length
        count += 1
      case .emptyInput:
        break decoding
      }
    }
    self.starts = starts
    self.counts = counts
  }

  /// The characters (or UTF-16 units) before byte `offset`, a character's start.
  package func count(before offset: Int) -> Int {
    let offset = max(0, min(offset, bytes.count))
    guard !starts.isEmpty else { return 0 }
    var block = min(offset / stride, starts.count - 1)
    // A sequence may run across a stride's start: its checkpoint is after it.
    while block > 0, starts[block] > offset { block -= 1 }
    let start = min(starts[block], offset)
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    return counts[block] + (utf16 ? text.utf16.count : text.unicodeScalars.count)
  }
}
