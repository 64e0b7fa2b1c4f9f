import XCTest
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// ZL0321: a `screen_types` key that is the id (or unique name) of another screen than the one it
/// maps to. A child with that screen_type opens the mapped screen, while `zlc map KEY` and a
/// preview feed KEY.json take the screen of that id or name.
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

  /// A key that is no screen's id but another screen's unique name is reported too: `zlc map
  /// Season` and a preview feed Season.json take the screen named so, while a child with that
  /// screen_type opens the mapped one. A key that is the mapped screen's own name, or a name two
  /// screens share (which `zlc map` does not take), is not reported.
  func testKeysThatAreOtherScreensNamesAreReported() throws {
    let mappings = Marked(#"{"screen_types": {⟦⟧"Season": "Season v2", "Season v2": "season-v2", "Extras": "season-v2"}}"#)
    let (dir, found) = try check([
      "screens/s.json": Example.screen(Example.grid, extra: #", "name": "Season""#, id: "season"),
      "screens/v.json": Example.screen(Example.grid, extra: #", "name": "Season v2""#, id: "season-v2"),
      "screens/x.json": """
      [{"id": "x1", "name": "Extras", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\(Example.grid)]},
       {"id": "x2", "name": "Extras", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\(Example.grid)]}]
      """,
      "screen_types.json": mappings.text,
    ])
    assertDiagnostics(
      found.filter { $0.code == "ZL0321" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0321", file: "screen_types.json", line: mappings.markers[0].line, column: mappings.markers[0].column,
          message: "screen_type 'Season' maps to screen 'season-v2' but is the name of screen 'season'",
          notes: [
            "screen 'season' has this name",
            "a child with screen_type 'Season' opens 'season-v2'; `zlc map Season` and a preview feed named Season.json take 'season'",
          ])
      ])
    let note = try XCTUnwrap(found.first { $0.code == "ZL0321" }?.notes.first?.spot)
    XCTAssertEqual(note.file.path, dir + "/screens/s.json")
    XCTAssertEqual(String(decoding: note.file.bytes[note.offset..<note.offset + 8], as: UTF8.self), #""Season""#)
    XCTAssertEqual(Driver.findScreen("Season", in: Driver.check(dir).project)?.id.value, "season")
  }

  /// `zlc map KEY` and a preview feed KEY.json take a screen_type key by its exact characters, as
  /// a client does: `e` + U+0301 is not the key `é` (U+00E9).
  func testAScreenTypeKeyIsTakenByItsExactCharacters() throws {
    let (dir, _) = try check([
      "screens/show.json": Example.screen(Example.grid, id: "show"), "screen_types.json": #"{"screen_types": {"\u00e9pisode": "show"}}"#,
    ])
    let project = Driver.check(dir).project
    XCTAssertEqual(Driver.findScreen("\u{E9}pisode", in: project)?.id.value, "show")
    XCTAssertNil(Driver.findScreen("e\u{301}pisode", in: project))
  }
}
