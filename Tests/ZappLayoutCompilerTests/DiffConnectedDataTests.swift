import Foundation
import XCTest
import ZappLayout

@testable import ZappLayoutCompiler

/// `zlc diff` of a component's `data` source and type when its screen turns connected or root.
extension DiffTests {
  /// The extra screens with `movies` connected: the screen binds the sender's children, and its
  /// grid writes a data type but no source.
  static let connectedMovies = extraScreens.replacingOccurrences(
    of: #""id": "movies", "name": "Movies", "type": "general_content","#,
    with: #""id": "movies", "name": "Movies", "type": "general_content", "data": { "connected": true, "parent": "home" },"#
  ).replacingOccurrences(
    of: #""data": { "source": "movies", "type": "APPLICASTER_COLLECTION", "target": "show" }"#,
    with: #""data": { "type": "APPLICASTER_COLLECTION", "target": "show" }"#)

  /// A screen that turns connected or root changes its components' data once, as their binding:
  /// the section that binds its own data holds the source and type written beside it, so they are
  /// no component key change too (text and JSON output, both ways).
  func testARootScreenTurningConnectedChangesItsComponentsDataOnce() throws {
    XCTAssertNotEqual(Self.connectedMovies, Self.extraScreens)
    let root = try project()
    let connected = try project { path, text in path == "screens/more.json" ? Self.connectedMovies : text }
    for (base, head) in [(root, connected), (connected, root)] {
      let diff = try report(base, head)
      // The screen's own `data` (connected) changes too; its components' data, once.
      let changes = diff.changes.filter { $0.field == "data" && $0.kind != .screenChanged }
      let lines = changes.map { DiffWording.line($0).text }
      XCTAssertEqual(changes.map(\.kind), [.binding], "\(lines)")
      XCTAssertTrue(lines.first?.contains("'movies-grid'") ?? false, "\(lines)")
      let json = try JSON.parse(Data(DiffPrinter(format: .json).render(diff).utf8))
      let kinds = (json["changes"]?.arrayValue ?? []).filter { $0["field"] == .string("data") }.map { $0["kind"] }
      XCTAssertEqual(kinds, [.string("screen_changed"), .string("binding")])
    }
  }
}
