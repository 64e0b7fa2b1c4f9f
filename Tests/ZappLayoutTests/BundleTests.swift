import Foundation
import XCTest

@testable import ZappLayout

/// Loading a bundle with the runtime's one call.
final class BundleTests: XCTestCase {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden/demo-bundle")

  func copyOfGolden() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-bundle-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: Self.golden, to: dir)
    return dir
  }

  func rewriteIndex(_ dir: URL, _ change: (inout [String: Any]) -> Void) throws {
    let url = dir.appendingPathComponent("bundle.json")
    var index = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    change(&index)
    try JSONSerialization.data(withJSONObject: index).write(to: url)
  }

  func testLoadsTheDemoBundle() throws {
    let bundle = try ScreenBundle.load(from: Self.golden)
    XCTAssertEqual(bundle.screens.count, bundle.index.screens.count)
    XCTAssertEqual(bundle.screens.filter { $0.home == true }.map(\.id), ["home"])
    let show = try XCTUnwrap(bundle.screen(id: "show"))
    XCTAssertTrue(show.resolved.connected)
    XCTAssertEqual(show.resolved.sections.first?.data.binding, "sender_child")
  }

  func testRefusesAnotherFormatVersion() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    try rewriteIndex(dir) { $0["format_version"] = 2 }
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .unsupportedFormatVersion(2))
    }
  }

  func testRefusesScreenFilesOutsideTheBundle() throws {
    for path in ["../outside.json", "/etc/passwd", "screens//x.json"] {
      let dir = try copyOfGolden()
      defer { try? FileManager.default.removeItem(at: dir) }
      try rewriteIndex(dir) { index in
        var screens = index["screens"] as! [[String: Any]]
        screens[0]["file"] = path
        index["screens"] = screens
      }
      XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle(path))
      }
    }
  }
}
