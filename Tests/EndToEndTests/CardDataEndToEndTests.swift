import Foundation
import XCTest
import ZappLayout

/// Card styles and data per size class through the binary, on two fixtures: a page of four cards
/// whose background, corners and margin reach the bundle and whose feed items carry their own
/// element styles (Tests/Fixtures/cards), and a channel whose items are filtered, merged and padded
/// on a tablet (Tests/Fixtures/responsive-data).
final class CardDataEndToEndTests: XCTestCase {
  let cards = repositoryRoot.appendingPathComponent("Tests/Fixtures/cards")
  let channel = repositoryRoot.appendingPathComponent("Tests/Fixtures/responsive-data")

  func testTheCardPageBuildsWithItsCardStyles() throws {
    let out = temporary()
    defer { try? FileManager.default.removeItem(at: out) }
    let build = try zlc(["build", cards.path, "-o", out.path, "--expanded"])
    XCTAssertEqual(build.status, 0, build.out + build.err)
    let text = try String(contentsOf: out.appendingPathComponent("screens/page.json"), encoding: .utf8)
    let sections = try XCTUnwrap(JSON.parse(Data(text.utf8))["resolved"]?["sections"]?.arrayValue)
    XCTAssertEqual(
      sections[0]["card_style"],
      .object([
        ("background_color", .string("#ffffff")), ("corner_radius", .int(4)),
        ("margin", .object([("top", .int(0)), ("left", .int(0)), ("bottom", .int(10)), ("right", .int(0))])),
      ]), "the cell's background, with the component's corner radius and margin")
    XCTAssertEqual(sections[3]["card_style"], .object([("background_color", .string("#ffffff"))]))
    let bundle = try ScreenBundle.load(from: out)
    XCTAssertEqual(try bundle.screen(id: "page")?.resolved.sections[1].cardStyle, CardStyle(backgroundColor: "#ffffff"))
  }

  func testTheMapGivesEachItemItsOwnElementStyles() throws {
    let map = try zlc(["map", "page", "--project", cards.path, "--sender", cards.appendingPathComponent("feeds/page.json").path])
    XCTAssertEqual(map.status, 0, map.err)
    let lines = map.out.split(separator: "\n").map(String.init)
    // Card 3's item sets its own background; card 4's banners set the margins the family lacks.
    XCTAssertTrue(lines.contains("    card: background #fff8e1"), map.out)
    XCTAssertTrue(lines.contains("    card: background #ffffff, corner radius 4, margin 0 0 10 0"), map.out)
    XCTAssertTrue(lines.contains("    element 1: block width_height_ratio 2 margin 0 0 10 0 → 320 × 150 at 0, 160"), map.out)
    // Card 2 is `layout` 3 (one_and_n): its third banner is under the second, right of the picture.
    XCTAssertTrue(
      lines.contains("    element 2: inline width_ratio 0.5 width_height_ratio 2 margin 0.75 0.75 0 0 → 159.25 × 79.25 at 160.75, 80.75"),
      map.out)
    let json = try zlc([
      "map", "page", "--project", cards.path, "--sender", cards.appendingPathComponent("feeds/page.json").path, "--format", "json",
    ])
    let result = try JSON.parse(Data(json.out.utf8))
    let item = try XCTUnwrap(result["sections"]?.arrayValue?[3]["entries"]?.arrayValue?.first)
    XCTAssertEqual(item["card_style"], .object([("background_color", .string("#ffffff"))]))
    XCTAssertEqual(
      item["elements"]?.arrayValue?.first,
      .object([
        ("display", .string("block")), ("width_height_ratio", .int(2)),
        ("margin", .object([("top", .int(0)), ("left", .int(0)), ("bottom", .int(10)), ("right", .int(0))])),
        ("attributes", .object([("type", .int(1))])),
      ]), "the family element's own keys with the item's style over them")
  }

