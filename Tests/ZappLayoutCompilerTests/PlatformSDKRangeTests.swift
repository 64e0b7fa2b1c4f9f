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
    // A plugin unsupported since a version newer than `zlc.json`'s minimum is ZL0623's warning.
    XCTAssertEqual(outcome.diagnostics.filter { $0.code != "ZL0623" }.map { "\($0.code) \($0.message)" }, [])
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
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "11.0.0"), false, "the client cannot run banner")
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "12.0.0"), true)
    XCTAssertEqual(index.supportsClient(on: "android", zappSDK: "21.0.0"), true)
    XCTAssertEqual(index.supportsClient(on: "android", zappSDK: "22.0.0"), false, "the client cannot draw promo")
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

  /// A navigation's plugin (`navigation_type`) and a nav item's (`type`, nested items too), and the
  /// data source provider an item's `data.type` names, run on the client as a component's do:
  /// their manifests' versions bound each platform's entry, and a client too old for them keeps the
  /// bundle it has.
  func testNavigationPluginsBoundTheEntry() throws {
    let home = """
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "banner"}],
        "navigations": [{"category": "menu", "navigation_type": "side_menu", "nav_items": [
          {"title": "A", "type": "nested_menu", "nav_items": [{"title": "B", "type": "mvpd_icon"}]},
          {"title": "C", "type": "applicaster_feed", "data": {"source": "https://cdn/p", "type": "jw_provider"}}]}]}]
      """
    /// A manifest of a navigation plugin: of type `menu` or `nav_item`.
    func navigation(_ identifier: String, _ type: String, platform: String, min: String, until: String? = nil) -> String {
      Self.manifest(identifier, platform: platform, min: min, until: until).replacingOccurrences(
        of: #""type": "ui_component""#, with: #""type": "\#(type)""#)
    }
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "screens/home.json": home,
      "components/banner/manifests/ios.json": Self.manifest("banner", platform: "ios", min: "10.0.0"),
      "components/banner/manifests/android.json": Self.manifest("banner", platform: "android", min: "10.0.0"),
      "components/menu/ios.json": navigation("side_menu", "menu", platform: "ios", min: "14.0.0"),
      "components/menu/android.json": navigation("side_menu", "menu", platform: "android", min: "11.0.0", until: "30.0.0"),
      "components/icon/ios.json": navigation("mvpd_icon", "nav_item", platform: "ios", min: "12.0.0", until: "28.0.0"),
      "components/icon/android.json": navigation("mvpd_icon", "nav_item", platform: "android", min: "13.0.0"),
      "components/dsp/ios.json": navigation("jw_provider", "data_source_provider", platform: "ios", min: "10.0.0", until: "27.0.0"),
      "components/dsp/android.json": navigation("jw_provider", "data_source_provider", platform: "android", min: "10.0.0"),
    ]
    let found = try entries(files, platforms: ["ios", "android"])
    XCTAssertEqual(found["ios"]?.minZappSDK, "14.0.0", "the menu's")
    XCTAssertEqual(found["ios"]?.unsupportedSinceZappSDK, "27.0.0", "the provider of an item's data")
    XCTAssertEqual(found["android"]?.minZappSDK, "13.0.0", "the nested item's")
    XCTAssertEqual(found["android"]?.unsupportedSinceZappSDK, "30.0.0", "the menu's")
    var index = BundleIndex.blank
    index.requiredRenderers = Array(found.values)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "13.0.0"), false, "the client cannot run the menu")
  }

  /// A navigation plugin the app's oldest client cannot run is ZL0611's, at its `navigation_type`.
  func testANavigationPluginTooNewForTheOldestClient() throws {
    let home = Marked(
      #"[{"id": "home", "type": "general_content", "home": true, "navigations": [{"category": "menu", "navigation_type": ⟦⟧"side_menu"}]}]"#
    )
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "12.0.0"}}}"#,
      "screens/home.json": home.text,
      "components/menu/ios.json": Self.manifest("side_menu", platform: "ios", min: "14.0.0").replacingOccurrences(
        of: #""type": "ui_component""#, with: #""type": "menu""#),
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let marker = home.markers[0]
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0611" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0611", file: "screens/home.json", line: marker.line, column: marker.column,
          message: "plugin 'side_menu' needs Zapp SDK 14.0.0 or later on 'ios', but the app supports clients from 12.0.0",
          notes: ["min_zapp_sdk of its 'ios' manifest", "the app's oldest client"])
      ])
  }

  /// A plugin's `min_zapp_sdk` at or past another's `unsupported_since_zapp_sdk` leaves no client:
  /// ZL0611 at the use of the plugin whose version ends the range, with notes at both versions,
  /// whether or not `zlc.json` gives a minimum; one plugin's own pair is named once. When
  /// `zlc.json`'s minimum itself reaches the end of the range, that is the error given.
  func testAnEmptyRangeIsAnError() throws {
    let home = Marked(Self.home.replacingOccurrences(of: #""component_type": "promo""#, with: #""component_type": ⟦⟧"promo""#))
    let homeBanner = Marked(Self.home.replacingOccurrences(of: #""component_type": "banner""#, with: #""component_type": ⟦⟧"banner""#))
    let cases: [(zlc: String, banner: (String, String?), promo: (String, String?), marked: Marked, message: String?, notes: [String])] = [
      (
        "{}", ("20.0.0", nil), ("10.0.0", "19.0.0"), home,
        "plugin 'promo' is unsupported since Zapp SDK 19.0.0 on 'ios', and plugin 'banner' needs 20.0.0 or later there: no client takes the bundle",
        ["unsupported_since_zapp_sdk of the 'ios' manifest of 'promo'", "min_zapp_sdk of the 'ios' manifest of 'banner'"]
      ),
      (
        #"{"min_zapp_sdk": "18.0.0"}"#, ("20.0.0", nil), ("10.0.0", "20.0.0"), home,
        "plugin 'promo' is unsupported since Zapp SDK 20.0.0 on 'ios', and plugin 'banner' needs 20.0.0 or later there: no client takes the bundle",
        ["unsupported_since_zapp_sdk of the 'ios' manifest of 'promo'", "min_zapp_sdk of the 'ios' manifest of 'banner'"]
      ),
      (
        "{}", ("21.0.0", "20.0.0"), ("10.0.0", nil), homeBanner,
        "plugin 'banner' needs Zapp SDK 21.0.0 or later on 'ios' and is unsupported there since 20.0.0: no client runs it",
        ["unsupported_since_zapp_sdk of the 'ios' manifest of 'banner'", "min_zapp_sdk of the 'ios' manifest of 'banner'"]
      ),
      (
        #"{"min_zapp_sdk": "20.0.0"}"#, ("20.0.0", nil), ("10.0.0", "19.0.0"), home,
        "plugin 'promo' is unsupported since Zapp SDK 19.0.0 on 'ios', and the app supports clients from 20.0.0",
        ["unsupported_since_zapp_sdk of its 'ios' manifest"]
      ),
      ("{}", ("19.0.0", nil), ("10.0.0", "19.0.1"), home, nil, []),
    ]
    for c in cases {
      let dir = try makeProject([
        "zlc.json": #"{"platforms": {"ios": "# + c.zlc + "}}",
        "screens/home.json": c.marked.text,
        "components/banner/manifests/ios.json": Self.manifest("banner", platform: "ios", min: c.banner.0, until: c.banner.1),
        "components/promo/manifests/ios.json": Self.manifest("promo", platform: "ios", min: c.promo.0, until: c.promo.1),
      ])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0611" && !$0.message.contains("the app supports clients from 18") }
      let marker = c.marked.markers[0]
      assertDiagnostics(
        found, in: dir,
        c.message.map {
          [DiagnosticSpec(code: "ZL0611", file: "screens/home.json", line: marker.line, column: marker.column, message: $0, notes: c.notes)]
        } ?? [])
    }
  }
}
