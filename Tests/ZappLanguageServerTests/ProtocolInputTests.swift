import Foundation
import XCTest

@testable import ZappLanguageServer

/// What a client sends that the server must survive: numbers outside `Int`'s range in every field
/// the server reads, and framing that never ends or announces too much.
final class ProtocolInputTests: XCTestCase {
  // MARK: Numbers

  func testIntValueRefusesWhatIntCannotHold() throws {
    for text in ["1e300", "-1e19", "9223372036854775808", "18446744073709551615", "1.5", "-0.5", "1e-300"] {
      let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any]
      XCTAssertNil(intValue(parsed?.first), text)
      XCTAssertThrowsError(try integer(parsed?.first, "line"), text) { error in
        XCTAssertEqual((error as? ResponseError)?.code, ResponseError.invalidParams, text)
      }
    }
    for (text, value) in [
      ("0", 0), ("42", 42), ("-7", -7), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("3.0", 3), ("1e3", 1000),
    ] {
      let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any]
      XCTAssertEqual(intValue(parsed?.first), value, text)
    }
    XCTAssertNil(try integer(nil, "line"))
    XCTAssertNil(try integer(NSNull(), "line"))
    XCTAssertThrowsError(try integer("12", "line"))
  }

  /// Every number the server reads, sent as each value `Int` cannot hold: requests get an error
  /// (InvalidParams; InvalidRequest with a null id for a bad id), notifications change nothing,
  /// and the server answers the next request and shuts down cleanly.
  func testOutOfRangeNumbersInEveryFieldAreRefused() throws {
    let project = try emptyProject()
    let screen = project.appendingPathComponent("screens/a.json")
    let other = project.appendingPathComponent("screens/b.json")
    let text = "[\n  {\"id\": \"a\"}\n]\n"
    try Data(text.utf8).write(to: screen)
    let uri = FileURI.uri(screen.path)
    let otherURI = FileURI.uri(other.path)
    let doc = "{\"uri\": \"\(uri)\"}"
    func position(_ line: String, _ character: String) -> String { "{\"line\": \(line), \"character\": \(character)}" }

    var input: [UInt8] = []
    func send(_ body: String) { input += framed(body) }
    send(
      #"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": "\#(FileURI.uri(project.path))", "capabilities": {}}}"#)
    send(#"{"jsonrpc": "2.0", "method": "initialized", "params": {}}"#)
    send(
      #"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "\#(uri)", "languageId": "json", "version": 1, "text": \#(try quoted(text))}}}"#
    )
    let values = ["1e300", "-1e19", "9223372036854775808"]
    var requests: [Int: String] = [:]
    var nextID = 100
    var notifications = 0
    for v in values {
      // The request id itself.
      send(
        #"{"jsonrpc": "2.0", "id": \#(v), "method": "textDocument/hover", "params": {"textDocument": \#(doc), "position": \#(position("0", "0"))}}"#
      )
      // Each number of a request's params.
      let params = [
        ("textDocument/hover", #"{"textDocument": \#(doc), "position": \#(position(v, "0"))}"#),
        ("textDocument/completion", #"{"textDocument": \#(doc), "position": \#(position("0", v))}"#),
        ("textDocument/definition", #"{"textDocument": \#(doc), "position": \#(position(v, v))}"#),
        (
          "textDocument/references",
          #"{"textDocument": \#(doc), "position": \#(position(v, "1")), "context": {"includeDeclaration": true}}"#
        ),
        (
          "textDocument/codeAction",
          #"{"textDocument": \#(doc), "range": {"start": \#(position(v, "0")), "end": \#(position("0", "0"))}, "context": {"diagnostics": []}}"#
        ),
        (
          "textDocument/codeAction",
          #"{"textDocument": \#(doc), "range": {"start": \#(position("0", "0")), "end": \#(position("0", v))}, "context": {"diagnostics": []}}"#
        ),
      ]
      for (method, p) in params {
        send(#"{"jsonrpc": "2.0", "id": \#(nextID), "method": "\#(method)", "params": \#(p)}"#)
        requests[nextID] = "\(method) \(p)"
        nextID += 1
      }
      // Each number of a notification: the document stays as it was.
      let changes = [
        #"{"textDocument": {"uri": "\#(uri)", "version": \#(v)}, "contentChanges": [{"text": "changed"}]}"#,
        #"{"textDocument": {"uri": "\#(uri)", "version": 2}, "contentChanges": [{"range": {"start": \#(position(v, "0")), "end": \#(position("0", "0"))}, "text": "x"}]}"#,
        #"{"textDocument": {"uri": "\#(uri)", "version": 2}, "contentChanges": [{"text": "whole"}, {"range": {"start": \#(position("0", "0")), "end": \#(position("0", v))}, "text": "x"}]}"#,
      ]
      for change in changes { send(#"{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": \#(change)}"#) }
      send(
        #"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "\#(otherURI)", "languageId": "json", "version": \#(v), "text": "[]"}}}"#
      )
      notifications += changes.count + 1
      send(#"{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": \#(v)}}"#)
    }
    // A didOpen whose text is no string, or missing: not opened (an empty buffer would hide the file).
    for text in [#", "text": {"a": 1}"#, #", "text": null"#, ""] {
      send(
        #"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "\#(otherURI)", "languageId": "json", "version": 1\#(text)}}}"#
      )
      notifications += 1
    }
    send(
      #"{"jsonrpc": "2.0", "id": 900, "method": "textDocument/hover", "params": {"textDocument": \#(doc), "position": \#(position("1", "5"))}}"#
    )
    send(
      #"{"jsonrpc": "2.0", "id": 901, "method": "textDocument/references", "params": {"textDocument": \#(doc), "position": \#(position("1", "12")), "context": {"includeDeclaration": true}}}"#
    )
    send(#"{"jsonrpc": "2.0", "id": 902, "method": "shutdown"}"#)
    send(#"{"jsonrpc": "2.0", "method": "exit"}"#)

    let (server, status, messages) = try serve(input)
    XCTAssertEqual(status, 0, "exit after shutdown")
    func error(_ m: JSONObject) -> Int? { (m["error"] as? JSONObject)?["code"] as? Int }
    let byID = Dictionary(messages.compactMap { m in (m["id"] as? Int).map { ($0, m) } }, uniquingKeysWith: { a, _ in a })
    for (id, request) in requests {
      XCTAssertEqual(error(try XCTUnwrap(byID[id], request)), ResponseError.invalidParams, request)
    }
    let nullIDErrors = messages.filter { $0["id"] is NSNull && error($0) == ResponseError.invalidRequest }
    XCTAssertEqual(nullIDErrors.count, values.count, "one InvalidRequest per bad id")
    let ignored = messages.filter {
      $0["method"] as? String == "window/logMessage"
        && (($0["params"] as? JSONObject)?["message"] as? String)?.hasPrefix("zlc: ignored") == true
    }
    XCTAssertEqual(ignored.count, notifications, "each bad notification is logged as ignored")
    // The server still answers, and the document is the one opened.
    XCTAssertNotNil(try XCTUnwrap(byID[900])["result"])
    XCTAssertNil(error(try XCTUnwrap(byID[900])))
    XCTAssertNotNil(try XCTUnwrap(byID[901])["result"] as? [Any])
    XCTAssertTrue(try XCTUnwrap(byID[902])["result"] is NSNull)
    XCTAssertEqual(server.documents[uri].map { String(decoding: $0.bytes, as: UTF8.self) }, text)
    XCTAssertEqual(server.documents[uri]?.version, 1)
    XCTAssertNil(server.documents[otherURI], "a didOpen with a bad version or text is ignored")
  }

  /// A change whose range lacks a part (no `end`, a null `line`, a range that is no object) is
  /// refused as a bad number is: logged, the document unchanged. It is no whole-text change.
  func testAnIncompleteRangeLeavesTheDocumentAsItWas() throws {
    let project = try emptyProject()
    let text = "[\n  {\"id\": \"a\"}\n]\n"
    let file = try write(text, "screens/a.json", in: project)
    let uri = FileURI.uri(file.path)
    let ranges: [Any] = [
      ["start": ["line": 1, "character": 2]],
      ["start": ["line": 1, "character": 2], "end": ["line": NSNull(), "character": 4]],
      ["end": ["line": 1, "character": 4]],
      "1:2-1:4",
    ]
    let changes: [JSONObject] = ranges.enumerated().map { i, range in
      [
        "method": "textDocument/didChange",
        "params": [
          "textDocument": ["uri": uri, "version": i + 2], "contentChanges": [["range": range, "text": "{}"]],
        ] as JSONObject,
      ]
    }
    let (server, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file)] + changes))
    XCTAssertEqual(status, 0)
    let logged = messages.compactMap { m -> String? in
      guard m["method"] as? String == "window/logMessage" else { return nil }
      return ((m["params"] as? JSONObject)?["message"] as? String).flatMap { $0.hasPrefix("zlc: ignored") ? $0 : nil }
    }
    XCTAssertEqual(
      logged,
      Array(
        repeating: "zlc: ignored textDocument/didChange of \(uri): range needs a start and an end, each with a line and a character",
        count: ranges.count))
    XCTAssertEqual(server.documents[uri].map { String(decoding: $0.bytes, as: UTF8.self) }, text)
    XCTAssertEqual(server.documents[uri]?.version, 1)
  }

  /// JSON-RPC ids are strings or integers: a boolean, a number written with a fraction or an
  /// exponent, null, an array or an object gets InvalidRequest with a null id, and is not echoed.
  func testRequestIDsAreStringsOrIntegers() throws {
    let project = try emptyProject()
    let bad = ["true", "false", "1.0", "1e2", "null", "[1]", #"{"n": 1}"#]
    var input = try message(["id": 1, "method": "initialize", "params": ["rootUri": FileURI.uri(project.path), "capabilities": [:]]])
    for id in bad { input += framed(#"{"jsonrpc": "2.0", "id": \#(id), "method": "shutdown"}"#) }
    input += framed(#"{"jsonrpc": "2.0", "id": 7, "method": "workspace/none"}"#)
    input += framed(#"{"jsonrpc": "2.0", "id": "s", "method": "shutdown"}"#)
    input += try message(["method": "exit"])
    let (_, status, messages) = try serve(input)
    XCTAssertEqual(status, 0, "the string id's shutdown, not a bad id's, was answered")
    let answers = messages.filter { $0["method"] == nil }.dropFirst()
    XCTAssertEqual(answers.count, bad.count + 2)
    for (answer, id) in zip(answers, bad) {
      XCTAssertTrue(answer["id"] is NSNull, id)
      XCTAssertEqual((answer["error"] as? JSONObject)?["code"] as? Int, ResponseError.invalidRequest, id)
      XCTAssertNil(answer["result"], id)
      let text = (answer["error"] as? JSONObject)?["message"] as? String
      let written = ["1e2": "100.0"][id] ?? id.replacingOccurrences(of: " ", with: "")
      XCTAssertEqual(text, "the request id is not a string or an integer zlc lsp can use: \(written)")
    }
    let seven = try XCTUnwrap(answers.dropFirst(bad.count).first)
    XCTAssertEqual(seven["id"] as? Int, 7)
    XCTAssertEqual((seven["error"] as? JSONObject)?["code"] as? Int, ResponseError.methodNotFound, "no bad id's shutdown ran")
    XCTAssertEqual(answers.last?["id"] as? String, "s")
    XCTAssertTrue(answers.last?["result"] is NSNull)
    for id in ["true", "1.0", "1e2"] {
      let parsed = try XCTUnwrap(MessageBody.object(Data(#"{"id": \#(id)}"#.utf8)))
      XCTAssertNil(LanguageServer.idKey(parsed["id"]), id)
    }
    XCTAssertEqual(LanguageServer.idKey(try XCTUnwrap(MessageBody.object(Data(#"{"id": 12}"#.utf8)))["id"]), "n:12")
  }

  // MARK: Framing

  /// A header ended by a blank line of bare line feeds (`\n\n`, as some clients write it) is read
  /// as one ended by `\r\n\r\n`, and so is one mixing them or of several lines.
  func testAHeaderEndedByBareLineFeedsIsRead() throws {
    let input =
      Array("Content-Length: 8\n\n{\"a\": 1}".utf8) + Array("Content-Type: x\nContent-Length: 8\r\n\n{\"b\": 2}".utf8)
      + Array("Content-Length: 8\n\r\n{\"c\": 3}".utf8) + Array("Content-Length: 8\nContent-Type: x\n\n{\"e\": 5}".utf8)
      + framed(#"{"d": 4}"#)
    let reader = MessageReader(input: try inputFile(input))
    XCTAssertEqual(body(reader.read()), #"{"a": 1}"#)
    XCTAssertEqual(body(reader.read()), #"{"b": 2}"#)
    XCTAssertEqual(body(reader.read()), #"{"c": 3}"#)
    XCTAssertEqual(body(reader.read()), #"{"e": 5}"#)
    XCTAssertEqual(body(reader.read()), #"{"d": 4}"#)
    guard case .end = reader.read() else { return XCTFail("not the end") }
  }

  func testAHeaderWithoutEndIsRefusedAtTheCap() throws {
    // 8 MiB without a blank line: refused once 64 KiB are read, not after reading it all.
    let fd = try inputFile([UInt8](repeating: UInt8(ascii: "x"), count: 8 << 20))
    let reader = MessageReader(input: fd)
    guard case .fatal(let reason) = reader.read() else { return XCTFail("not refused") }
    XCTAssertTrue(reason.contains("more than 65536 bytes without the end of a message header"), reason)
    let consumed = lseek(fd, 0, SEEK_CUR)
    XCTAssertLessThanOrEqual(consumed, off_t(MessageReader.defaultMaxHeaderBytes + (1 << 17)), "read well past the cap")
  }

  /// A message whose Content-Length is wrong is lost, but the reader finds the header of a later
  /// one: the bytes left of the wrong one stand before it, on its first line.
  func testAWrongContentLengthLosesOnlyItsOwnMessages() throws {
    let first = #"{"jsonrpc": "2.0", "id": 1}"#
    // Too low: the rest of the body comes before the next header.
    var input = Array("Content-Length: \(first.utf8.count - 10)\r\n\r\n\(first)".utf8) + framed(#"{"after": 1}"#)
    var reader = MessageReader(input: try inputFile(input))
    XCTAssertEqual(body(reader.read()), String(first.dropLast(10)))
    XCTAssertEqual(body(reader.read()), #"{"after": 1}"#)
    // Too high: the body takes the start of the next message, whose own body is lost; the one
    // after is read.
    input =
      Array("Content-Length: \(first.utf8.count + 8)\r\n\r\n\(first)".utf8) + framed(#"{"lost": 2}"#)
      + framed(#"{"after": 3}"#)
    reader = MessageReader(input: try inputFile(input))
    _ = reader.read()
    var next = reader.read()
    if case .malformed = next { next = reader.read() }  // what is left of the header it cut into
    XCTAssertEqual(body(next), #"{"after": 3}"#)
    XCTAssertEqual(MessageReader.contentLength(#"}"# + "Content-Length: 12"), 12)
    XCTAssertEqual(MessageReader.contentLength("Content-Length: 3\r\nx-content-length-note: 9\r\nContent-Length: 5"), 5)
  }

  func testAHeaderJustUnderTheCapIsRead() throws {
    let padding = "X-Padding: " + String(repeating: "p", count: MessageReader.defaultMaxHeaderBytes - 40) + "\r\n"
    let fd = try inputFile(Array((padding + "Content-Length: 2\r\n\r\n{}").utf8))
    XCTAssertEqual(body(MessageReader(input: fd).read()), "{}")
  }

  func testABodyOverTheCapIsSkippedAndTheNextMessageRead() throws {
    var input = Array("Content-Length: 5000\r\n\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: 5000)
    input += framed(#"{"after": true}"#)
    let reader = MessageReader(input: try inputFile(input), maxBodyBytes: 1000)
    guard case .malformed(let reason) = reader.read() else { return XCTFail("not refused") }
    XCTAssertEqual(reason, "a message of 5000 bytes; zlc lsp reads messages of at most 1000 bytes")
    XCTAssertEqual(body(reader.read()), #"{"after": true}"#)
    guard case .end = reader.read() else { return XCTFail("not the end") }
  }

  /// A body over the cap is refused before it is read: input that ends inside it still hears why.
  func testABodyOverTheCapIsRefusedBeforeItIsRead() throws {
    let input = Array("Content-Length: 9223372036854775807\r\n\r\n".utf8) + framed(#"{"swallowed": true}"#)
    let reader = MessageReader(input: try inputFile(input), maxBodyBytes: 1000)
    guard case .malformed(let reason) = reader.read() else { return XCTFail("not refused") }
    XCTAssertEqual(reason, "a message of 9223372036854775807 bytes; zlc lsp reads messages of at most 1000 bytes")
    guard case .end = reader.read() else { return XCTFail("the message after it is part of its body") }
  }

  func testAHeaderEndAcrossTwoReadsIsFound() throws {
    // The reader takes 64 KiB at a time: the second message's blank line straddles the first boundary.
    let second = framed(#"{"second": 1}"#)
    let firstBodyLength = (1 << 16) - 2 - (second.count - 13 - 4) - "Content-Length: 00000\r\n\r\n".utf8.count
    let first = framed(String(repeating: " ", count: firstBodyLength - 2) + "{}")
    XCTAssertEqual(first.count + second.count - 13 - 4, (1 << 16) - 2)
    let reader = MessageReader(input: try inputFile(first + second))
    XCTAssertEqual(body(reader.read())?.suffix(2), "{}")
    XCTAssertEqual(body(reader.read()), #"{"second": 1}"#)
  }

  /// A length too large for a number is said to be one, not taken for a missing header.
  func testALengthTooLargeForANumberIsNamed() throws {
    let input = Array("Content-Length: 99999999999999999999\r\n\r\n".utf8) + framed(#"{"after": true}"#)
    let reader = MessageReader(input: try inputFile(input), maxBodyBytes: 1000)
    guard case .malformed(let reason) = reader.read() else { return XCTFail("not refused") }
    XCTAssertEqual(reason, "a message header whose Content-Length is too large a number (at most 1000 bytes are read)")
    XCTAssertEqual(body(reader.read()), #"{"after": true}"#)
  }
}
