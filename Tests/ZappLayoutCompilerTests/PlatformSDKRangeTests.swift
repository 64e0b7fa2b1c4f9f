import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// The Zapp SDK range in each platform's `required_renderers` entry: `min_zapp_sdk` from `zlc.json`
/// and the plugins' manifests, `unsupported_since_zapp_sdk` from the manifests, read as ZL0611 reads them.
final class PlatformSDKRangeTests: XCTestCase {
  /// A manifest of `identifier` for `platform` with the given SDK versions (`extra`: more keys).
  static func manifest(_ identifier: String, platform: String, min: String, until: String? = nil, extra: String = "") -> String {
    let end = until.map { #", "unsupported_since_zapp_sdk": "\#($0)""# } ?? ""
    return PlatformTests.manifest(identifier, platform: platform, extra: end + extra).replacingOccurrences(
      of: #""min_zapp_sdk": "20.0.0""#, with: #""min_zapp_sdk": "\#(min)""#)
  }

  /// A home screen of a `banner` component and a `promo` component, used on every platform.
  static let home = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "banner"}, {"component_type": "promo"}]}]
    """

  /// The entries of each platform's bundle, built from `files`.
  func entries(_ files: [String: String], platforms: [String]) throws -> [String: PlatformRenderers] {
    let dir = try makeProject(files)
    let out = dir + "/out"
    let outcome = Driver.build(dir, output: out)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    var found: [String: PlatformRenderers] = [:]
    for platform in platforms {
      let index = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: platform).index
      found[platform] = try XCTUnwrap(index.requiredRenderers.first)
    }
    return found
  }

  /// With no minimum in `zlc.json`, a platform's entry takes the newest `min_zapp_sdk` of its
  /// plugins' manifests; with one, the newer of the two; and the oldest `unsupported_since_zapp_sdk`.
  func testTheEntryCarriesThePluginsSDKRange() throws {
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {"min_zapp_sdk": "20.0.0"}}}"#,
      "screens/home.json": Self.home,
      "components/banner/manifests/ios.json": Self.manifest("banner", platform: "ios", min: "12.0.0"),
      "components/banner/manifests/android.json": Self.manifest("banner", platform: "android", min: "10.0.0", until: "24.0"),
      "components/promo/manifests/ios.json": Self.manifest("promo", platform: "ios", min: "11.2", until: "25.0.0"),
      "components/promo/manifests/android.json": Self.manifest("promo", platform: "android", min: "10.0.0", until: "22.0.0"),
    ]
    let found = try entries(files, platforms: ["ios", "android"])
    XCTAssertEqual(found["ios"]?.minZappSDK, "12.0.0")
    XCTAssertEqual(found["ios"]?.unsupportedSinceZappSDK, "25.0.0")
    XCTAssertEqual(found["android"]?.minZappSDK, "20.0.0", "zlc.json's is newer")
    XCTAssertEqual(found["android"]?.unsupportedSinceZappSDK, "22.0.0")
    var index = BundleIndex.blank
    index.requiredRenderers = Array(found.values)
    XCTAssertFalse(index.supportsClient(on: "ios", zappSDK: "11.0.0"), "the client cannot run banner")
    XCTAssertTrue(index.supportsClient(on: "ios", zappSDK: "12.0.0"))
    XCTAssertTrue(index.supportsClient(on: "android", zappSDK: "21.0.0"))
    XCTAssertFalse(index.supportsClient(on: "android", zappSDK: "22.0.0"), "the client cannot draw promo")
  }

  /// As ZL0611: a manifest serving a platform only through `ui_frameworks` gives no versions of
  /// that platform's SDK, a plugin no screen uses gives none, and neither does a platform-free
  /// manifest where one names the platform.
  func testVersionsOfOtherSDKsAndUnusedPluginsAreLeftOut() throws {
    let files = [
      "zlc.json": #"{"platforms": {"ios_for_quickbrick": {}, "ios": {}}}"#,
      "screens/home.json": Self.home,
      "components/banner/manifests/ios.json": Self.manifest(
        "banner", platform: "ios", min: "20.0.0", until: "30.0.0", extra: #", "ui_frameworks": ["quickbrick"]"#),
      "components/promo/manifests/ios_for_quickbrick.json": Self.manifest("promo", platform: "ios_for_quickbrick", min: "5.0.0"),
      "components/promo/manifests/ios.json": Self.manifest("promo", platform: "ios", min: "14.0.0"),
      "components/unused/manifests/ios.json": Self.manifest("unused", platform: "ios", min: "40.0.0", until: "41.0.0"),
    ]
    let found = try entries(files, platforms: ["ios_for_quickbrick", "ios"])
    XCTAssertEqual(found["ios_for_quickbrick"]?.minZappSDK, "5.0.0")
    XCTAssertNil(found["ios_for_quickbrick"]?.unsupportedSinceZappSDK)
    XCTAssertEqual(found["ios"]?.minZappSDK, "20.0.0")
    XCTAssertEqual(found["ios"]?.unsupportedSinceZappSDK, "30.0.0")
  }

  /// Neither `zlc.json` nor a manifest of a used plugin gives a version (one that is no version,
  /// ZL0603's, gives none): the entry has neither key.
  func testNoVersionsLeaveBothKeysOut() throws {
    let project = try makeProject([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "screens/home.json": #"[{"id": "home", "type": "general_content", "home": true, "ui_components": [{"component_type": "banner"}]}]"#,
      "components/banner/manifests/ios.json": Self.manifest("banner", platform: "ios", min: "v30.0.0", until: "latest"),
      "components/unused/manifests/ios.json": Self.manifest("unused", platform: "ios", min: "40.0.0", until: "41.0.0"),
    ])
    let ranges = Driver.check(project).project.zappSDKRanges
    XCTAssertEqual(ranges, ["ios": ZappSDKRange()])
  }
}
