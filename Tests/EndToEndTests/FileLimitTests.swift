import Foundation
import XCTest

/// zlc under a small open-file limit (`ulimit -n`): a soft limit is raised where the hard one
/// allows, a hard limit too small to run with is refused with a message, not a trap, and `zlc
/// serve` takes no more connections than the limit leaves room for.
final class FileLimitTests: XCTestCase {
  /// Runs `script` in a shell, `$0` the zlc binary and `$1` the demo project's copy.
  func shell(_ script: String, extra: [String] = []) throws -> (status: Int32, out: String, err: String, project: URL) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, try zlcBinary().path, project.path] + extra
    let result = try outputs(of: process)
    return (result.status, result.out, result.err, project)
  }

  /// A soft limit of 4 files (which the system's event queues alone use up) is raised: the check runs.
  func testASmallSoftLimitIsRaised() throws {
    let result = try shell(#"ulimit -Sn 4 && exec "$0" check "$1""#)
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertTrue(result.err.hasSuffix("\(result.project.path): ok, 0 errors, 0 warnings in 13 files\n"), result.err)
  }

  func testAHardLimitTooSmallToRunWithIsRefused() throws {
    let result = try shell(#"ulimit -n 8 && exec "$0" check "$1""#)
    XCTAssertEqual(result.status, 74, result.err)
    XCTAssertEqual(
      result.err, "Error: zlc needs to open at least 16 files at once, but this process may open 8 (ulimit -n): raise the limit\n")
    XCTAssertEqual(result.out, "")
  }

  /// A limit too small for the server's own files and a few connections is refused before the
  /// first build, with what it needs, and leaves no folder behind; at what it needs, it serves.
  func testAServerShortOfFilesIsRefusedBeforeItBuilds() throws {
    let tmp = temporary()
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: tmp) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let own = 24 + 5 * cores
    // Within a minute: a server that started would run until stopped.
    let refused = try shell(#"ulimit -n 20 && TMPDIR="$2" exec timeout 60 "$0" serve "$1" --port 0"#, extra: [tmp.path])
    XCTAssertEqual(refused.status, 74, refused.err)
    XCTAssertEqual(
      refused.err,
      "Error: zlc serve needs to open at least \(own + 16) files at once (\(own) of its own on \(cores) cores, and two for each of 8 connections), "
        + "but this process may open 20 (ulimit -n): raise the limit\n")
    XCTAssertEqual(refused.out, "", "nothing built")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [], "no folder left")

    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(
      arguments: ["-c", #"ulimit -n \#(own + 16) && exec "$0" serve "$1" --port 0"#, try zlcBinary().path, project.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    defer { server.stop() }
    let response = try HTTP.get(port: try server.port(), path: "/rivers.json")
    XCTAssertEqual(response.status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// Fewer connections asked for need fewer files: one connection beside the server's own.
  func testOneConnectionNeedsTwoFilesBesideTheServersOwn() throws {
    let own = 24 + 5 * ProcessInfo.processInfo.activeProcessorCount
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(
      arguments: [
        "-c", #"ulimit -n \#(own + 2) && exec "$0" serve "$1" --port 0 --max-connections 1"#, try zlcBinary().path, project.path,
      ],
      executable: URL(fileURLWithPath: "/bin/sh"))
    defer { server.stop() }
    XCTAssertEqual(try HTTP.get(port: try server.port(), path: "/rivers.json").status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// Connections that could use up every file would leave a build unable to read the project.
  func testMoreConnectionsThanTheHardLimitLeavesRoomForAreRefused() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(
      arguments: ["-c", #"ulimit -n 256 && exec "$0" serve "$1" --port 0 --max-connections 1000"#, try zlcBinary().path, project.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    defer { server.stop() }
    // Refused at once; a server that started would run on until stopped.
    let deadline = Date().addingTimeInterval(60)
    while server.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    XCTAssertFalse(server.process.isRunning, server.output)
    XCTAssertEqual(server.process.terminationStatus, 64, server.output)
    XCTAssertTrue(
      server.errorOutput.hasPrefix(
        "Error: --max-connections 1000 needs an open-file limit of 2000, twice the connections, but this process may open at most 256 files (ulimit -Hn): give at most 128, or raise the limit\n"
      ), server.errorOutput)
  }

  #if os(Linux)
    /// Below the hard limit, the soft limit is raised to twice the connections (read from /proc).
    func testMoreConnectionsThanTheSoftLimitLeavesRoomForRaiseIt() throws {
      let dir = temporary()
      addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
      let project = try copyDemo(to: dir)
      let server = try ServeProcess(
        arguments: [
          "-c", #"ulimit -Sn 256 && ulimit -Hn 4096 && exec "$0" serve "$1" --port 0 --max-connections 1000"#, try zlcBinary().path,
          project.path,
        ],
        executable: URL(fileURLWithPath: "/bin/sh"))
      defer { server.stop() }
      _ = try server.port()
      let limits = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/limits", encoding: .utf8)
      let line = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
      XCTAssertEqual(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).prefix(2), ["2000", "4096"])
      XCTAssertEqual(try server.terminate().status, 0)
    }
  #endif
}
