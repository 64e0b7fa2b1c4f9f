import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

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
      XCTAssertTrue(rule.good.reports.isEmpty, "\(rule.code): a good example reports nothing")
      let (good, _, _) = try check(rule.good, code: rule.code)
      XCTAssertEqual(good.filter { $0.severity != .note }.map { "\($0.code) \($0.message)" }, [], "\(rule.code) good example")
    }
    // Only rules whose example is not a project (a command line, an encoding, a limit, file names
    // that differ in case, zlc map's and zlc generate's findings, folders beside the output) are
    // described rather than checked.
    XCTAssertEqual(
      described,
      [
        "ZL0100", "ZL0106", "ZL0108", "ZL0111", "ZL0112", "ZL0113", "ZL0114", "ZL0115", "ZL0116", "ZL0117", "ZL0118", "ZL0119", "ZL0120",
        "ZL0121", "ZL0122", "ZL0126", "ZL0127", "ZL0701",
        "ZL0702", "ZL0703", "ZL0704", "ZL0705", "ZL0706",
      ])
  }

  /// The rules' bad examples, asserted whole: code, position, message, notes and fix-it, as each
  /// rule's own file says its bad example `reports` (every rule whose example is a project).
  func testEveryRuleExampleReportsItsMessageNotesAndFixIt() throws {
    for rule in RuleRegistry.rules where rule.bad.isCheckable {
      var files = Example.baseProject
      var specs: [DiagnosticSpec] = []
      let wanted = rule.bad.reports
      XCTAssertFalse(wanted.isEmpty, "\(rule.code): the bad example says what it reports")
      for (path, text) in rule.bad.files {
        let marked = Marked(text)
        files[path] = marked.text
        for marker in marked.markers where specs.count < wanted.count {
          let expected = wanted[specs.count]
          specs.append(
            DiagnosticSpec(
              code: rule.code, file: path, line: marker.line, column: marker.column, message: expected.message, notes: expected.notes,
              fixIt: expected.fixIt))
        }
      }
      XCTAssertEqual(specs.count, wanted.count, rule.code)
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      assertDiagnostics(Driver.check(dir).diagnostics.filter { $0.code == rule.code }, in: dir, specs)
    }
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
    // One defect per rule, each a rule of the registry. Each rule's own examples are checked
    // alone (testEveryRuleExampleFailsThenPasses), so a new rule needs no line here; this project
    // shows that the defects of many rules side by side are each reported, and nothing else.
    let codes = expected.map { String($0.prefix(6)) }
    XCTAssertEqual(codes.count, Set(codes).count, "one defect per rule")
    XCTAssertTrue(Set(codes).isSubset(of: Set(Rule.all.map(\.code))), "\(Set(codes).subtracting(Rule.all.map(\.code)))")
  }

  /// The checker's lists, read from `RuleChecks`, hold exactly the rules of each kind, in order.
  /// Reachability follows ids: a screen whose id another screen also has is opened with it, and
  /// what either of the two opens is reached; an opener of the same id is not listed as an opener.
  func testReachabilityThroughDuplicateIDs() throws {
    var files = Example.baseProject
    // A second 'other' (ZL0404) whose grid opens the connected screen 'detail'.
    files["screens/twin.json"] = Example.screen(Example.gridOpening("detail"))
    files["screens/detail.json"] =
      #"[{"id": "detail", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.gridOpening("lost"))]}]"#
    // 'lost' is opened only by 'detail', which is reached: nothing to report for either.
    files["screens/lost.json"] =
      #"[{"id": "lost", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": []}]"#
    let reached = try check(files)
    XCTAssertEqual(reached.filter { ["ZL0408", "ZL0409"].contains($0.code) }.map(\.message), [])
    XCTAssertEqual(reached.filter { $0.code == "ZL0404" }.count, 1)

    // Without the home's navigation item, neither 'other' is opened, and 'detail' only by them.
    files["screens/home.json"] = Example.home.replacingOccurrences(of: #"{"title": "Other", "data": {"target": "other"}}"#, with: "")
    let lost = try check(files).filter { ["ZL0408", "ZL0409"].contains($0.code) }
    XCTAssertEqual(
      lost.map(\.message).sorted(),
      [
        "nothing opens root screen 'other': no navigation item, component or header target, hook, screen_selector field or mapping names it",
        "nothing opens root screen 'other': no navigation item, component or header target, hook, screen_selector field or mapping names it",
      ])
    XCTAssertEqual(lost.flatMap(\.notes).count, 0)
  }

  /// A component's `styles`, `data` and `rules` are found in one walk of its keys when it is read:
  /// as `JSONValue[key]` finds them, keys written with escapes included, the first of a repeated key.
  func testComponentMembersAsTheirKeysAreWritten() throws {
    var files = Example.baseProject
    files["screens/o.json"] = Example.screen(
      #"{"component_type": "grid", "st\u0079les": {"family": "FAMILY_2", "cell_styles": ["GRID_1"]}, "styles": {"family": "FAMILY_1"}, "d\u0061ta": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "home"}, "rules": {"item_limit": 4}}"#
    )
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let component = try XCTUnwrap(outcome.project.screen(id: "other")?.components.first)
    XCTAssertEqual(component.family?.value, "FAMILY_2")
    XCTAssertEqual(component.cellStyles.map(\.value), ["GRID_1"])
    XCTAssertEqual(component.target?.value, "home")
    XCTAssertEqual(component.source?.value, "1")
    XCTAssertEqual(component.itemLimit?.number, 4)
    XCTAssertTrue(outcome.diagnostics.contains { $0.code == "ZL0107" })
  }

  private func check(_ files: [String: String]) throws -> [Diagnostic] {
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).diagnostics
  }

  func testRuleChecksMatchTheRulesKinds() {
    let codes = { (types: [any RuleDefinition.Type]) in types.map { $0.rule.code } }
    XCTAssertEqual(codes(RuleRegistry.projectRules), codes(RuleRegistry.all.filter { $0 is any ProjectRule.Type }))
    XCTAssertEqual(codes(RuleRegistry.screenRules), codes(RuleRegistry.all.filter { $0 is any ScreenRule.Type }))
    XCTAssertEqual(codes(RuleRegistry.componentRules), codes(RuleRegistry.all.filter { $0 is any ComponentRule.Type }))
    XCTAssertEqual(
      codes(RuleRegistry.screenRules.filter { $0 is any ComponentRule.Type }),
      ["ZL0301", "ZL0304", "ZL0307", "ZL0322", "ZL0402", "ZL0417", "ZL0614"])
  }

  /// An explanation is prose: a line of its source ended with `\\` instead of `\` (a string
  /// continuation) shows a backslash and a line break in `zlc explain` and docs/rules.md.
  func testNoExplanationShowsALineContinuation() {
    for rule in RuleRegistry.rules {
      XCTAssertFalse(rule.explanation.contains("\\\n"), "\(rule.code)'s explanation shows a backslash before a line break")
      XCTAssertFalse(rule.summary.contains("\n"), "\(rule.code)'s summary is more than one line")
    }
  }

  /// The registry lists every rule once, in code order, and every rule type of the sources is in
  /// it: a rule file that is not registered would never run. The list is generated; this fails
  /// until `make registry` has run after a rule file was added or removed.
  func testTheRegistryListsEveryRuleFileInCodeOrder() throws {
    let codes = RuleRegistry.all.map { $0.rule.code }
    XCTAssertEqual(codes, codes.sorted())
    XCTAssertEqual(Set(codes).count, codes.count)
    let sources = repositoryRoot.appendingPathComponent("Sources")
    var declared: Set<String> = []
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: /enum (\w+): [^{]*\{\s*(?:package )?static let rule = Rule\(/) { declared.insert(String(match.1)) }
    }
    XCTAssertGreaterThan(declared.count, 70)
    XCTAssertEqual(declared, Set(RuleRegistry.all.map { String(describing: $0) }), "the rule registry is stale: run make registry")
  }

  /// The rules whose findings wait for unreadable family files are those that say so in their own
  /// files, and the note names their codes as ranges.
  func testFamilyReferenceRulesAreDerivedFromTheRules() {
    // The references to families, and the rules that read the family a screen names (a replacement's
    // cell style, a sticky layout, a cell's height, which families the screens use).
    XCTAssertEqual(
      Driver.familyReferenceRules.map(\.code).sorted(),
      ["ZL0301", "ZL0302", "ZL0304", "ZL0305", "ZL0306", "ZL0315", "ZL0320", "ZL0328", "ZL0413", "ZL0511", "ZL0620"])
    XCTAssertEqual(Driver.codeRanges(["ZL0301", "ZL0302", "ZL0304", "ZL0305", "ZL0306"]), "ZL0301, ZL0302, ZL0304-ZL0306")
    XCTAssertEqual(Driver.codeRanges(["ZL0101", "ZL0102", "ZL0103", "ZL0201"]), "ZL0101-ZL0103, ZL0201")
    XCTAssertEqual(Driver.codeRanges([]), "")
    XCTAssertEqual(LimitRule.Message.fileTooLarge(bytes: nil, limit: 8).messageID, "ZL0108.file-too-large")
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
