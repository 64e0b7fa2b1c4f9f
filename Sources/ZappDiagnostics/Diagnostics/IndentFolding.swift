import Foundation

extension JSONDocument {
  /// The widest indentation folded out of one line (a code keeps the width in 7 bits).
  private static let maxFoldedIndent = 127

  /// This document with the indentation after each line break taken out of its bytes.
  ///
  /// A check or a build holds every file of a project until it ends, and an indented file is a
  /// third to a half indentation. Folded, a line keeps its line break and gives up its indentation
  /// (a run of spaces or of tabs), noted in one byte per line, so lines stay where they were and
  /// columns, offsets, line texts and excerpts are still those of the file as written
  /// (`SourceFile.foldedIndents`, a quarter of a byte a line); the tape's offsets move with the bytes.
  ///
  /// Only a document read without a diagnostic may be folded: then every value on its tape starts
  /// on a token, and no token holds a line break. A file whose indentation takes less than a byte
  /// per line (a minified file) is returned as it is.
  package func foldingIndentation() -> JSONDocument {
    let source = self.source
    let (codes, removed) = source.bytes.withUnsafeBufferPointer(Self.lineIndents)
    guard removed > codes.count else { return self }
    let (folded, moved) = source.bytes.withUnsafeBufferPointer { input in
      (Self.folded(input, codes: codes, removed: removed), Self.moved(nodes, in: input, codes: codes))
    }
    let file = SourceFile(path: source.path, foldedBytes: folded, indents: FoldedIndents(codes: codes))
    return JSONDocument(source: file, nodes: moved)
  }

  /// The offset just past the next `\n` at or after `from`, nil when there is none.
  @inline(__always)
  private static func lineStart(after from: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
    guard from < input.count, let found = memchr(input.baseAddress! + from, 0x0A, input.count - from) else { return nil }
    return UnsafeRawPointer(input.baseAddress!).distance(to: UnsafeRawPointer(found)) + 1
  }

  /// Each line's indentation code (see `FoldedIndents`) and their total width.
  private static func lineIndents(_ input: UnsafeBufferPointer<UInt8>) -> (codes: [UInt8], width: Int) {
    var lines = 1
    var from = 0
    while let start = lineStart(after: from, in: input) {
      lines += 1
      from = start
    }
    var width = 0
    let codes = [UInt8](unsafeUninitializedCapacity: lines) { codes, initialized in
      codes[0] = 0
      var line = 1
      var from = 0
      while let start = lineStart(after: from, in: input) {
        let code = indentCode(input, at: start)
        codes[line] = code
        width += Int(code & 0x7F)
        line += 1
        from = start
      }
      initialized = lines
    }
    return (codes, width)
  }

  /// The bytes without the indentation `codes` say each line starts with.
  private static func folded(_ input: UnsafeBufferPointer<UInt8>, codes: [UInt8], removed: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: input.count - removed) { output, count in
      var copied = 0
      var line = 0
      var from = 0
      while let start = lineStart(after: from, in: input) {
        line += 1
        from = start
        let width = Int(codes[line] & 0x7F)
        guard width > 0 else { continue }
        (output.baseAddress! + count).update(from: input.baseAddress! + copied, count: start - copied)
        count += start - copied
        copied = start + width
      }
      (output.baseAddress! + count).update(from: input.baseAddress! + copied, count: input.count - copied)
      count += input.count - copied
    }
  }

  /// The tape with each value's offset moved back by the indentation folded before it. A value
  /// never starts in indentation, and the tape is in the order of the values' offsets.
  private static func moved(_ nodes: [JSONNode], in input: UnsafeBufferPointer<UInt8>, codes: [UInt8]) -> [JSONNode] {
    [JSONNode](unsafeUninitializedCapacity: nodes.count) { moved, count in
      var next = 0
      var shift = 0
      var line = 0
      var from = 0
      while let start = lineStart(after: from, in: input) {
        line += 1
        from = start
        let width = Int(codes[line] & 0x7F)
        guard width > 0 else { continue }
        while next < nodes.count, nodes[next].start < start {
          moved.initializeElement(at: next, to: nodes[next].moved(to: nodes[next].start - shift))
          next += 1
        }
        shift += width
      }
      while next < nodes.count {
        moved.initializeElement(at: next, to: nodes[next].moved(to: nodes[next].start - shift))
        next += 1
      }
      count = nodes.count
    }
  }

  /// The code of the indentation at `start`: a run of one character, spaces or tabs, at most
  /// `maxFoldedIndent` long; 128 is added for tabs.
  private static func indentCode(_ input: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt8 {
    guard start < input.count, input[start] == 0x20 || input[start] == 0x09 else { return 0 }
    let character = input[start]
    var end = start + 1
    while end < input.count, end - start < maxFoldedIndent, input[end] == character { end += 1 }
    return UInt8(end - start) | (character == 0x09 ? 0x80 : 0)
  }
}
