import XCTest
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// ZL0307 on a `screen_types` value: a mapping names a screen by its id or by a unique name, so its
/// did-you-mean is the nearest of both, and its message says so.
final class MappedScreenSuggestionTests: XCTestCase {
  private static let homeID = "f99b28fb-f472-403b-832d-9731287a3630"
  private static let showID = "0c7e1d52-8a43-4c55-9f2e-51b0d3c6e1aa"

  private func check(_ mappings: String, showName: String = "Show Screen") throws -> (dir: String, found: [Diagnostic]) {
    let screens = [(Self.homeID, "Home Feed"), (Self.showID, showName)].map { id, name in
      Example.screen(Example.grid, extra: #", "name": "\#(name)""#, id: id).dropFirst().dropLast()
    }
    let dir = try makeProject(
      Example.baseProject.merging(["screens/s.json": "[" + screens.joined(separator: ", ") + "]", "screen_types.json": mappings]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == "ZL0307" })
  }

  /// A misspelt name (`Hme Feed`) or one in another case (`Show screen`) gets the name as its fix,
  /// with a note at the name; where no id or name is near, there is no fix. Names got none, and the
  /// message spoke of ids alone.
  func testAMisspeltScreenNameIsSuggested() throws {
    let mappings = Marked(#"{"screen_types": {"a": ⟦⟧"Hme Feed", "b": ⟦⟧"Show screen", "c": ⟦⟧"nothing-like-it"}}"#)
    let (dir, found) = try check(mappings.text)
    let expected: [(String, notes: [String], fixIt: String?)] = [
      ("Hme Feed", ["screen '\(Self.homeID)' is named 'Home Feed' here"], #""Home Feed""#),
      ("Show screen", ["screen '\(Self.showID)' is named 'Show Screen' here"], #""Show Screen""#),
      ("nothing-like-it", [], nil),
    ]
    assertDiagnostics(
      found, in: dir,
      zip(mappings.markers, expected).map { marker, wanted in
        DiagnosticSpec(
          code: "ZL0307", file: "screen_types.json", line: marker.line, column: marker.column,
          message: "mapped screen '\(wanted.0)' is neither the id nor the name of any screen", notes: wanted.notes, fixIt: wanted.fixIt)
      })
    XCTAssertEqual(found.first { $0.message.contains("Hme Feed") }?.notes.first?.spot?.file.path.hasSuffix("screens/s.json"), true)
  }

  /// Mappings that name a screen by its name or its id are not reported.
  func testMappingsByNameOrIDAreNotReported() throws {
    let (_, found) = try check(#"{"screen_types": {"a": "Home Feed", "b": "\#(Self.showID)"}}"#)
    XCTAssertEqual(found.map(\.message), [])
  }

  /// A blank name (`""`, spaces alone) names no screen, even when a screen has it: a mapping to it
  /// is reported (it opened the screen a builder left unnamed), and such a name is never a fix.
  func testABlankNameNamesNoScreen() throws {
    for blank in ["", "  "] {
      let mappings = Marked(#"{"screen_types": {"a": ⟦⟧"\#(blank)", "b": "Home Feed"}}"#)
      let (dir, found) = try check(mappings.text, showName: blank)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0307", file: "screen_types.json", line: mappings.markers[0].line, column: mappings.markers[0].column,
            message: "mapped screen '\(blank)' is neither the id nor the name of any screen")
        ])
      XCTAssertNotEqual(Driver.build(dir, output: dir + "/out").status, .success, "'\(blank)'")
    }
  }

  /// A reference near an id two screens share (a typo made one screen's id another's) names it as
  /// a hint, never a fix: `--fix` would point the reference at either screen. Where one screen
  /// has the id, the same reference gets the fix.
  func testAnIDTwoScreensShareIsAHintNotAFix() throws {
    let reference = Marked(Example.screen(Example.gridOpening("othr").replacingOccurrences(of: #""othr""#, with: #"⟦⟧"othr""#), id: "p"))
    for shared in [true, false] {
      let (found, _) = try unknownTarget(
        "othr", marked: reference, in: "screens/p.json", with: shared ? ["screens/q.json": Example.screen(Example.grid)] : [:],
        note: "screen 'other' is defined here", fixIt: #""other""#)
      XCTAssertEqual(found?.fixIt?.range == nil, shared, "shared: \(shared)")
    }
  }

  /// A reference whose nearest id is it with a plural's `s` (`show`, `shows`) names it as a hint:
  /// it is another screen. A screen named as the reference is written (its id renamed, its name
  /// kept) is what it means: its id is the hint, with a note at its name (1:83 of p.json). A
  /// reference a letter off an id (`shos`) gets the fix.
  func testAPluralOrAScreensNameIsAHintNotAFix() throws {
    let named = Example.screen(Example.grid, extra: #", "name": "Show""#, id: "p")
    for (reference, renamed, fixIt, note) in [
      ("show", false, #""shows""#, "screen 'shows' is defined here"),
      ("show", true, #""p""#, "screen 'p' is named 'Show' here"),
      ("shos", false, #""shows""#, "screen 'shows' is defined here"),
    ] {
      let marked = Marked(
        Example.screen(Example.gridOpening(reference).replacingOccurrences(of: "\"\(reference)\"", with: "⟦⟧\"\(reference)\""), id: "q"))
      var files = ["screens/s.json": Example.screen(Example.grid, id: "shows")]
      if renamed { files["screens/p.json"] = named }
      let (found, dir) = try unknownTarget(reference, marked: marked, in: "screens/q.json", with: files, note: note, fixIt: fixIt)
      XCTAssertEqual(found?.fixIt?.range == nil, reference == "show", "\(reference), renamed: \(renamed)")
      if renamed {
        let spot = try XCTUnwrap(found?.notes.first?.spot?.location)
        XCTAssertEqual([spot.line, spot.column], [1, 83])
        XCTAssertEqual(spot.file, dir + "/screens/p.json")
      }
    }
  }

  /// Checks the base project with `marked` at `path` and `files` over it: one ZL0307 at the
  /// marker for the target `reference`, with `note` and `fixIt`. The finding, and the project
  /// (removed after the test).
  func unknownTarget(
    _ reference: String, marked: Marked, in path: String, with files: [String: String], note: String, fixIt: String,
    line: UInt = #line
  ) throws -> (Diagnostic?, String) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 }.merging([path: marked.text]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0307" }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0307", file: path, line: marked.markers[0].line, column: marked.markers[0].column,
          message: "target screen '\(reference)' is not the id of any screen", notes: [note], fixIt: fixIt)
      ], line: line)
    return (found.first, dir)
  }
}
