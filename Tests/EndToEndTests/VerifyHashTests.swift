import Foundation
import XCTest

/// `zlc verify` holds each screen file to its `sha256` in `bundle.json`: another hash is named,
/// and so is an entry that gives none to check the file against; it reads a folder no build is
/// writing.
final class VerifyHashTests: XCTestCase, BundleEditing {
  func testAHashOtherThanTheFilesIsNamedAndAnEmptyOneSaysSo() throws {
    let out = try builtDemo()
    let show = out.appendingPathComponent("screens/show.json")
    let hash = try XCTUnwrap(sha256Hex(show))
    let index = out.appendingPathComponent("bundle.json")
    let other = String(repeating: "0", count: 64)
    try edit(index, hash, other)
    var result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(show.path): error: its SHA-256 is \(hash), not \(other) as bundle.json says\n")

    try edit(index, other, "")
    result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(show.path): error: its SHA-256 is \(hash), but bundle.json gives no hash to check it against\n")
  }

  /// A verify waits while a build holds the lock on the output's folder (writing or swapping the
  /// bundle), so it never reads `bundle.json` of one build and the screens of the next: a screen
  /// changed under the lock and put back before the lock is given up is never seen.
  func testAVerifyWaitsForTheBuildThatHoldsTheFolder() throws {
    let out = try builtDemo()
    let show = out.appendingPathComponent("screens/show.json")
    let written = try Data(contentsOf: show)
    let lock = open(out.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
    XCTAssertGreaterThanOrEqual(lock, 0)
    defer { close(lock) }
    XCTAssertEqual(flock(lock, LOCK_EX), 0)
    try Data("{}".utf8).write(to: show)  // as a build's swap leaves it for a moment
    let verify = Process()
    verify.executableURL = try zlcBinary()
    verify.arguments = ["verify", out.path]
    let errors = Pipe()
    verify.standardError = errors
    try verify.run()
    Thread.sleep(forTimeInterval: 1.5)
    XCTAssertTrue(verify.isRunning, "the verify waits for the lock")
    try written.write(to: show)
    XCTAssertEqual(flock(lock, LOCK_UN), 0)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    verify.waitUntilExit()
    XCTAssertEqual(verify.terminationStatus, 0, text)
    XCTAssertTrue(text.hasSuffix(": ok, 10 screens load\n"), text)
  }
}
