import Foundation
import XCTest

@testable import ZappLayout

/// The section-composite mapper (contract §9), on resolved screens as a bundle holds them.
final class MapperTests: XCTestCase {
  // MARK: Fixtures

  /// One section of a resolved screen, as `zlc build` writes it.
  struct SectionSpec {
    var type: String
    var binding = "sender_child"
    var child: Int? = nil
    var groupChild: Int? = nil
    var source: String? = nil
    var dataType: String? = nil
    var component: [Int]? = nil
    var itemLimit: Int? = nil
    var fillRows: Bool? = nil
    var accepts: [String]? = nil
    var target: String? = nil
    /// Columns per device name.
    var columns: [String: Int] = ["phone": 2, "tablet": 3]
  }

  /// A resolved screen decoded from the bundle's JSON, so the test also exercises the bundle models.
  /// `components`: the screen's own `ui_components`, when given.
  func makeScreen(_ specs: [SectionSpec], id: String = "show", connected: Bool = true, components: [Any]? = nil) throws -> ResolvedScreen {
    var sections: [[String: Any]] = []
    for (i, spec) in specs.enumerated() {
      var data: [String: Any] = ["binding": spec.binding]
      if let c = spec.child { data["child"] = c }
      if let g = spec.groupChild { data["group_child"] = g }
      if let s = spec.source { data["source"] = s }
      if let t = spec.dataType { data["type"] = t }
      var layout: [String: Any] = [:]
      for (device, columns) in spec.columns {
        layout[device] = [
          "kind": "flow", "columns": columns, "item": ["width": 100, "height": 50],
          "insets": ["top": 0, "left": 0, "bottom": 0, "right": 0],
          "inter_item_spacing": 0, "line_spacing": 0,
        ]
      }
      var section: [String: Any] = [
        "section": i, "component": spec.component ?? [i], "component_type": spec.type,
        "cell_styles": [], "renderer": [:], "data": data, "layout": layout,
      ]
      if let l = spec.itemLimit { section["item_limit"] = l }
      if let f = spec.fillRows { section["fill_rows"] = f }
      if let a = spec.accepts { section["accepts"] = a }
      if let t = spec.target { section["target"] = t }
      sections.append(section)
    }
    var json: [String: Any] = [
      "id": id, "type": "general_content",
      "resolved": [
        "connected": connected, "presentation": "push", "launch_mode": "standard", "sections": sections,
      ],
    ]
    if let components { json["ui_components"] = components }
    let data = try JSONSerialization.data(withJSONObject: json)
    return try ResolvedScreen(data: data)
  }

  func feed(_ json: String) throws -> FeedEntry { try FeedEntry.decode(Data(json.utf8)) }

  /// A sender whose children have the given ids and type values and `items` children each.
  func sender(_ children: [(id: String, type: String, items: Int)]) -> FeedEntry {
    FeedEntry(
      id: "sender",
      entries: children.map { child in
        FeedEntry(
          id: child.id, title: child.id, typeValue: child.type, contentSource: "https://feeds/\(child.id)",
          entries: (0..<child.items).map { FeedEntry(id: "\(child.id)-\($0)", typeValue: "video") })
      })
  }

  let bundle = BundleIndex(
    formatVersion: 1, app: "Test", zlcVersion: "test", devices: Device.defaults,
    screens: [
      .init(id: "show", name: nil, file: "screens/show.json", sha256: ""),
      .init(id: "season", name: nil, file: "screens/season.json", sha256: ""),
    ],
    screenTypes: [.init(key: "series", screen: "show")], contentTypes: [.init(key: "video", screen: "player")])

  // MARK: The seed's example

