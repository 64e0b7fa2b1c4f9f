import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A manifest delivered in the build pipeline's `plugin_configurations` shape was accepted by Zapp
/// when it was published, and the pipeline keeps only some of its keys: `zappifest publish`'s
/// mandatory keys and whitelist (ZL0601, ZL0602) hold a manifest written for publishing only.
final class DeliveredManifestTests: XCTestCase {
  /// A published player manifest as the pipeline delivers it: no `identifier`, `min_zapp_sdk` or
  /// `ui_builder_support`, and the pipeline's own `react_packages`.
  private static let delivered = """
    {"author_name": "a", "author_email": "a@b.c", "manifest_version": "0.1.0", "name": "P", "description": "",
     "type": "player", "platform": "android", "react_packages": ["p"]}
    """

  private func check(_ files: [String: String]) throws -> (String, [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  func testADeliveredManifestIsNotHeldToPublishingsKeys() throws {
    let configurations = #"[{"plugin": \#(Self.delivered), "configuration_json": {"token": "t"}}]"#
    let (_, found) = try check(["components/plugin_configurations.json": configurations])
    XCTAssertEqual(found.filter { $0.rule.code.hasPrefix("ZL060") }.map { "\($0.rule.code) \($0.message)" }, [])
  }

  /// A near miss of a key publishing permits is a typo, delivered or not.
  func testADeliveredManifestsNearMissIsReported() throws {
    let typo = Self.delivered.replacingOccurrences(of: #""platform""#, with: #""platfrom""#)
    let configurations = #"[{"plugin": \#(typo), "configuration_json": {}}]"#
    let (dir, found) = try check(["components/plugin_configurations.json": configurations])
    assertDiagnostics(
      found.filter { $0.rule.code.hasPrefix("ZL060") }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0602", file: "components/plugin_configurations.json", line: 2, column: 20,
          message: "Manifest contains unpermitted key 'platfrom'", fixIt: #""platform""#)
      ])
  }

  func testTheSameManifestWrittenForPublishingIs() throws {
    let (dir, found) = try check(["components/player.json": Self.delivered])
    assertDiagnostics(
      found.filter { $0.rule.code.hasPrefix("ZL060") }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0601", file: "components/player.json", line: 1, column: 1,
          message: "Manifest missing mandatory keys: [identifier, min_zapp_sdk, ui_builder_support]"),
        DiagnosticSpec(
          code: "ZL0602", file: "components/player.json", line: 2, column: 43,
          message: "Manifest contains unpermitted key 'react_packages'"),
      ])
  }

  /// The pipeline's own sample, as an Android app receives it, checks without those findings.
  func testTheRealPluginConfigurationsChecksWithoutPublishingsFindings() throws {
    let sample = sharedFolder.appendingPathComponent("zapp-samples/android-fixture-plugin_configurations.json")
    let (_, found) = try check(["components/plugin_configurations.json": try String(contentsOf: sample, encoding: .utf8)])
    let inSample = found.filter { $0.location?.file.hasSuffix("plugin_configurations.json") == true }
    XCTAssertEqual(inSample.map { "\($0.code) \($0.message)" }, [])
  }
}
