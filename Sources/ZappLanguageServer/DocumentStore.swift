import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappModel
import ZappReaders
import ZappWriters

/// A document the editor has open: its unsaved text, which replaces the file's on disk.
final class OpenDocument {
  let uri: String
  let path: String
  var version: Int
  /// When its text last arrived, in the server's count (`LanguageServer.textsArrived`): of a file
  /// open under several URIs, the latest is what its project reads.
  var arrival = 0
  private(set) var bytes: [UInt8]
  private var cachedIndex: LineIndex?
  private var cachedSource: SourceFile?
  private var cachedTree: LooseNode??

  /// Above this size the text is not read for requests (the checker refuses it too, as
  /// `zlc check` refuses such a file).
  let maxBytes: Int

  init(uri: String, path: String, version: Int, text: String, maxBytes: Int = ReaderLimits.default.maxFileBytes) {
    self.uri = uri
    self.path = path
    self.version = version
    self.bytes = Array(text.utf8)
    self.maxBytes = maxBytes
  }

  var lines: LineIndex {
    if let index = cachedIndex { return index }
    let index = LineIndex(bytes, markIsText: true)
    cachedIndex = index
    return index
  }

  /// The text as a source file for the compiler, under the path the loader reads it by.
  var source: SourceFile {
    if let source = cachedSource { return source }
    let source = SourceFile(path: path, bytes: bytes)
    cachedSource = source
    return source
  }

  /// The text read leniently (kept until the next change): what requests look at. Nil for a text
  /// above `maxBytes`, which is never parsed.
  var tree: LooseNode? {
    if let tree = cachedTree { return tree }
    let tree = bytes.count > maxBytes ? nil : LooseJSON.parse(bytes)
    cachedTree = .some(tree)
    return tree
  }

  /// Applies one change: a range and its new text, or the whole text.
  ///
  /// A range's end before its start is its start. A range that starts or ends between the two
  /// UTF-16 units of a character (an emoji) leaves the client a lone half of it, which UTF-8
  /// cannot hold: the change is made on UTF-16 units, as the client makes it, and each lone half
  /// becomes U+FFFD, one unit as the half is, so the positions after it stay the client's (two
  /// halves brought together again within one change are the character they make; a half left
  /// alone by one change stays U+FFFD).
  func apply(_ change: ContentChange) {
    let text = change.text
    if let (start, end) = change.range {
      let first = lines.boundary(of: start)
      let last = (end.line, end.character) < (start.line, start.character) ? first : lines.boundary(of: end)
      guard first.splitsPair || last.splitsPair else {
        bytes.replaceSubrange(first.offset..<max(first.offset, last.offset), with: Array(text.utf8))
        invalidate()
        return
      }
      var units: [UInt16] = []
      if first.splitsPair { units.append(contentsOf: halves(at: first.offset).prefix(1)) }
      units.append(contentsOf: text.utf16)
      if last.splitsPair { units.append(contentsOf: halves(at: last.offset).suffix(1)) }
      let to = last.splitsPair ? last.offset + 4 : last.offset
      bytes.replaceSubrange(first.offset..<max(first.offset, to), with: Array(String(decoding: units, as: UTF16.self).utf8))
    } else {
      bytes = Array(text.utf8)
    }
    invalidate()
  }

  /// The UTF-16 units of the 4-byte character at `offset`.
  private func halves(at offset: Int) -> [UInt16] {
    Array(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self).utf16)
  }

  private func invalidate() {
    cachedIndex = nil
    cachedSource = nil
    cachedTree = nil
  }
}

/// A `TextDocumentContentChangeEvent`, its numbers checked.
struct ContentChange {
  var text: String
  /// The range replaced; nil for the whole text.
  var range: (start: TextPosition, end: TextPosition)?

  /// A change without `range` (or with a null one) replaces the whole text. Throws InvalidParams
  /// for a change without a string `text`, and for a range that is not a `start` and an `end` of
  /// integers in `Int`'s range (a range lacking its end is no whole-text change).
  init(_ json: JSONObject) throws(ResponseError) {
    guard let text = json["text"] as? String else {
      throw ResponseError(code: ResponseError.invalidParams, message: "a change's text is missing or not a string")
    }
    self.text = text
    guard let value = json["range"], !(value is NSNull) else { return }
    let range = value as? JSONObject
    guard let start = try TextPosition(range?["start"], field: "range.start"),
      let end = try TextPosition(range?["end"], field: "range.end")
    else {
      throw ResponseError(code: ResponseError.invalidParams, message: "range needs a start and an end, each with a line and a character")
    }
    self.range = (start, end)
  }
}

/// `file://` URIs and paths.
enum FileURI {
  /// The local path a `file:` URI names; nil for another scheme or a file on another host
  /// (`file://server/share/…`), which is not this machine's file of that path.
  static func path(_ uri: String) -> String? {
    guard let url = URL(string: uri), url.isFileURL else { return nil }
    if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" { return nil }
    return url.standardizedFileURL.path
  }

  /// The URI of a file's path, the same whatever the disk holds there: a path that is a folder
  /// now, and was a file when something was published for it, keeps its URI (no `/` added).
  static func uri(_ path: String) -> String { URL(fileURLWithPath: path, isDirectory: false).absoluteString }

  /// Whether `path` is below the folder `folder`, both absolute paths as `path(_:)` gives them
  /// (no trailing `/` but the root's): the root, `/`, holds every other absolute path.
  static func isPath(_ path: String, in folder: String) -> Bool {
    folder == "/" ? path.count > 1 && path.hasPrefix("/") : path.hasPrefix(folder + "/")
  }

  /// `path` relative to `folder` when it is below it (`isPath(_:in:)`); nil otherwise.
  static func relativePath(_ path: String, in folder: String) -> String? {
    guard isPath(path, in: folder) else { return nil }
    return String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
  }
}
