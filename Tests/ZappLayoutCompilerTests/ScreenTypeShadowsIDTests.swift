import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// ZL0321: a `screen_types` key that is the id of another screen than the one it maps to. A child
/// with that screen_type opens the mapped screen, while `zlc map KEY` and a preview feed KEY.json
/// take the screen of that id.
final class ScreenTypeShadowsIDTests: XCTestCase {
  private func check(_ files: [String: String]) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  /// Two screens whose ids are each other's keys: both keys reported, each with the screen of its
  /// id and what each command takes.
  func testKeysThatAreOtherScreensIDsAreReported() throws {
    let mappings = Marked(#"{"screen_types": {⟦⟧"show": "season", ⟦⟧"season": "show"}}"#)
    let (dir, found) = try check([
      "screens/show.json": Example.screen(Example.grid, id: "show"), "screens/season.json": Example.screen(Example.grid, id: "season"),
      "screen_types.json": mappings.text,
    ])
    let specs = zip(mappings.markers, [("show", "season"), ("season", "show")]).map { marker, names in
      DiagnosticSpec(
        code: "ZL0321", file: "screen_types.json", line: marker.line, column: marker.column,
        message: "screen_type '\(names.0)' maps to screen '\(names.1)' but is the id of screen '\(names.0)'",
        notes: [
          "screen '\(names.0)' is defined here",
          "a child with screen_type '\(names.0)' opens '\(names.1)'; `zlc map \(names.0)` and a preview feed named \(names.0).json take '\(names.0)'",
        ])
    }
    assertDiagnostics(found, in: dir, specs)
    XCTAssertEqual(found.first { $0.code == "ZL0321" }?.notes.first?.spot?.file.path.hasSuffix("screens/show.json"), true)
  }

  /// A key mapped to the screen of its own id (by id, or by that screen's unique name), a key that
  /// is no screen's id, a target that names no screen (ZL0307's) and a `content_types` key (a feed
  /// type, not a screen_type) are not reported.
  func testKeysThatOpenTheirOwnScreenOrNoIDAreNotReported() throws {
    let (_, found) = try check([
      "screens/p.json": Example.screen(Example.grid, extra: #", "name": "Pages""#, id: "p"),
      "screen_types.json":
        #"{"screen_types": {"p": "Pages", "other": "other", "details": "p", "home": "nowhere"}, "content_types": {"other": "p"}}"#,
    ])
    XCTAssertEqual(found.filter { $0.code == "ZL0321" }.map(\.message), [])
    XCTAssertEqual(found.map(\.code), ["ZL0307"], found.map(\.message).joined(separator: "\n"))
  }
}
