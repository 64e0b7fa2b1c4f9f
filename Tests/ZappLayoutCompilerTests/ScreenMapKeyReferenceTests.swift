import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A reference to a key of Quick Brick's map of screens whose screen has another id (ZL0334): the
/// key or the id may be the name meant, so the reference's did-you-mean names the screen as a
/// hint, and `--fix` does not spread the id over a reference that names the key.
final class ScreenMapKeyReferenceTests: XCTestCase {
  /// The map of screens: `other` under its id, whose grid opens `kids`, and `kisd` under the key `kids`.
  static let map =
    #"{"other": {"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": ⟦ZL0307⟧"kids"}, "styles": {"cell_styles": ["GRID_1"]}}]}, "#
    + #"⟦ZL0334⟧"kids": {"id": ⟦ZL0409⟧"kisd", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}}"#

  func testAReferenceByAMismatchedKeyIsAHintNotAFix() throws {
    try assertFindings(
      ["screens/o.json": Self.map],
      [
        "screens/o.json": [
          ("target screen 'kids' is not the id of any screen", ["a map of screens lists screen 'kisd' under the key 'kids'"], "\"kisd\""),
          ("screen 'kisd' is listed under the key 'kids'; the bundle knows it by its id alone", ["its id"], nil),
          (
            "nothing opens root screen 'kisd': no navigation item, component or header target, hook, screen_selector field or mapping names it",
            ["'kids' would open it if it named 'kisd'"], nil
          ),
        ]
      ])
    var files = Example.baseProject
    files["screens/o.json"] = Marked(Self.map).text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let reference = try XCTUnwrap(Driver.check(dir).diagnostics.first { $0.code == "ZL0307" })
    XCTAssertNil(reference.fixIt?.range, "a hint: either name may be the one meant")
    XCTAssertEqual(Driver.fix(dir, dryRun: false).fixed.map(\.path), [])
    XCTAssertTrue(try String(contentsOfFile: dir + "/screens/o.json", encoding: .utf8).contains(#""target": "kids""#))
  }
}
