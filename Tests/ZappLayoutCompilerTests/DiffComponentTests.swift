import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// `zlc diff` of a screen's components: groups, ids and what each device draws.
final class DiffComponentTests: XCTestCase {
  /// The starter's three home components, by their ids.
  static let featured = #"""
    {"id": "home-featured", "component_type": "hero", "rules": {"item_limit": 5}, "styles": {"cell_styles": ["HERO_WIDE"]},
     "data": {"source": "featured", "type": "APPLICASTER_COLLECTION", "target": "show"}}
    """#
  static let promo = #"{"id": "home-promo", "component_type": "promo_banner", "styles": {"cell_styles": ["PROMO"]}}"#
  static let shows = #"""
    {"id": "home-shows", "component_type": "grid", "styles": {"cell_styles": ["GRID_POSTER"]},
     "data": {"source": "shows", "type": "APPLICASTER_COLLECTION", "target": "show"}}
    """#

  /// A group of these components (JSON texts).
  static func group(_ id: String, _ name: String, _ components: [String], extra: String = "") -> String {
    #"{"id": "\#(id)", "component_type": "group", "name": "\#(name)", \#(extra)"ui_components": [\#(components.joined(separator: ", "))]}"#
  }

  /// The starter project with its home screen's components replaced by these (JSON texts).
  func project(home components: [String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let home = """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "STARTER"},
        "ui_components": [\(components.joined(separator: ",\n"))]}]
      """
    for (path, text) in StarterTemplate.basic.files(app: "Diff") {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try (path == "screens/home.json" ? home : text).write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  /// The change lines of the text output (the summary left out).
  func lines(_ base: String, _ head: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head, file: file, line: line), file: file, line: line)
    return report.changes.map { DiffWording.line($0).text }
  }

  /// Two groups that swap places around the same components: the group moved, and each
  /// component is in another group at the same index path.
  func testGroupsThatSwapPlacesAreMoved() throws {
    let base = try project(home: [Self.featured, Self.group("g1", "Kids", [Self.promo]), Self.group("g2", "Sports", [Self.shows])])
    let head = try project(home: [Self.featured, Self.group("g2", "Sports", [Self.promo]), Self.group("g1", "Kids", [Self.shows])])
    XCTAssertEqual(
      try lines(base, head),
      [
        "home-promo [1,0] → [1,0], into another group (its group is now at [2]) on home",
        "home-shows [2,0] → [2,0], into another group (its group is now at [1]) on home", "g2 'Sports' [2] → [1] on home",
      ])
  }

  /// A group moved above the others is one move: its components move with it, and are not moved
  /// on their own unless they change places within it.
  func testAGroupMovedMovesItsComponentsWithIt() throws {
    let base = try project(home: [Self.featured, Self.group("g", "Kids", [Self.promo, Self.shows])])
    let head = try project(home: [Self.group("g", "Kids", [Self.promo, Self.shows]), Self.featured])
    XCTAssertEqual(try lines(base, head), ["g 'Kids' [1] → [0] on home"])
    let swapped = try project(home: [Self.group("g", "Kids", [Self.shows, Self.promo]), Self.featured])
    XCTAssertEqual(try lines(base, swapped), ["home-shows [1,1] → [0,0] on home", "g 'Kids' [1] → [0] on home"])
  }

  /// A component moved into a new group is moved (its index path is not out of order), and the
  /// group is added, with its name.
  func testAComponentMovedIntoANewGroupIsMovedAndTheGroupAdded() throws {
    let base = try project(home: [Self.featured, Self.group("g1", "Kids", [Self.promo, Self.shows])])
    let more = Self.group("g2", "More to watch", [Self.shows], extra: #""styles": {"header": {"visible": true}}, "#)
    let head = try project(home: [Self.featured, Self.group("g1", "Kids", [Self.promo]), more])
    XCTAssertEqual(try lines(base, head), ["g2 (group 'More to watch') on home", "home-shows [1,1] → [2,0] on home"])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let added = try XCTUnwrap(report.changes.first)
    XCTAssertEqual(added.kind, .componentAdded)
    XCTAssertEqual(added.json["name"], .string("More to watch"))
    XCTAssertEqual(added.json["components"], .array([.string("g2")]))
    XCTAssertEqual(added.new, .string("group"))
    // A group taken away is removed, and what it held moves out.
    XCTAssertEqual(try lines(head, base), ["g2 (group 'More to watch') on home", "home-shows [2,0] → [1,1] on home"])
    XCTAssertEqual(try XCTUnwrap(Driver.diff(base: head, head: base).report).changes.first?.kind, .componentRemoved)
  }

  /// Components wrapped in a new group: the group is added and both components moved.
  func testComponentsWrappedInANewGroup() throws {
    let base = try project(home: [Self.featured, Self.promo, Self.shows])
    let head = try project(home: [Self.featured, Self.group("g1", "Kids", [Self.promo, Self.shows])])
    XCTAssertEqual(
      try lines(base, head), ["g1 (group 'Kids') on home", "home-promo [1] → [1,0] on home", "home-shows [2] → [1,1] on home"])
  }
}

extension DiffComponentTests {
  /// A group removed with what it held is listed before its components, in the screen's order,
  /// and so is a group added with new components.
  func testAGroupRemovedWithItsComponentsComesBeforeThem() throws {
    let base = try project(home: [Self.featured, Self.group("g1", "Kids", [Self.promo, Self.shows])])
    let head = try project(home: [Self.featured])
    let removed = try XCTUnwrap(assertSameAsByDigests(base: base, head: head)).changes.filter { $0.component != nil }
    XCTAssertEqual(removed.map(\.kind), [.componentRemoved, .componentRemoved, .componentRemoved])
    XCTAssertEqual(removed.map(\.component), ["g1", "home-promo", "home-shows"])
    let added = try XCTUnwrap(assertSameAsByDigests(base: head, head: base)).changes.filter { $0.component != nil }
    XCTAssertEqual(added.map(\.kind), [.componentAdded, .componentAdded, .componentAdded])
    XCTAssertEqual(added.map(\.component), ["g1", "home-promo", "home-shows"])
  }

  /// A component that loses its `id` (or gains one) writes another `component_id`: a change.
  func testAnIDAddedOrRemovedIsAChange() throws {
    let withID = try project(home: [Self.featured, Self.promo, Self.shows])
    let promo = Self.promo.replacingOccurrences(of: #""id": "home-promo", "#, with: "")
    let withoutID = try project(home: [Self.featured, promo, Self.shows])
    XCTAssertEqual(
      try lines(withID, withoutID), ["promo_banner (PROMO) 'promo_banner@1', family STARTER: component_id home-promo → none on home"])
    XCTAssertEqual(
      try lines(withoutID, withID), ["promo_banner (PROMO) 'home-promo', family STARTER: component_id none → home-promo on home"])
  }
}

extension DiffComponentTests {
  /// A size class mapping that hides the grid on the tablet changes nothing on the phone.
  func testAMappingForTheTabletIsNoChangeOnThePhone() throws {
    let base = try project(home: [Self.featured, Self.promo, Self.shows])
    let hidden = Self.shows.replacingOccurrences(
      of: #""id": "home-shows", "#, with: #""id": "home-shows", "size_class_mapping": {"L": "hide"}, "#)
    let head = try project(home: [Self.featured, Self.promo, hidden])
    let grid = "grid (GRID_POSTER) 'home-shows', family STARTER"
    let gone =
      ["kind flow", "columns 4", "item.width 232", "item.height 347.98", "insets.top 24", "insets.left 24", "insets.bottom 24"]
      + ["insets.right 24", "inter_item_spacing 16", "line_spacing 24"]
    XCTAssertEqual(
      try lines(base, head),
      [
        #"\#(grid): size_class_mapping none → [{"size_class":"L","hide":true}] on home"#,
        #"\#(grid) on tablet: hidden false → true, drawn.component_type grid → none, drawn.cell_styles ["GRID_POSTER"] → none, "#
          + gone.map { "\($0) → none" }.joined(separator: ", ") + " on home",
      ])
  }

  /// A component added above a group without an id: the group is the same group (it holds the
  /// same components), so nothing but the addition changed.
  func testAComponentAddedAboveAGroupWithoutAnIDMovesNothing() throws {
    let group = #"{"component_type": "group", "name": "More", "ui_components": [\#(Self.promo), \#(Self.shows)]}"#
    let added = Self.shows.replacingOccurrences(of: "home-shows", with: "home-extra")
    let base = try project(home: [Self.featured, group])
    let head = try project(home: [Self.featured, added, group])
    let outcome = Driver.diff(base: base, head: head)
    XCTAssertEqual(outcome.report?.changes.map(\.kind), [.componentAdded])
    XCTAssertEqual(try lines(base, head), ["home-extra (grid) on home"])
    // Two such groups, each holding one component.
    let kids = #"{"component_type": "group", "name": "Kids", "ui_components": [\#(Self.promo)]}"#
    let sports = #"{"component_type": "group", "name": "Sports", "ui_components": [\#(Self.shows)]}"#
    let two = try project(home: [Self.featured, kids, sports])
    let twoAdded = try project(home: [Self.featured, added, kids, sports])
    XCTAssertEqual(try lines(two, twoAdded), ["home-extra (grid) on home"])
  }

  /// A group split in two: the part holding most of its components is the group, the other is new.
  func testASplitGroupKeepsTheGroupThatHoldsMost() throws {
    let episodes = Self.shows.replacingOccurrences(of: "home-shows", with: "home-episodes")
    let group = { (name: String, components: [String]) in
      #"{"component_type": "group", "name": "\#(name)", "ui_components": [\#(components.joined(separator: ", "))]}"#
    }
    let base = try project(home: [Self.featured, group("All", [Self.promo, Self.shows, episodes])])
    let head = try project(home: [Self.featured, group("Some", [Self.promo]), group("All", [Self.shows, episodes])])
    let kinds = Driver.diff(base: base, head: head).report?.changes.map { "\($0.kind) \($0.components)" } ?? []
    XCTAssertEqual(kinds.filter { $0.hasPrefix("componentChanged") }, [], "\(kinds)")
    XCTAssertTrue(kinds.contains("componentAdded [\"group@1\"]"), "\(kinds)")
  }

  /// Groups with different ids are two groups, whatever they hold.
  func testGroupsWithOtherIDsAreNotPairedByWhatTheyHold() throws {
    let added = Self.shows.replacingOccurrences(of: "home-shows", with: "home-extra")
    let base = try project(home: [Self.featured, Self.group("gA", "More", [Self.promo, Self.shows])])
    let head = try project(home: [Self.featured, added, Self.group("gB", "More", [Self.promo, Self.shows])])
    let kinds = Driver.diff(base: base, head: head).report?.changes.map { "\($0.kind) \($0.components)" } ?? []
    XCTAssertTrue(kinds.contains("componentAdded [\"gB\"]"), "\(kinds)")
    XCTAssertTrue(kinds.contains("componentRemoved [\"gA\"]"), "\(kinds)")
  }
}

extension DiffComponentTests {
  static let list = #"""
    {"id": "home-list", "component_type": "list", "styles": {"cell_styles": ["LIST_ROW"]},
     "data": {"source": "list", "type": "APPLICASTER_COLLECTION"}}
    """#

  /// The moves turn the base order into the head's: every component off a longest run kept in
  /// order is moved, one left at its index too, so that two head orders never read the same.
  func testEveryComponentOutOfOrderIsMoved() throws {
    let base = try project(home: [Self.featured, Self.promo, Self.shows])
    XCTAssertEqual(
      try lines(base, try project(home: [Self.shows, Self.promo, Self.featured])),
      ["home-shows [2] → [0] on home", "home-featured [0] → [2] on home"])
    XCTAssertEqual(try lines(base, try project(home: [Self.shows, Self.featured, Self.promo])), ["home-shows [2] → [0] on home"])
    let four = try project(home: [Self.featured, Self.promo, Self.shows, Self.list])
    XCTAssertEqual(
      try lines(four, try project(home: [Self.list, Self.featured, Self.shows, Self.promo])),
      ["home-list [3] → [0] on home", "home-promo [1] → [3] on home"])
    // One left at its index while the others move around it moves too.
    let inserted = Self.featured.replacingOccurrences(of: "home-featured", with: "home-new")
    let five = try project(home: [Self.featured, Self.promo, Self.shows, Self.list, inserted])
    XCTAssertEqual(
      try lines(five, try project(home: [Self.list, inserted, Self.shows, Self.featured, Self.promo])),
      [
        "home-list [3] → [0] on home", "home-new [4] → [1] on home",
        "home-shows [2] → [2], now after home-new, was after home-promo on home",
      ])
    // In a group, a component inserted while two swap places.
    let group = try project(home: [Self.featured, Self.group("g", "Kids", [Self.promo, Self.shows])])
    XCTAssertEqual(
      try lines(group, try project(home: [Self.featured, Self.group("g", "Kids", [inserted, Self.shows, Self.promo])])),
      ["home-new (hero) on home", "home-promo [1,0] → [1,2] on home"])
  }

  /// Components of the same id are matched by occurrence (the second `dup` of the base is the
  /// head's second) and named with their index path: both of two added are listed.
  func testComponentsOfTheSameIDAreMatchedByOccurrence() throws {
    let base = try project(home: [Self.featured, Self.promo, Self.shows])
    let dup = Self.promo.replacingOccurrences(of: "home-promo", with: "dup")
    XCTAssertEqual(
      try lines(base, try project(home: [Self.featured, Self.promo, Self.shows, dup, dup])),
      ["dup@3 (promo_banner) on home", "dup@4 (promo_banner) on home"])
  }
}
