import Foundation
import XCTest
import ZappLayout

@testable import ZappLayoutCompiler

/// `zlc diff` of a component moved at the same index: the neighbours it names.
extension DiffComponentTests {
  /// `component` without its id, reading `source`.
  static func withoutID(_ component: String, source: String) -> String {
    component.replacingOccurrences(of: #"\{"id": "[a-z-]+", "#, with: "{", options: .regularExpression).replacingOccurrences(
      of: #""source": "[a-z]+""#, with: #""source": "\#(source)""#, options: .regularExpression)
  }

  /// Neighbours without an id at the same index path have the same label: their data sources
  /// tell them apart, in text and in Markdown.
  func testNeighboursOfOneLabelAreToldApartByTheirSource() throws {
    let list = Self.withoutID(Self.list, source: "l")
    let hero = Self.withoutID(Self.featured, source: "h")
    let base = try project(home: [Self.grid("a"), Self.grid("b"), list, hero, Self.grid("n")])
    let head = try project(home: [hero, Self.grid("n"), list, Self.grid("a"), Self.grid("b")])
    XCTAssertEqual(
      try lines(base, head),
      [
        "hero@0 [3] → [0] on home", "grid@1 [4] → [1] on home",
        "list@2 [2] → [2], now after grid@1 (source n), was after grid@1 (source b) on home",
      ])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let rows = DiffPrinter(format: .markdown).render(report).split(separator: "\n").filter { $0.contains("list@2") }
    XCTAssertEqual(
      rows, ["| component moved | home | list@2, now after grid@1 (source n), was after grid@1 (source b) |  |  |  | \\[2\\] | \\[2\\] |"])
  }

  /// Neighbours of one label and one data source are told apart by where each is on the other side.
  func testNeighboursOfOneSourceAreToldApartByWhereTheyAre() throws {
    let limit = { (n: Int) in
      Self.grid("a").replacingOccurrences(
        of: #""component_type": "grid""#, with: #""component_type": "grid", "rules": {"item_limit": \#(n)}"#)
    }
    let list = Self.withoutID(Self.list, source: "l")
    let hero = Self.withoutID(Self.featured, source: "h")
    let base = try project(home: [Self.grid("a"), limit(3), list, hero, limit(9)])
    let head = try project(home: [hero, limit(9), list, Self.grid("a"), limit(3)])
    XCTAssertEqual(
      try lines(base, head).filter { $0.hasPrefix("list@2") },
      ["list@2 [2] → [2], now after grid@1 (from [4]), was after grid@1 (now at [4]) on home"])
  }

  /// A group beside a component moved at the same index is named as its own changes name it: by
  /// its label and name, not by its index path.
  func testAGroupNeighbourIsNamedByItsLabel() throws {
    let list = Self.shows.replacingOccurrences(of: "home-shows", with: "home-list")
    let inserted = Self.featured.replacingOccurrences(of: "home-featured", with: "home-new")
    let kids = Self.group("g1", "Kids", [Self.promo])
    let more = Self.group("g2", "More", [inserted])
    let base = try project(home: [Self.featured, kids, Self.shows, list, more])
    let head = try project(home: [list, more, Self.shows, Self.featured, kids])
    XCTAssertEqual(
      try lines(base, head).filter { $0.hasPrefix("home-shows") },
      ["home-shows [2] → [2], now after g2 'More', was after g1 'Kids' on home"])
  }
}

/// `zlc diff --format json` of a component moved at the same index: how it moved, in `position`.
extension DiffComponentTests {
  /// The `component_moved` changes of the JSON output: component → position.
  func movePositions(_ base: String, _ head: String) throws -> [String: JSON] {
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let changes = try JSON.parse(Data(DiffPrinter(format: .json).render(report).utf8))["changes"]?.arrayValue ?? []
    var positions: [String: JSON] = [:]
    for change in changes where change["kind"] == .string("component_moved") {
      positions[change["component"]?.stringValue ?? ""] = change["position"]
    }
    return positions
  }

  /// Among its neighbours, the one after which it is on each side, as the text names them; a
  /// move to another index path has no position.
  func testTheJSONSaysAfterWhichNeighbourAComponentMovedAtTheSameIndex() throws {
    let list = Self.shows.replacingOccurrences(of: "home-shows", with: "home-list")
    let inserted = Self.featured.replacingOccurrences(of: "home-featured", with: "home-new")
    let kids = Self.group("g1", "Kids", [Self.promo])
    let more = Self.group("g2", "More", [inserted])
    let base = try project(home: [Self.featured, kids, Self.shows, list, more])
    let head = try project(home: [list, more, Self.shows, Self.featured, kids])
    let positions = try movePositions(base, head)
    XCTAssertEqual(
      positions["home-shows"],
      .object([
        ("relation", .string("after")), ("now", .string("g2 'More'")), ("was", .string("g1 'Kids'")), ("group", .null),
        ("neighbour_path", .array([.int(1)])),
      ]))
    XCTAssertEqual(positions["home-list"], .null)
  }

  /// Into another group at the same index path: the head's path of the group that holds it.
  func testTheJSONSaysWhichGroupAComponentMovedInto() throws {
    let base = try project(home: [Self.featured, Self.group("g1", "Kids", [Self.promo]), Self.group("g2", "Sports", [Self.shows])])
    let head = try project(home: [Self.featured, Self.group("g2", "Sports", [Self.promo]), Self.group("g1", "Kids", [Self.shows])])
    let positions = try movePositions(base, head)
    let into = { (group: Int) in
      JSON.object([
        ("relation", .string("into_group")), ("now", .null), ("was", .null), ("group", .array([.int(group)])),
        ("neighbour_path", .null),
      ])
    }
    XCTAssertEqual(positions["home-promo"], into(2))
    XCTAssertEqual(positions["home-shows"], into(1))
  }

  /// Inside a group, the neighbours are located by their index path (`neighbour_path`, one on
  /// both sides), which a tool can follow where the names are only for reading.
  func testTheJSONLocatesTheNeighboursByIndexPath() throws {
    let list = Self.shows.replacingOccurrences(of: "home-shows", with: "home-list")
    let inserted = Self.featured.replacingOccurrences(of: "home-featured", with: "home-new")
    let top = Self.promo.replacingOccurrences(of: "home-promo", with: "home-top")
    let base = try project(home: [top, Self.group("g", "Kids", [Self.featured, Self.promo, Self.shows, list, inserted])])
    let head = try project(home: [top, Self.group("g", "Kids", [list, inserted, Self.shows, Self.featured, Self.promo])])
    XCTAssertEqual(
      try movePositions(base, head)["home-shows"],
      .object([
        ("relation", .string("after")), ("now", .string("home-new")), ("was", .string("home-promo")), ("group", .null),
        ("neighbour_path", .array([.int(1), .int(1)])),
      ]))
  }
}
