import Foundation
import XCTest

/// Replays the findings of the mutation campaign (`make mutate`, docs/fuzzing.md). Each folder of
/// `Tests/Fixtures/mutations/` is a small project with a README line saying what it caught and, once
/// fixed, an `expect.json` (neither is an input file). The project is copied to `project` in a
/// fresh folder, where `expect.json`'s commands run, each with the exit status and the diagnostics
/// (code, file, line, column, message) or standard-error lines it must give. Every file of that
/// folder other than the outputs must be byte-identical afterwards.
final class MutationRegressionTests: XCTestCase {
  struct Expectation: Decodable {
    var runs: [Run]
    /// Paths the commands may write (outputs); every other file must stay as it was.
    var outputs: [String]?
  }

  struct Run: Decodable {
    var arguments: [String]
    var status: Int32
    /// Diagnostics that must be in the json output (`--format json`), matched on every given field.
    var diagnostics: [ExpectedDiagnostic]?
    /// Lines that must be on standard error.
    var stderr: [String]?
  }

  struct ExpectedDiagnostic: Decodable, CustomStringConvertible {
    var code: String
    var severity: String?
    var file: String?
    var line: Int?
    var column: Int?
    var message: String?

    var description: String {
      "\(code) \(file ?? "-"):\(line.map(String.init) ?? "-"):\(column.map(String.init) ?? "-") \(message ?? "")"
    }

    func matches(_ d: [String: Any]) -> Bool {
      guard d["code"] as? String == code else { return false }
      if let severity, d["severity"] as? String != severity { return false }
      if let file, d["file"] as? String != file { return false }
      if let line, d["line"] as? Int != line { return false }
      if let column, d["column"] as? Int != column { return false }
      if let message, d["message"] as? String != message { return false }
      return true
    }
  }

  static let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures/mutations")

  func fixtures() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
      .filter { $0.hasDirectoryPath }.sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Words in the README of a finding of the lead's list (issue 10) that is not fixed yet: its
  /// fixture waits for the fix, which adds its `expect.json`.
  static let pending = "No test yet: the lead adds it with the fix."

  func testEveryFixtureSaysWhatItCaughtAndIsReplayedOnceFixed() throws {
    let all = try fixtures()
    XCTAssertFalse(all.isEmpty)
    for fixture in all {
      let readme = try String(contentsOf: fixture.appendingPathComponent("README.md"), encoding: .utf8)
      XCTAssertTrue(readme.hasPrefix("Caught by make mutate"), "\(fixture.lastPathComponent): README.md says what caught it")
      let expected = FileManager.default.fileExists(atPath: fixture.appendingPathComponent("expect.json").path)
      XCTAssertNotEqual(expected, readme.contains(Self.pending), "\(fixture.lastPathComponent): an expect.json, or pending")
    }
  }

  func testEveryFixedFindingGivesItsDiagnosticsAndStatus() throws {
    for fixture in try fixtures() {
      let expectFile = fixture.appendingPathComponent("expect.json")
      guard FileManager.default.fileExists(atPath: expectFile.path) else { continue }
      let expectation = try JSONDecoder().decode(Expectation.self, from: Data(contentsOf: expectFile))
      XCTAssertFalse(expectation.runs.isEmpty, fixture.lastPathComponent)
      try replay(fixture, expectation)
    }
  }

  /// Runs the commands of one fixture in a copy of its folder.
  func replay(_ fixture: URL, _ expectation: Expectation) throws {
    let name = fixture.lastPathComponent
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(at: fixture, to: dir.appendingPathComponent("project"))
    let before = try snapshot(dir, outputs: expectation.outputs ?? [])
    for run in expectation.runs {
      let result = try zlc(run.arguments, cwd: dir)
      let what = "\(name): zlc \(run.arguments.joined(separator: " "))"
      XCTAssertEqual(result.status, run.status, "\(what)\n\(result.err)\(result.out)")
      XCTAssertFalse(result.err.contains("Fatal error") || result.err.contains("Program crashed"), "\(what)\n\(result.err)")
      if let expected = run.diagnostics {
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let diagnostics = document?["diagnostics"] as? [[String: Any]] ?? []
        for d in expected {
          XCTAssertTrue(diagnostics.contains { d.matches($0) }, "\(what): no \(d) in\n\(result.out)")
        }
      }
      let lines = result.err.split(separator: "\n").map(String.init)
      for line in run.stderr ?? [] {
        XCTAssertTrue(lines.contains(line), "\(what): no line '\(line)' in\n\(result.err)")
      }
    }
    XCTAssertEqual(try snapshot(dir, outputs: expectation.outputs ?? []), before, "\(name): files outside the outputs changed")
  }

  /// Every file and folder under `root` (the outputs, relative paths such as `out`, and what is in
  /// them left out), with its bytes.
  func snapshot(_ root: URL, outputs: [String]) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let skipped = outputs.map { $0.split(separator: "/").filter { $0 != "." }.joined(separator: "/") }
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let relative = enumerator?.nextObject() as? String {
      if skipped.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
      let full = root.appendingPathComponent(relative).path
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
      files[relative] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: full))
    }
    return files
  }
}
