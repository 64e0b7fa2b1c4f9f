import Foundation
import XCTest

/// `zlc check`'s `fleet:` line, which says what the clients in the field draw.
final class FleetLineTests: XCTestCase {
  /// A screens file that cannot be read (a broken link) may hold screens a client cannot draw:
  /// the line says it is not worked out instead of "draws every screen"; read, it is shown.
  func testTheLineIsNotWorkedOutWhileAnInputFileCannotBeRead() throws {
    let project = try copyDemo(to: temporary().appendingPathComponent("app"))
    let read = try zlc(["check", project.path])
    XCTAssertEqual(read.status, 0, read.err)
    XCTAssertTrue(read.err.contains("fleet: ios: 1 client version (installs not given): 20.0.0..<21.0.0 draws every screen\n"), read.err)
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("screens/more.json").path, withDestinationPath: "nowhere.json")
    let unread = try zlc(["check", project.path])
    XCTAssertEqual(unread.status, 74, unread.err)
    XCTAssertTrue(unread.err.contains("[ZL0100]"), unread.err)
    XCTAssertTrue(unread.err.hasSuffix("\nfleet: not worked out, as some input files could not be read or parsed\n"), unread.err)
    XCTAssertFalse(unread.err.contains("draws every screen"), unread.err)
  }

  /// A registry that is not UTF-8 is read with U+FFFD in a renderer's name: what its clients
  /// draw is not worked out either.
  func testTheLineIsNotWorkedOutWhileARegistryIsNotUTF8() throws {
    let project = try copyDemo(to: temporary().appendingPathComponent("app"))
    let registry = project.appendingPathComponent("registries/ios.json")
    let text = try Data(contentsOf: registry)
    let at = try XCTUnwrap(text.range(of: Data(#""hero""#.utf8)))
    try (text[..<at.lowerBound] + Data([0x22, 0x68, 0xE9, 0x22, 0x2C, 0x20]) + text[at.lowerBound...]).write(to: registry)
    let result = try zlc(["check", project.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertTrue(result.err.contains("error: invalid UTF-8 sequence [ZL0106]"), result.err)
    XCTAssertTrue(result.err.hasSuffix("\nfleet: not worked out, as some input files could not be read or parsed\n"), result.err)
    XCTAssertFalse(result.err.contains("draws every screen"), result.err)
  }

  /// A platform of many registries without shares of installs: the first eight versions are named,
  /// the others counted by what they draw, on one line however many there are.
  func testManyVersionsAreNamedUpToEightThenCounted() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    let registry = try String(contentsOf: project.appendingPathComponent("registries/ios.json"), encoding: .utf8)
    // Twelve builds: the last three lack the hero's component type, so they cannot draw every screen.
    for major in 20..<32 {
      var text = registry.replacingOccurrences(of: "20.0.0..<21.0.0", with: "\(major).0.0..<\(major + 1).0.0")
      if major >= 29 { text = text.replacingOccurrences(of: #""hero", "#, with: "") }
      try text.write(to: project.appendingPathComponent("registries/ios-\(major).json"), atomically: true, encoding: .utf8)
    }
    try FileManager.default.removeItem(at: project.appendingPathComponent("registries/ios.json"))
    let r = try zlc(["check", project.path])
    let fleet = r.err.split(separator: "\n").filter { $0.hasPrefix("fleet: ") }
    let named = (20..<28).map { "\($0).0.0..<\($0 + 1).0.0 draws every screen" }.joined(separator: ", ")
    XCTAssertEqual(
      fleet,
      ["fleet: ios: 12 client versions (installs not given): \(named), and 4 more (1 draws every screen, 3 cannot draw every screen)"],
      r.err)
  }

  /// With an error (a grid's cell style its family lacks), the line tells of screens still to
  /// change and says so; once it is fixed, the line is the same without the words. A client that
  /// cannot render a screen (ZL0313) is the line's own finding, not such an error: see above.
  func testTheLineIsProvisionalWhileTheCheckFindsErrors() throws {
    let project = try copyDemo(to: temporary().appendingPathComponent("app"))
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    let line = "fleet: ios: 1 client version (installs not given): 20.0.0..<21.0.0 draws every screen"
    try text.replacingOccurrences(of: #""GRID_1""#, with: #""GRID_9""#).write(to: home, atomically: true, encoding: .utf8)
    let broken = try zlc(["check", project.path])
    XCTAssertEqual(broken.status, 1, broken.err)
    XCTAssertTrue(broken.err.contains("[ZL0304]"), broken.err)
    XCTAssertTrue(broken.err.hasSuffix("\n\(line) (until the errors above are fixed)\n"), broken.err)
    try text.write(to: home, atomically: true, encoding: .utf8)
    let fixed = try zlc(["check", project.path])
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertTrue(fixed.err.hasPrefix("\(line)\n"), fixed.err)
  }
}
