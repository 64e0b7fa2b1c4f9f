import XCTest

@testable import ZappLayout

/// Groups on a connected screen: a group takes one child whatever its components take.
extension MapperTests {
  /// A group whose components take no data still takes its child (rule 3): the list after it is
  /// bound to child 1, and only child 2 is left over.
  func testAGroupOfComponentsThatTakeNoDataTakesItsChild() throws {
    let screen = try makeScreen([
      SectionSpec(type: "promo_banner", binding: "none", component: [0, 0]), SectionSpec(type: "list", child: 1, component: [1]),
    ])
    let result = Mapper.map(
      screen: screen, sender: sender([("news", "feed", 1), ("episodes", "feed", 3), ("more", "feed", 1)]), device: "phone")
    XCTAssertEqual(result.sections.map(\.childID), [nil, "episodes"])
    XCTAssertEqual(result.unusedChildren, [2])
    XCTAssertEqual(result.findings, [.unusedChildren(indices: [2], titles: ["more"], childCount: 3, taken: 2)])
    XCTAssertEqual(Mapper.childrenTaken(by: screen), 2)
  }

  /// The last component is such a group: no later section's child says so, its section's path does.
  func testATrailingGroupOfComponentsThatTakeNoDataTakesItsChild() throws {
    let screen = try makeScreen([
      SectionSpec(type: "list", child: 0, component: [0]), SectionSpec(type: "promo_banner", binding: "none", component: [1, 0]),
      SectionSpec(type: "banner", binding: "none", component: [1, 1]),
    ])
    let result = Mapper.map(screen: screen, sender: sender([("a", "feed", 1), ("b", "feed", 1), ("c", "feed", 1)]), device: "phone")
    XCTAssertEqual(result.unusedChildren, [2])
    XCTAssertEqual(result.findings, [.unusedChildren(indices: [2], titles: ["c"], childCount: 3, taken: 2)])
  }

  /// A group with no components has no section: the screen's `ui_components` holds it, and it
  /// takes a child there too, at the end as in the middle. Components that take no data do not.
  func testAGroupWithNoComponentsTakesItsChild() throws {
    let group: [String: Any] = ["component_type": "group", "ui_components": [Any]()]
    let list: [String: Any] = ["component_type": "list"]
    let banner: [String: Any] = ["component_type": "promo_banner"]
    let screen = try makeScreen(
      [
        SectionSpec(type: "list", child: 0, component: [0]), SectionSpec(type: "list", child: 2, component: [2]),
        SectionSpec(type: "promo_banner", binding: "none", component: [3]),
      ], components: [list, group, list, banner, group])
    XCTAssertEqual(Mapper.childrenTaken(by: screen), 4)
    let result = Mapper.map(screen: screen, sender: sender((0..<5).map { ("c\($0)", "feed", 1) }), device: "phone")
    XCTAssertEqual(result.sections.map(\.childID), ["c0", "c2", nil])
    XCTAssertEqual(result.unusedChildren, [4])
    XCTAssertEqual(result.findings, [.unusedChildren(indices: [4], titles: ["c4"], childCount: 5, taken: 4)])
    let root = try makeScreen([SectionSpec(type: "list", binding: "own", component: [0])], connected: false, components: [list, group])
    XCTAssertEqual(Mapper.childrenTaken(by: root), 0, "a root screen takes no sender")
  }

  /// A bundle whose `child` or `group_child` is `Int.max` (edited by hand: the decoder bounds
  /// them below only) maps without trapping: every child is taken, none is left over, and the
  /// sections bound to children the sender lacks are empty.
  func testAChildAtTheLargestIndexMapsWithoutTrapping() throws {
    let screen = try makeScreen([
      SectionSpec(type: "hero", child: Int.max, component: [0]),
      SectionSpec(type: "grid", child: 1, groupChild: Int.max, component: [1, 0]),
    ])
    XCTAssertEqual(Mapper.childrenTaken(by: screen), Int.max)
    let result = Mapper.map(screen: screen, sender: sender([("a", "feed", 1), ("b", "feed", 2)]), device: "phone")
    XCTAssertEqual(result.unusedChildren, [])
    XCTAssertEqual(
      result.findings,
      [
        .emptyComponent(section: 0, componentType: "hero", childPath: [Int.max]),
        .emptyComponent(section: 1, componentType: "grid", childPath: [1, Int.max]),
      ])
  }
}

extension MapperTests {
  /// A group of two components given a child of three children: the third is not shown, and
  /// said so, at its path. A group whose components take no data takes none of its child's
  /// children and reports none.
  func testExtraChildrenOfAGroupsChildAreReported() throws {
    let screen = try makeScreen([
      SectionSpec(type: "hero", child: 0, component: [0]),
      SectionSpec(type: "grid", child: 1, groupChild: 0, component: [1, 0]),
      SectionSpec(type: "list", child: 1, groupChild: 1, component: [1, 1]),
      SectionSpec(type: "promo_banner", binding: "none", component: [2, 0]),
    ])
    let sender = try feed(
      """
      {"entry": [
        {"id": "poster", "title": "Poster"},
        {"id": "details", "title": "Details", "entry": [{"id": "cast"}, {"id": "related"}, {"id": "extra", "title": "Extra"}, {"id": "more"}]},
        {"id": "promo", "entry": [{"id": "p0"}, {"id": "p1"}]}
      ]}
      """)
    let result = Mapper.map(screen: screen, sender: sender, device: "phone")
    XCTAssertEqual(result.sections.map(\.childID), ["poster", "cast", "related", nil])
    XCTAssertEqual(
      result.findings,
      [.unusedGrandchildren(child: 1, childTitle: "Details", indices: [2, 3], titles: ["Extra", "more"], grandchildCount: 4, taken: 2)])
    XCTAssertEqual(result.findings.map(\.kind), ["unused-grandchildren"])
    XCTAssertEqual(result.findings.map(\.childPath), [[1, 2]])
    XCTAssertEqual(result.findings.map(\.section), [nil])
    XCTAssertEqual(result.unusedChildren, [], "the promo banner's group takes child 2")
  }
}