  func testSeedExampleCategoryToCarouselCollectionToGrid() throws {
    let sender = try feed(
      """
      {"id": "home-feed", "entry": [
        {"id": "cat", "title": "APCategory", "type": {"value": "APCategory"}, "content": {"src": "https://f/cat"}},
        {"id": "col", "title": "APCollection", "type": {"value": "APCollection"}, "content": {"src": "https://f/col"}}
      ]}
      """)
    let screen = try makeScreen([SectionSpec(type: "carousel", child: 0), SectionSpec(type: "grid", child: 1)])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone")
    XCTAssertEqual(result.sections.map(\.componentType), ["carousel", "grid"])
    XCTAssertEqual(result.sections.map(\.status), ["bound", "bound"])
    XCTAssertEqual(result.sections.map(\.childID), ["cat", "col"])
    XCTAssertEqual(result.sections.map(\.source), ["https://f/cat", "https://f/col"])
    XCTAssertEqual(result.sections.map(\.type), ["APCategory", "APCollection"])
    XCTAssertTrue(result.findings.isEmpty)
    XCTAssertTrue(result.unusedChildren.isEmpty)
  }

  // MARK: Counts

  func testMoreChildrenThanComponentsAreReportedAndNotShown() throws {
    let screen = try makeScreen([SectionSpec(type: "hero", child: 0), SectionSpec(type: "grid", child: 1)])
    let result = Mapper.map(
      screen: screen, sender: sender([("a", "feed", 1), ("b", "feed", 1), ("c", "feed", 1), ("d", "feed", 1)]),
      device: "phone")
    XCTAssertEqual(result.sections.map(\.childID), ["a", "b"])
    XCTAssertEqual(result.unusedChildren, [2, 3])
    XCTAssertEqual(result.findings.map(\.kind), ["unused-children"])
    XCTAssertEqual(result.findings[0], .unusedChildren(indices: [2, 3], titles: ["c", "d"], childCount: 4, taken: 2))
  }

  /// The children a screen does not take are named by their titles alone (`FeedChildren.title(at:)`),
  /// never read whole: a sender of a million entries costs a title for each, not an entry with its
  /// items, images and styles.
  func testUnusedChildrenAreNamedWithoutBeingReadWhole() throws {
    let screen = try makeScreen([SectionSpec(type: "hero", child: 0), SectionSpec(type: "grid", child: 1)])
    let children = FeedChildren(
      count: 5,
      read: { index in
        if index > 1 { XCTFail("child \(index) is read whole") }
        return FeedEntry(id: "c\(index)", typeValue: "feed")
      },
      title: { "T\($0)" })
    let result = Mapper.map(screen: screen, children: children, device: "phone")
    XCTAssertEqual(result.sections.map(\.childID), ["c0", "c1"])
    XCTAssertEqual(result.findings, [.unusedChildren(indices: [2, 3, 4], titles: ["T2", "T3", "T4"], childCount: 5, taken: 2)])
    // Without a reader of titles, a child's title is its entry's, else its id.
    let entries = FeedChildren([FeedEntry(id: "a"), FeedEntry(id: "b", title: "B"), FeedEntry()])
    XCTAssertEqual(entries.indices.map { entries.title(at: $0) }, ["a", "B", ""])
  }

  func testFewerChildrenLeaveComponentsEmpty() throws {
    let screen = try makeScreen([
      SectionSpec(type: "hero", child: 0), SectionSpec(type: "grid", child: 1), SectionSpec(type: "list", child: 2),
    ])
    let result = Mapper.map(screen: screen, sender: sender([("a", "feed", 3)]), device: "phone")
    XCTAssertEqual(result.sections.map(\.status), ["bound", "empty", "empty"])
    XCTAssertNil(result.sections[1].child)
    XCTAssertEqual(result.findings.map(\.kind), ["empty-component", "empty-component"])
    XCTAssertEqual(result.findings.map(\.section), [1, 2])
    XCTAssertEqual(result.findings.map(\.childPath), [[1], [2]])
  }

  func testEmptySenderLeavesEveryDataSectionEmpty() throws {
    let screen = try makeScreen([
      SectionSpec(type: "hero", child: 0), SectionSpec(type: "promo", binding: "none"), SectionSpec(type: "grid", child: 1),
    ])
    for sender in [nil, FeedEntry(id: "empty"), FeedEntry(id: "empty", entries: [])] {
      let result = Mapper.map(screen: screen, sender: sender, device: "phone")
      XCTAssertEqual(result.sections.map(\.status), ["empty", "none", "empty"])
      XCTAssertEqual(result.findings.map(\.kind), ["empty-component", "empty-component"])
      XCTAssertEqual(result.unusedChildren, [])
    }
  }

