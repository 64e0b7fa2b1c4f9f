import Foundation
import XCTest

/// A project of one screen needs no `home` flag (ZL0405): its bundle marks that screen home, so
/// a client (and `zlc verify`) finds the screen it opens first.
final class SoleScreenHomeTests: XCTestCase {
  func project(in dir: URL, screens: String) throws -> URL {
    let project = dir.appendingPathComponent("p")
    let url = project.appendingPathComponent("screens/app.json")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try screens.write(to: url, atomically: true, encoding: .utf8)
    return project
  }

  func screen(_ id: String, home: String?) -> String {
    """
    {"id": "\(id)", "type": "general_content", \(home.map { "\"home\": \($0), " } ?? "")"styles": {"family": "FAMILY_1"}, "ui_components": [
      {"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["LIST_1"]}}]}
    """
  }

  /// The `home` the bundle's screen file `id` holds (absent: nil).
  func writtenHome(_ out: URL, _ id: String) throws -> Any? {
    let data = try Data(contentsOf: out.appendingPathComponent("screens/\(id).json"))
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    return object["home"]
  }

  func testTheOneScreenOfAProjectIsWrittenHomeWhateverItsFlagSays() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (i, flag) in [nil, "false", "null", "\"false\""].enumerated() {
      let project = try project(in: dir.appendingPathComponent("\(i)"), screens: "[\(screen("start", home: flag))]")
      let out = dir.appendingPathComponent("\(i)/out")
      let build = try zlc(["build", project.path, "-o", out.path])
      XCTAssertEqual(build.status, 0, build.err)
      XCTAssertEqual(try writtenHome(out, "start") as? Bool, true, "home: \(flag ?? "absent")")
      let verify = try zlc(["verify", out.path])
      XCTAssertEqual(verify.status, 0, "home: \(flag ?? "absent"): \(verify.err)")
      XCTAssertTrue(verify.err.hasSuffix(": ok, 1 screen loads\n"), verify.err)
      // The expanded form says the same.
      let expanded = dir.appendingPathComponent("\(i)/expanded")
      XCTAssertEqual(try zlc(["build", project.path, "-o", expanded.path, "--expanded"]).status, 0)
      XCTAssertEqual(try writtenHome(expanded, "start") as? Bool, true, "home: \(flag ?? "absent")")
    }
  }

  func testOfTwoScreensOnlyTheMarkedOneIsHome() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try project(
      in: dir, screens: "[\(screen("start", home: "true")), \(screen("other", home: nil)), \(screen("third", home: "false"))]")
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(build.status, 0, build.err)
    XCTAssertEqual(try writtenHome(out, "start") as? Bool, true)
    XCTAssertNil(try writtenHome(out, "other"), "a screen writes no flag it did not have")
    XCTAssertEqual(try writtenHome(out, "third") as? Bool, false)
    XCTAssertEqual(try zlc(["verify", out.path]).status, 0)
  }

  /// The one screen, connected, is no home a client can open: nothing opens it with data (ZL0407
  /// at its `connected`), and nothing is written.
  func testTheOneScreenConnectedIsAnError() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let screens = """
      [{"id": "start", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "list", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["LIST_1"]}}]}]
      """
    let project = try project(in: dir, screens: screens)
    let r = try zlc(["check", project.path, "--format", "json"])
    XCTAssertEqual(r.status, 1, r.err)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let found = (object["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "ZL0407" }
    XCTAssertEqual(found.count, 1, r.out)
    XCTAssertEqual(
      found.first?["message"] as? String,
      "the only screen 'start', the app's home, is a connected screen; nothing opens it, so it has no sender")
    XCTAssertEqual([found.first?["line"] as? Int, found.first?["column"] as? Int], [1, 67])
    let out = dir.appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
  }
}
