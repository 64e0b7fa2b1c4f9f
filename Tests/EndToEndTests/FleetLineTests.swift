import Foundation
import XCTest

/// The `fleet:` line of a platform of many registries without shares of installs names the first
/// eight versions and counts the others by what they draw: one line, however many there are.
final class FleetLineTests: XCTestCase {
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
}
