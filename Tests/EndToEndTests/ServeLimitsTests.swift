import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `zlc serve` under many connections that never send a request, with few files to spare.
final class ServeLimitsTests: XCTestCase {
  /// 1,000 idle loopback connections to a server limited to 256 open files (macOS's default):
  /// it still answers a GET, and it closes idle connections after its idle timeout.
  func testIdleConnectionsNeitherStopTheServerNorStayOpen() throws {
    try raiseOwnFileLimit(to: 1_500)
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(
      arguments: ["-c", #"ulimit -n 256 && exec "$0" serve "$1" --port 0 --idle-timeout 1"#, try zlcBinary().path, project.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    defer { server.stop() }
    let port = try server.port()

    // 1,000 connections that send nothing, opened without waiting for the server to accept them.
    var idle: [Int32] = []
    defer { for fd in idle { close(fd) } }
    for _ in 0..<1_000 {
      guard let fd = Self.connectWithoutWaiting(port: port) else { break }
      idle.append(fd)
    }
    XCTAssertEqual(idle.count, 1_000, "could not open the idle connections")

    // A normal request is still answered (it may wait in the listen queue until idle ones are closed).
    let reply = try Self.get(port: port, path: "/bundle.json", within: 90)
    XCTAssertEqual(reply?.status, 200, server.output)
    XCTAssertTrue(reply?.body.contains("\"format_version\"") ?? false)

    // The first idle connections (accepted first) were closed by the server after its idle timeout.
    for fd in idle.prefix(20) {
      XCTAssertTrue(Self.closedByPeer(fd, within: 30), "an idle connection is still open")
    }
    XCTAssertTrue(server.process.isRunning, server.output)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A page that leaves its event stream (a reload, a move to another page) frees its connection
  /// at once, not when the next build's event finds it gone: with two connections allowed, two
  /// streams opened and left do not keep a GET waiting.
  func testAStreamLeftFreesItsConnection() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--max-connections", "2"])
    defer { server.stop() }
    let port = try server.port()
    for n in 0..<4 {
      guard let stream = try? EventStream(port: port) else {
        return XCTFail("stream \(n + 1) waits to be accepted: the streams left hold the connections")
      }
      // Everything sent is read, so closing sends a FIN (a reset would end the connection anyway).
      XCTAssertTrue(try ServeEdgeTests.seen("event: current\ndata: {\"generation\":1,\"server\":\"", on: stream), stream.received)
      stream.close()
    }
    let reply = try Self.get(port: port, path: "/bundle.json", within: 10)
    XCTAssertEqual(reply?.status, 200, "a GET waits for connections held by streams no one reads")
    // Streams still open all hear the next build.
    let open = try (0..<2).map { _ in try EventStream(port: port) }
    defer { for stream in open { stream.close() } }
    let home = project.appendingPathComponent("screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: "\"Home\"", with: "\"Home again\"")
      .write(to: home, atomically: true, encoding: .utf8)
    for stream in open { XCTAssertTrue(try stream.waitFor("event: reload", seconds: 20), stream.received) }
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A client that sends requests behind its event stream on the same connection (pipelined), then
  /// closes the connection, frees it at once too, though Hummingbird has read the request behind
  /// the stream (which hides the end of the input from the stream's request): with one connection
  /// allowed, the next client is served with no build in between. So is one that sent more requests
  /// behind the stream than Hummingbird holds before it stops reading.
  func testAStreamWithRequestsBehindItFreesItsConnectionWhenLeft() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--max-connections", "1"])
    defer { server.stop() }
    let port = try server.port()
    let events = "GET /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    let behind = "GET /rivers.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    for (n, count) in [1, 1, 40].enumerated() {
      let fd = try HTTP.connect(port: port)
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      HTTP.send(fd, events + String(repeating: behind, count: count))
      let text = ServeProtocolTests.received(fd, until: { $0.contains("event: current\ndata: {\"generation\":1,\"server\":\"") })
      close(fd)
      XCTAssertTrue(text.contains("event: current"), "client \(n + 1) waits to be accepted: \(text)\n\(server.output)")
      XCTAssertEqual(text.components(separatedBy: "HTTP/1.1 ").count, 2, "the requests behind the stream are not answered: \(text)")
    }
    let reply = try Self.get(port: port, path: "/bundle.json", within: 10)
    XCTAssertEqual(reply?.status, 200, "a GET waits for the connection of a stream left")
    let builds = server.output.split(separator: "\n").filter { $0.hasPrefix("built ") }
    XCTAssertEqual(builds.count, 1, "one build, at the start: \(server.output)")
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A client that sends a request behind its event stream and keeps the connection open, reading:
  /// the stream's answer says `Connection: close`, so the request will never be answered, and the
  /// server ends the stream (after the events due) and closes the connection at once, freeing its
  /// place. With one connection allowed, the next client is served while the first still holds
  /// its socket, whether the request came with the stream's or once the stream had begun.
  func testAStreamWithARequestBehindItClosesThoughTheClientStays() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--max-connections", "1"])
    defer { server.stop() }
    let port = try server.port()
    let events = "GET /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    let behind = "GET /rivers.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    let current = "event: current\ndata: {\"generation\":1,\"server\":\""
    for later in [false, true] {
      let fd = try HTTP.connect(port: port)
      defer { close(fd) }
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      HTTP.send(fd, later ? events : events + behind)
      var text = ServeProtocolTests.received(fd, until: { $0.contains(current) })
      XCTAssertTrue(text.contains(current), "the stream begins: \(text)\n\(server.output)")
      if later { HTTP.send(fd, behind) }
      text += ServeProtocolTests.received(fd, until: { _ in false })
      XCTAssertEqual(text.components(separatedBy: "HTTP/1.1 ").count, 2, "the request behind the stream is not answered: \(text)")
      XCTAssertTrue(Self.closedByPeer(fd, within: 1), "the server left the connection open (sent later: \(later))")
      let reply = try Self.get(port: port, path: "/bundle.json", within: 10)
      XCTAssertEqual(reply?.status, 200, "a GET waits for the connection the stream holds (sent later: \(later))")
    }
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// Raises this process's soft open-file limit to `wanted` (within the hard limit); fails when
  /// the hard limit is too low to hold the test's connections.
  func raiseOwnFileLimit(to wanted: Int) throws {
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    var limit = rlimit()
    XCTAssertEqual(getrlimit(resource, &limit), 0)
    if limit.rlim_cur < rlim_t(wanted) {
      limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
      XCTAssertEqual(setrlimit(resource, &limit), 0)
    }
    guard limit.rlim_cur >= rlim_t(wanted) else {
      XCTFail("the open-file limit (hard \(limit.rlim_max)) is below the \(wanted) this test needs")
      throw POSIXError(.EMFILE)
    }
  }

  /// A TCP socket to 127.0.0.1:`port` whose connection is under way (non-blocking); nil when no
  /// socket could be made.
  static func connectWithoutWaiting(port: Int) -> Int32? {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return nil }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var address = loopback(port)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 || errno == EINPROGRESS || errno == EAGAIN else {
      close(fd)
      return nil
    }
    return fd
  }

  static func loopback(_ port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  /// Whether the server closed the connection (end of input or a reset) within `seconds`.
  static func closedByPeer(_ fd: Int32, within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 256)
    while Date() < deadline {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 200) >= 0 || errno == EINTR else { return false }
      guard poller.revents != 0 else { continue }
      let n = read(fd, &buffer, buffer.count)
      if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { return true }
    }
    return false
  }

  /// GET `path` on a fresh connection, waiting at most `seconds` in all (to connect, then for the
  /// whole reply); nil when it did not come.
  static func get(port: Int, path: String, within seconds: Double) throws -> HTTP.Reply? {
    let deadline = Date().addingTimeInterval(seconds)
    guard let fd = connectWithoutWaiting(port: port) else { return nil }
    defer { close(fd) }
    func wait(for events: Int32) -> Bool {
      while Date() < deadline {
        var poller = pollfd(fd: fd, events: Int16(events), revents: 0)
        let ready = poll(&poller, 1, 200)
        if ready > 0 { return true }
        if ready < 0, errno != EINTR { return false }
      }
      return false
    }
    guard wait(for: Int32(POLLOUT)) else { return nil }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == request.count else { return nil }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while wait(for: Int32(POLLIN)) {
      let n = read(fd, &buffer, buffer.count)
      if n > 0 {
        data.append(contentsOf: buffer[0..<n])
      } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
        break
      }
    }
    let text = String(decoding: data, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n") else { return nil }
    let status = Int(text[..<split.lowerBound].split(separator: " ").dropFirst().first ?? "") ?? 0
    return HTTP.Reply(status: status, headers: [:], body: String(text[split.upperBound...]))
  }
}
