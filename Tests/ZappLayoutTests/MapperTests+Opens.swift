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

  /// An item that is not playable and carries no `screen_type` opens the component's target
  /// before its type's `content_types` screen, as Quick Brick's cell tap does: the child and its
  /// items alike.
  func testANonPlayableItemOpensTheComponentTargetBeforeContentTypes() throws {
    let sender = try feed(
      """
      {"entry": [{"id": "shows", "type": {"value": "feed"}, "entry": [{"id": "s0", "type": {"value": "feed"}}]}]}
      """)
    var mapped = bundle
    mapped.contentTypes.append(.init(key: "feed", screen: "generic"))
    let screen = try makeScreen([SectionSpec(type: "grid", child: 0, target: "detail")])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: mapped)
    XCTAssertEqual(result.sections.map(\.opens), ["detail"])
    XCTAssertEqual(result.sections[0].entries?.map(\.opens), ["detail"])
    XCTAssertEqual(Mapper.destination(of: FeedEntry(typeValue: "feed"), in: mapped, target: "detail").screen, "detail")
    XCTAssertEqual(Mapper.destination(of: FeedEntry(typeValue: "feed"), in: mapped).screen, "generic", "no target")
  }

  /// A video is playable: the component's target does not take it, its `content_types` screen
  /// does, else the player screen (`fallback_screens`); a link opens the web view screen.
  func testAPlayableItemOpensItsTypesScreenElseThePlayerAndALinkTheWebView() throws {
    let sender = try feed(
      """
      {"entry": [
        {"id": "videos", "type": {"value": "feed"}, "entry": [{"id": "v0", "type": {"value": "video"}}]},
        {"id": "v1", "type": {"value": "video"}},
        {"id": "l0", "type": {"value": "link"}}
      ]}
      """)
    var fallbacks = bundle
    fallbacks.fallbackScreens = [.init(key: "video", screen: "qb-player"), .init(key: "link", screen: "web")]
    let screen = try makeScreen([
      SectionSpec(type: "grid", child: 0, target: "detail"), SectionSpec(type: "grid", child: 1, target: "detail"),
      SectionSpec(type: "grid", child: 2),
    ])
    let result = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: fallbacks)
    // content_types maps video: the target is passed over for it.
    XCTAssertEqual(result.sections.map(\.opens), ["detail", "player", "web"])
    XCTAssertEqual(result.sections[0].entries?.map(\.opens), ["player"])
    // Without that mapping, a video opens the player screen.
    fallbacks.contentTypes = []
    let unmapped = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: fallbacks)
    XCTAssertEqual(unmapped.sections.map(\.opens), ["detail", "qb-player", "web"])
    XCTAssertEqual(unmapped.sections[0].entries?.map(\.opens), ["qb-player"])
    XCTAssertEqual(Mapper.destination(of: FeedEntry(typeValue: "video"), in: fallbacks, target: "detail").screen, "qb-player")
    XCTAssertEqual(Mapper.destination(of: FeedEntry(typeValue: "link"), in: fallbacks).screen, "web")
    // Nothing maps videos: a video item opens nothing, not the target its child (a feed) opens.
    fallbacks.fallbackScreens = []
    let unopened = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: fallbacks)
    XCTAssertEqual(unopened.sections.map(\.opens), ["detail", nil, nil])
    XCTAssertEqual(unopened.sections[0].entries?.map(\.opens), [nil])
    XCTAssertTrue(Mapper.isPlayable(FeedEntry(typeValue: "video")))
    XCTAssertFalse(Mapper.isPlayable(FeedEntry(typeValue: "link")))
  }

  /// A channel, an audio and an HLS stream (`content.type` `video/hls`, whatever its type) are
  /// playable, as Quick Brick's `isPlayable` says: the component's target does not take them, their
  /// `content_types` screen does, and no player fallback (that is for `video`); an article still
  /// opens the target. An item that opens nothing of its own opens what its child opens without
  /// the target.
  func testChannelAudioAndHLSItemsArePlayableAndPassOverTheTarget() throws {
    let sender = try feed(
      """
      {"entry": [
        {"id": "live", "type": {"value": "feed"}, "entry": [
          {"id": "c0", "type": {"value": "channel"}},
          {"id": "a0", "type": {"value": "audio"}},
          {"id": "h0", "type": {"value": "movie"}, "content": {"src": "https://x/m.m3u8", "type": "video/hls"}},
          {"id": "r0", "type": {"value": "article"}}
        ]},
        {"id": "c1", "type": {"value": "channel"}},
        {"id": "h1", "type": {"value": "movie"}, "content": {"type": "video/hls"}}
      ]}
      """)
    var mapped = bundle
    mapped.contentTypes = [.init(key: "channel", screen: "live-player"), .init(key: "movie", screen: "movie-detail")]
    mapped.fallbackScreens = [.init(key: "video", screen: "qb-player")]
    let screen = try makeScreen((0..<3).map { SectionSpec(type: "grid", child: $0, target: "detail") })
    let result = Mapper.map(screen: screen, sender: sender, device: "phone", bundle: mapped)
    XCTAssertEqual(result.sections.map(\.opens), ["detail", "live-player", "movie-detail"])
    XCTAssertEqual(result.sections[0].entries?.map(\.opens), ["live-player", nil, "movie-detail", "detail"])
    // Without content_types, a playable entry other than a video opens nothing: no fallback.
    mapped.contentTypes = []
    for entry in [FeedEntry(typeValue: "channel"), FeedEntry(typeValue: "audio"), FeedEntry(typeValue: "movie", contentType: "video/hls")] {
      XCTAssertNil(Mapper.destination(of: entry, in: mapped, target: "detail").screen, "\(entry)")
    }
    XCTAssertEqual(Mapper.destination(of: FeedEntry(typeValue: "article"), in: mapped, target: "detail").screen, "detail")
    XCTAssertEqual(Mapper.destination(of: FeedEntry(contentType: "video/mp4"), in: mapped, target: "detail").screen, "detail")
    XCTAssertTrue(Mapper.isPlayable(FeedEntry(typeValue: "audio")))
    XCTAssertTrue(Mapper.isPlayable(FeedEntry(contentType: "video/hls")))
    XCTAssertFalse(Mapper.isPlayable(FeedEntry(typeValue: "article", contentType: "text/html")))
  }
}
