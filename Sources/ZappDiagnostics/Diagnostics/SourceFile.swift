import Foundation
import Synchronization

/// The bytes of one input file, with the path as the user gave it.
///
/// Line and column are computed on demand from a byte offset, so readers only record offsets.
public final class SourceFile: Sendable {
  /// The path shown in diagnostics, as the user spelled it (or `<built-in>/NAME` for embedded files).
  public let path: String
  public let bytes: [UInt8]
  /// The indentation taken out of `bytes` after each line break when the file was folded
  /// (`JSONDocument.foldingIndentation()`), nil when nothing was. Offsets into `bytes` are then
  /// not offsets into the file as written; the lines, columns, `SourceLocation` offsets, line
  /// texts and excerpts this file gives are always those of the file as written.
  package let foldedIndents: FoldedIndents?
  /// Where lines start and the scalar counts per block, made on first use.
  private let indexStorage = Mutex<LineIndex?>(nil)

  /// A class, so that each lookup takes one reference out of the lock, not two arrays.
  private final class LineIndex: Sendable {
    let lineStarts: [Int]
    let leadsBeforeBlock: [Int]
    /// Per line, the code of its folded indentation (empty when nothing was folded).
    let foldedCodes: [UInt8]
    /// Per line, the bytes folded out up to its first byte (empty when nothing was folded).
    let foldedThrough: [Int]
    /// For a file that is not valid UTF-8 (`SourceFile.isValidUTF8`), the characters an editor
    /// decodes, which columns count instead of lead bytes; nil for a valid one.
    let decoded: DecodedCounts?

    init(lineStarts: [Int], leadsBeforeBlock: [Int], foldedCodes: [UInt8], foldedThrough: [Int], decoded: DecodedCounts?) {
      self.lineStarts = lineStarts
      self.leadsBeforeBlock = leadsBeforeBlock
      self.foldedCodes = foldedCodes
      self.foldedThrough = foldedThrough
      self.decoded = decoded
    }

    /// The width and character of the indentation folded out of a 0-based line.
    func folded(line index: Int) -> (width: Int, character: UInt8) {
      guard index >= 0, index < foldedCodes.count else { return (0, 0x20) }
      let code = foldedCodes[index]
      return (Int(code & 0x7F), code & 0x80 != 0 ? 0x09 : 0x20)
    }
  }

