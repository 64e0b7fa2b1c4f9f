import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

/// A screen's view options are checked style keys that reach the bundle with their types.
final class ViewOptionTests: XCTestCase {
  static func screen(styles: String) -> String {
    #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1", "#
      + styles
      + #"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]"#
  }

  func project(styles: String) throws -> String {
    var files = Example.baseProject
    files["screens/o.json"] = Self.screen(styles: styles)
    return try makeProject(files)
  }

  func testEveryViewOptionReachesTheBundleWithItsType() throws {
    let dir = try project(
      styles:
        #""status_bar": true, "nav_bar": "false", "tab_bar": false, "tool_bar": true, "status_bar_style": "light_content", "nav_bar_style": "black", "nav_bar_translucent": true, "hides_bottom_bar_when_pushed": true, "supported_interface_orientations": ["landscape_right", "portrait"], "autorotate": false, "animated": true"#
    )
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let outcome = Driver.build(dir, output: out)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let screen = try XCTUnwrap(try ScreenBundle.load(from: URL(fileURLWithPath: out)).screen(id: "other"))
    var expected = ViewOptions()
    expected.statusBar = true
    expected.navBar = false
    expected.tabBar = false
    expected.toolBar = true
    expected.statusBarStyle = "light_content"
    expected.navBarStyle = "black"
    expected.navBarTranslucent = true
    expected.hidesBottomBarWhenPushed = true
    expected.supportedInterfaceOrientations = ["portrait", "landscape_right"]
    expected.autorotate = false
    expected.animated = true
    XCTAssertEqual(screen.resolved.viewOptions, expected)
    // Written with their JSON types: the builder's "false" is the boolean.
    let text = try String(contentsOfFile: out + "/screens/other.json", encoding: .utf8)
    XCTAssertTrue(text.contains(#""view_options":{"status_bar":true,"nav_bar":false,"tab_bar":false,"tool_bar":true,"#), text)
    XCTAssertEqual(screen.resolved.effectivePresentation(hasNavigationStack: false), .presentThenPush)
    XCTAssertEqual(screen.resolved.effectivePresentation(hasNavigationStack: true), .push)

    // A screen that sets none has none in its bundle.
    let home = try XCTUnwrap(try ScreenBundle.load(from: URL(fileURLWithPath: out)).screen(id: "home"))
    XCTAssertNil(home.resolved.viewOptions)
  }

  /// The options are read in one pass over the styles: of a key written twice (ZL0107), the first
  /// counts, as a lookup of the key finds it, whatever its value.
  func testTheFirstOfAKeyWrittenTwiceCounts() throws {
    let text =
      #"{"nav_bar": false, "nav_bar": true, "animated": null, "animated": true, "status_bar_style": "nope", "#
      + #""status_bar_style": "light_content", "supported_interface_orientations": "portrait", "#
      + #""supported_interface_orientations": ["portrait"], "tab_bar": "true", "family": "F"}"#
    let styles = try XCTUnwrap(JSONReader.read(SourceFile(path: "s.json", text: text)).document?.root)
    var expected = ViewOptions()
    expected.navBar = false
    expected.tabBar = true
    XCTAssertEqual(readViewOptions(styles), expected)
  }

  func testAWrongValueIsAnErrorNamingTheOption() throws {
    let dir = try project(styles: #""nav_bar": "hidden", "status_bar_style": "light", "supported_interface_orientations": ["sideways"]"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0202", file: "screens/o.json", line: 1, column: 89, message: "'nav_bar' must be true or false, found a string"),
        DiagnosticSpec(
          code: "ZL0203", file: "screens/o.json", line: 1, column: 119,
          message: "'light' is not a valid 'status_bar_style'; expected one of default, light_content, dark_content"),
        DiagnosticSpec(
          code: "ZL0203", file: "screens/o.json", line: 1, column: 165,
          message:
            "'sideways' is not a valid 'supported_interface_orientations'; expected one of portrait, portrait_upside_down, landscape_left, landscape_right"
        ),
      ])
  }

  /// A list of no orientation (empty, or only blanks) leaves the screen none to turn to: refused at
  /// the list, and nothing is written.
  func testAListOfNoOrientationIsRefused() throws {
    for (list, column) in [("[]", 132), (#"["", null]"#, 132)] {
      let dir = try project(styles: #""animated": true, "supported_interface_orientations": "# + list)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let built = Driver.build(dir, output: dir + "/out")
      XCTAssertEqual(built.status, .inputErrors, list)
      assertDiagnostics(
        built.diagnostics, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0427", file: "screens/o.json", line: 1, column: column,
            message:
              "screen 'other' turns to no orientation: 'supported_interface_orientations' names none; name at least one, or remove the key"
          )
        ])
      XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"), list)
    }
  }

  func testAListOfOneOrientationIsAccepted() throws {
    let dir = try project(styles: #""animated": true, "supported_interface_orientations": ["", "portrait"]"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    assertDiagnostics(Driver.build(dir, output: out).diagnostics, in: dir, [])
    let screen = try XCTUnwrap(try ScreenBundle.load(from: URL(fileURLWithPath: out)).screen(id: "other"))
    XCTAssertEqual(screen.resolved.viewOptions?.supportedInterfaceOrientations, ["portrait"])
  }
}
