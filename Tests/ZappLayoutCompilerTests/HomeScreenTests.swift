import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// The screens the app opens itself: the home screen (ZL0405, ZL0406, ZL0407) and the offline home
/// (`home_offline`), which is checked as the home is.
final class HomeScreenTests: XCTestCase {
  /// The diagnostics of these codes for the base project with `screens/o.json` replaced.
  func check(_ other: String, codes: Set<String>) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(["screens/o.json": other]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { codes.contains($0.code) })
  }

  /// A connected offline home has no sender: reported at its `home_offline`; a root one is not.
  func testAConnectedOfflineHomeIsReported() throws {
    let screen = Marked(Example.screen(Example.grid, extra: #", "home_offline": ⟦⟧true, "data": {"connected": true}"#))
    let (dir, found) = try check(screen.text, codes: ["ZL0407"])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0407", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "the offline home screen 'other' is a connected screen; nothing opens it, so it has no sender")
      ])
    let root = Example.screen(Example.grid, extra: #", "home_offline": true, "data": {"connected": false}"#)
    XCTAssertEqual(try check(root, codes: ["ZL0407"]).found.map(\.message), [])
  }

  /// Two offline homes: the second is reported, with a note at the first; one is not.
  func testASecondOfflineHomeIsReported() throws {
    let screens = Marked(
      "[" + Example.screen(Example.grid, extra: #", "home_offline": ⟦⟧true"#, id: "a").dropFirst().dropLast() + ", "
        + Example.screen(Example.grid, extra: #", "home_offline": ⟦⟧"true""#, id: "b").dropFirst())
    let (dir, found) = try check(screens.text, codes: ["ZL0406"])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0406", file: "screens/o.json", line: screens.markers[1].line, column: screens.markers[1].column,
          message: "screen 'b' is also marked home_offline; at most one screen is", notes: ["'a' is marked home_offline here"])
      ])
    let note = found.first?.notes.first?.spot?.location
    XCTAssertEqual(note.map { [$0.line, $0.column] }, [screens.markers[0].line, screens.markers[0].column])
    let one = Example.screen(Example.grid, extra: #", "home_offline": true"#)
    XCTAssertEqual(try check(one, codes: ["ZL0406"]).found.map(\.message), [])
  }

  /// A home screen left out for its shape (an `id` of null, a number) is reported at that shape
  /// alone: no "no screen is marked home" at an unrelated screen. Without any screen marked home,
  /// ZL0405 stands.
  func testAHomeScreenLeftOutForItsShapeIsNotReportedAsMissing() throws {
    for id in ["null", "7"] {
      let dir = try makeProject(
        Example.baseProject.merging(["screens/home.json": Example.home.replacingOccurrences(of: #""id": "home""#, with: #""id": \#(id)"#)])
        {
          $1
        })
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      let codes = Driver.check(dir).diagnostics.map(\.code)
      XCTAssertFalse(codes.contains("ZL0405"), id)
      XCTAssertTrue(codes.contains("ZL0201") || codes.contains("ZL0202"), "\(id): \(codes)")
    }
    let none = try makeProject(
      Example.baseProject.merging(["screens/home.json": Example.home.replacingOccurrences(of: #""home": true"#, with: #""home": false"#)]) {
        $1
      })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: none) }
    XCTAssertEqual(Driver.check(none).diagnostics.filter { $0.code == "ZL0405" }.count, 1)
  }

  /// A screens file whose value holds no screen object where one was meant (`42`, `{}`, a number in
  /// its list, `{"rivers": "x"}`) may have lost the home: ZL0202 at that value, no ZL0405 at
  /// another file's screen. Its list holding only objects, none of them home, ZL0405 stands.
  func testAScreensFileOfAnotherShapeIsNotReportedAsMissingTheHome() throws {
    let home = String(Example.home.dropFirst().dropLast())
    let noHome = home.replacingOccurrences(of: #""home": true"#, with: #""home": false"#)
    for (written, codes) in [
      ("42", ["ZL0202"]), ("{}", ["ZL0202"]), (#"{"rivers": "x"}"#, ["ZL0202"]), ("[7, \(noHome)]", ["ZL0202"]),
      ("[\(noHome)]", ["ZL0405"]),
    ] {
      let dir = try makeProject(Example.baseProject.merging(["screens/home.json": written]) { $1 })
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.severity == .error }.map(\.code)
      XCTAssertEqual(Set(found), Set(codes), written)
    }
  }

  /// A screen's own `screen_type` is no key of a screen: the warning says how feed items open a
  /// screen instead (its id, or `screen_types.json`); another unknown key is worded as ever.
  func testAScreensOwnScreenTypeSaysHowItIsOpened() throws {
    let screen = Marked(Example.screen(Example.grid, extra: #", ⟦⟧"screen_type": "show_page", ⟦⟧"screen_kind": "x""#))
    let (dir, found) = try check(screen.text, codes: ["ZL0204"])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message:
            "unknown key 'screen_type' in screen: a feed item's screen_type opens the screen screen_types.json maps it to, else the screen of that id"
        ),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: screen.markers[1].line, column: screen.markers[1].column,
          message: "unknown key 'screen_kind' in screen"),
      ])
  }
}
