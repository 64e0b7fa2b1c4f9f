import Foundation
import XCTest

/// A command's result goes to standard output; when it cannot be written there (a full disk, a
/// closed descriptor) zlc says so once on standard error and exits with 74, and a reader that went
/// away (`| head`) ends it without a message.
final class StandardOutputTests: DemoCopyTestCase {
  /// Runs zlc through sh with `setup` before it (a redirection, a trap); its status and stderr.
  func zlcInShell(_ arguments: [String], redirect: String, setup: String = "") throws -> (status: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"\#(setup) exec "$0" "$@" \#(redirect)"#, try zlcBinary().path] + arguments
    process.currentDirectoryURL = dir
    let r = try outputs(of: process)
    return (r.status, r.err)
  }

  /// The commands whose result is on standard output, each with its project or arguments.
  var resultCommands: [[String]] {
    [
      ["check", "manifests", "--format", "sarif"], ["check", "manifests", "--format", "json"], ["schema"], ["explain", "ZL0401"],
      ["explain", "--list"], ["map", "show", "--project", "manifests", "--format", "json"], ["map", "home", "--project", "manifests"],
      ["diff", "manifests", "starter", "--format", "json"], ["diff", "manifests", "starter", "--format", "markdown"],
    ]
  }

  func testAFullDiskIsOneErrorAndStatus74() throws {
    XCTAssertEqual(try zlc(["init", "starter"], cwd: dir).status, 0)
    for arguments in resultCommands {
      let r = try zlcInShell(arguments, redirect: "> /dev/full")
      XCTAssertEqual(r.status, 74, "\(arguments): \(r.err)")
      XCTAssertTrue(r.err.hasSuffix("error: cannot write to standard output: No space left on device\n"), "\(arguments): \(r.err)")
      XCTAssertEqual(r.err.components(separatedBy: "cannot write").count, 2, "one message: \(r.err)")
    }
  }

  /// A closed standard output (`>&-`) fails the command that writes there; a command that writes
  /// nothing there (text diagnostics go to standard error) is not affected.
  func testAClosedStandardOutputIsOneErrorAndStatus74() throws {
    for arguments in [["schema"], ["check", "manifests", "--format", "sarif"]] {
      let r = try zlcInShell(arguments, redirect: ">&-")
      XCTAssertEqual(r.status, 74, "\(arguments): \(r.err)")
      XCTAssertTrue(r.err.hasSuffix("error: cannot write to standard output: it is closed\n"), "\(arguments): \(r.err)")
    }
    let text = try zlcInShell(["check", "manifests"], redirect: ">&-")
    XCTAssertEqual(text.status, 0, text.err)
    XCTAssertTrue(text.err.contains("\nmanifests: ok, 0 errors, 0 warnings in "), text.err)
  }

  /// A pipe whose reader has gone, with SIGPIPE ignored (as some supervisors start processes): zlc
  /// stops with 74 and no message, no trace.
  func testAPipeWithoutReaderEndsQuietlyWhereSIGPIPEIsIgnored() throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"trap '' PIPE; exec "$0" "$@""#, try zlcBinary().path, "schema"]
    let err = Pipe()
    process.standardOutput = pipe.fileHandleForWriting
    process.standardError = err
    try process.run()
    try pipe.fileHandleForWriting.close()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .exit)
    XCTAssertEqual(process.terminationStatus, 74, message)
    XCTAssertEqual(message, "")
  }
}
