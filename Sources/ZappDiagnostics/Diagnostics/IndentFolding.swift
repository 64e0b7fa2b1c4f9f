import Foundation

extension JSONDocument {
  /// The widest indentation folded out of one line (a code keeps the width in 7 bits).
  private static let maxFoldedIndent = 127

  /// This document with the indentation after each line break taken out of its bytes (see
  /// `foldingIndentation(of:nodes:)`), or this document when that would not save memory.
  package func foldingIndentation() -> JSONDocument {
    var nodes = self.nodes
    guard let file = Self.foldingIndentation(of: source, nodes: &nodes) else { return self }
    return JSONDocument(source: file, nodes: nodes)
  }

  /// A file with the indentation after each line break taken out of its bytes, the offsets of
  /// `nodes`, its tape, moved with them in place; nil (and the tape untouched) when the file's
  /// indentation takes a byte per line or less (a minified file).
  ///
  /// A check or a build holds every file of a project until it ends, and an indented file is a
  /// third to a half indentation. Folded, a line keeps its line break and gives up its indentation
  /// (a run of spaces or of tabs), so lines stay where they were and columns, offsets, line texts
  /// and excerpts are still those of the file as written (`SourceFile.foldedIndents`, a quarter of
  /// a byte a line). The folded bytes are made at their size: while a file is folded, memory holds
  /// its bytes as written and as folded, and its tape once.
  ///
  /// Only a file read without a diagnostic may be folded: then every value on its tape starts on
  /// a token, the tape is in the order of the values' offsets, and no token holds a line break.
  /// A file with a lone `\r` line break is not folded: its lines are not the `\n` lines folded.
  package static func foldingIndentation(of source: SourceFile, nodes: inout [JSONNode]) -> SourceFile? {
    if SourceFile.hasLoneCarriageReturn(source.bytes) { return nil }
    return source.bytes.withUnsafeBufferPointer { input -> SourceFile? in
      // First how much there is to fold, without writing anything.
      var lines = 1
      var removed = 0
      var from = 0
      while let start = lineStart(after: from, in: input) {
        let width = Int(indentCode(input, at: start) & 0x7F)
        lines += 1
        removed += width
        from = start + width
      }
      guard removed > lines else { return nil }
      // Then the bytes up to each line break copied, the indentation after it skipped, and the
      // values before it moved back by what was skipped so far.
      let steps = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: FoldedIndents.Builder.stepBytes(lines: lines))
      defer { steps.deallocate() }
      var indents = FoldedIndents.Builder(steps: steps)
      indents.append(0)
      let folded = nodes.withUnsafeMutableBufferPointer { nodes in
        [UInt8](unsafeUninitializedCapacity: input.count - removed) { output, written in
          var copied = 0
          var next = 0
          var skipped = 0
          var from = 0
          func move(before end: Int) {
            while next < nodes.count, nodes[next].start < end {
              nodes[next] = nodes[next].moved(to: nodes[next].start - skipped)
              next += 1
            }
          }
          func copy(upTo end: Int) {
            (output.baseAddress! + written).initialize(from: input.baseAddress! + copied, count: end - copied)
            written += end - copied
          }
          while let start = lineStart(after: from, in: input) {
            let code = indentCode(input, at: start)
            indents.append(code)
            let width = Int(code & 0x7F)
            from = start + width
            guard width > 0 else { continue }
            copy(upTo: start)
            copied = from
            move(before: start)
            skipped += width
          }
          copy(upTo: input.count)
          move(before: Int.max)
        }
      }
      return SourceFile(path: source.path, foldedBytes: folded, indents: indents.indents)
    }
  }

  /// The offset just past the next `\n` at or after `from`, nil when there is none.
  @inline(__always)
  private static func lineStart(after from: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
    guard from < input.count, let found = memchr(input.baseAddress! + from, 0x0A, input.count - from) else { return nil }
    return UnsafeRawPointer(input.baseAddress!).distance(to: UnsafeRawPointer(found)) + 1
  }

  /// The code of the indentation at `start`: a run of one character, spaces or tabs, at most
  /// `maxFoldedIndent` long; 128 is added for tabs.
  @inline(__always)
  private static func indentCode(_ input: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt8 {
    guard start < input.count, input[start] == 0x20 || input[start] == 0x09 else { return 0 }
    let character = input[start]
    let limit = min(input.count, start + maxFoldedIndent)
    var end = start + 1
    // Eight bytes at a time while they are all the character, then byte by byte.
    let pattern = UInt64(character) &* 0x0101_0101_0101_0101
    while end + 8 <= limit {
      let word = UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + end).loadUnaligned(as: UInt64.self))
      let different = word ^ pattern
      if different != 0 {
        end += different.trailingZeroBitCount / 8  // the first byte that differs
        return UInt8(end - start) | (character == 0x09 ? 0x80 : 0)
      }
      end += 8
    }
    while end < limit, input[end] == character { end += 1 }
    return UInt8(end - start) | (character == 0x09 ? 0x80 : 0)
  }
}
