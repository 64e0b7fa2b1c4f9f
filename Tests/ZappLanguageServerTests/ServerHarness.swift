import Foundation
import XCTest
import ZappLayoutCompiler

@testable import ZappLanguageServer
@testable import ZappModel
@testable import ZappReaders

extension XCTestCase {
  /// A temporary file holding `bytes`, opened for reading; closed and removed after the test.
  func inputFile(_ bytes: [UInt8]) throws -> Int32 {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-input-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    let fd = open(url.path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(fd, 0)
    addTeardownBlock {
      close(fd)
      try? FileManager.default.removeItem(at: url)
    }
    return fd
  }

  /// One framed message.
  func framed(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

  /// The body of a framed message; nil for anything else.
  func body(_ incoming: Incoming) -> String? {
    guard case .body(let data) = incoming else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs a server on `input` (framed messages) to its end: the server, its exit status and every
  /// message it wrote.
  func serve(_ input: [UInt8], limits: ReaderLimits = .default) throws -> (LanguageServer, Int32, [JSONObject]) {
    let inputFD = try inputFile(input)
    let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-output-\(UUID().uuidString)")
    let outputFD = open(outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(outputFD, 0)
    addTeardownBlock { try? FileManager.default.removeItem(at: outputURL) }
    let server = LanguageServer(input: inputFD, output: outputFD, limits: limits)
    let status = server.run()
    close(outputFD)
    let reader = MessageReader(input: try inputFile([UInt8](Data(contentsOf: outputURL))))
    var messages: [JSONObject] = []
    while let message = body(reader.read()) {
      messages.append(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(message.utf8)) as? JSONObject))
    }
    return (server, status, messages)
  }

  /// A project folder with `zlc.json` and `screens/`, removed after the test.
  func emptyProject() throws -> URL {
    let project = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-project-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: project.appendingPathComponent("screens"), withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: project) }
    try Data("{}\n".utf8).write(to: project.appendingPathComponent("zlc.json"))
    return project
  }

  /// One framed JSON-RPC message of `fields` (`"jsonrpc": "2.0"` added).
  func message(_ fields: JSONObject) throws -> [UInt8] {
    var all = fields
    all["jsonrpc"] = "2.0"
    return framed(String(decoding: try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys]), as: UTF8.self))
  }

  /// A whole session: `initialize` (rooted at `root`, the client declaring `capabilities`) and
  /// `initialized`, the messages of `body`, then `shutdown` and `exit`.
  func session(rootedAt root: URL, capabilities: JSONObject = [:], _ body: [JSONObject]) throws -> [UInt8] {
    let params: JSONObject = ["rootUri": FileURI.uri(root.path), "capabilities": capabilities]
    var input = try message(["id": "init", "method": "initialize", "params": params])
    input += try message(["method": "initialized", "params": [:]])
    for fields in body { input += try message(fields) }
    input += try message(["id": "shutdown", "method": "shutdown"])
    return input + (try message(["method": "exit"]))
  }

  /// `didOpen` of a file with its text on disk.
  func didOpen(_ file: URL) throws -> JSONObject {
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    return [
      "method": "textDocument/didOpen",
      "params": ["textDocument": ["uri": FileURI.uri(file.path), "languageId": "json", "version": 1, "text": text]],
    ]
  }

  /// A request on an open file that needs the project checked: the diagnostics of what came before
  /// it are published before it is answered (messages queued behind it would put the check off).
  func checked(_ file: URL) -> JSONObject {
    [
      "id": "checked", "method": "textDocument/hover",
      "params": ["textDocument": ["uri": FileURI.uri(file.path)], "position": ["line": 0, "character": 0]],
    ]
  }

  /// The answer to the request of `id` among a server's messages.
  func answer(_ id: String, in messages: [JSONObject]) throws -> JSONObject {
    try XCTUnwrap(messages.first { $0["id"] as? String == id && $0["method"] == nil }, "no answer to \(id)")
  }

  /// Writes `text` at `path` inside `folder`, making the folders it needs.
  @discardableResult
  func write(_ text: String, _ path: String, in folder: URL) throws -> URL {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// A JSON string literal of `text`.
  func quoted(_ text: String) throws -> String {
    String(String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast())
  }

  /// The position of the `occurrence`-th `needle` in `text`, moved by `delta` characters (ASCII text).
  func position(of needle: String, in text: String, occurrence: Int = 0, delta: Int = 0) throws -> JSONObject {
    var from = text.startIndex
    var found: Range<String.Index>?
    for _ in 0...occurrence {
      found = text.range(of: needle, range: from..<text.endIndex)
      from = try XCTUnwrap(found).upperBound
    }
    let start = text.distance(from: text.startIndex, to: try XCTUnwrap(found).lowerBound) + delta
    let before = text.prefix(start)
    let line = before.filter { $0 == "\n" }.count
    let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0)
    return ["line": line, "character": column]
  }

  /// A location as `file line:character-line:character` (0-based), or `?` for what is missing.
  func range(_ location: JSONObject?) -> String {
    let range = location?["range"] as? JSONObject
    let start = range?["start"] as? JSONObject
    let end = range?["end"] as? JSONObject
    let file = (location?["uri"] as? String).map { ($0 as NSString).lastPathComponent } ?? "?"
    return "\(file) \(start?["line"] ?? "?"):\(start?["character"] ?? "?")-\(end?["line"] ?? "?"):\(end?["character"] ?? "?")"
  }

  /// The result of one request `method` at `position` of `screens` (written as
  /// `screens/home.json`, opened), in an app of `platforms` with `files` (by path) beside it.
  func result(of method: String, at position: JSONObject, in screens: String, platforms: [String], files: [String: String] = [:])
    throws -> Any?
  {
    let project = try emptyProject()
    let targets = platforms.map { #""\#($0)": {}"# }.joined(separator: ", ")
    try write(#"{"platforms": {\#(targets)}}"#, "zlc.json", in: project)
    for (path, text) in files { try write(text, path, in: project) }
    let file = try write(screens, "screens/home.json", in: project)
    let request: JSONObject = [
      "id": "request", "method": method, "params": ["textDocument": ["uri": FileURI.uri(file.path)], "position": position],
    ]
    let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file), request]))
    XCTAssertEqual(status, 0)
    return try answer("request", in: messages)["result"]
  }

  /// The labels offered just after `needle` (inside a string) in `screens`, in an app of `platforms`
  /// with `files` (by path) beside it.
  func completionLabels(in screens: String, after needle: String, platforms: [String], files: [String: String] = [:]) throws
    -> [String]
  {
    let position = try position(of: needle, in: screens, delta: needle.count - 1)
    let result = try result(of: "textDocument/completion", at: position, in: screens, platforms: platforms, files: files)
    let items = (result as? [JSONObject]) ?? ((result as? JSONObject)?["items"] as? [JSONObject]) ?? []
    return items.compactMap { $0["label"] as? String }
  }

}
