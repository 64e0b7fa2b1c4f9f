import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// The navigation plugins a client must have compiled in: each platform's `navigation_plugins` in
/// `required_renderers`, and a registry's list of them (ZL0313).
final class NavigationPluginNeedsTests: XCTestCase {
  /// A manifest of a navigation plugin (`menu`, `nav_item`) for `platform`.
  static func navigation(_ identifier: String, _ type: String, platform: String) -> String {
    PlatformTests.manifest(identifier, platform: platform, type: type)
  }

  /// A home screen with a menu of the app's own plugin (a nested item of a `nav_item` plugin, an
  /// item of the SDK's own type, one of no type opening the other screen) and a nav bar of a
  /// plugin Zapp ships; a second screen with the same menu (each use marked).
  static let screens = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "banner"}],
      "navigations": [
        {"category": "menu", "navigation_type": ⟦⟧"side_menu", "nav_items": [
          {"title": "A", "type": "nested_menu", "nav_items": [{"title": "B", "type": ⟦⟧"mvpd_icon"}]},
          {"title": "C", "type": "applicaster_feed"}, {"title": "D", "data": {"target": "other"}}]},
        {"category": "nav_bar", "navigation_type": ⟦⟧"navigation_bar"}]},
     {"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "banner"}],
      "navigations": [{"category": "menu", "navigation_type": ⟦⟧"side_menu"}]}]
    """

  /// The project: ios and android, each with the manifests of the banner, the menu and the item.
  static func files(registry: String? = nil, screens: String = NavigationPluginNeedsTests.screens) -> [String: String] {
    var files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "screens/home.json": Marked(screens).text,
    ]
    for platform in ["ios", "android"] {
      files["components/banner/\(platform).json"] = PlatformTests.manifest("banner", platform: platform)
      files["components/menu/\(platform).json"] = navigation("side_menu", "menu", platform: platform)
      files["components/icon/\(platform).json"] = navigation("mvpd_icon", "nav_item", platform: platform)
    }
    files["registries/ios.json"] = registry
    return files
  }

  /// Each platform's entry lists every navigation's plugin, named by a manifest or not, and every
  /// nav item plugin a manifest declares, nested ones too, sorted, once each; not the SDK's own
  /// item types.
  func testEachPlatformsEntryListsItsNavigationPlugins() throws {
    let dir = try makeProject(Self.files())
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let outcome = Driver.build(dir, output: out)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    for platform in ["ios", "android"] {
      let index = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: platform).index
      let entry = try XCTUnwrap(index.requiredRenderers.first)
      XCTAssertEqual(entry.platform, platform)
      XCTAssertEqual(entry.renderers.navigationPlugins, ["mvpd_icon", "navigation_bar", "side_menu"], platform)
      XCTAssertEqual(entry.renderers.componentTypes, ["banner"], platform)
      let client = RendererSet(componentTypes: ["banner"], layoutKinds: entry.renderers.layoutKinds, navigationPlugins: ["side_menu"])
      XCTAssertEqual(
        index.missingRenderers(for: platform, available: client), RendererSet(navigationPlugins: ["mvpd_icon", "navigation_bar"]))
    }
  }

  /// Screens without navigations leave the key out of the entry: a bundle as before.
  func testScreensWithoutNavigationsLeaveTheKeyOut() throws {
    let screens = #"[{"id": "home", "type": "general_content", "home": true, "ui_components": [{"component_type": "banner"}]}]"#
    let dir = try makeProject(Self.files(screens: screens))
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    XCTAssertEqual(Driver.build(dir, output: out).diagnostics.map(\.message), [])
    let text = try String(contentsOfFile: out + "/ios/bundle.json", encoding: .utf8)
    XCTAssertTrue(text.contains(#""screen_plugins":[]}"#), text)
    XCTAssertFalse(text.contains("navigation_plugins"), text)
  }

  /// An iOS registry with the banner and, when given, a list of navigation plugins.
  static func registry(navigationPlugins: String?) -> String {
    let list = navigationPlugins.map { #",\#n "navigation_plugins": \#($0)"# } ?? ""
    return
      #"{"platform": "ios", "client_version": "20.1.0", "component_types": ["banner"], "layout_kinds": ["flow", "horizontal"]\#(list)}"#
  }

  /// A registry that lists navigation plugins is checked against every plugin the bundle lists for
  /// the platform, one no manifest of the project declares (`navigation_bar`, which Zapp ships)
  /// too: ZL0313 at the first use on each screen of each the client lacks, with a note at the
  /// registry's list.
  func testARegistryWithoutTheMenuPluginIsAnErrorAtTheNavigation() throws {
    let marked = Marked(Self.screens)
    let dir = try makeProject(Self.files(registry: Self.registry(navigationPlugins: #"["mvpd_icon"]"#)))
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0313" }
    assertDiagnostics(
      found, in: dir,
      [(0, "home", "side_menu"), (2, "home", "navigation_bar"), (3, "other", "side_menu")].map { marker, screen, plugin in
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: marked.markers[marker].line, column: marked.markers[marker].column,
          message: "screen '\(screen)' needs navigation plugin '\(plugin)', which the ios client 20.1.0 cannot render",
          notes: ["navigation_plugins of the ios 20.1.0 registry, without '\(plugin)'"])
      })
    let note = try XCTUnwrap(found.first?.notes.first?.spot?.location)
    XCTAssertEqual(note.file, dir + "/registries/ios.json")
    XCTAssertEqual(note.line, 2)
    // The check and the bundle agree: what the registry lacks is what the runtime finds missing.
    let plain = try makeProject(Self.files())
    defer { try? FileManager.default.removeItem(atPath: plain) }
    let out = plain + "/out"
    XCTAssertEqual(Driver.build(plain, output: out).diagnostics.map(\.message), [])
    let index = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: "ios").index
    XCTAssertEqual(
      index.missingRenderers(
        for: "ios", available: RendererSet(componentTypes: ["banner"], layoutKinds: ["flow"], navigationPlugins: ["mvpd_icon"]))?
        .navigationPlugins, ["navigation_bar", "side_menu"])
    // With the menu and the nav bar listed, the client draws every navigation.
    let clean = try makeProject(
      Self.files(registry: Self.registry(navigationPlugins: #"["mvpd_icon", "navigation_bar", "side_menu"]"#)))
    defer { try? FileManager.default.removeItem(atPath: clean) }
    XCTAssertEqual(Driver.check(clean).diagnostics.filter { $0.code == "ZL0313" }.map(\.message), [])
  }

  /// The screens with the second item of the home menu of `type` `promo_banner` (marked).
  static let promoScreens = screens.replacingOccurrences(
    of: #"{"title": "C", "type": "applicaster_feed"}"#, with: #"{"title": "C", "type": ⟦⟧"promo_banner"}"#)

  /// The project with the second item of the home menu of `type` `promo_banner`, which only an
  /// iOS manifest of `type` declares (its `min_zapp_sdk` 20.1.0, which the registry's client has), and a registry that lists every
  /// other navigation plugin.
  static func promoItemFiles(manifestType type: String) -> [String: String] {
    var files = Self.files(
      registry: Self.registry(navigationPlugins: #"["mvpd_icon", "navigation_bar", "side_menu"]"#), screens: promoScreens)
    files["components/promo/ios.json"] = PlatformTests.manifest("promo_banner", platform: "ios", type: type)
      .replacingOccurrences(of: #""min_zapp_sdk": "20.0.0""#, with: #""min_zapp_sdk": "20.1.0""#)
    return files
  }

  /// The iOS entry of the bundle of `files`, built without their registry and with an Android
  /// manifest of `promo_banner` like the iOS one (a project without errors).
  static func iosEntry(_ files: [String: String]) throws -> PlatformRenderers {
    var files = files
    files["registries/ios.json"] = nil
    files["components/promo/android.json"] = files["components/promo/ios.json"]?
      .replacingOccurrences(of: #""platform": "ios""#, with: #""platform": "android""#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    _ = Driver.build(dir, output: out)
    let index = try ScreenBundle.load(from: URL(fileURLWithPath: out), platform: "ios").index
    return try XCTUnwrap(index.requiredRenderers.first)
  }

  /// A nav item's `type` that a manifest of another type declares (a `ui_component`) names no nav
  /// item plugin: it is not listed, not checked against a registry, gives no Zapp SDK range and
  /// needs no manifest on every platform (ZL0610).
  func testANavItemTypeThatAComponentManifestDeclaresIsNoNavigationPlugin() throws {
    XCTAssertNotEqual(Self.promoScreens, Self.screens)
    let files = Self.promoItemFiles(manifestType: "ui_component")
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { ["ZL0313", "ZL0610"].contains($0.code) }
    XCTAssertEqual(found.map(\.message), [])
    let entry = try Self.iosEntry(files)
    XCTAssertEqual(entry.renderers.navigationPlugins, ["mvpd_icon", "navigation_bar", "side_menu"])
    XCTAssertEqual(entry.minZappSDK, "20.0.0")
  }

  /// The same `type` that a manifest of type `nav_item` declares is a nav item plugin: listed,
  /// ZL0313 at the item where the registry lacks it, its `min_zapp_sdk` in the range, and ZL0610
  /// for the platform it has no manifest for.
  func testANavItemTypeThatANavItemManifestDeclaresIsANavigationPlugin() throws {
    let files = Self.promoItemFiles(manifestType: "nav_item")
    let marked = Marked(Self.promoScreens)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let item = marked.markers[2]
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { ["ZL0313", "ZL0610"].contains($0.code) }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0610", file: "screens/home.json", line: item.line, column: item.column,
          message: "plugin 'promo_banner' has no manifest for platform 'android' (it has ios)", notes: ["manifest for 'ios'"]),
        DiagnosticSpec(
          code: "ZL0313", file: "screens/home.json", line: item.line, column: item.column,
          message: "screen 'home' needs navigation plugin 'promo_banner', which the ios client 20.1.0 cannot render",
          notes: ["navigation_plugins of the ios 20.1.0 registry, without 'promo_banner'"]),
      ])
    let entry = try Self.iosEntry(files)
    XCTAssertEqual(entry.renderers.navigationPlugins, ["mvpd_icon", "navigation_bar", "promo_banner", "side_menu"])
    XCTAssertEqual(entry.minZappSDK, "20.1.0")
  }

  /// A registry that leaves `navigation_plugins` out says nothing of them: nothing is reported.
  func testARegistryWithoutTheListIsNotCheckedForThem() throws {
    let dir = try makeProject(Self.files(registry: Self.registry(navigationPlugins: nil)))
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0313" }.map(\.message), [])
  }

  /// A registry's list that is not a list is ZL0202 at its value, as the other lists are, and says
  /// nothing of the client's navigation plugins: no ZL0313 follows from it.
  func testARegistrysListOfAnotherTypeIsLocated() throws {
    let registry = Marked(Self.registry(navigationPlugins: "⟦⟧5"))
    let dir = try makeProject(Self.files(registry: registry.text))
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.severity == .error }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0202", file: "registries/ios.json", line: registry.markers[0].line, column: registry.markers[0].column,
          message: "'navigation_plugins' must be an array, found a number")
      ])
  }

  /// A navigation plugin the head's screens use and the base's do not is a `required_renderers`
  /// change of `navigation_plugins` on each platform: what a client of the base lacks.
  func testDiffNamesANavigationPluginAdded() throws {
    let navBar = #",\#n    {"category": "nav_bar", "navigation_type": ⟦⟧"navigation_bar"}"#
    let without = Self.screens.replacingOccurrences(of: navBar, with: "")
    XCTAssertNotEqual(without, Self.screens)
    let base = try makeProject(Self.files(screens: without))
    let head = try makeProject(Self.files())
    defer { for dir in [base, head] { try? FileManager.default.removeItem(atPath: dir) } }
    let outcome = Driver.diff(base: base, head: head)
    let report = try XCTUnwrap(outcome.report)
    let needs = report.changes.filter { $0.kind == .requiredRenderers }
    XCTAssertEqual(needs.map(\.field), ["navigation_plugins"])
    XCTAssertEqual(needs.map { DiffWording.line($0).text }, ["navigation_plugins on ios, android: +navigation_bar"])
  }

  /// A screen of the head drawn with a navigation plugin that a client the base registered (whose
  /// registry lists its navigation plugins) lacks is a `registry` change: what that shipped client
  /// cannot draw.
  func testDiffNamesANavigationPluginARegisteredClientLacks() throws {
    let registry = Self.registry(navigationPlugins: #"["mvpd_icon", "navigation_bar", "side_menu"]"#)
    let newMenu = Self.screens.replacingOccurrences(
      of: #""navigations": [{"category": "menu", "navigation_type": ⟦⟧"side_menu"}]"#,
      with: #""navigations": [{"category": "menu", "navigation_type": "brand_menu"}]"#)
    XCTAssertNotEqual(newMenu, Self.screens)
    // The head registers a newer client with the new menu; the shipped 20.1.0 lacks it.
    let newer = Self.registry(navigationPlugins: #"["brand_menu", "mvpd_icon", "navigation_bar", "side_menu"]"#)
      .replacingOccurrences(of: #""20.1.0""#, with: #""21.0.0""#)
    var headFiles = Self.files(registry: newer, screens: newMenu)
    for platform in ["ios", "android"] {
      headFiles["components/brand/\(platform).json"] = Self.navigation("brand_menu", "menu", platform: platform)
    }
    let base = try makeProject(Self.files(registry: registry))
    let head = try makeProject(headFiles)
    defer { for dir in [base, head] { try? FileManager.default.removeItem(atPath: dir) } }
    XCTAssertEqual(Driver.check(base).diagnostics.filter { $0.code == "ZL0313" }.map(\.message), [], "the base draws")
    let report = try XCTUnwrap(Driver.diff(base: base, head: head).report)
    let lacking = report.changes.filter { $0.kind == .registry }
    XCTAssertEqual(lacking.map(\.field), ["navigation_plugins"])
    XCTAssertEqual(lacking.map(\.screens), [["other"]])
    XCTAssertEqual(lacking.map(\.client), ["20.1.0"])
    XCTAssertEqual(lacking.map(\.new), [.array([.string("brand_menu")])])
  }
}