  // MARK: Groups

  func testGroupTakesOneChildAndHandsItsChildrenToItsComponents() throws {
    // Screen: hero (child 0), group [grid, list] (child 1, its children 0 and 1), list (child 2).
    let screen = try makeScreen([
      SectionSpec(type: "hero", child: 0),
      SectionSpec(type: "grid", child: 1, groupChild: 0, component: [1, 0]),
      SectionSpec(type: "list", child: 1, groupChild: 1, component: [1, 1]),
      SectionSpec(type: "list", child: 2, component: [2]),
    ])
    let sender = try feed(
      """
      {"entry": [
        {"id": "top", "type": {"value": "feed"}, "content": {"src": "s0"}},
        {"id": "group", "type": {"value": "feed"}, "entry": [
          {"id": "g0", "type": {"value": "feed"}, "content": {"src": "s10"}, "entry": [{"id": "x"}]},
          {"id": "g1", "type": {"value": "feed"}, "content": {"src": "s11"}}
        ]},
        {"id": "last", "type": {"value": "feed"}, "content": {"src": "s2"}}
      ]}
      """)
    let result = Mapper.map(screen: screen, sender: sender, device: "phone")
    XCTAssertEqual(result.sections.map(\.childID), ["top", "g0", "g1", "last"])
    XCTAssertEqual(result.sections.map(\.source), ["s0", "s10", "s11", "s2"])
    XCTAssertEqual(result.sections.map(\.groupChild), [nil, 0, 1, nil])
    XCTAssertEqual(result.sections[1].items, .init(before: 1, after: 1))
    XCTAssertTrue(result.findings.isEmpty, "\(result.findings)")
  }

  func testGroupChildMissingIsEmptyWithItsPath() throws {
    let screen = try makeScreen([
      SectionSpec(type: "grid", child: 0, groupChild: 0, component: [0, 0]),
      SectionSpec(type: "list", child: 0, groupChild: 1, component: [0, 1]),
    ])
    let result = Mapper.map(screen: screen, sender: sender([("group", "feed", 1)]), device: "phone")
    XCTAssertEqual(result.sections.map(\.status), ["bound", "empty"])
    XCTAssertEqual(result.findings.map(\.childPath), [[0, 1]])
    XCTAssertEqual(result.unusedChildren, [], "the group consumed child 0")
  }

  /// A negative child or group child (a damaged bundle) is refused when the screen is read, with
  /// its path; a screen made in code with one maps the section as empty rather than trapping.
  func testANegativeChildIsRefusedOrEmpty() throws {
    for spec in [SectionSpec(type: "grid", child: -1), SectionSpec(type: "grid", child: 0, groupChild: -1, component: [0, 0])] {
      XCTAssertThrowsError(try makeScreen([spec])) { error in
        XCTAssertTrue("\(error)".contains("expected a whole number, 0 or more"), "\(error)")
        XCTAssertTrue("\(error)".contains(spec.groupChild == nil ? "data.child" : "data.group_child"), "\(error)")
      }
      var screen = try makeScreen([SectionSpec(type: "grid", child: 0, groupChild: spec.groupChild.map { _ in 0 })])
      screen.resolved.sections[0].data.child = spec.child
      screen.resolved.sections[0].data.groupChild = spec.groupChild
      let result = Mapper.map(screen: screen, sender: sender([("group", "feed", 2)]), device: "phone")
      XCTAssertEqual(result.sections.map(\.status), ["empty"])
    }
  }

  // MARK: Types

  func testIncompatibleChildIsMarkedAndReported() throws {
    let screen = try makeScreen([
      SectionSpec(type: "player_row", child: 0, accepts: ["APPLICASTER_COLLECTION"]),
      SectionSpec(type: "grid", child: 1, accepts: ["APPLICASTER_COLLECTION", "feed"]),
    ])
    let result = Mapper.map(screen: screen, sender: sender([("link", "link", 0), ("ok", "feed", 2)]), device: "phone")
    XCTAssertEqual(result.sections.map(\.status), ["incompatible", "bound"])
    XCTAssertEqual(result.findings.map(\.kind), ["incompatible-child"])
    XCTAssertEqual(result.findings[0].childPath, [0])
  }

