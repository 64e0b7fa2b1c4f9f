import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappResolution

/// The errors of `ScreenBundle.load(from:platform:)` name each file by its path in the output
/// folder (`tvos/screens/home.json`), the path a client fetches it by again, as `zlc verify` names it.
final class PlatformLoadErrorTests: XCTestCase {
  static let sha256: ScreenBundle.FileDigest = { Digest.sha256Hex(Array($0)) }

  /// The output of a project built for ios, android and tvos.
  func builtForThreePlatforms() throws -> URL {
    var files = PlatformTests.project(registry: PlatformTests.fullRegistry)
    files["screens/home.json"] = Marked(try XCTUnwrap(files["screens/home.json"])).text
    let dir = try makeProject(files)
    let outcome = Driver.build(dir, output: dir + "/out")
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    return URL(fileURLWithPath: dir + "/out")
  }

  func testAScreenFileOfAPlatformIsNamedInItsFolder() throws {
    let out = try builtForThreePlatforms()
    let home = out.appendingPathComponent("tvos/screens/home.json")
    try (try Data(contentsOf: home) + Data(" ".utf8)).write(to: home)
    let bundle = try ScreenBundle.load(from: out, platform: "tvos", verifyingWith: Self.sha256)
    XCTAssertThrowsError(try bundle.screen(id: "home")) { error in
      guard case .hashMismatch(let screen, let file, _, _) = error as? ScreenBundle.LoadError else { return XCTFail("\(error)") }
      XCTAssertEqual([screen, file], ["home", "tvos/screens/home.json"])
    }
    try Data("{".utf8).write(to: home)
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "tvos").screen(id: "home")) { error in
      guard case .invalidFile(let file, _) = error as? ScreenBundle.LoadError else { return XCTFail("\(error)") }
      XCTAssertEqual(file, "tvos/screens/home.json")
    }
    // The other platforms' bundles open as usual.
    XCTAssertEqual(try ScreenBundle.load(from: out, platform: "ios", verifyingWith: Self.sha256).screen(id: "home")?.id, "home")
  }

  func testAPlatformsMissingIndexIsNamedInItsFolder() throws {
    let out = try builtForThreePlatforms()
    try FileManager.default.removeItem(at: out.appendingPathComponent("tvos/bundle.json"))
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "tvos")) { error in
      guard case .invalidFile(let file, _) = error as? ScreenBundle.LoadError else { return XCTFail("\(error)") }
      XCTAssertEqual(file, "tvos/bundle.json")
    }
  }

  /// A `platforms.json` that is a link looping to itself is named, not taken for a folder without
  /// one (which named a `bundle.json` that was never there).
  func testAPlatformListThatLoopsIsNamed() throws {
    let out = try builtForThreePlatforms()
    let list = out.appendingPathComponent("platforms.json")
    try FileManager.default.removeItem(at: list)
    try FileManager.default.createSymbolicLink(atPath: list.path, withDestinationPath: "platforms.json")
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "tvos")) { error in
      let file: String? =
        switch error as? ScreenBundle.LoadError {
        case .invalidFile(let file, _)?, .fileOutsideBundle(let file)?: file
        default: nil
        }
      XCTAssertEqual(file, "platforms.json", "\(error)")
    }
  }
}
