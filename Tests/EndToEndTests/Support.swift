import Foundation
import XCTest

/// The repository root, and `../shared` beside it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let sharedFolder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

extension XCTestCase {
  /// Runs the built `zlc` (`make test` builds it first) and returns its status and output.
  /// `user` (a numeric id) runs it as that user and group through setpriv, for permission tests run as root.
  func zlc(_ arguments: [String], cwd: URL = repositoryRoot, user: String? = nil) throws -> (status: Int32, out: String, err: String) {
    let binary = repositoryRoot.appendingPathComponent(".build/debug/zlc")
    guard FileManager.default.fileExists(atPath: binary.path) else { throw XCTSkip("build zlc first (make test does)") }
    let process = Process()
    if let user {
      // A copy in the temporary folder: the clone may sit where that user cannot reach (/root).
      let copy = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-\(UUID().uuidString)")
      try FileManager.default.copyItem(at: binary, to: copy)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
      addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", copy.path] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    process.currentDirectoryURL = cwd
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes are drained at once: a process that fills one while the other is being read
    // would otherwise block forever.
    let errors = DataBox()
    let drained = DispatchGroup()
    drained.enter()
    DispatchQueue.global().async {
      errors.data = err.fileHandleForReading.readDataToEndOfFile()
      drained.leave()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    let e = errors.data
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
  }

  /// A fresh temporary folder.
  func temporary() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-e2e-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A copy of the demo project inside `dir`.
  func copyDemo(to dir: URL) throws -> URL {
    let project = dir.appendingPathComponent("manifests")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    return project
  }
}

/// Bytes written by one thread and read by another after it finished.
final class DataBox: @unchecked Sendable {
  var data = Data()
}