  func testTypeFromURLParameterWinsOverTypeValue() throws {
    let sender = try feed(
      """
      {"entry": [{"id": "a", "type": {"value": "feed"},
        "content": {"src": "applicaster://fetchData?accountId=1&type=APPLICASTER_COLLECTION&id=9"}}]}
      """)
    let screen = try makeScreen([SectionSpec(type: "grid", child: 0, accepts: ["APPLICASTER_COLLECTION"])])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone")
    XCTAssertEqual(result.sections[0].type, "APPLICASTER_COLLECTION")
    XCTAssertEqual(result.sections[0].status, "bound")
  }

  func testSourceFromLinkHrefWhenContentHasNone() throws {
    let sender = try feed(
      """
      {"entry": [
        {"id": "a", "type": {"value": "feed"}, "link": {"href": "https://f/a"}},
        {"id": "b", "type": {"value": "feed"}, "content": {"src": ""}, "link": {"href": "https://f/b"}},
        {"id": "c", "type": {"value": "feed"}, "content": {"src": "https://f/c-content"}, "link": {"href": "https://f/c"}}
      ]}
      """)
    let screen = try makeScreen([
      SectionSpec(type: "grid", child: 0), SectionSpec(type: "grid", child: 1), SectionSpec(type: "grid", child: 2),
    ])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone")
    XCTAssertEqual(result.sections.map(\.source), ["https://f/a", "https://f/b", "https://f/c-content"])
  }

  // MARK: Limits

  func testItemLimitWithAndWithoutFillRowsOnPhoneAndTablet() throws {
    let specs = [
      SectionSpec(type: "grid", child: 0, itemLimit: 8),  // limit only
      SectionSpec(type: "grid", child: 1, itemLimit: 8, fillRows: true),  // limit, then whole rows
      SectionSpec(type: "grid", child: 2, fillRows: true),  // whole rows only
      SectionSpec(type: "grid", child: 3, itemLimit: 2, fillRows: true),  // fewer than a row: kept
    ]
    let s = sender([("a", "feed", 10), ("b", "feed", 10), ("c", "feed", 10), ("d", "feed", 10)])
    let phone = Mapper.map(screen: try makeScreen(specs), sender: s, device: "phone")  // 2 columns
    XCTAssertEqual(phone.sections.map(\.items?.before), [10, 10, 10, 10])
    XCTAssertEqual(phone.sections.map(\.items?.after), [8, 8, 10, 2])
    let tablet = Mapper.map(screen: try makeScreen(specs), sender: s, device: "tablet")  // 3 columns
    XCTAssertEqual(tablet.sections.map(\.items?.after), [8, 6, 9, 2])
  }

  func testChildWithoutInlineItemsHasNoCounts() throws {
    let screen = try makeScreen([SectionSpec(type: "grid", child: 0, itemLimit: 4)])
    let sender = FeedEntry(entries: [FeedEntry(id: "remote", contentSource: "https://f/remote")])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone")
    XCTAssertEqual(result.sections[0].status, "bound")
    XCTAssertEqual(result.sections[0].items, .init(before: nil, after: nil))
  }

  // MARK: Where a tap goes