  /// Bytes per block of `leadsBeforeBlock`: a column costs at most one block's scan.
  private static let block = 256

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    foldedIndents = nil
  }

  /// A file whose bytes had each line's indentation folded out, `indents` saying what.
  package init(path: String, foldedBytes: [UInt8], indents: FoldedIndents) {
    self.path = path
    self.bytes = foldedBytes
    foldedIndents = indents
  }

  public convenience init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// Where lines start, and how many scalars (UTF-8 lead bytes) come before each block: built in
  /// one pass when a location is first asked for, so that a thousand diagnostics on one long line
  /// (minified JSON) cost a thousand short scans, not a thousand scans of the line.
  private var index: LineIndex {
    if let index = indexStorage.withLock({ $0 }) { return index }
    var starts = [0]
    var leads = [0]
    leads.reserveCapacity(bytes.count / Self.block + 1)
    if Self.hasLoneCarriageReturn(bytes) {
      starts = Self.lineStarts(bytes)
    } else {
      bytes.withUnsafeBytes { raw in
        // Line breaks by memchr; lead bytes per block below, eight bytes at a time.
        var from = 0
        while from < raw.count, let found = memchr(raw.baseAddress! + from, 0x0A, raw.count - from) {
          from = raw.baseAddress!.distance(to: UnsafeRawPointer(found)) + 1
          starts.append(from)
        }
      }
    }
    var count = 0
    var blockStart = 0
    while blockStart < bytes.count {
      if blockStart > 0 { leads.append(count) }
      let end = min(bytes.count, blockStart + Self.block)
      count += end - blockStart - Self.continuationBytes(bytes[blockStart..<end])
      blockStart = end
    }
    let codes = foldedIndents?.codes() ?? []
    var folded: [Int] = []
    folded.reserveCapacity(codes.count)
    var total = 0
    for code in codes {
      total += Int(code & 0x7F)
      folded.append(total)
    }
    let index = LineIndex(
      lineStarts: starts, leadsBeforeBlock: leads, foldedCodes: codes, foldedThrough: folded,
      decoded: Self.isValidUTF8(bytes) ? nil : DecodedCounts(bytes, stride: Self.block, utf16: false))
    indexStorage.withLock { $0 = index }
    return index
  }

  /// Whether `bytes` are valid UTF-8. In a file that is not, a column counts each invalid sequence
  /// as editors show it: one U+FFFD per maximal subpart (`String(decoding:as:)`), where a count of
  /// lead bytes would take a stray continuation byte for none and `0xFF` for a character's start.
  package static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var i = 0
      while i < buffer.count {
        // ASCII eight bytes at a time.
        if i + 8 <= buffer.count, UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
          i += 8
          continue
        }
        if buffer[i] < 0x80 {
          i += 1
          continue
        }
        guard let next = validSequenceEnd(buffer, at: i) else { return false }
        i = next
      }
      return true
    }
  }

  /// Whether `bytes` hold a `\r` that is not followed by `\n`: a line break of its own, as in
  /// files written with classic Mac line endings (and as LSP counts it).
  package static func hasLoneCarriageReturn(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var from = 0
      while from < raw.count, let found = memchr(raw.baseAddress! + from, 0x0D, raw.count - from) {
        let at = raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        if at + 1 == raw.count || raw[at + 1] != 0x0A { return true }
        from = at + 1
      }
      return false
    }
  }

  /// Where each line starts, lines ending in `\n`, `\r\n` or a lone `\r`.
  package static func lineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    for (i, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
      starts.append(i + 1)
    }
    return starts
  }

  /// The number of scalars that start before byte `offset`.
  private func scalars(before offset: Int, _ leadsBeforeBlock: [Int]) -> Int {
    let block = min(offset / Self.block, leadsBeforeBlock.count - 1)
    let start = block * Self.block
    return leadsBeforeBlock[block] + (offset - start) - Self.continuationBytes(bytes[start..<offset])
  }

  /// The UTF-8 continuation bytes (bit 7 set, bit 6 clear) of a slice, eight bytes at a time.
  private static func continuationBytes(_ slice: ArraySlice<UInt8>) -> Int {
    slice.withUnsafeBytes { raw in
      var count = 0
      var index = 0
      while index + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        count += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
        index += 8
      }
      while index < raw.count {
        if raw[index] & 0xC0 == 0x80 { count += 1 }
        index += 1
      }
      return count
    }
  }

  /// The byte range of a 1-based line, without its line break (and without a BOM on line 1).
  private func lineRange(_ line: Int, _ starts: [Int]) -> Range<Int> {
    guard line >= 1, line <= starts.count else { return 0..<0 }
    var start = starts[line - 1]
    var end = line < starts.count ? starts[line] - 1 : bytes.count
    if line == 1, hasBOM { start = min(3, bytes.count) }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    return start..<max(start, end)
  }

  private var hasBOM: Bool { bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF }

  /// The 1-based line and column (in Unicode scalars; a tab counts as one) of a byte offset.
  public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    let index = self.index
    let (starts, leads) = (index.lineStarts, index.leadsBeforeBlock)
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    // A UTF-8 BOM at the start of the file is not a character of the first line.
    let lineStart = low == 0 && hasBOM ? min(3, clamped) : starts[low]
    let column =
      index.decoded.map { $0.count(before: clamped) - $0.count(before: lineStart) + 1 }
      ?? scalars(before: clamped, leads) - scalars(before: lineStart, leads) + 1
    return (low + 1, column + index.folded(line: low).width)
  }

  /// The text of a 1-based line, without its line break.
  public func lineText(_ line: Int) -> String {
    let index = self.index
    let range = lineRange(line, index.lineStarts)
    let text = String(decoding: bytes[range], as: UTF8.self)
    let (width, character) = index.folded(line: line - 1)
    return width == 0 ? text : String(repeating: Character(Unicode.Scalar(character)), count: width) + text
  }

  /// The line of a byte offset as an excerpt shows it: the whole line when it has at most `width`
  /// scalars, else `width` scalars around the offset with `…` where it was cut. `caret` is the
  /// 0-based index of the offset's scalar in `scalars`.
  public func excerptLine(at offset: Int, width: Int) -> (scalars: [Unicode.Scalar], caret: Int) {
    let (line, column) = lineAndColumn(of: offset)
    return excerptLine(at: offset, line: line, column: column, width: width)
  }

  /// `excerptLine(at:width:)` when the offset's line and column are already known.
  package func excerptLine(at offset: Int, line: Int, column: Int, width: Int) -> (scalars: [Unicode.Scalar], caret: Int) {
    let index = self.index
    let range = lineRange(line, index.lineStarts)
    let (indent, character) = index.folded(line: line - 1)
    guard indent > 0 else { return Self.excerpt(of: bytes[range], at: offset, column: column, width: width) }
    // The line as written: its folded indentation back in front of it.
    var written = [UInt8](repeating: character, count: indent)
    written += bytes[range]
    return Self.excerpt(of: written[...], at: offset - range.lowerBound + indent, column: column, width: width)
  }

  /// The scalars of `text` an excerpt shows around scalar `caret`: whole characters (a flag, a
  /// letter and its accents are not cut apart) that take at most `columns` terminal columns (a
  /// wide character two), about half of them before the caret.
  /// When the bytes decoded were cut out of the line (`cutBefore`, `cutAfter`), the character at
  /// that end may be a part of one (a family emoji's last people), and is never shown.
  static func window(of text: [Unicode.Scalar], around caret: Int, columns: Int, cutBefore: Bool = false, cutAfter: Bool = false)
    -> (from: Int, to: Int)
  {
    var starts: [Int] = []
    var widths: [Int] = []
    var scalar = 0
    var view = String.UnicodeScalarView()
    view.append(contentsOf: text)
    for character in String(view) {
      starts.append(scalar)
      widths.append(character == "\t" ? 1 : TerminalText.distinct(String(character)).reduce(0) { $0 + TerminalText.width($1) })
      scalar += character.unicodeScalars.count
    }
    guard !starts.isEmpty else { return (0, 0) }
    // The caret's own character is shown, whole or not; a part at an end beside it is not.
    let at = max(0, (starts.lastIndex { $0 <= caret }) ?? 0)
    let first = cutBefore && at > 0 ? 1 : 0
    let last = cutAfter && at < starts.count - 1 ? starts.count - 2 : starts.count - 1
    var (low, high, used) = (at, at, widths[at])
    // Half the columns before the caret, then the rest after it, then before it again.
    while low > first, used + widths[low - 1] <= columns / 2 {
      low -= 1
      used += widths[low]
    }
    while high < last, used + widths[high + 1] <= columns {
      high += 1
      used += widths[high]
    }
    while low > first, used + widths[low - 1] <= columns {
      low -= 1
      used += widths[low]
    }
    return (starts[low], high + 1 < starts.count ? starts[high + 1] : text.count)
  }

  /// `excerptLine` of one line's bytes, `offset` an index of `bytes` and `column` its 1-based column.
  private static func excerpt(of bytes: ArraySlice<UInt8>, at offset: Int, column: Int, width: Int) -> (
    scalars: [Unicode.Scalar], caret: Int
  ) {
    let range = bytes.indices
    // Decode only bytes near the offset (4 bytes per scalar at most), on scalar boundaries.
    var start = max(range.lowerBound, offset - 4 * width)
    while start > range.lowerBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    var end = min(range.upperBound, offset + 4 * width)
    while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end += 1 }
    let near = bytes[start..<end]
    let cutBefore = start > range.lowerBound
    let cutAfter = end < range.upperBound
    // Most lines are ASCII: a scalar per byte, counted and cut without decoding.
    let ascii = Self.isASCII(near)
    let text = ascii ? [] : Array(String(decoding: near, as: UTF8.self).unicodeScalars)
    let scalarCount = ascii ? near.count : text.count
    func scalars(_ range: Range<Int>) -> [Unicode.Scalar] {
      ascii ? bytes[(start + range.lowerBound)..<(start + range.upperBound)].map { Unicode.Scalar($0) } : Array(text[range])
    }
    if ascii, !cutBefore, !cutAfter, scalarCount <= width { return (scalars(0..<scalarCount), column - 1) }
    // The scalars between start and offset, decoded as `text` is (a sequence that is not UTF-8 one).
    let before = ascii ? offset - start : String(decoding: bytes[start..<offset], as: UTF8.self).unicodeScalars.count
    var (from, to) = (max(0, min(before - width / 2, scalarCount - width)), 0)
    to = min(scalarCount, from + width)
    if !ascii {
      (from, to) = Self.window(of: text, around: before, columns: width, cutBefore: cutBefore, cutAfter: cutAfter)
      if !cutBefore, !cutAfter, from == 0, to == scalarCount { return (text, column - 1) }
    }
    var window = scalars(from..<to)
    var caret = before - from
    if from > 0 || cutBefore {
      window.insert("…", at: 0)
      caret += 1
    }
    if to < scalarCount || cutAfter { window.append("…") }
    return (window, caret)
  }

  /// Whether every byte is below 0x80, eight bytes at a time.
  package static func isASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBytes { raw in
      var i = 0
      while i + 8 <= raw.count {
        if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        i += 8
      }
      while i < raw.count {
        if raw[i] >= 0x80 { return false }
        i += 1
      }
      return true
    }
  }

  /// A location in this file.
  public func location(at offset: Int) -> SourceLocation {
    let (line, column) = lineAndColumn(of: offset)
    return SourceLocation(file: path, line: line, column: column, offset: writtenOffset(of: offset, line: line))
  }

  /// The offset in the file as written of an offset of `bytes` on a 1-based line.
  private func writtenOffset(of offset: Int, line: Int) -> Int {
    guard foldedIndents != nil else { return offset }
    let folded = self.index.foldedThrough
    return max(0, min(offset, bytes.count)) + (line >= 1 && line <= folded.count ? folded[line - 1] : 0)
  }
}

