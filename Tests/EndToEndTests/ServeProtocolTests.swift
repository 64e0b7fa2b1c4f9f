import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `zlc serve` as HTTP says: a half-closed event stream, encoded slashes, a HEAD of the stream,
/// content codings a request refuses, and answers not to be stored.
final class ServeProtocolTests: XCTestCase {
  /// A client that closes its sending side after its request still reads: its stream goes on and
  /// hears the next build. A client that closes the connection still frees it at once
  /// (`ServeLimitsTests.testAStreamLeftFreesItsConnection`).
  func testAHalfClosedEventStreamKeepsStreaming() throws {
    let (server, port, project) = try serveDemoCopy()
    let stream = try EventStream(port: port)
    defer { stream.close() }
    XCTAssertTrue(try ServeEdgeTests.seen("event: current\ndata: {\"generation\":1,\"server\":\"", on: stream), stream.received)
    XCTAssertEqual(shutdown(stream.fd, Int32(SHUT_WR)), 0)
    Thread.sleep(forTimeInterval: 0.5)
    let home = project.appendingPathComponent("screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: "\"Home\"", with: "\"Home again\"")
      .write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(try stream.waitFor("event: reload\ndata: {\"generation\":2,\"ok\":true,\"server\":\"", seconds: 20), stream.received)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// The event stream holds its connection until the server stops, so a request sent behind it on
  /// the same connection cannot be answered in order: the stream's answer says `Connection: close`,
  /// telling the client to send further requests on another connection, and when the server stops
  /// the stream ends whole and the connection closes (it held up the stop) without another answer.
  func testTheEventStreamSaysItsConnectionIsNotReused() throws {
    let (server, port, _) = try serveDemoCopy()
    let fd = try HTTP.connect(port: port)
    defer { close(fd) }
    HTTP.send(
      fd, "GET /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /rivers.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let text = Self.received(fd, until: { $0.contains("event: current\ndata: {\"generation\":1,\"server\":\"") })
    let head = text.components(separatedBy: "\r\n\r\n")[0].lowercased()
    XCTAssertTrue(head.hasPrefix("http/1.1 200 ok\r\n"), text)
    XCTAssertTrue(head.contains("\r\nconnection: close\r\n"), text)
    XCTAssertTrue(head.contains("\r\ncontent-type: text/event-stream\r\n"), text)
    XCTAssertEqual(try server.terminate().status, 0)
    let all = text + Self.received(fd, until: { _ in false })
    XCTAssertTrue(all.hasSuffix("\r\n0\r\n\r\n"), "the stream's last chunk, then the end: \(all)")
    XCTAssertEqual(all.components(separatedBy: "HTTP/1.1 ").count, 2, all)
  }

