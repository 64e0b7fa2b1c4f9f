import Foundation
import XCTest

/// A build (or a `zlc verify`) that finds another zlc run holding the lock of the folder its
/// output is in says that it waits, naming both, then goes on once the lock is given back: a run
/// held up by a `zlc verify` suspended in another terminal is not silent.
final class OutputLockWaitTests: DemoCopyTestCase {
  /// Runs zlc with `arguments` while this test holds the lock of `locked`, waits for `waiting` on
  /// its standard error, gives the lock back, and returns the exit status and what it printed.
  func runHeldUp(_ arguments: [String], locked: URL, waiting: String) throws -> (status: Int32, err: String) {
    let lock = open(locked.path, O_RDONLY | O_DIRECTORY)
    XCTAssertEqual(flock(lock, LOCK_EX), 0)
    let err = dir.appendingPathComponent("err-\(UUID().uuidString)")
    XCTAssertTrue(FileManager.default.createFile(atPath: err.path, contents: nil))
    let process = Process()
    process.executableURL = try zlcBinary()
    process.arguments = arguments
    process.environment = ["NO_COLOR": "1"]
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    while (try? String(contentsOf: err, encoding: .utf8))?.contains(waiting) != true, Date() < deadline { usleep(20_000) }
    XCTAssertTrue(process.isRunning, "it waits while the lock is held")
    close(lock)
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: err, encoding: .utf8))
  }

  func testABuildAndAVerifyWaitingForTheLockSaySo() throws {
    let locked = dir.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    let output = locked.appendingPathComponent("out")
    let build = try runHeldUp(
      ["build", project.path, "-o", output.path, "--progress", "never"], locked: locked,
      waiting: "waiting for another zlc run writing in '\(locked.path)' (to write '\(output.path)')\n")
    XCTAssertEqual(build.status, 0, build.err)
    XCTAssertTrue(build.err.hasPrefix("waiting for another zlc run writing in '\(locked.path)'"), build.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("bundle.json").path))
    let verify = try runHeldUp(
      ["verify", output.path], locked: locked,
      waiting: "waiting for another zlc run writing in '\(locked.path)' (to read '\(output.path)')\n")
    XCTAssertEqual(verify.status, 0, verify.err)
  }
}
