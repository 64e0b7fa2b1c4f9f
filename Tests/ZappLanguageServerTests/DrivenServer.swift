import Foundation
import XCTest

@testable import ZappLanguageServer

/// A server driven a message at a time, without its reader thread, as a client that waits for
/// each check does: the test changes the disk between messages and reads what each step wrote.
final class DrivenServer {
  let server: LanguageServer
  private let test: XCTestCase
  private let outputURL: URL
  private var seen = 0
  private var nextID = 0

  /// A server whose workspace is `root`, initialized.
  init(_ test: XCTestCase, rootedAt root: URL) throws {
    self.test = test
    let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-output-\(UUID().uuidString)")
    self.outputURL = outputURL
    let outputFD = open(outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(outputFD, 0)
    test.addTeardownBlock {
      close(outputFD)
      try? FileManager.default.removeItem(at: outputURL)
    }
    server = LanguageServer(input: -1, output: outputFD)
    _ = try request("initialize", ["rootUri": FileURI.uri(root.path), "capabilities": [:]])
    try send(["method": "initialized", "params": [:]])
  }

  /// Handles one message of `fields` (`"jsonrpc": "2.0"` added), read as the server reads one.
  func send(_ fields: JSONObject) throws {
    var all = fields
    all["jsonrpc"] = "2.0"
    _ = server.handle(try XCTUnwrap(MessageBody.object(try JSONSerialization.data(withJSONObject: all))))
  }

  /// Sends a request and gives its answer.
  func request(_ method: String, _ params: JSONObject) throws -> JSONObject {
    nextID += 1
    let id = "request \(nextID)"
    try send(["id": id, "method": method, "params": params])
    return try XCTUnwrap(try messages().first { $0["id"] as? String == id && $0["method"] == nil }, "no answer to \(method)")
  }

  /// Checks what the messages so far changed, as the server does once none is waiting, and gives
  /// every message written since the last call.
  func settle() throws -> [JSONObject] {
    server.flushChecks()
    return try messages()
  }

  /// The messages written since the last call.
  private func messages() throws -> [JSONObject] {
    let reader = MessageReader(input: try test.inputFile([UInt8](Data(contentsOf: outputURL))))
    var all: [JSONObject] = []
    while case .body(let data) = reader.read() {
      all.append(try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? JSONObject))
    }
    defer { seen = all.count }
    return Array(all[seen...])
  }
}

extension XCTestCase {
  /// Each publication among `messages`, in order: its URI with `prefix` dropped, its version, then
  /// each diagnostic's range, code and message.
  func publications(_ messages: [JSONObject], droppingFromURIs prefix: String) -> [String] {
    messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.map { message in
      let params = message["params"] as? JSONObject ?? [:]
      var uri = params["uri"] as? String ?? "?"
      if uri.hasPrefix(prefix) { uri.removeFirst(prefix.count) }
      let version = (params["version"] as? Int).map { " v\($0)" } ?? ""
      let diagnostics = (params["diagnostics"] as? [JSONObject] ?? []).map { d in
        "\(range(d).dropFirst(2)) \(d["code"] ?? "?") \(d["message"] ?? "?")"
      }
      return ([uri + version] + diagnostics).joined(separator: " | ")
    }
  }
}
