import Foundation
import XCTest
import ZappLayoutCompiler

@testable import ZappDiagnostics
@testable import ZappLanguageServer
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

/// An open document above the reader's file limit is refused as `zlc check` refuses such a file:
/// one diagnostic, and never parsed, for the check or for requests.
final class DocumentLimitTests: XCTestCase {
  func testADocumentAboveTheFileLimitGetsOneDiagnosticAndNoAnswers() throws {
    var limits = ReaderLimits()
    limits.maxFileBytes = 4096
    let project = try emptyProject()
    // Screens that are each wrong several ways (unknown keys, a missing type and family…).
    let screen = #"{"id": "s", "name": "S", "bogus": 1, "ui_components": [{"component_type": "nope"}]}"#
    let big = "[\n" + Array(repeating: screen, count: 60).joined(separator: ",\n") + "\n]\n"
    let small = "[\n" + screen + "\n]\n"
    XCTAssertGreaterThan(big.utf8.count, limits.maxFileBytes)
    XCTAssertLessThan(small.utf8.count, limits.maxFileBytes)
    // The files as saved; the editor's buffers hold the screens.
    for name in ["big", "small"] { try Data("[]\n".utf8).write(to: project.appendingPathComponent("screens/\(name).json")) }
    let bigURI = FileURI.uri(project.appendingPathComponent("screens/big.json").path)
    let smallURI = FileURI.uri(project.appendingPathComponent("screens/small.json").path)

    var input: [UInt8] = []
    func send(_ body: String) { input += framed(body) }
    send(
      #"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": "\#(FileURI.uri(project.path))", "capabilities": {}}}"#)
    send(#"{"jsonrpc": "2.0", "method": "initialized", "params": {}}"#)
    for (uri, text) in [(bigURI, big), (smallURI, small)] {
      send(
        #"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "\#(uri)", "languageId": "json", "version": 1, "text": \#(try quoted(text))}}}"#
      )
    }
    // The cursor on the key "bogus" of the first screen, in each document.
    for (id, uri) in [(2, bigURI), (3, smallURI)] {
      send(
        #"{"jsonrpc": "2.0", "id": \#(id), "method": "textDocument/completion", "params": {"textDocument": {"uri": "\#(uri)"}, "position": {"line": 1, "character": 26}}}"#
      )
    }
    send(#"{"jsonrpc": "2.0", "id": 9, "method": "shutdown"}"#)
    send(#"{"jsonrpc": "2.0", "method": "exit"}"#)
    let (_, status, messages) = try serve(input, limits: limits)
    XCTAssertEqual(status, 0)

    func published(_ uri: String) -> [JSONObject]? {
      let last = messages.last {
        $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? JSONObject)?["uri"] as? String == uri
      }
      return (last?["params"] as? JSONObject)?["diagnostics"] as? [JSONObject]
    }
    let refused = try XCTUnwrap(published(bigURI))
    XCTAssertEqual(refused.count, 1, "\(refused)")
    XCTAssertEqual(refused.first?["code"] as? String, "ZL0108")
    XCTAssertEqual(refused.first?["message"] as? String, "file is \(big.utf8.count) bytes; zlc reads files of at most 4096 bytes")
    XCTAssertGreaterThan(try XCTUnwrap(published(smallURI)).count, 1, "the same screen under the limit is checked")

    func items(_ id: Int) -> [Any]? {
      let reply = messages.first { $0["id"] as? Int == id && $0["method"] == nil }
      return ((reply?["result"] as? JSONObject)?["items"]) as? [Any]
    }
    XCTAssertEqual(try XCTUnwrap(items(2)).count, 0, "a refused document is not read for requests")
    XCTAssertGreaterThan(try XCTUnwrap(items(3)).count, 0, "the same place under the limit is completed")
  }
}