  func testATabletFiltersMergesAndPads() throws {
    let sender = channel.appendingPathComponent("feeds/channel.json").path
    let tablet = try zlc(["map", "channel", "--project", channel.path, "--sender", sender, "--device", "tablet"])
    XCTAssertEqual(tablet.status, 0, tablet.err)
    let lines = tablet.out.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    XCTAssertEqual(
      Array(lines.drop { !$0.hasPrefix("section 0 items") }),
      [
        "section 0 items:", "0 n0 N 0 article", "2 n2 N 2 article", "3 n3 N 3 article", "1:0 m0 M 0 article", "placeholder", "placeholder",
        "section 1 merged into section 0",
        "section 2 items:", "0 x0 X 0 clip", "1 x1 X 1 clip", "2 x2 X 2 clip", "3 x3 X 3 clip", "placeholder", "placeholder",
      ], tablet.out)
    XCTAssertTrue(lines.contains { $0.hasPrefix("0 grid [0] bound") && $0.hasSuffix("6 → 4 (+2) -") }, tablet.out)
    XCTAssertTrue(lines.contains { $0.hasPrefix("1 grid [1] merged") }, tablet.out)
    // On the phone (S) nothing is filtered or merged, and 4 and 2 items fill rows of 2.
    let phone = try zlc(["map", "channel", "--project", channel.path, "--sender", sender, "--device", "phone"])
    XCTAssertFalse(phone.out.contains("items:"), phone.out)
    XCTAssertFalse(phone.out.contains("merged"), phone.out)
  }

  func testTheBundleCarriesTheDataRules() throws {
    let out = temporary()
    defer { try? FileManager.default.removeItem(at: out) }
    XCTAssertEqual(try zlc(["build", channel.path, "-o", out.path]).status, 0)
    let new = try XCTUnwrap(ScreenBundle.load(from: out).screen(id: "channel")?.resolved.sections.first)
    XCTAssertEqual(new.filterBySizeClass.map(\.sizeClass), ["L"])
    XCTAssertEqual(new.filterBySizeClass.first?.filter, ItemFilter(excludeTypes: ["video"]))
    XCTAssertEqual(new.mergeNextBySizeClass, ["L"])
    XCTAssertTrue(new.padRows)
  }

  /// By window width, the runtime merges as the mapper does on a device of that width: on the
  /// 1,024 pt tablet (L) section 1 shows in section 0, on the phone (S) nothing merges; and a
  /// section a size class hides shows no items there.
  func testTheRuntimeMergesAndHidesByWindowWidth() throws {
    let out = temporary()
    defer { try? FileManager.default.removeItem(at: out) }
    XCTAssertEqual(try zlc(["build", channel.path, "-o", out.path]).status, 0)
    let bundle = try ScreenBundle.load(from: out)
    let screen = try XCTUnwrap(bundle.screen(id: "channel"))
    let classes = bundle.index.sizeClasses
    XCTAssertEqual(screen.mergedInto(forWidth: 1024, sizeClasses: classes), [nil, 0, nil])
    XCTAssertEqual(screen.mergedInto(forWidth: 375, sizeClasses: classes), [nil, nil, nil])
    XCTAssertEqual(
      screen.mergedInto(forWidth: 1024, sizeClasses: classes) { $0.section != 1 }, [nil, nil, nil],
      "a section without data is not merged")
    var hiding = try XCTUnwrap(screen.resolved.sections.first)
    hiding.sizeClassMapping = [MappedSizeClass(sizeClass: "L", replacement: .hide, geometry: nil)]
    let drawn = hiding.drawn(forWidth: 1024, sizeClasses: classes)
    XCTAssertTrue(drawn.hidden)
    let entry = FeedEntry(id: "a", typeValue: "article")
    XCTAssertEqual(hiding.shownEntries([(entry, 0)], sizeClass: drawn.sizeClass, layout: drawn.layout).count, 0)
    XCTAssertEqual(hiding.shownEntries([(entry, 0)], sizeClass: "S", layout: nil).count, 1)
  }

  /// The preview shows what the mapper gives: a merged section draws no items of its own.
  func testThePreviewShowsAMergedSectionAsMerged() throws {
    let out = temporary()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try zlc(["preview", channel.path, "-o", out.path, "--feeds", channel.appendingPathComponent("feeds").path])
    XCTAssertEqual(r.status, 0, r.err)
    let page = try String(contentsOf: out.appendingPathComponent("channel.html"), encoding: .utf8)
    XCTAssertTrue(page.contains("merged: its items are shown by section 0"), page)
    // On the tablet, section 0's fourth item is the next section's child's first, drawn with its
    // own title (it was drawn as its id, `m0`, without its image).
    let tablet = try XCTUnwrap(page.range(of: #"<div class="device" data-device="tablet""#)).upperBound
    let titles = page[tablet...].matches(of: /<span class="t">([^<]*)<\/span>/).prefix(4).map { String($0.1) }
    XCTAssertEqual(titles, ["N 0", "N 2", "N 3", "M 0"], page)
  }
}
