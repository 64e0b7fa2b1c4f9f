import Foundation
import XCTest

/// zlc's own output written into the project under a name near an input's (`-o familes`) is not
/// a misnamed input (ZL0122): the build after the first one writes it again, as the first did.
final class OwnOutputNameTests: XCTestCase {
  func testAnOutputNamedNearAnInputBuildsAgain() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    for name in ["familes", "screen"] {
      let output = project.appendingPathComponent(name).path
      for round in 1...2 {
        let r = try zlc(["build", project.path, "-o", output, "--warnings-as-errors"])
        XCTAssertEqual(r.status, 0, "\(name), build \(round): \(r.err)")
        XCTAssertFalse(r.err.contains("ZL0122"), "\(name), build \(round): \(r.err)")
      }
      try FileManager.default.removeItem(atPath: output)
    }
    // A folder of that name that is no output of zlc's is still reported.
    try FileManager.default.createDirectory(at: project.appendingPathComponent("familes"), withIntermediateDirectories: false)
    let check = try zlc(["check", project.path])
    XCTAssertEqual(check.status, 1, check.err)
    XCTAssertTrue(check.err.contains("'familes/' is not read"), check.err)
  }
}
