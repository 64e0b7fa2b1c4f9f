import Foundation
import ZappLayoutCompiler

/// A document the editor has open: its unsaved text, which replaces the file's on disk.
final class OpenDocument {
  let uri: String
  let path: String
  var version: Int
  private(set) var bytes: [UInt8]
  private var cachedIndex: LineIndex?
  private var cachedSource: SourceFile?

  init(uri: String, path: String, version: Int, text: String) {
    self.uri = uri
    self.path = path
    self.version = version
    self.bytes = Array(text.utf8)
  }

  var lines: LineIndex {
    if let index = cachedIndex { return index }
    let index = LineIndex(bytes)
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

  /// Applies one `TextDocumentContentChangeEvent`: a range and its new text, or the whole text.
  func apply(_ change: JSONObject) {
    guard let text = change["text"] as? String else { return }
    if let range = change["range"] as? JSONObject, let start = TextPosition(range["start"]), let end = TextPosition(range["end"]) {
      let from = lines.offset(of: start)
      let to = max(from, lines.offset(of: end))
      bytes.replaceSubrange(from..<to, with: Array(text.utf8))
    } else {
      bytes = Array(text.utf8)
    }
    cachedIndex = nil
    cachedSource = nil
  }
}

/// The editor's open documents over the disk, and the JSON documents parsed by earlier checks,
/// kept by path and reused while the bytes are the same: a change to one file parses one file.
final class OverlayFileSystem: ProjectFileSystem, @unchecked Sendable {
  private var buffers: [String: SourceFile] = [:]
  private var parses: [String: (bytes: [UInt8], result: JSONReadResult)] = [:]
  private let lock = NSLock()

  func setBuffer(_ source: SourceFile?, for path: String) {
    lock.lock()
    buffers[path] = source
    lock.unlock()
  }

  func source(atPath path: String) -> SourceFile? {
    lock.lock()
    defer { lock.unlock() }
    return buffers[path]
  }

  func parsed(_ source: SourceFile, limits: ReaderLimits) -> JSONReadResult? {
    lock.lock()
    let cached = parses[source.path]
    lock.unlock()
    if let cached, Self.same(cached.bytes, source.bytes) { return cached.result }
    let result = JSONReader.read(source, limits: limits)
    lock.lock()
    parses[source.path] = (source.bytes, result)
    lock.unlock()
    return result
  }

  static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
  }
}

/// `file://` URIs and paths.
enum FileURI {
  static func path(_ uri: String) -> String? {
    guard let url = URL(string: uri), url.isFileURL else { return nil }
    return url.standardizedFileURL.path
  }

  static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }
}
