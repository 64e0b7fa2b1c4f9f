import Foundation
import XCTest

/// `zlc map`'s table pads its cells by the columns a terminal gives them: a CJK or fullwidth
/// character, or an emoji, takes two.
final class MapWideTextTests: XCTestCase {
  func testWideTitlesKeepTheColumnsAligned() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let feed = repositoryRoot.appendingPathComponent("manifests/feeds/show.json")
    var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: feed)) as? [String: Any])
    var entries = try XCTUnwrap(object["entry"] as? [[String: Any]])
    for (i, title) in ["日本語のタイトル", "🎬🍿 Movies", "Ｆｕｌｌ"].enumerated() where i < entries.count { entries[i]["title"] = title }
    object["entry"] = entries
    let sender = dir.appendingPathComponent("show.json")
    try JSONSerialization.data(withJSONObject: object).write(to: sender)
    let r = try zlc(["map", "show", "--project", "manifests", "--sender", sender.path])
    XCTAssertEqual(r.status, 0, r.err)
    let lines = r.out.split(separator: "\n").map(String.init)
    // The widest child is "0 日本語のタイトル", 18 columns; then two spaces before SOURCE.
    XCTAssertTrue(lines.contains { $0.contains("CHILD" + String(repeating: " ", count: 15) + "SOURCE") }, r.out)
    XCTAssertTrue(lines.contains { $0.contains("0 日本語のタイトル  applicaster:") }, r.out)
    XCTAssertTrue(lines.contains { $0.contains("1 🎬🍿 Movies" + String(repeating: " ", count: 7) + "applicaster:") }, r.out)
    XCTAssertTrue(lines.contains { $0.contains("2 Ｆｕｌｌ" + String(repeating: " ", count: 10) + "applicaster:") }, r.out)
  }
}
