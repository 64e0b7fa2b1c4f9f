import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler
@testable import ZappRules

/// ZL0609: a manifest `type` within a typo of one known type is an error with the fix (the
/// component would be no component); a type far from every known one, or as near two, a warning,
/// as the plugin may be of a type zlc does not know.
final class ManifestTypeTests: XCTestCase {
  func testATypoOfAKnownTypeIsAnErrorAndAnotherTypeAWarning() throws {
    for (type, severity, fix) in [
      ("ui_componnet", Severity.error, #""ui_component""#), ("tv_guide_widget", .warning, nil),
      // As near `nav_bar` as `nav_item`: a hint, and a warning (an error no fix can mend would
      // hold back every other file's fixes).
      ("nav_itar", .warning, #""nav_bar""#),
    ] {
      let marked = Marked(Example.manifest("", type: "⟦⟧" + type))
      let dir = try makeProject(Example.baseProject.merging(["components/m.json": marked.text]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0609" }
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0609", file: "components/m.json", line: marked.markers[0].line, column: marked.markers[0].column,
            message:
              "unknown plugin type '\(type)' (zappifest publish accepts it; known types: \(ManifestTypeRule.pluginTypes.joined(separator: ", ")))",
            fixIt: fix)
        ])
      XCTAssertEqual(found.map(\.severity), [severity], type)
    }
    let known = try makeProject(Example.baseProject.merging(["components/m.json": Example.manifest("", type: "ui_component")]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: known) }
    XCTAssertEqual(Driver.check(known).diagnostics.filter { $0.code == "ZL0609" }.count, 0)
  }
}
