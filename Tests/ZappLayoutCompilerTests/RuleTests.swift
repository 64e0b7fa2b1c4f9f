import XCTest

@testable import ZappLayoutCompiler

/// Each rule with a failing case (exactly its own diagnostics, at the marked positions) and a
/// passing case (the fix: no diagnostic at all). Cases are small projects over a clean base.
final class RuleTests: XCTestCase {
  /// Every rule's examples, from the registry: the bad one raises exactly the rule, at each `⟦⟧`
  /// marker, and nothing else; the good one raises nothing (notes aside). Both are written over
  /// `Example.baseProject`.
  func testEveryRuleExampleFailsThenPasses() throws {
    var described: [String] = []
    for rule in RuleRegistry.rules {
      guard rule.bad.isCheckable, rule.good.isCheckable else {
        described.append(rule.code)
        continue
      }
      let (bad, places, expected) = try check(rule.bad, code: rule.code)
      let actual = zip(bad, places).filter { $0.0.severity != .note || $0.0.code == rule.code }.map(\.1).sorted()
      XCTAssertEqual(actual, expected.sorted(), "\(rule.code) bad example: \(bad.map { "\($0.code) \($0.message)" })")
      XCTAssertFalse(expected.isEmpty, "\(rule.code): the bad example marks where the rule points")
      let (good, _, _) = try check(rule.good, code: rule.code)
      XCTAssertEqual(good.filter { $0.severity != .note }.map { "\($0.code) \($0.message)" }, [], "\(rule.code) good example")
    }
    // Only rules whose example is not a project (a command line, an encoding, a limit, zlc map's
    // findings) are described rather than checked.
    XCTAssertEqual(
      described,
      ["ZL0100", "ZL0106", "ZL0108", "ZL0111", "ZL0113", "ZL0701", "ZL0702", "ZL0703", "ZL0704", "ZL0705"])
  }

  /// Writes an example over the base project and checks it: the diagnostics and where the markers
  /// say `code` must be reported (as `CODE@file:line:column`).
  func check(_ example: RuleExample, code: String) throws -> (diagnostics: [Diagnostic], places: [String], expected: [String]) {
    var files = Example.baseProject
    var expected: [String] = []
    for (path, text) in example.files {
      let marked = Marked(text)
      files[path] = marked.text
      expected += marked.markers.map { "\($0.code ?? code)@\(path):\($0.line):\($0.column)" }
    }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let diagnostics = Driver.check(dir).diagnostics
    return (diagnostics, diagnostics.map { place($0, in: dir) }, expected)
  }

  /// Tests/Fixtures/defects.marked: a project with one defect per rule `check` reports. Every
  /// defect is reported at its own line and column, and nothing else is.
  func testDefectsFixtureReportsEachDefectAndNothingElse() throws {
    let marked = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/defects.marked"), encoding: .utf8)
    var files: [String: String] = [:]
    var expected: [String] = []
    var current: String?
    var lines: [Substring] = []
    func finish() {
      guard let path = current else { return }
      let text = Marked(lines.joined(separator: "\n") + "\n")
      expected += text.markers.map { "\($0.code ?? "?")@\(path):\($0.line):\($0.column)" }
      files[path] = text.text
    }
    for line in marked.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("=== ") {
        finish()
        current = String(line.dropFirst(4))
        lines = []
      } else if current != nil {
        lines.append(line)
      }
    }
    finish()
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let actual = outcome.diagnostics.map { place($0, in: dir) }
    XCTAssertEqual(actual.sorted(), expected.sorted(), outcome.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
    // One defect per rule, and every rule but the documented exceptions.
    let codes = expected.map { String($0.prefix(6)) }
    XCTAssertEqual(codes.count, Set(codes).count, "one defect per rule")
    let exceptions: Set = [
      "ZL0100", "ZL0101", "ZL0106", "ZL0108", "ZL0109", "ZL0110", "ZL0111", "ZL0113", "ZL0405", "ZL0701", "ZL0702", "ZL0703", "ZL0704",
      "ZL0705",
    ]
    XCTAssertEqual(Set(codes).union(exceptions), Set(Rule.all.map(\.code)))
  }

  func testDemoChecksClean() {
    let outcome = Driver.check(repositoryRoot.appendingPathComponent("manifests").path)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertGreaterThanOrEqual(outcome.project.screens.count, 10)
  }

  func testDocsRulesMatchesTheCatalogue() throws {
    let onDisk = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    XCTAssertEqual(onDisk, Driver.rulesMarkdown(), "docs/rules.md is stale: run make docs")
    XCTAssertEqual(Set(Rule.all.map(\.code)).count, Rule.all.count, "codes are unique")
  }
}
