import Foundation
import XCTest
import ZappLayout

/// Runs tools other than zlc (python3, actionlint, pre-commit, git) for the tests that need them.
extension XCTestCase {
  /// The full path of a command on PATH. A missing tool skips the test on a developer's machine
  /// and fails it on CI (`CI=true`), where `make test` installs every tool first.
  func requireTool(_ name: String) throws -> String {
    if let found = toolPath(name) { return found }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      XCTFail("\(name) is not installed: scripts/install-test-deps.sh installs it")
      throw XCTSkip("\(name) is missing")
    }
    throw XCTSkip("\(name) is not installed (scripts/install-test-deps.sh installs it)")
  }

  /// The full path of a command on PATH, or nil.
  func toolPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `arguments[0]` (found on PATH) and returns its status and output; `input` goes to stdin.
  @discardableResult
  func run(
    _ arguments: [String], cwd: URL = repositoryRoot, environment: [String: String] = [:], input: String? = nil
  ) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try requireTool(arguments[0]))
    process.arguments = Array(arguments.dropFirst())
    process.currentDirectoryURL = cwd
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    return try outputs(of: process, input: input)
  }

  /// What scripts/preview_check.py prints after measuring `arguments`' preview in headless
  /// Chromium against its bundle; a machine without Chromium or websocket-client skips the test,
  /// and CI (`CI=true`, where `make test` installs both) fails it.
  func previewCheck(_ arguments: [String]) throws -> String {
    let result = try run(
      [
        "python3", repositoryRoot.appendingPathComponent("scripts/preview_check.py").path,
        "--zlc", repositoryRoot.appendingPathComponent(".build/debug/zlc").path,
      ] + arguments)
    if result.status == 2 {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        XCTFail("the preview test needs Chromium and websocket-client on CI: \(result.err)")
      }
      throw XCTSkip(result.err)
    }
    XCTAssertEqual(result.status, 0, result.out + result.err)
    return result.out
  }

  /// What `expression` (JavaScript returning JSON-able data) gives on `page` in headless Chromium,
  /// opened at a zoom of 1 with every device shown, driven by scripts/preview_check.py's `Browser`;
  /// a machine without Chromium or websocket-client skips the test, and CI fails it.
  func measureInChromium(_ page: URL, _ expression: String) throws -> JSON {
    let out = try inChromium(
      """
      browser.load("file://" + sys.argv[2] + "?zoom=1&device=all", 2600, 1200)
      print(json.dumps(browser.evaluate(sys.argv[3])))
      """, arguments: [page.path, expression])
    return try JSON.parse(Data(out.utf8))
  }

  /// What Python `steps` print, run with `browser` (scripts/preview_check.py's `Browser`, a
  /// headless Chromium), `json`, `sys` (`sys.argv[2...]` are `arguments`) and `time`; a machine
  /// without Chromium or websocket-client skips the test, and CI fails it.
  func inChromium(_ steps: String, arguments: [String]) throws -> String {
    let program = """
      import json, os, shutil, sys, tempfile, time
      sys.path.insert(0, sys.argv[1])
      import preview_check
      chromium = shutil.which(os.environ.get("CHROMIUM", "chromium"))
      if preview_check.websocket is None or chromium is None:
          print("Chromium or websocket-client is missing", file=sys.stderr)
          sys.exit(2)
      work = tempfile.mkdtemp(prefix="zlc-chromium-")
      browser = preview_check.Browser(chromium, os.path.join(work, "profile"))
      try:
      \(steps.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
      finally:
          browser.close()
          shutil.rmtree(work, ignore_errors=True)
      """
    let scripts = repositoryRoot.appendingPathComponent("scripts").path
    let result = try run(["python3", "-c", program, scripts] + arguments)
    if result.status == 2 {
      if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("the preview test needs Chromium on CI: \(result.err)") }
      throw XCTSkip(result.err)
    }
    XCTAssertEqual(result.status, 0, result.err)
    return result.out
  }

  /// Runs a Python program with arguments; Python's own failures fail the test with its stderr.
  func python(_ program: String, _ arguments: [String] = [], input: String? = nil) throws -> String {
    let r = try run(["python3", "-c", program] + arguments, input: input)
    XCTAssertEqual(r.status, 0, r.err)
    return r.out
  }
}
