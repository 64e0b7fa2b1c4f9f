import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import XCTest

@testable import ZappLayoutServer

/// A bundle file's answer to `If-Match`, `If-None-Match` and `Accept-Encoding` together: the coding
/// is chosen first (406 before any precondition), `If-Match` is compared with the ETags of the
/// bytes chosen, and a 412 states what the request named and what to send.
@available(macOS 14, iOS 17, tvOS 17, *)
final class ServeConditionalTests: XCTestCase {
  /// A file large enough to gzip.
  static let file = ServedBuild.File(bytes: Array(String(repeating: "{\"a\":1}", count: 400).utf8), etag: "\"abc\"")

  static func answer(_ fields: [String: String]) async throws -> (status: Int, etag: String?, body: String) {
    var headers = HTTPFields()
    for (name, value) in fields { headers[try XCTUnwrap(HTTPField.Name(name))] = value }
    let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/screens/home.json", headerFields: headers)
    let response = Responder.serve(file, at: "screens/home.json", to: Request(head: head, body: RequestBody(buffer: ByteBuffer())))
    let collected = Collected()
    try await response.body.write(Collector(into: collected))
    var bytes = collected.buffer
    if response.headers[.contentEncoding] != nil { return (response.status.code, response.headers[.eTag], "gzipped") }
    return (response.status.code, response.headers[.eTag], bytes.readString(length: bytes.readableBytes) ?? "")
  }

  func testTheContentCodingIsChosenBeforeIfMatch() async throws {
    let refused = try await Self.answer(["Accept-Encoding": "identity;q=0", "If-Match": "\"x\""])
    XCTAssertEqual(refused.status, 406, "no coding the request takes: 406, whatever the precondition")
    let unconditional = try await Self.answer(["Accept-Encoding": "identity;q=0"]).status
    XCTAssertEqual(unconditional, 406)
  }

  func testIfMatchComparesTheETagsOfTheBytesChosen() async throws {
    let plain = try await Self.answer(["If-Match": "\"abc-gzip\""])
    XCTAssertEqual(plain.status, 412, "the gzip ETag does not name the bytes as they are")
    XCTAssertEqual(plain.etag, "\"abc\"")
    let identityPreferred = try await Self.answer(["If-Match": "\"abc-gzip\"", "Accept-Encoding": "identity, gzip;q=0.5"]).status
    XCTAssertEqual(identityPreferred, 412)
    let zipped = try await Self.answer(["If-Match": "\"abc-gzip\"", "Accept-Encoding": "gzip"])
    XCTAssertEqual(zipped.status, 200)
    XCTAssertEqual(zipped.etag, "\"abc-gzip\"")
    XCTAssertEqual(zipped.body, "gzipped")
    // The identity ETag names the bytes, which either coding carries.
    let identityTagGzipped = try await Self.answer(["If-Match": "\"abc\"", "Accept-Encoding": "gzip"]).status
    XCTAssertEqual(identityTagGzipped, 200)
    let identityTagPlain = try await Self.answer(["If-Match": "\"abc\""]).status
    XCTAssertEqual(identityTagPlain, 200)
    // A matching If-Match and If-None-Match: nothing changed, 304.
    let bothMatch = try await Self.answer(["If-Match": "\"abc\"", "If-None-Match": "\"abc-gzip\"", "Accept-Encoding": "gzip"]).status
    XCTAssertEqual(bothMatch, 304)
  }

  func testA412StatesWhatTheRequestNamedAndWhatToSend() async throws {
    let expected =
      "'screens/home.json': the request's If-Match names none of this file's current ETags; its ETag is \"abc\". An ETag is"
      + " the file's sha256 from bundle.json in quotes (\"<sha256>\"); when the request's hash is an earlier build's, fetch"
      + " bundle.json again, then the file\n"
    for match in ["abc", "W/\"abc\"", "", "\"old\""] {
      let reply = try await Self.answer(["If-Match": match])
      XCTAssertEqual(reply.status, 412, match)
      XCTAssertEqual(reply.body, expected, match)
      XCTAssertFalse(reply.body.contains("a later build"), "no build is claimed: \(match)")
    }
    let zipped = try await Self.answer(["If-Match": "abc", "Accept-Encoding": "gzip;q=1, identity;q=0"])
    XCTAssertEqual(zipped.status, 412)
    XCTAssertEqual(zipped.body, "gzipped")
    XCTAssertTrue(
      Responder.preconditionFailed("a.json", etag: "\"abc\"", gzip: true).contains("its ETag is \"abc\" (gzipped, \"abc-gzip\")"))
  }

  /// The current gzip ETag on an answer that is not gzipped: the 412 says to send the plain ETag,
  /// not to fetch bundle.json again (the tag is current, so that would loop).
  func testA412ForTheGzipETagWithoutGzipSaysToSendThePlainETag() async throws {
    let expected =
      "'screens/home.json': the request's If-Match names this file's gzip ETag, \"abc-gzip\", which holds only for a gzipped"
      + " answer, and this answer is not gzipped; send its plain ETag, \"abc\" (the file's sha256 from bundle.json in quotes)\n"
    for accept in [nil, "gzip;q=0", "identity, gzip;q=0.5"] {
      var fields = ["If-Match": "\"abc-gzip\""]
      if let accept { fields["Accept-Encoding"] = accept }
      let reply = try await Self.answer(fields)
      XCTAssertEqual(reply.status, 412, accept ?? "no Accept-Encoding")
      XCTAssertEqual(reply.etag, "\"abc\"")
      XCTAssertEqual(reply.body, expected, accept ?? "no Accept-Encoding")
      XCTAssertFalse(reply.body.contains("fetch bundle.json again"))
    }
    let stale = try await Self.answer(["If-Match": "\"old-gzip\""])
    XCTAssertEqual(stale.status, 412)
    XCTAssertTrue(stale.body.contains("names none of this file's current ETags"), stale.body)
  }
}

/// The bytes a response body writes.
final class Collected: @unchecked Sendable {
  var buffer = ByteBuffer()
}

struct Collector: ResponseBodyWriter {
  let into: Collected

  mutating func write(_ buffer: ByteBuffer) async throws {
    var buffer = buffer
    into.buffer.writeBuffer(&buffer)
  }

  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
