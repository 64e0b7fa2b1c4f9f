import Foundation
import XCTest

@testable import ZappLayoutCompiler

/// What `zlc diff --base REV` says of a revision without the project's folder, its names shown
/// with their control characters escaped.
final class DiffRevisionMessageTests: XCTestCase {
  func git(_ arguments: [String], in repo: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-C", repo] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A file, then a submodule, committed where the project's folder (its name with an escape
  /// character) is now: each said to be no folder, the name escaped.
  func testAFileOrASubmoduleWhereTheProjectIsIsNamedEscaped() throws {
    let repo = NSTemporaryDirectory() + "zlc-diff-message-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: repo) }
    let name = "app\u{1B}[31m"
    try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
    try "notes\n".write(toFile: repo + "/" + name, atomically: true, encoding: .utf8)
    _ = try git(["init", "-q"], in: repo)
    _ = try git(["add", "."], in: repo)
    _ = try git(["commit", "-q", "-m", "a file"], in: repo)
    try FileManager.default.removeItem(atPath: repo + "/" + name)
    _ = try git(["rm", "-q", "--cached", name], in: repo)
    let file = try git(["rev-parse", "HEAD"], in: repo)
    _ = try git(["update-index", "--add", "--cacheinfo", "160000,\(file),\(name)"], in: repo)
    _ = try git(["commit", "-q", "-m", "a submodule"], in: repo)
    try FileManager.default.createDirectory(atPath: repo + "/" + name + "/screens", withIntermediateDirectories: true)
    try "[]".write(toFile: repo + "/" + name + "/screens/home.json", atomically: true, encoding: .utf8)
    let shown = "app\\u{1B}[31m"
    XCTAssertEqual(
      Driver.diff(revision: "HEAD~1", project: repo + "/" + name).message, "HEAD~1 has '\(shown)' as a file, not a folder")
    XCTAssertEqual(Driver.diff(revision: "HEAD", project: repo + "/" + name).message, "HEAD has '\(shown)' as a submodule, not a folder")
    XCTAssertEqual(
      Driver.diff(revision: "HEAD\u{7}", project: repo + "/" + name).message,
      "'HEAD\\u{7}' is not a revision of the repository that holds '\(repo)/\(shown)'")
  }
}
