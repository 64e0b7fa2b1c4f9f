import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin's `min_zapp_sdk` inside the range of client builds a registry lists, on a platform
/// whose oldest client `zlc.json` leaves out: the older builds refuse the bundle, so it is a
/// warning (ZL0623) at the version with a note at the registry, and the fleet line counts that
/// registry as one that cannot draw every screen.
final class PluginMinimumClientTests: XCTestCase {
  func outcome(min: String, client: String) throws -> (dir: String, outcome: CheckOutcome, registry: Marked) {
    let registry = Marked(#"{"platform": "ios", "client_version": ⟦⟧"\#(client)", "component_types": ["banner", "promo"]}"#)
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "screens/home.json": PlatformSDKRangeTests.home,
      "components/promo.json": PlatformSDKRangeTests.manifest("promo", platform: "ios", min: min),
      "components/banner.json": PlatformSDKRangeTests.manifest("banner", platform: "ios", min: "13.0.0"),
      "registries/ios.json": registry.text,
    ])
    return (dir, Driver.check(dir), registry)
  }

  func testAMinimumSomeRegisteredBuildsAreOlderThanWarns() throws {
    let (dir, outcome, registry) = try outcome(min: "20.5.0", client: "20.0.0..<21.0.0")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let manifest = try String(contentsOfFile: dir + "/components/promo.json", encoding: .utf8)
    let at = try XCTUnwrap(manifest.range(of: #""20.5.0""#))
    let before = manifest[..<at.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
    let found = outcome.diagnostics.filter { $0.code == "ZL0623" }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0623", file: "components/promo.json", line: before.count, column: before.last!.count + 1,
          message:
            "plugin 'promo' needs Zapp SDK 20.5.0 on 'ios', where the app has clients 20.0.0..<21.0.0: clients before 20.5.0 refuse the bundle",
          notes: ["its first use", "the clients a registry lists"])
      ])
    let note = try XCTUnwrap(found.first?.notes.last?.spot?.location)
    XCTAssertEqual([note.line, note.column], [registry.markers[0].line, registry.markers[0].column])
    XCTAssertEqual(outcome.project.fleetSummary, ["ios: 1 client version (installs not given): 20.0.0..<21.0.0 cannot draw every screen"])
  }

  /// Builds all at or past the minimum take the bundle; builds all older are ZL0327's.
  func testAMinimumNoRegisteredBuildIsOlderThanOrEveryOneIsIsNotWarnedHere() throws {
    for (client, fleet, retired) in [
      ("20.5.0..<21.0.0", "ios: 1 client version (installs not given): 20.5.0..<21.0.0 draws every screen", false),
      ("19.0.0..<20.0.0", "ios: 1 client version, none of which takes the bundle (each is outside the platform's Zapp SDK range)", true),
    ] {
      let (dir, outcome, _) = try outcome(min: "20.5.0", client: client)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0623" }.map(\.message), [], client)
      XCTAssertEqual(outcome.diagnostics.contains { $0.code == "ZL0327" }, retired, client)
      XCTAssertEqual(outcome.project.fleetSummary, [fleet], client)
    }
  }

  /// Builds older than the app's oldest client in `zlc.json` are ones the app no longer supports:
  /// a registry reaching below it still draws every screen, with no finding.
  func testBuildsBeforeTheAppsOwnOldestClientAreNotCounted() throws {
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#,
      "screens/home.json": PlatformSDKRangeTests.home,
      "components/promo.json": PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "13.0.0"),
      "components/banner.json": PlatformSDKRangeTests.manifest("banner", platform: "ios", min: "13.0.0"),
      "registries/ios.json": #"{"platform": "ios", "client_version": "19.0.0..<21.0.0", "component_types": ["banner", "promo"]}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.map(\.message), [])
    XCTAssertEqual(outcome.project.fleetSummary, ["ios: 1 client version (installs not given): 19.0.0..<21.0.0 draws every screen"])
  }
}