  /// An item carrying a `ui_tag` opens the screen with that tag (after its `screen_type`, before
  /// `content_types`).
  func testUITagOpensTheTaggedScreen() throws {
    let sender = try feed(
      """
      {"entry": [
        {"id": "a", "type": {"value": "video"}, "ui_tag": "epg"},
        {"id": "b", "type": {"value": "video"}, "ui_tag": "epg", "screen_type": "series"},
        {"id": "c", "type": {"value": "video"}, "ui_tag": "nowhere"}
      ]}
      """)
    var tagged = bundle
    tagged.uiTags = [.init(key: "epg", screen: "guide")]
    XCTAssertEqual(tagged.screenID(forUITag: "epg"), "guide")
    let screen = try makeScreen([
      SectionSpec(type: "grid", child: 0), SectionSpec(type: "grid", child: 1), SectionSpec(type: "grid", child: 2),
    ])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: tagged)
    XCTAssertEqual(result.sections.map(\.opens), ["guide", "show", "player"])
  }

  /// A mapping's key is compared by its bytes, as clients in every language compare it: a
  /// `screen_type`, `ui_tag` or entry type in another Unicode form (`é` decomposed) opens nothing.
  func testMappingKeysAreComparedByTheirBytes() throws {
    let composed = "\u{E9}pisode"
    let decomposed = "e\u{301}pisode"
    XCTAssertEqual(composed, decomposed, "Swift's String == treats the two forms as one")
    var index = bundle
    index.screenTypes = [.init(key: composed, screen: "season")]
    index.contentTypes = [.init(key: composed, screen: "player")]
    index.uiTags = [.init(key: composed, screen: "guide")]
    index.fallbackScreens = [.init(key: composed, screen: "show")]
    XCTAssertEqual(index.screenID(forScreenType: composed), "season")
    XCTAssertNil(index.screenID(forScreenType: decomposed))
    XCTAssertEqual(index.screenID(forContentType: composed), "player")
    XCTAssertNil(index.screenID(forContentType: decomposed))
    XCTAssertEqual(index.screenID(forUITag: composed), "guide")
    XCTAssertNil(index.screenID(forUITag: decomposed))
    XCTAssertEqual(index.fallbackScreenID(forContentType: composed), "show")
    XCTAssertNil(index.fallbackScreenID(forContentType: decomposed))
    let sender = try feed(
      #"{"entry": [{"id": "a", "type": {"value": "feed"}, "screen_type": "\#(composed)"}, {"id": "b", "type": {"value": "feed"}, "screen_type": "\#(decomposed)"}]}"#
    )
    let screen = try makeScreen([SectionSpec(type: "grid", child: 0), SectionSpec(type: "grid", child: 1)])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: index)
    XCTAssertEqual(result.sections.map(\.opens), ["season", nil])
    XCTAssertEqual(result.findings.map(\.childPath), [[1]])
  }

  func testScreenTypeOpensTheMappedScreen() throws {
    let sender = try feed(
      """
      {"entry": [
        {"id": "a", "type": {"value": "feed"}, "screen_type": "series"},
        {"id": "b", "type": {"value": "feed"}, "screen_type": "season"},
        {"id": "c", "type": {"value": "feed"}, "screen_type": "nowhere"},
        {"id": "d", "type": {"value": "video"}},
        {"id": "e", "type": {"value": "feed"}}
      ]}
      """)
    let screen = try makeScreen([
      SectionSpec(type: "grid", child: 0), SectionSpec(type: "grid", child: 1), SectionSpec(type: "grid", child: 2),
      SectionSpec(type: "grid", child: 3), SectionSpec(type: "grid", child: 4, target: "season"),
    ])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: bundle)
    // Through screen_types; by screen id; unmapped; through content_types; the component's target.
    XCTAssertEqual(result.sections.map(\.opens), ["show", "season", nil, "player", "season"])
    XCTAssertEqual(result.findings.map(\.kind), ["unmapped-screen-type"])
    XCTAssertEqual(result.findings[0].childPath, [2])
  }

  // MARK: Root screens

  func testRootScreenMapsEachComponentToItsOwnSource() throws {
    let screen = try makeScreen(
      [
        SectionSpec(type: "hero", binding: "own", source: "3119", dataType: "APPLICASTER_COLLECTION"),
        SectionSpec(type: "promo", binding: "none"),
        SectionSpec(type: "grid", binding: "own", source: "https://f/g", dataType: "APPLICASTER_CATEGORY"),
      ], id: "home", connected: false)
    let result = Mapper.map(screen: screen, sender: sender([("ignored", "feed", 1)]), device: "tablet")
    XCTAssertEqual(result.sections.map(\.status), ["own", "none", "own"])
    XCTAssertEqual(result.sections.map(\.source), ["3119", nil, "https://f/g"])
    XCTAssertEqual(result.sections.map(\.type), ["APPLICASTER_COLLECTION", nil, "APPLICASTER_CATEGORY"])
    XCTAssertTrue(result.findings.isEmpty)
    XCTAssertEqual(result.unusedChildren, [], "a root screen takes no sender")
  }

  func testFeedIDsThatAreNumbers() throws {
    let sender = try feed(
      #"{"entry": [{"id": 42}, {"id": 4.5}, {"id": 1e300}, {"id": -7}, {"id": 1234567890123456}, {"id": 9007199254740993}, {"id": 1e2}, {"id": 1e18}]}"#
    )
    // A whole number Int holds as its digits (an integer literal exactly, past 2^53 too); another as a Double prints.
    XCTAssertEqual(
      sender.entries?.map(\.id), ["42", "4.5", "1e+300", "-7", "1234567890123456", "9007199254740993", "100", "1000000000000000000"])
  }
}

