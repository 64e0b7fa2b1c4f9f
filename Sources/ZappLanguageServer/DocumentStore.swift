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
  private var cachedTree: LooseNode??

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

  /// The text read leniently (kept until the next change): what requests look at.
  var tree: LooseNode? {
    if let tree = cachedTree { return tree }
    let tree = LooseJSON.parse(bytes)
    cachedTree = .some(tree)
    return tree
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
    cachedTree = nil
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
