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
}