/// A point in an input file. Lines and columns are 1-based; columns count Unicode scalars.
public struct SourceLocation: Hashable, Sendable, Codable {
  public var file: String
  public var line: Int
  public var column: Int
  public var offset: Int

  public init(file: String, line: Int, column: Int, offset: Int) {
    self.file = file
    self.line = line
    self.column = column
    self.offset = offset
  }
}

/// Where a diagnostic points before line and column are known: a file and a byte offset.
///
/// Every value the readers produce carries one, so it is kept to two words: a JSON value's spot is
/// its document and tape index (offset and pointer are read off the tape when asked for); any other
/// spot is a small object holding file, offset and pointer.
public struct SourceSpot: Sendable {
  private enum Anchor {
    case node(JSONDocument, index: Int)
    case explicit(ExplicitSpot)
  }

  private final class ExplicitSpot: Sendable {
    let file: SourceFile
    let offset: Int
    let pointer: String?

    init(file: SourceFile, offset: Int, pointer: String?) {
      self.file = file
      self.offset = offset
      self.pointer = pointer
    }
  }

  private let anchor: Anchor

  public init(file: SourceFile, offset: Int, pointer: String? = nil) {
    anchor = .explicit(ExplicitSpot(file: file, offset: offset, pointer: pointer))
  }

  /// The spot of the JSON value at `index` on a document's tape.
  package init(document: JSONDocument, index: Int) {
    anchor = .node(document, index: index)
  }

  public var file: SourceFile {
    switch anchor {
    case .node(let document, _): return document.source
    case .explicit(let spot): return spot.file
    }
  }

  /// The byte offset in the file's `bytes`, which may have been folded (`SourceFile.foldedIndents`);
  /// `location.offset` is always the offset in the file as written.
  public var offset: Int {
    switch anchor {
    case .node(let document, let index): return Int(document.nodes[index].start)
    case .explicit(let spot): return spot.offset
    }
  }

  /// The JSON pointer (or, for XML, the element path) of the value.
  public var pointer: String? {
    switch anchor {
    case .node(let document, let index): return document.pointer(to: index)
    case .explicit(let spot): return spot.pointer
    }
  }

  public var location: SourceLocation { file.location(at: offset) }
}
