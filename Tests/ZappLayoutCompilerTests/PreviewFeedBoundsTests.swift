import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// What a sender feed puts on a preview page is bounded and loads nothing the feed did not name:
/// a child of thousands of entries draws the first 1,000, and only web and `data:image/` images
/// are drawn.
final class PreviewFeedBoundsTests: XCTestCase {
  static let demo = repositoryRoot.appendingPathComponent("manifests").path

  /// The demo's project and its `show` feed, read as `zlc preview --feeds` reads it.
  func demoWithShowFeed() throws -> (Project, FeedEntry) {
    let outcome = Driver.check(Self.demo)
    XCTAssertEqual(outcome.status, .success)
    let read = Driver.readSenders(Self.demo + "/feeds", project: outcome.project)
    return (outcome.project, try XCTUnwrap(read.senders[ExactString("show")]))
  }

  /// `data-items` of section `section` on each device of a page.
  func items(of section: Int, in page: String) -> [String: String] {
    var out: [String: String] = [:]
    for block in page.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst() {
      let device = String(block.prefix { $0 != "\"" })
      guard let tag = block.components(separatedBy: "<section ").first(where: { $0.contains("data-section=\"\(section)\"") }),
        let start = tag.range(of: "data-items=\"")
      else { continue }
      out[device] = String(tag[start.upperBound...].prefix { $0 != "\"" })
    }
    return out
  }

  /// The show's seasons (section 1, a horizontal list without a limit) bound to a child of 1,500
  /// entries: each device draws the first 1,000 and the caption says so; 3 entries draw 3.
  func testABoundChildOfThousandsOfEntriesDrawsTheFirstThousand() throws {
    let (project, show) = try demoWithShowFeed()
    var many = show
    many.entries?[1].entries = (0..<1_500).map { FeedEntry(id: "s\($0)", title: "Season \($0)", typeValue: "feed") }
    let page = try XCTUnwrap(PreviewRenderer(project: project, senders: [ExactString("show"): many]).page(named: "show.html"))
    let devices = ["phone", "tablet-portrait", "tablet-landscape"]
    XCTAssertEqual(items(of: 1, in: page), Dictionary(uniqueKeysWithValues: devices.map { ($0, "1000") }))
    XCTAssertEqual(page.components(separatedBy: "1500 of 1500 items of ‘Seasons’, the first 1000 drawn").count - 1, 3)
    XCTAssertFalse(page.contains("Season 1000<"), "the 1,001st entry is not drawn")
    XCTAssertTrue(page.contains("<span class=\"t\">Season 999</span>"))
    let few = try XCTUnwrap(PreviewRenderer(project: project, senders: [ExactString("show"): show]).page(named: "show.html"))
    XCTAssertEqual(items(of: 1, in: few), Dictionary(uniqueKeysWithValues: devices.map { ($0, "3") }))
    XCTAssertTrue(few.contains("3 of 3 items of ‘Seasons’ ·"), "no note of a cut when all are drawn")
  }

  /// A child with neither a source to load nor items of its own (a live channel given as a
  /// child) draws no items, and the caption says why; with a source, the section's sample items
  /// are drawn and the caption names the source.
  func testAChildWithoutASourceOrItemsDrawsNone() throws {
    let (project, show) = try demoWithShowFeed()
    var live = show
    live.entries?[1] = FeedEntry(id: "live", title: "Live", typeValue: "channel", contentType: "video/hls")
    let page = try XCTUnwrap(PreviewRenderer(project: project, senders: [ExactString("show"): live]).page(named: "show.html"))
    XCTAssertEqual(Set(items(of: 1, in: page).values), ["0"])
    XCTAssertTrue(page.contains("the child has neither a source to load nor items of its own"))
    live.entries?[1].contentSource = "https://feeds.example/live"
    let loaded = try XCTUnwrap(PreviewRenderer(project: project, senders: [ExactString("show"): live]).page(named: "show.html"))
    XCTAssertFalse(Set(items(of: 1, in: loaded).values).contains("0"))
    XCTAssertTrue(loaded.contains("items load from https://feeds.example/live"))
  }

  /// An image is drawn from an absolute `http` or `https` URL or a `data:image/` one, as the URL
  /// parser reads it; any other scheme, a relative path or a network path is not.
  func testOnlyWebAndDataImagesAreDrawn() throws {
    let cases: [(String, String?)] = [
      ("https://img.example/a.jpg", "https://img.example/a.jpg"),
      (" \t HTTP://img.example/b.jpg\n", "HTTP://img.example/b.jpg"),
      ("ht\ttps://img.example/c.jpg", "https://img.example/c.jpg"),
      ("data:image/png;base64,AAAA", "data:image/png;base64,AAAA"),
      ("DATA:Image/gif;base64,R0lG", "DATA:Image/gif;base64,R0lG"),
      ("javascript:alert(1)", nil),
      ("java\nscript:alert(1)", nil),
      ("data:text/html,<script>alert(1)</script>", nil),
      ("file:///etc/passwd", nil),
      ("//evil.example/x.png", nil),
      (#"\\evil.example\share\x.png"#, nil),
      ("https:evil.example/x.png", nil),
      ("https://", nil),
      ("poster.jpg", nil),
      ("", nil),
    ]
    for (url, drawn) in cases { XCTAssertEqual(PreviewRenderer.drawnImage(url), drawn, url) }

    let (project, show) = try demoWithShowFeed()
    var feed = show
    let urls = ["https://img.example/kept.jpg", "javascript:alert(1)", "//evil.example/x.png", "file:///etc/passwd", "poster.jpg"]
    for (k, url) in urls.enumerated() { feed.entries?[2].entries?[k].imageURL = url }
    let page = try XCTUnwrap(PreviewRenderer(project: project, senders: [ExactString("show"): feed]).page(named: "show.html"))
    let sources = page.components(separatedBy: "<img alt=\"\" loading=\"lazy\" src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    // The extras grid draws its first 4 (whole rows of 2 or 3 of 6) on each of the 3 devices.
    XCTAssertFalse(sources.isEmpty)
    XCTAssertEqual(Set(sources), ["https://img.example/kept.jpg"])
    XCTAssertEqual(sources.count, 3, "the kept image once per device")
  }
}
