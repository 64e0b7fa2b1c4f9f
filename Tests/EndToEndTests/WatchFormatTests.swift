import Foundation
import XCTest

/// `zlc build --watch` reports each build as it ends: a stream of JSON or SARIF documents is no
/// document a tool could read, so those formats are refused with it before anything is built.
final class WatchFormatTests: DemoCopyTestCase {
  func testWatchRefusesAFormatOfOneDocument() throws {
    for format in ["json", "sarif"] {
      let r = try zlc(["build", project.path, "-o", "out", "--watch", "--format", format], cwd: dir)
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertTrue(
        r.err.hasPrefix(
          "Error: --watch reports every build, which one \(format) document cannot hold: use --format text or github\nUsage: zlc build "
        ), r.err)
      XCTAssertEqual(r.out, "")
      XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "nothing built")
    }
  }
}
