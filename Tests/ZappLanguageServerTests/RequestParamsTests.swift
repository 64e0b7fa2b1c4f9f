import Foundation
import XCTest

@testable import ZappLanguageServer

/// A request about a position whose `textDocument.uri` or `position` is not what the protocol
/// says gets InvalidParams with a message naming the field and quoting its value as JSON.
final class RequestParamsTests: XCTestCase {
  func testBadPositionsAndURIsAreInvalidParams() throws {
    let project = try emptyProject()
    let file = try write("[\n  {\"id\": \"a\"}\n]\n", "screens/a.json", in: project)
    let uri = FileURI.uri(file.path)
    let cases: [(params: JSONObject, message: String)] = [
      (
        ["textDocument": ["uri": uri], "position": ["line": "0", "character": 0]], #"position.line is not an integer zlc lsp can use: "0""#
      ),
      (["textDocument": ["uri": uri], "position": ["line": 0]], "position.character is missing"),
      (["textDocument": ["uri": uri], "position": ["line": 1, "character": -3]], "position.character is negative: -3"),
      (["textDocument": ["uri": uri], "position": ["line": -2, "character": 4]], "position.line is negative: -2"),
      (["textDocument": ["uri": uri], "position": NSNull()], "position is missing"),
      (["textDocument": ["uri": uri]], "position is missing"),
      (["textDocument": ["uri": uri], "position": [0, 0]], "position is not an object: [0,0]"),
      (["textDocument": ["uri": 5], "position": ["line": 0, "character": 0]], "textDocument.uri is a number, not a string"),
      (["textDocument": [:], "position": ["line": 0, "character": 0]], "textDocument.uri is missing"),
    ]
    let requests: [JSONObject] = cases.enumerated().map { i, c in ["id": i, "method": "textDocument/hover", "params": c.params] }
    let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file)] + requests))
    XCTAssertEqual(status, 0)
    for (i, c) in cases.enumerated() {
      let answer = try XCTUnwrap(messages.first { $0["id"] as? Int == i }, c.message)
      let error = answer["error"] as? JSONObject
      XCTAssertEqual(error?["code"] as? Int, ResponseError.invalidParams, c.message)
      XCTAssertEqual(error?["message"] as? String, c.message)
    }
  }
}
