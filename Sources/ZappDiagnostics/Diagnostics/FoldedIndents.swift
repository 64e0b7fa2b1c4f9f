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
    self = codes.withUnsafeBufferPointer { codes in
      let steps = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Builder.stepBytes(lines: codes.count))
      defer { steps.deallocate() }
      var builder = Builder(steps: steps)
      for code in codes { builder.append(code) }
      return builder.indents
    }
  }

  private init(count: Int, unit: UInt8, steps: [UInt8], others: [UInt8]) {
    self.count = count
    self.unit = unit
    self.steps = steps
    self.others = others
  }

  /// Packs codes as they come, a line at a time, into steps of room the caller gives (see
  /// `stepBytes`). The unit is the first step up.
  package struct Builder {
    private let steps: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var unit: UInt8 = 0
    private var others: [UInt8] = []
    private var previous: UInt8 = 0

    /// The bytes of steps `lines` lines take.
    package static func stepBytes(lines: Int) -> Int { (lines + 3) / 4 }

    package init(steps: UnsafeMutableBufferPointer<UInt8>) { self.steps = steps }

    @inline(__always)
    package mutating func append(_ code: UInt8) {
      assert(count >> 2 < steps.count, "more lines than the steps were made for")
      let step: UInt8
      if code == previous {
        step = 0
      } else if code > previous, unit == 0 || code &- previous == unit {
        unit = code &- previous
        step = 1
      } else if code < previous, unit != 0, previous &- code == unit {
        step = 2
      } else {
        step = 3
        others.append(code)
      }
      let shift = UInt8(truncatingIfNeeded: 2 * (count & 3))
      if shift == 0 {
        steps[count >> 2] = step
      } else {
        steps[count >> 2] |= step << shift
      }
      count += 1
      previous = code
    }

    /// The lines so far.
    package var lines: Int { count }

    /// The codes so far, kept at their size.
    package var indents: FoldedIndents {
      FoldedIndents(
        count: count, unit: unit, steps: Array(UnsafeBufferPointer(rebasing: steps[..<Self.stepBytes(lines: count)])),
        others: others.withUnsafeBufferPointer { Array($0) })
    }
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
