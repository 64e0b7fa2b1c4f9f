import Foundation
import XCTest
import ZappLayout
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A registry's pre-release `client_version` (`20.0.0-beta.2`) is compared by SemVer precedence,
/// as clients compare it: older than its release. A platform whose every registered client
/// refuses the bundle says so in its fleet line.
final class PreReleaseClientTests: XCTestCase {
  /// The fleet project with the 19.x client written as `client`, on an iOS platform of that
  /// `min_zapp_sdk`.
  private func outcome(client: String, minSDK: String) throws -> CheckOutcome {
    var files = FleetTests.project(
      registries: [FleetTests.client20, FleetTests.client19.replacingOccurrences(of: "19.0.0..<20.0.0", with: client)])
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "\#(minSDK)"}}}"#
    files["screens/home.json"] = Marked(files["screens/home.json"]!).text
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir)
  }

  func testAPreReleaseOlderThanTheMinimumIsARetiredClient() throws {
    let outcome = try outcome(client: "20.0.0-beta.2", minSDK: "20.0.0")
    XCTAssertEqual(
      outcome.diagnostics.map(\.message),
      [
        "the ios client 20.0.0-beta.2 is older than the platform's min_zapp_sdk 20.0.0 and refuses its bundle: its registry is not checked"
      ])
    XCTAssertEqual(
      outcome.project.fleetSummary, ["ios: 2 client versions, 90% of installs draw every screen, 10% of installs refuse the bundle"])
  }

  /// A build tag (`+5`) is compared as the version it tags, as clients compare it.
  func testAVersionWithABuildTagIsCompared() throws {
    for client in ["19.5.0+5", "19.5.0-rc.1+exp.2"] {
      let outcome = try outcome(client: client, minSDK: "20.0.0")
      XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0327"], client)
    }
  }

  /// A SemVer pre-release of numbers (`20.0.0-01`, `19.5.0-1`) is compared as one too: older
  /// than its release, as clients compare it, not checked as the team's own text.
  func testANumericPreReleaseIsCompared() throws {
    for client in ["20.0.0-01", "19.5.0-1", "19.5.0-1.2+7"] {
      let outcome = try outcome(client: client, minSDK: "20.0.0")
      XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0327"], client)
    }
  }

  /// A version whose number no 64-bit integer holds is no version (ZL0203): it is not also
  /// compared as one, as older or newer than the platform's range (ZL0327).
  func testAVersionPastTheLargestNumberIsNotCompared() throws {
    let outcome = try outcome(client: "99999999999999999999.0.0", minSDK: "20.0.0")
    // Checked as the team's own text, as a version zlc does not compare is: it lacks the promo.
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0203", "ZL0313"])
  }

  /// A platform's `min_zapp_sdk` that is no version (ZL0603) bounds no client: none is said to
  /// be older than it.
  func testAMinimumThatIsNoVersionBoundsNoClient() throws {
    let outcome = try outcome(client: "19.0.0", minSDK: "20.x")
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0603" }.count, 1)
    XCTAssertFalse(outcome.diagnostics.contains { $0.message.contains("min_zapp_sdk 20.x") }, "\(outcome.diagnostics.map(\.message))")
  }

  func testAPreReleaseInsideTheRangeIsChecked() throws {
    // The 19.x client lacks the promo and applies no fallback there: checked, it is an error.
    let outcome = try outcome(client: "21.1.0-rc.1", minSDK: "20.0.0")
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0313"])
    XCTAssertTrue(outcome.diagnostics[0].message.contains("the ios client 21.1.0-rc.1"), outcome.diagnostics[0].message)
  }

  func testARangeDownToAPreReleaseOfItsLowerEndHoldsNoVersion() throws {
    let outcome = try outcome(client: "21.0.0..<20.0.0-beta.1", minSDK: "20.0.0")
    XCTAssertEqual(
      outcome.diagnostics.filter { $0.code == "ZL0203" }.map(\.message),
      ["client_version '21.0.0..<20.0.0-beta.1' holds no version: its lower end is not below its upper end"])
  }

  func testAPlatformWhoseEveryClientRefusesTheBundleSaysSo() throws {
    var files = FleetTests.project(registries: [FleetTests.client19])
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#
    files["screens/home.json"] = Marked(files["screens/home.json"]!).text
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.map(\.code), ["ZL0327"])
    XCTAssertEqual(
      outcome.project.fleetSummary,
      ["ios: 1 client version, none of which takes the bundle (each is outside the platform's Zapp SDK range)"])
  }
}
