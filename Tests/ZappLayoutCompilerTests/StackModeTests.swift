import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// `styles.stack_mode`, the view options' name of a screen's presentation, shows the screen as
/// `presentation` does; the two set to different words are refused (ZL0419).
final class StackModeTests: XCTestCase {
  /// The demo project with the `shows` screen's styles `{"family": "FAMILY_1", STYLES}`.
  private func demo(withShowsStyles styles: String) throws -> String {
    var files = try PluginValueTests.demoFiles()
    let browse = try XCTUnwrap(files["screens/browse.json"])
    let written = #""styles": { "family": "FAMILY_1", "presentation": "push" },"#
    files["screens/browse.json"] = browse.replacingOccurrences(of: written, with: #""styles": { "family": "FAMILY_1", \#(styles) },"#)
    XCTAssertNotEqual(files["screens/browse.json"], browse)
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  func testStackModeAloneShowsTheScreenThatWay() throws {
    let dir = try demo(withShowsStyles: #""stack_mode": "present""#)
    let out = dir + "/build"
    let built = Driver.build(dir, output: out)
    XCTAssertEqual(built.status, .success)
    XCTAssertEqual(built.diagnostics.map(\.rule.code), [], "stack_mode is a key of screen styles")
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    XCTAssertEqual(try bundle.screen(id: "shows")?.resolved.presentation, .present)
  }

  func testStackModeAndPresentationOfOneWordAgree() throws {
    let dir = try demo(withShowsStyles: #""stack_mode": "present_then_push", "presentation": "present_then_push""#)
    let out = dir + "/build"
    let built = Driver.build(dir, output: out)
    XCTAssertEqual(built.diagnostics.map(\.rule.code), [])
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    XCTAssertEqual(try bundle.screen(id: "shows")?.resolved.presentation, .presentThenPush)
  }

  func testStackModeAndPresentationThatDifferAreRefused() throws {
    let dir = try demo(withShowsStyles: #""presentation": "push", "stack_mode": "present""#)
    let checked = Driver.check(dir)
    XCTAssertEqual(checked.status, .inputErrors)
    assertDiagnostics(
      checked.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0419", file: "screens/browse.json", line: 8, column: 77,
          message: #"screen 'shows' has 'stack_mode' "present" and 'presentation' "push"; they are two names of one setting"#,
          notes: ["'presentation' is set here"])
      ])
  }
}