/// The data rules per size class in the runtime: a filter, then the limit, then placeholders to the
/// end of the last row; an item's element styles over the family's.
final class ItemProcessingTests: XCTestCase {
  func entry(_ id: String, _ type: String, style: JSON? = nil, elements: [JSON] = []) -> FeedEntry {
    FeedEntry(id: id, typeValue: type, entries: elements.isEmpty ? nil : elements.map { FeedEntry(style: $0) }, style: style)
  }

  func testFilterLimitAndPadOnASizeClass() {
    var s = ResolvedSection(
      section: 0, component: [0], componentType: "grid", family: nil, cellStyles: [], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .senderChild, child: 0), itemLimit: 4, layout: [])
    s.filterBySizeClass = [("L", ItemFilter(excludeTypes: ["video"]))]
    s.padRows = true
    let layout = SectionLayout(
      kind: .flow, columns: 3, item: ItemSize(width: 100, height: 100), insets: .zero, interItemSpacing: 0, lineSpacing: 0)
    let items = ["a", "v", "b", "c", "d", "e"].map { (entry: entry($0, $0 == "v" ? "video" : "article"), section: 0) }
    let onL = s.shownEntries(items, sizeClass: "L", layout: layout)
    XCTAssertEqual(
      onL.map { $0.placeholder ? "_" : $0.id! }, ["a", "b", "c", "d", "_", "_"], "v filtered, 4 by the limit, 2 to fill the row")
    XCTAssertEqual(onL.map { $0.index }, [0, 2, 3, 4, nil, nil])
    let onS = s.shownEntries(items, sizeClass: "S", layout: layout)
    XCTAssertEqual(onS.map { $0.placeholder ? "_" : $0.id! }, ["a", "v", "b", "c", "_", "_"])
  }

  func testAnItemsStylesGoOverTheFamilys() {
    var s = ResolvedSection(
      section: 0, component: [0], componentType: "grid", family: nil, cellStyles: ["CARD"], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .senderChild, child: 0), layout: [])
    s.cardStyle = CardStyle(backgroundColor: "#ffffff", cornerRadius: 4)
    s.geometry = SectionGeometry(
      kind: .flow, responsive: nil,
      styles: [StyleGeometry(style: "CARD", phoneColumns: 1, classes: [], elements: [ElementStyle(widthRatio: 0.5, widthHeightRatio: 2)])])
    let item = entry(
      "card", "card", style: .object([("backgroundColor", .string("#000"))]),
      elements: [.object([("display", .string("block")), ("margin", .array([.string("1"), .int(0), .int(0), .int(0)]))])])
    let shown = s.shownEntries([(item, 0)], sizeClass: nil, layout: nil)
    XCTAssertEqual(shown.first?.cardStyle, CardStyle(backgroundColor: "#000", cornerRadius: 4))
    XCTAssertEqual(
      shown.first?.elements,
      [ElementStyle(display: .block, widthRatio: 0.5, widthHeightRatio: 2, margin: Insets(top: 1, left: 0, bottom: 0, right: 0))])
  }

  /// A connected screen of `count` grids, each bound to child i and merging the next on L.
  func mergingScreen(count: Int, hiding hidden: Set<Int> = []) -> ResolvedScreen {
    let sections = (0..<count).map { i in
      var s = ResolvedSection(
        section: i, component: [i], componentType: "grid", family: nil, cellStyles: [], renderer: .init(layoutID: nil),
        data: DataBinding(binding: .senderChild, child: i), layout: [])
      s.mergeNextBySizeClass = ["L"]
      if hidden.contains(i) {
        s.sizeClassMapping = [MappedSizeClass(sizeClass: "L", replacement: .hide, geometry: nil)]
        s.drawn = [("tablet", DrawnSection(sizeClass: "L", componentType: "grid", cellStyles: [], hidden: true, layout: nil))]
      }
      return s
    }
    let resolution = Resolution(family: nil, connected: true, presentation: .push, launchMode: .standard, sections: sections)
    return ResolvedScreen(members: [("id", .string("show")), ("type", .string("general_content"))], resolved: resolution)
  }

  func sender(_ count: Int) -> FeedEntry {
    FeedEntry(id: "s", entries: (0..<count).map { FeedEntry(id: "c\($0)", entries: [FeedEntry(id: "i\($0)")]) })
  }

  let tablet = BundleIndex(
    app: nil, zlcVersion: "", devices: [Device(name: "tablet", deviceClass: .tablet, width: 1024, sizeClass: "L")], screens: [],
    screenTypes: [], contentTypes: [])

  /// Merges go one level (1 into 0, 3 into 2, …), in one pass: 20,000 merging sections map without
  /// a recursion as deep as the screen.
  func testMergesGoOneLevelOnALongScreen() {
    let result = Mapper.map(screen: mergingScreen(count: 20_000), sender: sender(20_000), device: "tablet", bundle: tablet)
    XCTAssertEqual(result.sections.prefix(4).map(\.status), [.bound, .merged, .bound, .merged])
    XCTAssertEqual(result.sections.prefix(4).map(\.mergedInto), [nil, 0, nil, 2])
    XCTAssertEqual(result.sections[0].entries?.compactMap(\.id), ["i0", "i1"])
    XCTAssertEqual(result.sections.filter { $0.status == .merged }.count, 10_000)
    // A merged section's child is still read, and none of its items is shown by the section itself.
    XCTAssertEqual(result.sections[1].items?.before, 1)
    XCTAssertEqual(result.sections[1].items?.after, 0)
    XCTAssertEqual(result.sections[0].items?.after, 2)
  }

  /// A merge of a child whose items load at run time (no inline `entry`) leaves the count
  /// unknown, as for a section of its own: the other child's inline items are not the shown ones.
  func testAMergeWithItemsThatLoadAtRunTimeLeavesTheCountUnknown() {
    for unloaded in [0, 1] {
      let children = (0..<2).map { i in FeedEntry(id: "c\(i)", entries: i == unloaded ? nil : [FeedEntry(id: "i\(i)")]) }
      let result = Mapper.map(
        screen: mergingScreen(count: 2), sender: FeedEntry(id: "s", entries: children), device: "tablet", bundle: tablet)
      XCTAssertEqual(result.sections.map(\.status), [.bound, .merged], "child \(unloaded) loads at run time")
      XCTAssertNil(result.sections[0].entries, "child \(unloaded) loads at run time")
      XCTAssertNil(result.sections[0].items?.before, "child \(unloaded) loads at run time")
      XCTAssertNil(result.sections[0].items?.after, "child \(unloaded) loads at run time")
    }
    let both = Mapper.map(screen: mergingScreen(count: 2), sender: sender(2), device: "tablet", bundle: tablet)
    XCTAssertEqual(both.sections[0].entries?.compactMap(\.id), ["i0", "i1"])
    XCTAssertEqual(both.sections[0].items?.before, 2)
  }

  /// A section hidden on the size class neither merges the next nor is merged: its data is not
  /// shown, and the next section draws its own.
  func testAHiddenSectionNeitherMergesNorIsMerged() {
    let first = Mapper.map(screen: mergingScreen(count: 3, hiding: [0]), sender: sender(3), device: "tablet", bundle: tablet)
    XCTAssertEqual(first.sections.map(\.status), [.hidden, .bound, .merged])
    XCTAssertEqual(first.sections[1].entries?.compactMap(\.id), ["i1", "i2"])
    let second = Mapper.map(screen: mergingScreen(count: 3, hiding: [1]), sender: sender(3), device: "tablet", bundle: tablet)
    XCTAssertEqual(second.sections.map(\.status), [.bound, .hidden, .bound])
    XCTAssertEqual(second.sections[0].entries?.compactMap(\.id), ["i0"])
  }

  /// An item's own style never passes the compiler's checks: values out of range, colours that
  /// are not colours and children without a style are left out, so frames stay finite.
  func testAnItemsStyleOutOfRangeIsLeftOut() {
    var s = ResolvedSection(
      section: 0, component: [0], componentType: "grid", family: nil, cellStyles: ["CARD"], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .senderChild, child: 0), layout: [])
    s.cardStyle = CardStyle(backgroundColor: "#ffffff", cornerRadius: 4)
    s.geometry = SectionGeometry(
      kind: .flow, responsive: nil,
      styles: [StyleGeometry(style: "CARD", phoneColumns: 1, classes: [], elements: [ElementStyle(widthRatio: 0.5, widthHeightRatio: 2)])])
    let odd = JSON.object([
      ("backgroundColor", .string("#12345")), ("cornerRadius", .int(-7)),
      ("margin", .array([.int(-5), .string("x"), .null, .int(1)])),
    ])
    let item = entry(
      "card", "card", style: odd,
      elements: [.object([("width_height_ratio", .int(0)), ("margin", .object([("tpo", .int(4))]))])])
    let layout = SectionLayout(
      kind: .flow, columns: 1, item: ItemSize(width: 320, height: 100), insets: .zero, interItemSpacing: 0, lineSpacing: 0)
    let shown = s.shownEntries([(item, 0)], sizeClass: nil, layout: layout)
    XCTAssertEqual(shown.first?.cardStyle, CardStyle(backgroundColor: "#ffffff", cornerRadius: 4))
    XCTAssertEqual(shown.first?.elements, [ElementStyle(widthRatio: 0.5, widthHeightRatio: 2)])
    XCTAssertEqual(shown.first?.frames?.first?.box.height, 80)
    // Spaces around a number are read as the compiler reads them.
    let spaced = entry("card", "card", style: .object([("cornerRadius", .string(" 8 "))]))
    XCTAssertEqual(s.shownEntries([(spaced, 0)], sizeClass: nil, layout: layout).first?.cardStyle?.cornerRadius, 8)
    // Children without a style add no elements beyond the family's.
    s.geometry?.styles[0].elements = []
    let plain = FeedEntry(id: "p", entries: [FeedEntry(id: "a"), FeedEntry(id: "b")])
    XCTAssertNil(s.shownEntries([(plain, 0)], sizeClass: nil, layout: layout).first?.elements)
  }

  /// Where a size class replaces the section, its items take the replacement's card style and
  /// elements, not the original cell's.
  func testAReplacedSizeClassDrawsTheReplacementsCards() {
    var s = ResolvedSection(
      section: 0, component: [0], componentType: "grid", family: nil, cellStyles: ["CARD"], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .senderChild, child: 0), layout: [])
    s.cardStyle = CardStyle(backgroundColor: "#ffffff")
    s.geometry = SectionGeometry(
      kind: .flow, responsive: nil,
      styles: [StyleGeometry(style: "CARD", phoneColumns: 1, classes: [], elements: [ElementStyle(widthRatio: 0.5, widthHeightRatio: 2)])])
    var replacement = MappedSizeClass(
      sizeClass: "L", replacement: .use(componentType: "grid", cellStyle: "TILE"),
      geometry: SectionGeometry(kind: .flow, responsive: nil, styles: [StyleGeometry(style: "TILE", phoneColumns: 1, classes: [])]))
    replacement.cardStyle = CardStyle(backgroundColor: "#000000", cornerRadius: 20)
    s.sizeClassMapping = [replacement]
    let item = entry("a", "article")
    let onL = s.shownEntries([(item, 0)], sizeClass: "L", layout: nil).first
    XCTAssertEqual(onL?.cardStyle, CardStyle(backgroundColor: "#000000", cornerRadius: 20))
    XCTAssertNil(onL?.elements)
    let onS = s.shownEntries([(item, 0)], sizeClass: "S", layout: nil).first
    XCTAssertEqual(onS?.cardStyle, CardStyle(backgroundColor: "#ffffff"))
    XCTAssertEqual(onS?.elements, [ElementStyle(widthRatio: 0.5, widthHeightRatio: 2)])
  }
}
