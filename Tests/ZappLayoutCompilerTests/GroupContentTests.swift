import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// Where a plugin component may stand, as its manifest's `characteristics.appearance` says
/// (ZL0411): a component of `["group"]` stands in groups only.
final class GroupContentTests: XCTestCase {
  func project(_ components: String) throws -> (dir: String, screens: Marked) {
    let manifest = Example.manifest(#", "characteristics": {"appearance": ["group"]}"#)
    let screens = Marked(
      #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": \#(components)}]"#)
    return (try makeProject(["components/m.json": manifest, "screens/home.json": screens.text]), screens)
  }

  func testAComponentOfGroupsOnlyOnAScreenIsReported() throws {
    let (dir, screens) = try project(#"[{"component_type": ⟦ZL0411⟧"x"}]"#)
    let manifest = Marked(Example.manifest(#", "characteristics": {"appearance": ["group"]}"#, identifier: "⟦⟧x"))
    let outcome = Driver.check(dir)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0411" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0411", file: "screens/home.json", line: screens.markers[0].line, column: screens.markers[0].column,
          message: "'x' stands only in a group: its manifest's appearance is [group]", notes: ["declared here"])
      ])
    let note = outcome.diagnostics.first { $0.code == "ZL0411" }?.notes.first?.spot?.location
    XCTAssertEqual(note.map { [$0.line, $0.column] }, [manifest.markers[0].line, manifest.markers[0].column])
  }

  func testAComponentOfGroupsOnlyInAGroupIsNotReported() throws {
    let (dir, _) = try project(#"[{"component_type": "group", "ui_components": [{"component_type": "x"}]}]"#)
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0411" }.map(\.message), [])
  }
}
