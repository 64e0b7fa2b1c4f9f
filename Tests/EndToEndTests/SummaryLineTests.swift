import Foundation
import XCTest

/// The line `zlc build` and `zlc preview` print after writing: counts in the singular where they
/// are one, and the preview's devices those of the bundle it draws.
final class SummaryLineTests: XCTestCase {
  /// A project of one screen whose one grid is drawn by a family of six TV columns.
  func project(in dir: URL, platforms: String) throws -> URL {
    let project = dir.appendingPathComponent("p")
    let files = [
      "zlc.json": #"{"platforms": \#(platforms)}"#,
      "families/TV.xml": """
      <Family name="TV"><Screens><Screen type="universal" insetLeft="40" insetRight="40" interItemSpacing="10"/></Screens>\
      <Components><GridComponent name="GRID" columns="6"><Cell name="TV_GRID" layoutId="g" aspectCellRatio="0.6667"/>\
      </GridComponent></Components></Family>
      """,
      "screens/home.json": """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "TV"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["TV_GRID"]}}]}]
      """,
    ]
    for (path, text) in files {
      let url = project.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return project
  }

  func testCountsOfOneAreSingularAndThePreviewCountsTheDevicesItDraws() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let television = try project(in: dir, platforms: #"{"tvos": {}}"#)
    let build = try zlc(["build", television.path, "-o", dir.appendingPathComponent("out").path])
    XCTAssertEqual(build.status, 0, build.err)
    XCTAssertTrue(build.err.hasSuffix(": 1 screen, 1 section, 1 device (0 errors, 0 warnings in 3 files)\n"), build.err)
    let preview = try zlc(["preview", television.path, "-o", dir.appendingPathComponent("pages").path])
    XCTAssertTrue(preview.err.hasSuffix("/index.html: 1 screen on 1 device\n"), preview.err)
    let index = try String(contentsOf: dir.appendingPathComponent("pages/index.html"), encoding: .utf8)
    XCTAssertTrue(index.contains("<p class=\"lede\">1 screen on 1 device · tv 1920"), index)
    let verify = try zlc(["verify", dir.appendingPathComponent("out").path])
    XCTAssertTrue(verify.err.hasSuffix(": ok, 1 screen loads\n"), verify.err)

    // An app of a phone and a TV platform is previewed as its first platform's bundle draws it:
    // on that bundle's three devices, not on the four the check lays out.
    let both = try project(in: dir.appendingPathComponent("both"), platforms: #"{"ios": {}, "tvos": {}}"#)
    let mixed = try zlc(["preview", both.path, "-o", dir.appendingPathComponent("both-pages").path])
    XCTAssertEqual(mixed.status, 0, mixed.err)
    XCTAssertTrue(mixed.err.contains("/index.html: 1 screen on 3 devices\n"), mixed.err)
  }

  /// The preview's summary counts the feeds it read with the project's files, as `zlc map` counts
  /// its sender: a warning in a feed is in one of them.
  func testThePreviewsSummaryCountsItsFeeds() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let television = try project(in: dir, platforms: #"{"tvos": {}}"#)
    let feeds = dir.appendingPathComponent("feeds")
    try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
    try #"{"id": "x", "titel": "x", "entry": []}"#.write(
      to: feeds.appendingPathComponent("nothing.json"), atomically: true, encoding: .utf8)
    let preview = try zlc(["preview", television.path, "-o", dir.appendingPathComponent("pages").path, "--feeds", feeds.path])
    XCTAssertEqual(preview.status, 1, preview.err)
    XCTAssertTrue(preview.err.hasSuffix("1 error, 1 warning in 4 files\nnot written: fix the errors above\n"), preview.err)
  }
}
