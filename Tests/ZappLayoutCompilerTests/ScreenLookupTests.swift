import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// The project's lookups of screens by id and by name (positions in a table of its own): the first
/// screen of an id or a name wins, ids and names are compared by their exact bytes, and a name
/// several screens share names none of them alone.
final class ScreenLookupTests: XCTestCase {
  private func load(_ screens: [String]) throws -> Project {
    let dir = try makeProject(["screens/rivers.json": "[\n" + screens.joined(separator: ",\n") + "\n]"])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).project
  }

  private func screen(_ id: String, name: String? = nil, tag: String = "") -> String {
    let named = name.map { #", "name": "\#($0)""# } ?? ""
    return #"{"id": "\#(id)"\#(named), "type": "general_content", "ui_tag": "\#(tag)"}"#
  }

  func testEveryScreenIsFoundByItsIDAndName() throws {
    let project = try load((0..<300).map { screen("s\($0)", name: "Screen \($0)") })
    for n in 0..<300 {
      XCTAssertTrue(project.screen(id: "s\(n)") === project.screens[n])
      XCTAssertTrue(project.screen(named: "Screen \(n)") === project.screens[n])
      XCTAssertTrue(project.screen(named: "s\(n)") === project.screens[n])
      XCTAssertEqual(project.screens(named: "Screen \(n)").map(\.id.value), ["s\(n)"])
      XCTAssertTrue(project.hasScreens(named: "Screen \(n)"))
    }
    XCTAssertNil(project.screen(id: "s300"))
    XCTAssertNil(project.screen(id: "Screen 1"))
    XCTAssertNil(project.screen(named: "s300"))
    XCTAssertFalse(project.hasScreens(named: "s1"))
    XCTAssertEqual(project.screens(named: "Screen 300").count, 0)
  }

  func testTheFirstScreenOfAnIDOrANameWins() throws {
    let project = try load([
      screen("a", name: "Shared", tag: "first"), screen("b", name: "Own"), screen("a", name: "Other", tag: "second"),
      screen("c", name: "Shared"), screen("d", name: ""),
    ])
    XCTAssertEqual(project.screen(id: "a")?.uiTag?.value, "first")
    XCTAssertTrue(project.screen(id: "a") === project.screens[0])
    // A shared name lists its screens in project order and names none of them alone.
    XCTAssertEqual(project.screens(named: "Shared").map(\.id.value), ["a", "c"])
    XCTAssertTrue(project.hasScreens(named: "Shared"))
    XCTAssertNil(project.screen(named: "Shared"))
    XCTAssertTrue(project.screen(named: "Other") === project.screens[2])
    // A blank name names no screen, though one has it.
    XCTAssertNil(project.screen(named: ""))
    XCTAssertFalse(project.hasScreens(named: ""))
    XCTAssertEqual(project.screens(named: "").count, 0)
    // The lookups of a platform's project are the same.
    let narrowed = project.narrowed(to: "ios")
    XCTAssertTrue(narrowed.screen(id: "c") === project.screens[3])
    XCTAssertEqual(narrowed.screens(named: "Shared").count, 2)
  }

  /// A screen written twice (one id and name in two files) leaves its name naming it: a mapping
  /// by that name gets only the duplicate id's error, not an ambiguous name's.
  func testANameOfAScreenWrittenTwiceNamesIt() throws {
    let project = try load([screen("a", name: "Twice", tag: "first"), screen("b", name: "Own"), screen("a", name: "Twice")])
    XCTAssertEqual(project.screens(named: "Twice").count, 1)
    XCTAssertTrue(project.screen(named: "Twice") === project.screens[0])
    let twice = #"[{"id": ⟦ZL0404⟧"p", "name": "Details", "type": "favorites", "ui_components": []}]"#
    try assertFindings(
      [
        "screens/p.json": #"[{"id": "p", "name": "Details", "type": "favorites", "ui_components": []}]"#,
        "screens/q.json": twice, "screen_types.json": #"{"screen_types": {"show": "Details"}}"#,
      ],
      ["screens/q.json": [("screen id 'p' is used by another screen", ["first used here"], nil)]])
  }

  /// A name that a screen written twice shares with another screen counts each id once.
  func testANameSharedWithAScreenWrittenTwiceCountsItOnce() throws {
    let screen = { (id: String, marker: String) in
      #"[{"id": \#(marker)"\#(id)", "name": "Details", "type": "favorites", "ui_components": []}]"#
    }
    try assertFindings(
      [
        "screens/o.json": Example.screen(Example.gridOpening("p") + ", " + Example.gridOpening("r")),
        "screens/p.json": screen("p", ""), "screens/q.json": screen("p", "⟦ZL0404⟧"), "screens/r.json": screen("r", ""),
        "screen_types.json": #"{"screen_types": {"show": ⟦ZL0308⟧"Details"}}"#,
      ],
      [
        "screens/q.json": [("screen id 'p' is used by another screen", ["first used here"], nil)],
        "screen_types.json": [
          (
            "screen name 'Details' is shared by 2 screens; name the screen by its id",
            ["screen 'p' is named 'Details'", "screen 'r' is named 'Details'"], nil
          )
        ],
      ])
  }

  /// The lookups hold positions in the screens they were made of: a platform's project shares
  /// them with its app's screens, and they say whether an array is those screens, so a project
  /// cannot pair them with others (it stops rather than give wrong screens).
  func testTheLookupsKnowTheScreensTheyWereMadeOf() throws {
    let project = try load([screen("a"), screen("b"), screen("c")])
    let other = try load([screen("a"), screen("b"), screen("c")])
    XCTAssertTrue(project.screenIndex.indexes(project.screens))
    XCTAssertTrue(project.screenIndex.indexes(project.screens.map { $0 }), "a copy of the same screens")
    XCTAssertFalse(project.screenIndex.indexes(Array(project.screens.reversed())), "the same screens in another order")
    XCTAssertFalse(project.screenIndex.indexes(Array(project.screens.dropLast())))
    XCTAssertFalse(project.screenIndex.indexes(other.screens), "screens alike, but others")
    let narrowed = project.narrowed(to: "ios")
    XCTAssertTrue(narrowed.screenIndex.indexes(project.screens))
    XCTAssertTrue(narrowed.screen(id: "b") === project.screens[1])
  }

  func testIDsAreComparedByTheirExactBytes() throws {
    let project = try load([screen("caf\u{E9}", name: "Caf\u{E9}")])
    XCTAssertNotNil(project.screen(id: "caf\u{E9}"))
    XCTAssertNil(project.screen(id: "cafe\u{301}"))
    XCTAssertNil(project.screen(named: "Cafe\u{301}"))
    XCTAssertTrue(project.screen(differingOnlyInNormalisation: "cafe\u{301}") === project.screens[0])
  }
}
