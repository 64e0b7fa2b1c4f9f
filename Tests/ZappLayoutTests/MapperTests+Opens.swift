import XCTest

@testable import ZappLayout

/// Where a tap on an item of a section goes: the item's own screen, else its child's.
extension MapperTests {
  /// Items open screens by their own `screen_type`, `ui_tag` and type, as a child does (rule 11);
  /// an item with none opens what its child opens; one whose `screen_type` resolves to nothing
  /// opens nothing and is reported at its path.
  func testEachItemOpensItsOwnScreenElseItsChilds() throws {
    let sender = try feed(
      """
      {"entry": [
        {"id": "episodes", "type": {"value": "feed"}, "entry": [
          {"id": "e0", "type": {"value": "video"}, "screen_type": "series"},
          {"id": "e1", "type": {"value": "video"}},
          {"id": "e2", "type": {"value": "article"}},
          {"id": "e3", "type": {"value": "video"}, "screen_type": "nowhere"}
        ]},
        {"id": "seasons", "type": {"value": "feed"}, "screen_type": "season", "entry": [{"id": "s0"}, {"id": "s1", "screen_type": "series"}]}
      ]}
      """)
    let screen = try makeScreen([
      SectionSpec(type: "list", child: 0, target: "season"), SectionSpec(type: "grid", child: 1, columns: ["phone": 1, "tablet": 1]),
    ])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: bundle)
    XCTAssertEqual(result.sections.map(\.opens), ["season", "season"])
    XCTAssertEqual(result.sections[0].entries?.map(\.opens), ["show", "player", "season", nil])
    XCTAssertEqual(result.sections[1].entries?.map(\.opens), ["season", "show"])
    XCTAssertEqual(result.findings, [.unmappedScreenType(section: 0, childPath: [0, 3], screenType: "nowhere")])
    XCTAssertEqual(Mapper.destination(of: FeedEntry(typeValue: "video"), in: bundle).screen, "player")
    XCTAssertEqual(Mapper.destination(of: FeedEntry(screenType: "series"), in: nil).unmapped, "series", "no bundle resolves it")
  }
}
