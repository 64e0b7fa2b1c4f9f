import Foundation

extension JSONDocument {
  /// The widest indentation folded out of one line (a code keeps the width in 7 bits).
  private static let maxFoldedIndent = 127

  /// This document with the indentation after each line break taken out of its bytes.
  ///
  /// A check or a build holds every file of a project until it ends, and an indented file is a
  /// third to a half indentation. Folded, a line keeps its line break and gives up its indentation
  /// (a run of spaces or of tabs), so lines stay where they were and columns, offsets, line texts
  /// and excerpts are still those of the file as written (`SourceFile.foldedIndents`, a quarter of
  /// a byte a line); the tape's offsets move with the bytes.
  ///
  /// Only a document read without a diagnostic may be folded: then every value on its tape starts
  /// on a token, and no token holds a line break. A file whose indentation takes less than a byte
  /// per line (a minified file) is returned as it is.
  package func foldingIndentation() -> JSONDocument {
    let source = self.source
    let size = source.bytes.count
    let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size)
    let moved = UnsafeMutableBufferPointer<JSONNode>.allocate(capacity: nodes.count)
    // A line per byte at most, and one more.
    let steps = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: FoldedIndents.Builder.stepBytes(lines: size + 1))
    defer {
      output.deallocate()
      moved.deallocate()
      steps.deallocate()
    }
    var indents = FoldedIndents.Builder(steps: steps)
    indents.append(0)
    var written = 0
    var removed = 0
    // One pass: to each line break with memchr, the bytes up to it copied, the indentation after
    // it measured and skipped, and the values before it moved back by what was skipped so far.
    source.bytes.withUnsafeBufferPointer { input in
      nodes.withUnsafeBufferPointer { nodes in
        var copied = 0
        var next = 0
        var from = 0
        func move(before end: Int) {
          while next < nodes.count, nodes[next].start < end {
            moved.initializeElement(at: next, to: nodes[next].moved(to: nodes[next].start - removed))
            next += 1
          }
        }
        func copy(upTo end: Int) {
          (output.baseAddress! + written).initialize(from: input.baseAddress! + copied, count: end - copied)
          written += end - copied
        }
        while from < size, let found = memchr(input.baseAddress! + from, 0x0A, size - from) {
          let start = UnsafeRawPointer(input.baseAddress!).distance(to: UnsafeRawPointer(found)) + 1
          let code = Self.indentCode(input, at: start)
          indents.append(code)
          let width = Int(code & 0x7F)
          from = start + width
          guard width > 0 else { continue }
          copy(upTo: start)
          copied = from
          move(before: start)
          removed += width
        }
        copy(upTo: size)
        move(before: Int.max)
      }
    }
    guard removed > indents.lines else { return self }
    let bytes = Array(UnsafeBufferPointer(rebasing: output[..<written]))
    let file = SourceFile(path: source.path, foldedBytes: bytes, indents: indents.indents)
    return JSONDocument(source: file, nodes: Array(UnsafeBufferPointer(moved)))
  }

  /// The code of the indentation at `start`: a run of one character, spaces or tabs, at most
  /// `maxFoldedIndent` long; 128 is added for tabs.
  private static func indentCode(_ input: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt8 {
    guard start < input.count, input[start] == 0x20 || input[start] == 0x09 else { return 0 }
    let character = input[start]
    let limit = min(input.count, start + maxFoldedIndent)
    var end = start + 1
    // Eight bytes at a time while they are all the character, then byte by byte.
    let pattern = UInt64(character) &* 0x0101_0101_0101_0101
    while end + 8 <= limit {
      let different = UnsafeRawPointer(input.baseAddress! + end).loadUnaligned(as: UInt64.self) ^ pattern
      if different != 0 {
        end += different.trailingZeroBitCount / 8  // little-endian: the first differing byte
        return UInt8(end - start) | (character == 0x09 ? 0x80 : 0)
      }
      end += 8
    }
    while end < limit, input[end] == character { end += 1 }
    return UInt8(end - start) | (character == 0x09 ? 0x80 : 0)
  }
}
