import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `zlc serve` at its edges: a page that missed a build while it loaded, a HEAD of the event
/// stream, a port another process holds, and an app of several platforms before it builds.
final class ServeEdgeTests: XCTestCase {
  /// A page says which build it shows, and the event stream first says which is current: a page
  /// drawn before a build ended (its request answered, its listening not yet begun) reloads.
  func testAPageKnowsItsBuildAndTheStreamSaysTheCurrentOne() throws {
    let (server, port, project) = try serveDemoCopy()
    XCTAssertTrue(try HTTP.get(port: port, path: "/preview/").body.contains(#"<html lang="en" data-generation="1" data-server=""#))
    let first = try EventStream(port: port)
    defer { first.close() }
    XCTAssertTrue(try Self.seen("event: current\ndata: {\"generation\":1,\"server\":\"", on: first), first.received)
    let home = project.appendingPathComponent("screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: "\"Home\"", with: "\"Home again\"")
      .write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(try first.waitFor("event: reload\ndata: {\"generation\":2,\"ok\":true,\"server\":\"", seconds: 20), first.received)
    // A stream opened now says the build the change made (or a later one, should the watcher
    // have seen the change twice), and so does a page drawn now.
    let later = try EventStream(port: port)
    defer { later.close() }
    XCTAssertTrue(try Self.seen("event: current\ndata: {\"generation\":", on: later), later.received)
    let current = try XCTUnwrap(Self.number(after: "event: current\ndata: {\"generation\":", in: later.received))
    XCTAssertGreaterThanOrEqual(current, 2)
    let page = try HTTP.get(port: port, path: "/preview/").body
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(Self.number(after: "data-generation=\"", in: page)), current)
    // `zlc preview`'s own pages say no build.
    let pages = project.deletingLastPathComponent().appendingPathComponent("p")
    XCTAssertEqual(try zlc(["preview", project.path, "-o", pages.path]).status, 0)
    let written = try String(contentsOf: pages.appendingPathComponent("index.html"), encoding: .utf8)
    XCTAssertTrue(written.contains("<html lang=\"en\">\n<head>"), String(written.prefix(200)))
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// The events and the pages carry the server's id, random at start, beside the build number,
  /// which starts at 1 in every server: two servers have two ids, and the page's script reloads
  /// when the id it hears is not the one it shows (a page of a stopped server, reconnected to one
  /// started again, showed build 1 and heard build 1, and stayed as it was).
  func testTheEventsAndThePagesSayTheServersId() throws {
    var ids: [String] = []
    for _ in 0..<2 {
      let (server, port, project) = try serveDemoCopy()
      let stream = try EventStream(port: port)
      defer { stream.close() }
      let pattern = #"event: current\ndata: \{"generation":1,"server":"([0-9a-z]+)"\}\n\n"#
      XCTAssertTrue(try Self.seen("\"}\n\n", on: stream), stream.received)
      let match = try XCTUnwrap(
        stream.received.firstMatch(of: try Regex<(Substring, Substring)>(pattern)), "a current event with an id: \(stream.received)")
      let id = String(match.1)
      let page = try HTTP.get(port: port, path: "/preview/").body
      XCTAssertTrue(page.contains(#"<html lang="en" data-generation="1" data-server="\#(id)">"#), String(page.prefix(200)))
      XCTAssertTrue(page.contains("data.server !== root.server"), "the page compares the ids")
      let home = project.appendingPathComponent("screens/home.json")
      try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: "\"Home\"", with: "\"Home again\"")
        .write(to: home, atomically: true, encoding: .utf8)
      XCTAssertTrue(
        try stream.waitFor("event: reload\ndata: {\"generation\":2,\"ok\":true,\"server\":\"\(id)\"}\n\n", seconds: 20),
        stream.received)
      ids.append(id)
      XCTAssertEqual(try server.terminate().status, 0)
    }
    XCTAssertNotEqual(ids[0], ids[1])
  }

  /// A page the preview does not hold (its screen removed) is a 404 that still listens for builds:
  /// a tab left on it reloads into the screen's page once the screen is back. A missing file of
  /// another kind is the plain-text 404.
  func testAPageWhoseScreenIsGoneStillReloads() throws {
    let (server, port, project) = try serveDemoCopy()
    let extra = project.appendingPathComponent("screens/extra.json")
    let screen = #"""
      [{"id": "extra", "name": "Extra", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"id": "extra-grid", "component_type": "grid", "data": {"source": "9", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_2"]}}]}]
      """#
    let stream = try EventStream(port: port)
    defer { stream.close() }
    XCTAssertTrue(try Self.seen("event: current", on: stream), stream.received)
    try screen.write(to: extra, atomically: true, encoding: .utf8)
    XCTAssertTrue(try stream.waitFor("event: reload\ndata: {\"generation\":2,\"ok\":true", seconds: 20), stream.received)
    XCTAssertEqual(try HTTP.get(port: port, path: "/preview/extra.html").status, 200)
    try FileManager.default.removeItem(at: extra)
    XCTAssertTrue(try stream.waitFor("event: reload\ndata: {\"generation\":3,\"ok\":true", seconds: 20), stream.received)
    let gone = try HTTP.get(port: port, path: "/preview/extra.html")
    XCTAssertEqual(gone.status, 404)
    XCTAssertEqual(gone.headers["content-type"], "text/html; charset=utf-8")
    XCTAssertTrue(gone.body.contains("No screen has this page now"), gone.body)
    XCTAssertTrue(gone.body.contains("<code>extra.html</code>"), gone.body)
    XCTAssertTrue(gone.body.contains("new EventSource('../_zlc/events')"), "the page listens for builds")
    XCTAssertTrue(gone.body.contains(#"data-generation="3""#), "and knows the build it shows")
    let other = try HTTP.get(port: port, path: "/preview/extra.txt")
    XCTAssertEqual(other.status, 404)
    XCTAssertEqual(other.headers["content-type"], "text/plain; charset=utf-8")
    try screen.write(to: extra, atomically: true, encoding: .utf8)
    XCTAssertTrue(try stream.waitFor("event: reload\ndata: {\"generation\":4,\"ok\":true", seconds: 20), stream.received)
    XCTAssertEqual(try HTTP.get(port: port, path: "/preview/extra.html").status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// The whole number just after `prefix` in `text`.
  static func number(after prefix: String, in text: String) -> Int? {
    guard let range = text.range(of: prefix) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  /// Whether `text` came on the stream, perhaps while it was opened.
  static func seen(_ text: String, on stream: EventStream) throws -> Bool {
    stream.received.contains(text) ? true : try stream.waitFor(text, seconds: 10)
  }

  /// A HEAD of the event stream gets its headers and ends, and so does its connection, as its
  /// `Connection: close` says: the request sent behind it is not answered.
  func testAHeadOfTheEventStreamEnds() throws {
    let server = try ServeProcess(arguments: ["serve", repositoryRoot.appendingPathComponent("manifests").path, "--port", "0"])
    defer { server.stop() }
    let port = try server.port()
    let fd = try HTTP.connect(port: port)
    defer { close(fd) }
    HTTP.send(
      fd,
      "HEAD /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /screens/home.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let started = Date()
    let received = ServeProtocolTests.received(fd, until: { _ in false })
    XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the connection closes after the HEAD's answer")
    XCTAssertEqual(received.components(separatedBy: "HTTP/1.1 200").count, 2, received)
    XCTAssertTrue(received.lowercased().contains("content-type: text/event-stream"), received)
    XCTAssertTrue(received.lowercased().contains("x-accel-buffering: no"), "a proxy in front passes events on: \(received)")
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A port another socket listens on is reported before the project is built.
  func testAPortInUseIsReportedBeforeBuilding() throws {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    XCTAssertTrue(bound)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let r = try zlc(["serve", "manifests", "--port", String(port)])
    XCTAssertEqual(r.status, 74, r.out + r.err)
    XCTAssertTrue(
      r.err.contains("error: cannot serve on 127.0.0.1:\(port): the port is in use; choose another with --port"), r.out + r.err)
    XCTAssertFalse(r.out.contains("built "), "no build before the port is known to be free: \(r.out)")
  }

  /// The address without the preview's folder redirects to it, keeping the query
  /// (`?device=phone`), which picks the device shown; by a relative address, which a proxy serving
  /// the server under a path of its own (`/zlc/` → `/zlc/preview/`) keeps.
  func testTheRedirectToThePreviewKeepsTheQuery() throws {
    let (_, port, _) = try serveDemoCopy()
    for (path, location) in [
      ("/", "preview/"), ("/preview", "preview/"), ("/preview?device=phone&zoom=1", "preview/?device=phone&zoom=1"),
    ] {
      let reply = try HTTP.get(port: port, path: path)
      XCTAssertEqual(reply.status, 302, path)
      XCTAssertEqual(reply.headers["location"], location, path)
    }
  }

  /// An option value that starts with `-` is the option's value (`--port -1` is out of range, not
  /// a missing value), and an IPv6 address may be given in brackets, as the startup line prints it.
  func testPortAndHostAreReadAsWritten() throws {
    let negative = try zlc(["serve", "manifests", "--port", "-1"])
    XCTAssertEqual(negative.status, 64)
    XCTAssertTrue(negative.err.contains("--port takes 0 to 65535"), negative.err)
    // An empty host is a usage error, not a host the system could not find.
    let noHost = try zlc(["serve", "manifests", "--host", ""])
    XCTAssertEqual(noHost.status, 64, noHost.err)
    XCTAssertTrue(
      noHost.err.hasPrefix("Error: --host is empty: give an address of this machine (127.0.0.1, 0.0.0.0)\n"), noHost.err)
    // As is one holding what no address or host name holds: a space, a control character (shown
    // escaped), a stray bracket.
    let malformed = [
      (" ", " "), ("\n", #"\u{A}"#), ("127.0.0.1 ", "127.0.0.1 "), ("local\u{1B}[2Jhost", #"local\u{1B}[2Jhost"#),
      ("local\u{202E}host", #"local\u{202E}host"#), ("[]", "[]"), ("[::1", "[::1"), ("::1]", "::1]"), ("a/b", "a/b"),
    ]
    for (host, shown) in malformed {
      let refused = try zlc(["serve", "manifests", "--port", "0", "--host", host])
      XCTAssertEqual(refused.status, 64, refused.err)
      XCTAssertTrue(
        refused.err.hasPrefix(
          "Error: --host '\(shown)' is no address or host name (letters, digits and . - _ : %, an IPv6 address perhaps in brackets): "
            + "give an address of this machine (127.0.0.1, 0.0.0.0)\nUsage: zlc serve "), refused.err)
      XCTAssertEqual(refused.out, "")
    }
    let server = try ServeProcess(arguments: [
      "serve", repositoryRoot.appendingPathComponent("manifests").path, "--port", "0", "--host", "[127.0.0.1]",
    ])
    defer { server.stop() }
    XCTAssertEqual(try HTTP.get(port: try server.port(), path: "/rivers.json").status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A host with a port (`host:port`, `[::1]:80`) is a usage error that points to `--port`, and
  /// one with a colon but no port in digits a usage error that it is no host; an address or host
  /// name, IPv6 ones included, is passed on (here to a missing project folder).
  func testAHostWithAPortIsRefusedAndAddressesAreAccepted() throws {
    for host in ["127.0.0.1:80", "[::1]:80", "localhost:8080", ":80", "[fe80::1%eth0]:8080"] {
      let refused = try zlc(["serve", "/nonexistent/zlc-project", "--port", "0", "--host", host])
      XCTAssertEqual(refused.status, 64, host)
      XCTAssertTrue(
        refused.err.hasPrefix(
          "Error: --host '\(host)' holds a port: give the host alone, and the port with --port\nUsage: zlc serve "),
        refused.err)
    }
    // What follows a single colon but no port in digits is no host, not a port.
    for host in ["localhost:abc", "host:", "[::1]:", "1:", "[::1]:8o"] {
      let refused = try zlc(["serve", "/nonexistent/zlc-project", "--port", "0", "--host", host])
      XCTAssertEqual(refused.status, 64, host)
      XCTAssertTrue(refused.err.hasPrefix("Error: --host '\(host)' is no address or host name (letters, digits"), refused.err)
    }
    for host in ["localhost", "::", "::1", "0.0.0.0", "[::1]", "my-host.local", "fe80::1%eth0"] {
      let accepted = try zlc(["serve", "/nonexistent/zlc-project", "--port", "0", "--host", host])
      XCTAssertEqual(accepted.status, 74, host)
      XCTAssertEqual(
        accepted.err, "/nonexistent/zlc-project: error: no such folder '/nonexistent/zlc-project' [ZL0100]\n", host)
    }
  }

  /// On a loopback address the server answers requests for loopback names and IP addresses only:
  /// a page of another domain made to resolve to 127.0.0.1 (DNS rebinding) cannot read the project.
  /// On any other address it was exposed on purpose, and every name is answered.
  func testOnLoopbackOnlyLoopbackNamesAndAddressesAreAnswered() throws {
    let manifests = repositoryRoot.appendingPathComponent("manifests").path
    let server = try ServeProcess(arguments: ["serve", manifests, "--port", "0"])
    defer { server.stop() }
    let port = try server.port()
    for host in ["localhost:\(port)", "LocalHost.", "app.localhost:\(port)", "127.0.0.1", "[::1]:\(port)", "10.0.2.2:\(port)"] {
      XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json", host: host).status, 200, host)
    }
    let notPorts = ["localhost:80@attacker.example", "localhost:x", "[::1]attacker.example", "[::1]:8o"]
    for host in ["attacker.example:\(port)", "127.0.0.1.nip.io", "localhost.attacker.example", "[::1", ""] + notPorts {
      let reply = try HTTP.get(port: port, path: "/rivers.json", host: host)
      XCTAssertEqual(reply.status, 403, host)
      XCTAssertFalse(reply.body.contains("\"screens\""), host)
    }
    let refused = try HTTP.get(port: port, path: "/preview/", host: "attacker.example:\(port)")
    XCTAssertEqual(
      refused.body,
      "zlc serve listens on a loopback address and answers requests for localhost or an IP address only, not for "
        + "'attacker.example:\(port)': open the page as http://localhost:<port>/ or http://127.0.0.1:<port>/\n")
    // A second Host header is refused, whatever either names (RFC 9112 §3.2); it was answered 200.
    let doubled = try HTTP.get(port: port, path: "/rivers.json", headers: ["Host": "attacker.example"])
    XCTAssertEqual(doubled.status, 400)
    XCTAssertEqual(doubled.body, "a request names its host in one Host header, not in several\n")
    XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json", headers: ["Host": "localhost"]).status, 400)
    XCTAssertEqual(try server.terminate().status, 0)

    let exposed = try ServeProcess(arguments: ["serve", manifests, "--port", "0", "--host", "0.0.0.0"])
    defer { exposed.stop() }
    let exposedPort = try exposed.port()
    XCTAssertEqual(try HTTP.get(port: exposedPort, path: "/rivers.json", host: "laptop.example:\(exposedPort)").status, 200)
    XCTAssertEqual(try exposed.terminate().status, 0)
  }

  /// An app of several platforms that has not built yet answers 503 on its platforms' paths, as
  /// a one-platform app does on its bundle's; other paths are not found. Its bundles' paths are
  /// printed when it first builds.
  func testAnAppOfSeveralPlatformsIsNotBuiltYet() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/two-platforms"), to: project)
    try "[".write(to: project.appendingPathComponent("screens/broken.json"), atomically: true, encoding: .utf8)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0"])
    defer { server.stop() }
    let port = try server.port()
    for path in ["/platforms.json", "/ios/bundle.json", "/android/rivers.json", "/ios/screens/home.json", "/rivers.json"] {
      XCTAssertEqual(try HTTP.get(port: port, path: path).status, 503, path)
    }
    for path in ["/notes.txt", "/ios/notes.json", "/a/b/c/d.json"] {
      XCTAssertEqual(try HTTP.get(port: port, path: path).status, 404, path)
    }
    XCTAssertTrue(server.output.contains("build failed: nothing to serve yet"), server.output)
    XCTAssertTrue(server.output.contains("(preview: /preview/, bundle: none until the project builds)"), server.output)
    // Once it builds, the server says where the bundles are: the banner could not.
    try FileManager.default.removeItem(at: project.appendingPathComponent("screens/broken.json"))
    // In `zlc.json`'s order, as `platforms.json` lists them.
    let announced = "serving the bundles: /platforms.json, /ios/rivers.json, /android/rivers.json\n"
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, !server.output.contains(announced) { Thread.sleep(forTimeInterval: 0.1) }
    XCTAssertTrue(server.output.contains(announced), server.output)
    for path in ["/platforms.json", "/android/rivers.json", "/ios/rivers.json"] {
      XCTAssertEqual(try HTTP.get(port: port, path: path).status, 200, path)
    }
    XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json").status, 404)
    XCTAssertEqual(try server.terminate().status, 0)
    // The build's diagnostics are problems: they go to standard error, the log of builds does not.
    XCTAssertTrue(
      server.errorOutput.contains("screens/broken.json:1:2: error: expected a value, found the end of the file [ZL0101]"),
      server.errorOutput)
    XCTAssertFalse(server.errorOutput.contains("build failed"), server.errorOutput)
    // Built at the start, it says where each platform's bundle is in its first line, and once.
    let built = try ServeProcess(arguments: ["serve", project.path, "--port", "0"])
    defer { built.stop() }
    let builtPort = try built.port()
    XCTAssertTrue(
      built.output.contains("(preview: /preview/, bundles: /platforms.json, /ios/rivers.json, /android/rivers.json)"), built.output)
    XCTAssertFalse(built.output.contains("serving the bundles"), built.output)
    for path in ["/platforms.json", "/android/rivers.json", "/ios/rivers.json"] {
      XCTAssertEqual(try HTTP.get(port: builtPort, path: path).status, 200, path)
    }
    XCTAssertEqual(try built.terminate().status, 0)
  }

  /// A `--feeds` folder that does not exist fails the build; making it, empty, builds again (a
  /// missing folder and an empty one looked alike to the watcher).
  func testMakingTheMissingFeedsFolderBuildsAgain() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let feeds = dir.appendingPathComponent("feeds-later")
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--feeds", feeds.path])
    defer { server.stop() }
    let port = try server.port()
    XCTAssertEqual(try HTTP.get(port: port, path: "/bundle.json").status, 503)
    try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: false)
    let deadline = Date().addingTimeInterval(20)
    var status = 0
    while Date() < deadline {
      status = try HTTP.get(port: port, path: "/bundle.json").status
      if status == 200 { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    XCTAssertEqual(status, 200, server.output + server.errorOutput)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A quality without a value (`gzip;q`) is malformed and takes nothing: it counted as 1.
  func testAMalformedQualityTakesNoGzip() throws {
    let (server, port, _) = try serveDemoCopy()
    let gzip = try HTTP.get(port: port, path: "/bundle.json", headers: ["Accept-Encoding": "gzip"])
    XCTAssertEqual(gzip.headers["content-encoding"], "gzip", "the file is large enough to be gzipped")
    for value in ["gzip;q", "gzip; q=", "gzip;q=high"] {
      let reply = try HTTP.get(port: port, path: "/bundle.json", headers: ["Accept-Encoding": value])
      XCTAssertEqual(reply.status, 200, value)
      XCTAssertNil(reply.headers["content-encoding"], value)
    }
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// The status line of the answer to a raw request, read until the server closes (bounded).
  static func status(port: Int, _ request: String) throws -> String {
    let fd = try HTTP.connect(port: port)
    defer { close(fd) }
    HTTP.send(fd, request)
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, !data.contains(0x0A) {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      data.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")[0]
  }

  /// A target in absolute form is checked by its own host, not by `Host` (RFC 9112 §3.2.2), and an
  /// HTTP/1.1 request without `Host` gets 400 (§3.2); an HTTP/1.0 one is answered. Both got 200.
  func testTheRequestTargetsHostIsCheckedAndHTTP11NeedsAHost() throws {
    let (server, port, _) = try serveDemoCopy()
    let evil = "GET http://evil.example/bundle.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    XCTAssertEqual(try Self.status(port: port, evil), "HTTP/1.1 403 Forbidden")
    let local = "GET http://localhost:\(port)/bundle.json HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    XCTAssertEqual(try Self.status(port: port, local), "HTTP/1.1 200 OK")
    XCTAssertEqual(
      try Self.status(port: port, "GET /bundle.json HTTP/1.1\r\nConnection: close\r\n\r\n"), "HTTP/1.1 400 Bad Request")
    XCTAssertTrue(try Self.status(port: port, "GET /bundle.json HTTP/1.0\r\n\r\n").hasSuffix(" 200 OK"))
    XCTAssertEqual(try server.terminate().status, 0)
  }
}
