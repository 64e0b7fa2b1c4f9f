import Foundation
import XCTest

/// `zlc serve` rebuilds in memory, resolving again only what changed: after every save, whatever
/// it was, every served file is byte for byte the file a fresh `zlc build` of the same inputs
/// writes, and so, once written, is its output folder.
final class ServeIncrementalTests: XCTestCase {
  /// The files of a fresh `zlc build` of `project`, by path, without the output folder's marker.
  func freshBuild(_ project: URL, in dir: URL) throws -> [String: Data] {
    let out = dir.appendingPathComponent("fresh-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: out) }
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    return try snapshot(out).filter { $0.key != ".zlc-output" }
  }

  /// Every file of `expected` is served with its bytes; `bundle.json` names no other screen file.
  /// Waits first until `bundle.json` (which holds every screen file's hash) is `expected`'s: the
  /// event awaited may be a second build's of the save before.
  func assertServed(_ expected: [String: Data], port: Int, _ what: String, line: UInt = #line) throws {
    XCTAssertGreaterThan(expected.count, 3, line: line)
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, try HTTP.get(port: port, path: "/bundle.json").data != expected["bundle.json"] {
      Thread.sleep(forTimeInterval: 0.1)
    }
    for (path, data) in expected.sorted(by: { $0.key < $1.key }) {
      let reply = try HTTP.get(port: port, path: "/" + path)
      XCTAssertEqual(reply.status, 200, "\(what): \(path)", line: line)
      XCTAssertEqual(reply.data, data, "\(what): \(path) is served as zlc build writes it", line: line)
    }
    let index = try HTTP.get(port: port, path: "/bundle.json")
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: index.data) as? [String: Any], line: line)
    let files = try XCTUnwrap(object["screens"] as? [[String: Any]], line: line).compactMap { $0["file"] as? String }
    XCTAssertEqual(Set(files), Set(expected.keys.filter { $0.hasPrefix("screens/") }), what, line: line)
  }

  /// Waits until the output folder holds `expected` (it is written after the reload).
  func assertWritten(_ expected: [String: Data], to out: URL, _ what: String, line: UInt = #line) throws {
    let deadline = Date().addingTimeInterval(30)
    var found: [String: Data] = [:]
    while Date() < deadline {
      found = (try? snapshot(out).filter { $0.key != ".zlc-output" }) ?? [:]
      if found == expected { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    XCTAssertEqual(Set(found.keys), Set(expected.keys), what, line: line)
    XCTFail("\(what): the output folder does not hold what zlc build writes", line: line)
  }

  func testEveryRebuildServesWhatAFreshBuildWrites() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let out = dir.appendingPathComponent("out")
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--output", out.path])
    defer { server.stop() }
    let port = try server.port()
    var expected = try freshBuild(project, in: dir)
    try assertServed(expected, port: port, "the first build")
    try assertWritten(expected, to: out, "the first build")
    // The first build encodes every screen: its log keeps no others.
    let deadline = Date().addingTimeInterval(30)
    while !server.output.contains(" encoded"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    let first = server.output.split(separator: "\n").first { $0.hasPrefix("built ") }.map(String.init) ?? ""
    XCTAssertTrue(first.hasSuffix(" screen files encoded)"), server.output)
    XCTAssertFalse(first.contains("kept"), server.output)
    // The preview decodes the screens once; a rebuild carries those that did not change.
    XCTAssertFalse(try HTTP.get(port: port, path: "/preview/show.html").body.contains("A show"))

    let events = try EventStream(port: port)
    defer { events.close() }
    func save(_ file: String, _ change: (String) -> String) throws {
      let url = project.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      let changed = change(text)
      XCTAssertNotEqual(changed, text, "the edit changes \(file)")
      try changed.write(to: url, atomically: true, encoding: .utf8)
    }

    // One screen: it alone is resolved again.
    try save("screens/home.json") { $0.replacingOccurrences(of: #""item_limit": "5""#, with: #""item_limit": "3""#) }
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 30), events.received)
    expected = try freshBuild(project, in: dir)
    try assertServed(expected, port: port, "a screen edited")
    XCTAssertTrue(server.output.contains("(1 screen file encoded, the others kept)"), server.output)

    // A save that breaks the project: the last good build is still served, whole.
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    try save("screens/show.json") { $0.replacingOccurrences(of: #""id": "show""#, with: #""id": "show", "id""#) }
    XCTAssertTrue(try events.waitFor("\"ok\":false", seconds: 30), events.received)
    try assertServed(expected, port: port, "after a broken save")

    // The fix, and an edit of the same screen in the same save.
    try save("screens/show.json") { _ in show.replacingOccurrences(of: #""name": "Show""#, with: #""name": "A show""#) }
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 30), events.received)
    expected = try freshBuild(project, in: dir)
    try assertServed(expected, port: port, "the fix")
    let page = try HTTP.get(port: port, path: "/preview/show.html")
    XCTAssertEqual(page.status, 200)
    XCTAssertTrue(page.body.contains("A show"), "the preview shows the edited screen")

    // An input besides the screens (a device's width): every screen is resolved again.
    try save("zlc.json") { $0.replacingOccurrences(of: #""width": 375"#, with: #""width": 390"#) }
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 30), events.received)
    expected = try freshBuild(project, in: dir)
    try assertServed(expected, port: port, "a device changed")
    try assertWritten(expected, to: out, "a device changed")

    // A screen's name: its file and its entry in bundle.json.
    try save("screens/browse.json") { $0.replacingOccurrences(of: #""name": "Kids""#, with: #""name": "Children""#) }
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 30), events.received)
    expected = try freshBuild(project, in: dir)
    try assertServed(expected, port: port, "a name changed")
    try assertWritten(expected, to: out, "a name changed")
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// Saves that come faster than builds: none is lost, and the last one ends in a build of the
  /// files as they are after it.
  func testTheLastOfQuickSavesIsServed() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--output", dir.appendingPathComponent("out").path])
    defer { server.stop() }
    let port = try server.port()
    let home = project.appendingPathComponent("screens/home.json")
    let original = try String(contentsOf: home, encoding: .utf8)
    XCTAssertTrue(original.contains(#""item_limit": "5""#))
    for limit in 1...6 {
      // Written in place (truncated, then written), as some editors save, and atomically.
      let text = original.replacingOccurrences(of: #""item_limit": "5""#, with: "\"item_limit\": \"\(limit)\"")
      try text.write(to: home, atomically: limit % 2 == 0, encoding: .utf8)
    }
    let expected = try freshBuild(project, in: dir)
    let deadline = Date().addingTimeInterval(30)
    var served = Data()
    while Date() < deadline {
      served = try HTTP.get(port: port, path: "/screens/home.json").data
      if served == expected["screens/home.json"] { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    XCTAssertEqual(served, expected["screens/home.json"], "the last save is served: \(server.output)")
    try assertServed(expected, port: port, "after quick saves")
    XCTAssertEqual(try server.terminate().status, 0)
  }
}
