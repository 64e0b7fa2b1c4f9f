import Foundation
import XCTest

/// `zlc diff --html` in a laptop's window: the pages fit its width, every wireframe drawn whole.
extension DiffEndToEndTests {
  /// Two starter projects with a phone, a tablet and a TV: the tablet and TV grids at 5 columns
  /// in the base, 4 in the head, whose grid reads a feed of a long address without a space.
  func wideDiff() throws -> (base: URL, head: URL) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let tv: [String: (String) -> String] = [
      "zlc.json": {
        $0.replacingOccurrences(
          of: #"{ "name": "tablet", "class": "tablet", "width": 1024 }"#,
          with: #"{ "name": "tablet", "class": "tablet", "width": 1024 }, { "name": "tv", "class": "tablet", "width": 1920 }"#)
      }
    ]
    var base = tv
    base["families/STARTER.json"] = {
      $0.replacingOccurrences(of: #""type": "tablet", "columns": 4"#, with: #""type": "tablet", "columns": 5"#)
    }
    var head = tv
    let feed = "https://feeds.example.com/" + String(repeating: "x", count: 180)
    head["screens/home.json"] = { $0.replacingOccurrences(of: #""source": "shows""#, with: #""source": "\#(feed)""#) }
    return (try starter(dir.appendingPathComponent("base"), edit: base), try starter(dir.appendingPathComponent("head"), edit: head))
  }

  /// In a window 1,280 px wide no page scrolls sideways: a pair too wide side by side (the
  /// tablet's) is stacked, a wireframe wider than the window (the TV's) is drawn smaller, saying
  /// so, and a long value in the changes wraps; a pair that fits (the phone's) stays side by side.
  func testThePagesFitALaptopsWindow() throws {
    let (base, head) = try wideDiff()
    let out = base.deletingLastPathComponent().appendingPathComponent("diff")
    let r = try zlc(["diff", base.path, head.path, "--html", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    let measured = try measuredPages(out, arguments: ["--width", "1280"])
    XCTAssertEqual(Set(measured.keys), ["index.html", "home.html"])
    for (page, drawn) in measured {
      XCTAssertEqual(drawn["client_width"] as? Int, 1280, page)
      XCTAssertEqual(drawn["scroll_width"] as? Int, 1280, "\(page) scrolls sideways")
      XCTAssertEqual(drawn["errors"] as? [String], [], page)
    }
    let pairs = try XCTUnwrap(measured["home.html"]?["pairs"] as? [[String: Any]])
    XCTAssertEqual(pairs.map { $0["device"] as? String }, ["phone", "tablet", "tv"])
    var placed: [String] = []
    for pair in pairs {
      let sides = try ["before", "after"].map { side in
        let drawn = try XCTUnwrap(pair[side] as? [String: Any], side)
        let screen = try XCTUnwrap(drawn["screen"] as? [String: Double], "\(side) wireframe")
        let (x, w) = (screen["x"] ?? 0, screen["w"] ?? 0)
        XCTAssertGreaterThanOrEqual(x, 0)
        XCTAssertLessThanOrEqual(x + w, 1280, "the \(side) wireframe is inside the window")
        XCTAssertEqual((drawn["outlined"] as? [Any])?.count, 1, "the grid is outlined \(side)")
        return (x: Int(x), w: Int(w), title: drawn["title"] as? String ?? "")
      }
      placed.append(sides.map { "\($0.title) \($0.w) at \($0.x)" }.joined(separator: ", "))
    }
    XCTAssertEqual(
      placed,
      [
        "Before 375 at 24, After 375 at 427", "Before 1024 at 24, After 1024 at 24",
        "Before · shown at 64% 1232 at 24, After · shown at 64% 1232 at 24",
      ])
  }
}
