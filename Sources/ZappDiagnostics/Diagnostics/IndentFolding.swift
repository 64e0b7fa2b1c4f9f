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
    let (indents, removed) = source.bytes.withUnsafeBufferPointer(Self.lineIndents)
    guard removed > indents.count else { return self }
    let nodes = self.nodes
    var moved: [JSONNode] = []
    moved.reserveCapacity(nodes.count)
    var next = 0
    var shift = 0
    // The nodes that start before `end`, moved back by the indentation folded so far.
    func move(before end: Int) {
      while next < nodes.count, nodes[next].start < end {
        moved.append(nodes[next].moved(to: nodes[next].start - shift))
        next += 1
      }
    }
    let folded = source.bytes.withUnsafeBufferPointer { input in
      [UInt8](unsafeUninitializedCapacity: input.count - removed) { output, count in
        var copied = 0
        var line = 0
        func copy(upTo end: Int) {
          let length = end - copied
          if length > 0 { (output.baseAddress! + count).update(from: input.baseAddress! + copied, count: length) }
          count += length
        }
        Self.forEachLineBreak(input) { position in
          line += 1
          let width = Int(indents[line] & 0x7F)
          guard width > 0 else { return }
          copy(upTo: position + 1)
          move(before: position + 1)
          shift += width
          copied = position + 1 + width
        }
        copy(upTo: input.count)
      }
    }
    move(before: Int.max)
    let file = SourceFile(path: source.path, foldedBytes: folded, indents: FoldedIndents(codes: indents))
    return JSONDocument(source: file, nodes: moved)
  }

  /// Each line's indentation code (see `FoldedIndents`) and their total width.
  private static func lineIndents(_ input: UnsafeBufferPointer<UInt8>) -> (indents: [UInt8], width: Int) {
    var lines = 1
    forEachLineBreak(input) { _ in lines += 1 }
    var indents = [UInt8](repeating: 0, count: lines)
    var width = 0
    var line = 0
    forEachLineBreak(input) { position in
      line += 1
      let code = indentCode(input, at: position + 1)
      indents[line] = code
      width += Int(code & 0x7F)
    }
    return (indents, width)
  }

  /// Calls `body` with the offset of every `\n`, in order.
  private static func forEachLineBreak(_ input: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
    guard let base = input.baseAddress else { return }
    var from = 0
    while from < input.count, let found = memchr(base + from, 0x0A, input.count - from) {
      let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      body(position)
      from = position + 1
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
