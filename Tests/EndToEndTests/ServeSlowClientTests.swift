import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `zlc serve` to a client slower than its idle timeout: a kept-alive answer is sent whole, and a
/// client that takes nothing does not hold a stop back.
final class ServeSlowClientTests: XCTestCase {
  /// The demo with 300 screens of 40 KB names: a `rivers.json` of 12 MB.
  func servedLargeProject() throws -> (server: ServeProcess, port: Int) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let screens = (0..<300).map { i in
      #"{"id": "fat\#(i)", "name": "N\#(i) \#(String(repeating: "x", count: 40_000))", "type": "general_content", "styles": {"family": "FAMILY_1"}, "data": {"connected": true, "parent": "home"}, "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}"#
    }
    try Data(("[" + screens.joined(separator: ",") + "]").utf8).write(to: project.appendingPathComponent("screens/fat.json"))
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--idle-timeout", "0.3"])
    return (server, try server.port())
  }

  /// A connection with a small receive window (set before connecting: the server's bytes wait in
  /// its own buffers) that has asked for `rivers.json`, kept alive.
  func slowClient(port: Int) throws -> Int32 {
    let fd = try HTTP.connect(port: port, receiveBuffer: 4096)
    HTTP.send(fd, "GET /rivers.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    return fd
  }

  /// Read 4 KB at a time, `rivers.json` takes seconds: the server's idle timeout (0.3 s) does not
  /// close the connection before the client has it all.
  func testAnAnswerSlowerThanTheIdleTimeoutArrivesWhole() throws {
    let (server, port) = try servedLargeProject()
    defer { server.stop() }
    let fd = try slowClient(port: port)
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var length: Int?
    var bodyStart = 0
    while length.map({ data.count - bodyStart < $0 }) ?? true {
      let n = read(fd, &buffer, buffer.count)
      guard n > 0 else { break }
      data.append(contentsOf: buffer[0..<n])
      if length == nil, let split = data.range(of: Data("\r\n\r\n".utf8)) {
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).lowercased()
        let field = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
        length = field.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
        bodyStart = split.upperBound
      }
      usleep(1_000)
    }
    let expected = try XCTUnwrap(length, "no Content-Length")
    XCTAssertGreaterThan(expected, 12_000_000)
    XCTAssertEqual(data.count - bodyStart, expected, "the answer was cut short")
    XCTAssertTrue(server.process.isRunning, server.output)
  }

  /// A client that asked for `rivers.json` and reads none of it does not keep a stop waiting: the
  /// server stops within seconds of SIGTERM, not after the minute a stalled answer is given.
  func testAStalledClientDoesNotHoldAStop() throws {
    let (server, port) = try servedLargeProject()
    defer { server.stop() }
    let fd = try slowClient(port: port)
    defer { close(fd) }
    Thread.sleep(forTimeInterval: 1.5)  // past the idle timeout: the close is held for the answer
    let stopped = try server.terminate()
    XCTAssertEqual(stopped.status, 0, server.output)
    XCTAssertLessThan(stopped.seconds, 5, "the stop waited for the stalled answer")
  }
}
