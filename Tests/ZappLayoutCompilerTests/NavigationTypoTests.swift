import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// One-letter typos of the demo's navigations: a `navigation_type` near a navigation plugin's
/// identifier (ZL0325) and a nav item `type` near a navigation item type (ZL0326) are warnings at
/// the value, whose fix puts back what was written; the clean demo, the starters and names far
/// from any known one are not reported.
final class NavigationTypoTests: XCTestCase {
  /// The demo with `original` (found once) written as `typo`, checked.
  private func checkDemo(replacing original: String, with typo: String) throws -> (dir: String, found: [Diagnostic]) {
    var files = try PluginValueTests.demoFiles()
    let home = try XCTUnwrap(files["screens/home.json"])
    XCTAssertEqual(home.components(separatedBy: original).count, 2, "\(original) is in the demo once")
    files["screens/home.json"] = home.replacingOccurrences(of: original, with: typo)
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  /// Asserts one warning, exactly as specified, whose fix-it applies and rewrites the typo as `fix`.
  private func assertOneFix(
    _ found: [Diagnostic], in dir: String, _ spec: DiagnosticSpec, typo: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    assertDiagnostics(found, in: dir, [spec], file: file, line: line)
    XCTAssertEqual(found.first?.severity, .warning, file: file, line: line)
    XCTAssertEqual(found.first?.fixIt?.range?.text, "\"\(typo)\"", "the fix replaces the value, quotes and all", file: file, line: line)
  }

  func testAMisspelledNavigationTypeOfTheDemoIsAWarningWithItsFix() throws {
    let cases: [(original: String, typo: String, line: Int, fix: String)] = [
      (#""navigation_type": "TwoLevelRNMenu""#, "TwoLeveRNMenu", 92, "TwoLevelRNMenu"),
      (#""navigation_type": "TwoLevelRNMenu""#, "TWOLEVELRNMENU", 92, "TwoLevelRNMenu"),
      (#""navigation_type": "TwoLevelRNMenu""#, "wToLevelRNMenu", 92, "TwoLevelRNMenu"),
      (#""navigation_type": "navigation_bar""#, "naigation_bar", 82, "navigation_bar"),
      (#""navigation_type": "navigation_bar""#, "navigation_baR", 82, "navigation_bar"),
    ]
    for c in cases {
      let typed = c.original.replacingOccurrences(of: c.fix, with: c.typo)
      let (dir, found) = try checkDemo(replacing: c.original, with: typed)
      assertOneFix(
        found, in: dir,
        DiagnosticSpec(
          code: "ZL0325", file: "screens/home.json", line: c.line, column: 28,
          message: "navigation type '\(c.typo)' is not the identifier of a navigation plugin", fixIt: "\"\(c.fix)\""), typo: c.typo)
    }
  }

  func testAMisspelledNavItemTypeOfTheDemoIsAWarningWithItsFix() throws {
    let cases: [(original: String, typo: String, line: Int, column: Int, fix: String)] = [
      (#""type": "applicaster_settings""#, "aplicaster_settings", 102, 65, "applicaster_settings"),
      (#""type": "applicaster_settings""#, "applicaster_sEttings", 102, 65, "applicaster_settings"),
      (#""title": "Home", "type": "label""#, "lable", 97, 57, "label"),
      (#""title": "Live", "type": "label""#, "LABEL", 99, 57, "label"),
      (#""title": "Live", "type": "label""#, "llabel", 99, 57, "label"),
    ]
    for c in cases {
      let typed = c.original.replacingOccurrences(of: "\"\(c.fix)\"", with: "\"\(c.typo)\"")
      let (dir, found) = try checkDemo(replacing: c.original, with: typed)
      assertOneFix(
        found, in: dir,
        DiagnosticSpec(
          code: "ZL0326", file: "screens/home.json", line: c.line, column: c.column,
          message: "nav item type '\(c.typo)' is not a navigation item type", fixIt: "\"\(c.fix)\""), typo: c.typo)
    }
  }

  /// An app's own navigation plugin and nav item type, far from any known name, are not reported,
  /// and neither is the identifier of a manifest of the project of a type a navigation plugin may
  /// have (`general`).
  func testFarOffAndDeclaredNamesAreNotReported() throws {
    for (original, other) in [
      (#""navigation_type": "TwoLevelRNMenu""#, #""navigation_type": "riverflix_side_menu""#),
      (#""navigation_type": "navigation_bar""#, #""navigation_type": "riverflix_settings""#),
      (#""type": "applicaster_settings""#, #""type": "riverflix_settings_item""#),
      (#""title": "Home", "type": "label""#, #""title": "Home", "type": "riverflix_player""#),
    ] {
      let (dir, found) = try checkDemo(replacing: original, with: other)
      assertDiagnostics(found, in: dir, [])
    }
  }

  /// Nothing new on the demo and the starters.
  func testTheDemoAndTheStartersHaveNoNavigationFindings() throws {
    let demo = repositoryRoot.appendingPathComponent("manifests").path
    XCTAssertEqual(Driver.check(demo).diagnostics.filter { ["ZL0325", "ZL0326"].contains($0.code) }.map(\.message), [])
    for template in StarterTemplate.allCases {
      let dir = try makeProject([:])
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      let app = dir + "/app"
      XCTAssertEqual(Driver.initialize(app, template: template).status, .success)
      XCTAssertEqual(Driver.check(app).diagnostics.map { place($0, in: app) + " " + $0.message }, [], template.rawValue)
    }
  }

  /// Near a manifest's identifier, the warning notes where it is declared; where another
  /// identifier is one edit farther (a plugin's Quick Brick identifier), the did-you-mean is a hint.
  func testANavigationTypeNearAManifestsIdentifier() throws {
    let screen = Marked(
      Example.screen(
        Example.grid,
        extra:
          #", "navigations": [{"navigation_type": ⟦⟧"side_menuq"}, {"navigation_type": ⟦⟧"Side_Menu"}, {"navigation_type": "side_menu_qb"}]"#
      ))
    let dir = try makeProject(
      Example.baseProject.merging([
        "components/m.json": Example.manifest("", identifier: "side_menu", type: "menu"),
        "components/q.json": Example.manifest("", identifier: "side_menu_qb", type: "menu"), "screens/o.json": screen.text,
      ]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    let specs = zip(screen.markers, ["side_menuq", "Side_Menu"]).map { marker, typo in
      DiagnosticSpec(
        code: "ZL0325", file: "screens/o.json", line: marker.line, column: marker.column,
        message: "navigation type '\(typo)' is not the identifier of a navigation plugin", notes: ["'side_menu' is declared here"],
        fixIt: #""side_menu""#)
    }
    assertDiagnostics(found, in: dir, specs)
    let hints = found.sorted { ($0.location?.column ?? 0) < ($1.location?.column ?? 0) }.map { $0.fixIt?.range == nil }
    XCTAssertEqual(hints, [true, false], "side_menu_qb is one edit farther from side_menuq, and far from Side_Menu")
  }
}