  /// An encoded slash is a character of a segment, not a separator: no served name has one, so
  /// `/screens%2Fhome.json` is not `/screens/home.json`. Encoded dots and slashes never leave the
  /// bundle.
  func testAnEncodedSlashNamesNoFolder() throws {
    let (server, port, _) = try serveDemoCopy()
    XCTAssertEqual(try HTTP.get(port: port, path: "/screens/home.json").status, 200)
    XCTAssertEqual(try HTTP.get(port: port, path: "/screens/%68ome.json").status, 200, "an encoded letter is the letter")
    for path in [
      "/screens%2Fhome.json", "/screens%2fhome.json", "/preview%2Findex.html", "/%2Frivers.json", "/screens/%2e%2e%2Fbundle.json",
      "/%2E%2E%2Fzlc.json", "/%2e%2e%2f%2e%2e%2fzlc.json", "/preview/%2E%2E%2F%2E%2E%2Fzlc.json", "//rivers.json",
    ] {
      let reply = try HTTP.get(port: port, path: path)
      XCTAssertEqual(reply.status, 404, path)
      XCTAssertFalse(reply.body.contains("\"ui_components\""), path)
      XCTAssertFalse(reply.body.contains("data_types"), "\(path) served the project's zlc.json")
    }
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A HEAD of the event stream carries the headers a GET gets, `Connection: close` among them
  /// (no `Content-Length: 0`: the stream has no length), and no body; the connection then closes,
  /// as it says, without answering the request sent behind it.
  func testAHeadOfTheEventStreamHasTheStreamsHeaders() throws {
    let (server, port, _) = try serveDemoCopy()
    let stream = try HTTP.connect(port: port)
    defer { close(stream) }
    HTTP.send(stream, "GET /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let streamed = Self.received(stream, until: { $0.contains("\r\n\r\n") }).components(separatedBy: "\r\n\r\n")[0]
    let fd = try HTTP.connect(port: port)
    defer { close(fd) }
    HTTP.send(
      fd,
      "HEAD /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /nothing.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    let text = Self.received(fd, until: { _ in false })
    let parts = text.components(separatedBy: "\r\n\r\n")
    XCTAssertEqual(parts.count, 2, text)
    XCTAssertEqual(parts.last, "", "no body, and no answer behind: \(text)")
    let head = parts[0].lowercased()
    XCTAssertTrue(head.hasPrefix("http/1.1 200 ok\r\n"), text)
    XCTAssertTrue(head.contains("\r\ncontent-type: text/event-stream\r\n"), text)
    XCTAssertTrue(head.contains("\r\ncache-control: no-store\r\n"), text)
    XCTAssertTrue(head.contains("\r\nconnection: close\r\n"), text)
    XCTAssertFalse(head.contains("content-length"), text)
    XCTAssertEqual(Self.fields(of: head), Self.fields(of: streamed.lowercased()), "the headers of a GET: \(streamed)")
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// The header lines of a response's head but its `Date` (and a GET's `Transfer-Encoding`, which
  /// says how its body comes), sorted.
  static func fields(of head: String) -> [String] {
    head.components(separatedBy: "\r\n").dropFirst().filter { !$0.hasPrefix("date:") && !$0.hasPrefix("transfer-encoding:") }.sorted()
  }

  /// `Accept-Encoding` as RFC 9110 §12.5.3 reads it: gzip when acceptable and preferred, else the
  /// bytes as they are unless refused, else 406. A quality of 0 however written refuses.
  func testAcceptEncodingRefusalsAreHonoured() throws {
    let (server, port, _) = try serveDemoCopy()
    let plain = try HTTP.get(port: port, path: "/bundle.json")
    XCTAssertGreaterThan(plain.data.count, 1024, "the file is large enough to be gzipped")
    let cases: [(String, String?)] = [
      ("gzip", "gzip"), ("gzip;q=0", nil), ("GZIP;Q=0", nil), ("gzip;q=0.000", nil), ("gzip ; q = 0 , identity", nil),
      ("gzip;q=0.5, identity;q=0.8", nil), ("identity;q=0, gzip;q=0.5", "gzip"), ("*", "gzip"), ("*;q=0, identity", nil),
      ("*;q=0, gzip", "gzip"), ("br", nil), ("", nil), ("gzip;q=1.000", "gzip"), ("gzip;q=0.0001", nil), ("gzip;q=1.5", nil),
    ]
    for (value, coding) in cases {
      let reply = try HTTP.get(port: port, path: "/bundle.json", headers: ["Accept-Encoding": value])
      XCTAssertEqual(reply.status, 200, value)
      XCTAssertEqual(reply.headers["content-encoding"], coding, value)
      if coding == nil { XCTAssertEqual(reply.data, plain.data, value) }
    }
    for value in ["identity;q=0", "*;q=0", "identity;q=0, *;q=0", "Identity;Q=0.000, gzip;q=0", "br, identity;q=0"] {
      for path in ["/bundle.json", "/preview/"] {
        let reply = try HTTP.get(port: port, path: path, headers: ["Accept-Encoding": value])
        XCTAssertEqual(reply.status, 406, "\(path) \(value)")
        XCTAssertEqual(reply.headers["cache-control"], "no-store", "\(path) \(value)")
        XCTAssertEqual(
          reply.body, "zlc serve sends gzip or the bytes as they are, and the request's Accept-Encoding refuses both\n", value)
      }
    }
    // A miss is still a miss, whatever the request accepts: a missing page too, which still reloads.
    XCTAssertEqual(try HTTP.get(port: port, path: "/nothing.json", headers: ["Accept-Encoding": "identity;q=0"]).status, 404)
    let missingPage = try HTTP.get(port: port, path: "/preview/nosuch.html", headers: ["Accept-Encoding": "identity;q=0"])
    XCTAssertEqual(missingPage.status, 404)
    XCTAssertNil(missingPage.headers["content-encoding"])
    XCTAssertEqual(missingPage.headers["content-length"], String(missingPage.data.count))
    XCTAssertTrue(missingPage.body.contains("No screen has this page now"), missingPage.body)
    XCTAssertFalse(missingPage.body.contains("<base"), "a page in the preview's folder needs no base")
    // One below the preview's folder starts its links and its event stream from that folder.
    let nested = try HTTP.get(port: port, path: "/preview/sub/gone.html")
    XCTAssertEqual(nested.status, 404)
    XCTAssertTrue(nested.body.contains("<base href=\"../\">\n<link rel=\"icon\""), nested.body)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A 404, a 503 (nothing built yet) and the other refusals are not stored: the next build or
  /// request may answer.
  func testMissesAndFailuresAreNotStored() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    try "[".write(to: project.appendingPathComponent("screens/broken.json"), atomically: true, encoding: .utf8)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0"])
    defer { server.stop() }
    let port = try server.port()
    for (path, status) in [("/rivers.json", 503), ("/nothing.json", 404), ("/screens%2Fhome.json", 404)] {
      for encoding in ["", "gzip"] {
        let reply = try HTTP.get(port: port, path: path, headers: ["Accept-Encoding": encoding])
        XCTAssertEqual(reply.status, status, path)
        XCTAssertEqual(reply.headers["cache-control"], "no-store", path)
      }
    }
    XCTAssertEqual(
      try ServeEdgeTests.status(port: port, "DELETE /rivers.json HTTP/1.1\r\nHost: localhost\r\n\r\n"), "HTTP/1.1 405 Method Not Allowed")
    let forbidden = try HTTP.get(port: port, path: "/rivers.json", host: "attacker.example")
    XCTAssertEqual(forbidden.status, 403)
    XCTAssertEqual(forbidden.headers["cache-control"], "no-store")
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// An HTTP/1.0 request is answered in HTTP/1.0: the event stream's bytes come as they are
  /// (HTTP/1.0 reads no chunks), and a connection not kept alive closes after its response (it
  /// stayed open until the idle timeout).
  func testAnHTTP10RequestIsAnsweredInHTTP10() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--idle-timeout", "60"])
    defer { server.stop() }
    let port = try server.port()
    let stream = try HTTP.connect(port: port)
    defer { close(stream) }
    HTTP.send(stream, "GET /_zlc/events HTTP/1.0\r\n\r\n")
    let current = "\r\n\r\n: zlc serve\nretry: 500\n\nevent: current\ndata: {\"generation\":1,\"server\":\""
    let whole = { (text: String) in text.range(of: #"\"server\":\"[0-9a-z]+\"\}\n\n$"#, options: .regularExpression) != nil }
    let streamed = Self.received(stream, until: { $0.contains(current) && whole($0) })
    XCTAssertTrue(streamed.hasPrefix("HTTP/1.0 200 OK\r\n"), streamed)
    XCTAssertTrue(streamed.contains(current) && whole(streamed), streamed)
    XCTAssertFalse(streamed.lowercased().contains("transfer-encoding"), streamed)

    let started = Date()
    let fd = try HTTP.connect(port: port)
    defer { close(fd) }
    HTTP.send(fd, "GET /rivers.json HTTP/1.0\r\n\r\n")
    let reply = Self.received(fd, until: { _ in false })
    XCTAssertTrue(reply.hasPrefix("HTTP/1.0 200 OK\r\n"), reply)
    XCTAssertTrue(reply.hasSuffix("]"), "the whole file, then the end of the connection: \(reply.suffix(100))")
    XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the connection closes after the response")

    // A kept-alive connection's HEAD has no body: the connection says it stays, and does; but a
    // HEAD of the stream says it closes, as the stream does, and closes.
    let kept = try HTTP.connect(port: port)
    defer { close(kept) }
    HTTP.send(kept, "HEAD /rivers.json HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    let head = Self.received(kept, until: { $0.hasSuffix("\r\n\r\n") })
    XCTAssertTrue(head.hasPrefix("HTTP/1.0 200 OK\r\n"), head)
    XCTAssertTrue(head.lowercased().contains("\r\nconnection: keep-alive\r\n"), head)
    let asked = Date()
    HTTP.send(kept, "HEAD /_zlc/events HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    let next = Self.received(kept, until: { _ in false })
    XCTAssertLessThan(Date().timeIntervalSince(asked), 15, "the connection closes after the HEAD's answer")
    XCTAssertTrue(next.hasPrefix("HTTP/1.0 200 OK\r\n"), next)
    XCTAssertTrue(next.lowercased().contains("\r\nconnection: close\r\n"), next)
    XCTAssertTrue(next.hasSuffix("\r\n\r\n"), "no body, then the end of the connection: \(next)")
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A CONNECT gets the 405 of every other method, and since its answer carries no length (an
  /// answer to CONNECT has no body) and nothing behind a CONNECT is read, its connection closes at
  /// once: it stayed open until the idle timeout, with the request behind it never answered.
  func testAConnectIsRefusedAndItsConnectionCloses() throws {
    let (server, port, _) = try serveDemoCopy()
    let fd = try HTTP.connect(port: port)
    defer { close(fd) }
    let started = Date()
    HTTP.send(
      fd, "CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\nGET /bundle.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let reply = Self.received(fd, until: { _ in false })
    XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the connection closes at once: \(reply)")
    let head = reply.components(separatedBy: "\r\n\r\n")[0].lowercased() + "\r\n"
    XCTAssertTrue(head.hasPrefix("http/1.1 405 method not allowed\r\n"), reply)
    XCTAssertTrue(head.contains("\r\nallow: get, head\r\n"), reply)
    XCTAssertTrue(head.contains("\r\nconnection: close\r\n"), reply)
    XCTAssertTrue(head.contains("\r\ncache-control: no-store\r\n"), reply)
    XCTAssertEqual(reply.components(separatedBy: "HTTP/1.1 ").count, 2, "nothing behind the CONNECT is answered: \(reply)")
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// The requests the server cannot read get their 400 from the request parser, which carries
  /// `Cache-Control: no-store` as every other refusal does (it had none).
  func testTheParsersRefusalsAreNotStored() throws {
    let (server, port, _) = try serveDemoCopy()
    let requests = [
      "FOO / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "get / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 81 * 1024))\r\n\r\n",
      "GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: 127.0.0.1\u{0}x\r\n\r\n",
    ]
    for request in requests {
      let fd = try HTTP.connect(port: port)
      defer { close(fd) }
      HTTP.send(fd, request)
      let reply = Self.received(fd, until: { _ in false })
      let head = reply.components(separatedBy: "\r\n\r\n")[0].lowercased() + "\r\n"
      let shown = String(request.prefix(40))
      XCTAssertTrue(head.hasPrefix("http/1.1 400 bad request\r\n"), "\(shown): \(reply)")
      XCTAssertTrue(head.contains("\r\ncache-control: no-store\r\n"), "\(shown): \(reply)")
      XCTAssertTrue(head.contains("\r\nconnection: close\r\n"), "\(shown): \(reply)")
    }
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// What `fd` receives until `done` says so of the text so far or the server closes (at most 20 s).
  static func received(_ fd: Int32, until done: (String) -> Bool) -> String {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, !done(String(decoding: data, as: UTF8.self)) {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      data.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: data, as: UTF8.self)
  }
}
