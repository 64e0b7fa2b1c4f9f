import Foundation

/// The bytes of one input file, with the path as the user gave it.
///
/// Line and column are computed on demand from a byte offset, so readers only record offsets.
public final class SourceFile: @unchecked Sendable {
  /// The path shown in diagnostics, as the user spelled it (or `<built-in>/NAME` for embedded files).
  public let path: String
  public let bytes: [UInt8]
  private var lineStartsStorage: [Int]?
  private let lock = NSLock()

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  public convenience init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  private var lineStarts: [Int] {
    lock.lock()
    defer { lock.unlock() }
    if let starts = lineStartsStorage { return starts }
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      for index in 0..<buffer.count where buffer[index] == 0x0A {
        starts.append(index + 1)
      }
    }
    lineStartsStorage = starts
    return starts
  }

  /// The 1-based line and column (in Unicode scalars; a tab counts as one) of a byte offset.
  public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    let starts = lineStarts
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    var column = 1
    var index = starts[low]
    // A UTF-8 BOM at the start of the file is not a character of the first line.
    if low == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      index = min(3, clamped)
    }
    while index < clamped {
      // Count lead bytes only: continuation bytes (10xxxxxx) belong to the previous scalar.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return (low + 1, column)
  }

  /// The text of a 1-based line, without its line break.
  public func lineText(_ line: Int) -> String {
    let starts = lineStarts
    guard line >= 1, line <= starts.count else { return "" }
    var start = starts[line - 1]
    var end = line < starts.count ? starts[line] - 1 : bytes.count
    if line == 1, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      start = 3
    }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    guard end > start else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// A location in this file.
  public func location(at offset: Int) -> SourceLocation {
    let (line, column) = lineAndColumn(of: offset)
    return SourceLocation(file: path, line: line, column: column, offset: offset)
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
public struct SourceSpot: @unchecked Sendable {
  private enum Anchor {
    case node(JSONDocument, index: Int)
    case explicit(ExplicitSpot)
  }

  private final class ExplicitSpot {
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
  init(document: JSONDocument, index: Int) {
    anchor = .node(document, index: index)
  }

  public var file: SourceFile {
    switch anchor {
    case .node(let document, _): return document.source
    case .explicit(let spot): return spot.file
    }
  }

  /// The byte offset in the file.
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
