import Foundation
import XCTest

/// The repository root, and `../shared` beside it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let sharedFolder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

/// The folder of this test run's temporary folders, removed when the run exits normally (tests
/// that fail half-way leave nothing behind in the system's temporary folder). Others may pass
/// through it: tests run `zlc` as another user on folders inside.
let scratchRoot: URL = {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-e2e-run-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
  atexit { try? FileManager.default.removeItem(at: scratchRoot) }
  return root
}()

extension XCTestCase {
  /// Runs the built `zlc` (`make test` builds it first) and returns its status and output.
  /// `user` (a numeric id) runs it as that user and group through setpriv, for permission tests run as root.
  func zlc(_ arguments: [String], cwd: URL = repositoryRoot, user: String? = nil) throws -> (status: Int32, out: String, err: String) {
    let binary = try zlcBinary()
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
    return try outputs(of: process)
  }

  /// Every file under `folder` (hidden ones too) with its bytes, by relative path.
  func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
      let url = folder.appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        files[relative] = try Data(contentsOf: url)
      }
    }
    return files
  }

  /// A fresh temporary folder.
  func temporary() -> URL {
    let url = scratchRoot.appendingPathComponent("zlc-e2e-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A copy of the demo project inside `dir`.
  func copyDemo(to dir: URL) throws -> URL {
    let project = dir.appendingPathComponent("manifests")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    return project
  }

  /// `zlc serve` of a fresh copy of the demo on a free port, once it has built; the server is
  /// stopped and the copy removed when the test ends.
  func serveDemoCopy() throws -> (server: ServeProcess, port: Int, project: URL) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0"])
    addTeardownBlock { server.stop() }
    return (server, try server.port(), project)
  }
}

/// A test case that works on its own copy of the demo project: `project`, inside the temporary
/// folder `dir`, made fresh for each test and removed after it.
class DemoCopyTestCase: XCTestCase {
  var dir: URL!
  var project: URL!

  override func setUpWithError() throws {
    dir = temporary()
    project = try copyDemo(to: dir)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: dir)
  }
}

/// The `zlc` under test: `.build/debug/zlc`, built by `make test` before the tests run. Its absence
/// fails the test, never skips it.
func zlcBinary() throws -> URL {
  let binary = repositoryRoot.appendingPathComponent(".build/debug/zlc")
  guard FileManager.default.isExecutableFile(atPath: binary.path) else {
    XCTFail("no zlc at \(binary.path): run `swift build` (make test does) before the end-to-end tests")
    throw CocoaError(.fileNoSuchFile)
  }
  return binary
}

/// Compares `actual` with the golden file at `golden` (relative to the repository), after
/// `normalise` (the zlc version, which changes with every release). On a mismatch the test fails
/// with a unified diff. With `ZLC_RECORD_GOLDEN=1` in the environment, the golden file is
/// rewritten instead (`make golden`).
func assertMatchesGolden(
  _ actual: String, golden: String, normalise: (String) -> String = normaliseVersion, file: StaticString = #filePath, line: UInt = #line
) throws {
  let url = repositoryRoot.appendingPathComponent(golden)
  let text = normalise(actual)
  if ProcessInfo.processInfo.environment["ZLC_RECORD_GOLDEN"] == "1" {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  guard text != expected else { return }
  XCTFail(
    "\(golden) differs (ZLC_RECORD_GOLDEN=1 make golden rewrites it if intended):\n\(unifiedDiff(expected, text))", file: file, line: line)
}

/// The zlc version written as `<version>`, so goldens survive a release.
func normaliseVersion(_ text: String) -> String {
  text.replacingOccurrences(of: #"("zlc_version": ?)"[^"]*""#, with: #"$1"<version>""#, options: .regularExpression)
}

/// A unified diff of two texts, from diff(1).
func unifiedDiff(_ expected: String, _ actual: String) -> String {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let a = dir.appendingPathComponent("expected")
  let b = dir.appendingPathComponent("actual")
  try? expected.write(to: a, atomically: true, encoding: .utf8)
  try? actual.write(to: b, atomically: true, encoding: .utf8)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
  process.arguments = ["-u", a.path, b.path]
  let pipe = Pipe()
  process.standardOutput = pipe
  guard (try? process.run()) != nil else { return "(diff is not installed)" }
  let out = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: out, as: UTF8.self)
}

/// A file of `../shared` a test needs: when it is absent the test fails under CI (`CI=true`), where
/// `../shared` is always beside the clone, and is skipped elsewhere.
func requireShared(_ url: URL) throws {
  guard !FileManager.default.fileExists(atPath: url.path) else { return }
  if ProcessInfo.processInfo.environment["CI"] == "true" {
    XCTFail("\(url.path) is missing: CI runs with ../shared beside the repository")
    throw CocoaError(.fileNoSuchFile)
  }
  throw XCTSkip("\(url.path) is not beside the repository")
}

/// Runs a configured process to its end and returns its status and output; `input` goes to its
/// standard input. Both pipes are drained at once: a process that fills one while the other is
/// being read would otherwise block forever.
func outputs(of process: Process, input: String? = nil) throws -> (status: Int32, out: String, err: String) {
  let out = Pipe()
  let err = Pipe()
  let stdin = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = stdin
  try process.run()
  if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
  try stdin.fileHandleForWriting.close()
  let errors = DataBox()
  let drained = DispatchGroup()
  drained.enter()
  DispatchQueue.global().async {
    errors.data = err.fileHandleForReading.readDataToEndOfFile()
    drained.leave()
  }
  let o = out.fileHandleForReading.readDataToEndOfFile()
  drained.wait()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: errors.data, as: UTF8.self))
}

/// Bytes written by one thread and read by another after it finished.
final class DataBox: @unchecked Sendable {
  var data = Data()
}

/// Names the app of the starter project at `folder` `Starter`, whatever the folder (`zlc init`
/// names it after the folder): two starters compared by `zlc diff` differ only where a test edits them.
func sameApp(_ folder: URL) throws {
  let settings = folder.appendingPathComponent("zlc.json")
  let text = try String(contentsOf: settings, encoding: .utf8)
  try text.replacingOccurrences(of: #""app": "\#(folder.lastPathComponent)""#, with: #""app": "Starter""#)
    .write(to: settings, atomically: true, encoding: .utf8)
}

/// The number of errors of each JSON file against the JSON Schema at `schema`, by Python's
/// jsonschema (draft 7), which checks the schema itself first; with `definition`, against
/// `#/definitions/definition` instead of the root.
func jsonSchemaErrors(_ schema: URL, _ files: [String], definition: String? = nil) throws -> [Int] {
  let python = Process()
  python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  python.arguments =
    [
      "python3", "-c",
      """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft7Validator.check_schema(schema)
      if sys.argv[2]:
          schema["$ref"] = "#/definitions/" + sys.argv[2]
      v = jsonschema.Draft7Validator(schema)
      print(" ".join(str(len(list(v.iter_errors(json.load(open(p)))))) for p in sys.argv[3:]))
      """,
      schema.path, definition ?? "",
    ] + files
  let result = try outputs(of: python)
  XCTAssertEqual(result.status, 0, "the schema is valid draft-07: \(result.err)")
  return result.out.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}
