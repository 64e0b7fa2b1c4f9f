/// The indentation folded out of each line of a file (`JSONDocument.foldingIndentation()`), one
/// code a line: 0 to 127 spaces, or 128 + n tabs.
///
/// Most lines of an indented file are as deep as the line before, or one step deeper or
/// shallower, so a line's code is kept as a step of two bits from the one before, and only the
/// others in full: a quarter of a byte a line instead of a byte. Lines are located only for
/// diagnostics, which decode the codes once per file (`codes()`).
package struct FoldedIndents: Sendable {
  /// The number of lines.
  package let count: Int
  /// The step most lines move by (2 for two spaces, 1 for a tab).
  private let unit: UInt8
  /// Two bits a line, four lines a byte: 0 the code of the line before, 1 one unit more, 2 one
  /// unit less, 3 the next of `others`.
  private let steps: [UInt8]
  /// The codes of the lines stepped 3, in line order.
  private let others: [UInt8]

  /// The packed form of one code a line.
  package init(codes: [UInt8]) {
    count = codes.count
    var unit: UInt8 = 1
    for (previous, code) in zip(codes, codes.dropFirst()) where code > previous {
      unit = code - previous
      break
    }
    self.unit = unit
    var steps = [UInt8](repeating: 0, count: (codes.count + 3) / 4)
    var others: [UInt8] = []
    var previous: UInt8 = 0
    for (line, code) in codes.enumerated() {
      let step: UInt8
      if code == previous {
        step = 0
      } else if code > previous, code - previous == unit {
        step = 1
      } else if code < previous, previous - code == unit {
        step = 2
      } else {
        step = 3
        others.append(code)
      }
      steps[line / 4] |= step << UInt8(2 * (line % 4))
      previous = code
    }
    self.steps = steps
    self.others = others.withUnsafeBufferPointer { Array($0) }  // at its size, not its capacity
  }

  /// One code a line.
  package func codes() -> [UInt8] {
    var codes = [UInt8](repeating: 0, count: count)
    var previous: UInt8 = 0
    var other = 0
    for line in 0..<count {
      switch (steps[line / 4] >> UInt8(2 * (line % 4))) & 3 {
      case 1: previous &+= unit
      case 2: previous &-= unit
      case 3:
        previous = others[other]
        other += 1
      default: break
      }
      codes[line] = previous
    }
    return codes
  }

  /// The bytes it keeps.
  package var byteCount: Int { steps.count + others.count }
}
