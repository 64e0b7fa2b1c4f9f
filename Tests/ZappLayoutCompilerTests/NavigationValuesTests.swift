import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// A navigation plugin's and a nav item plugin's values reach each platform's bundle: each
/// navigation and nav item a plugin with configuration fields draws gets `plugin_values`, its own
/// values over that platform's manifest's `initial_value`s, the rest of the screen's
/// `navigations` as written.
final class NavigationValuesTests: XCTestCase {
  /// A manifest of `identifier` of `type` for `platform` with these sections.
  static func manifest(_ identifier: String, type: String, platform: String, sections: String) -> String {
    PlatformTests.manifest(identifier, platform: platform, type: type, extra: ", " + sections)
  }

  /// The nav bar's manifest for a platform: a background colour and title size in `styles`, a
  /// logo switch in `general` (which a navigation's plugin does not read: only an item's does).
  static func navBar(_ platform: String, background: String, logo: String) -> String {
    manifest(
      "my_nav_bar", type: "nav_bar", platform: platform,
      sections: """
        "styles": {"fields": [{"key": "background_color", "type": "color_picker", "initial_value": "\(background)"},
          {"key": "title_size", "type": "number_input", "initial_value": "18"}]},
        "general": {"fields": [{"key": "show_logo", "type": "switch", "initial_value": "\(logo)"}]}
        """)
  }

  /// The nav item plugin's manifest for a platform: a badge switch in `general`, and `data.source`
  /// (what the item opens, which its values leave out).
  static func navIcon(_ platform: String, badge: String) -> String {
    manifest(
      "my_nav_icon", type: "nav_item", platform: platform,
      sections: """
        "general": {"fields": [{"key": "badge", "type": "switch", "initial_value": "\(badge)"}]},
        "data": {"fields": [{"key": "source", "type": "text_input"}]}
        """)
  }

  /// A home screen with a nav bar drawn by `my_nav_bar` (its title size set; an icon item of
  /// `my_nav_icon` and a label item) and a menu whose plugin has no manifest (a label item, and in
  /// it an icon item).
  static let screens = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
      "navigations": [
        {"id": "bar", "category": "nav_bar", "navigation_type": "my_nav_bar", "styles": {"title_size": "22"},
         "nav_items": [{"id": "icon", "title": "Icon", "type": "my_nav_icon", "data": {"target": "home"}},
           {"id": "label", "title": "Home", "type": "label", "data": {"target": "home"}}]},
        {"id": "menu", "category": "menu", "navigation_type": "quick_brick_side_menu",
         "nav_items": [{"id": "side", "title": "Home", "type": "label", "data": {"target": "home"},
           "nav_items": [{"id": "nested", "type": "my_nav_icon"}]}]}]}]
    """

  /// The project, built compact into `c` and expanded into `e`, both verified.
  func built() throws -> String {
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/screens.json": Self.screens,
      "components/bar/ios.json": Self.navBar("ios", background: "#FF000000", logo: "true"),
      "components/bar/android.json": Self.navBar("android", background: "#FFFFFFFF", logo: "0"),
      "components/icon/ios.json": Self.navIcon("ios", badge: "1"),
      "components/icon/android.json": Self.navIcon("android", badge: "false"),
    ]
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.severity == .error }.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    XCTAssertEqual(Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true)).status, .success)
    for folder in ["c", "e"] {
      XCTAssertEqual(BundleVerifier.verify(dir + "/" + folder).problems.map(\.message), [String](), folder)
    }
    return dir
  }

  func testEachPlatformsBundleFillsItsNavigationsFromItsOwnManifests() throws {
    let dir = try built()
    let expected: [(platform: String, bar: String, icon: String)] = [
      (
        "ios", ##"{"styles": {"title_size": "22", "background_color": "#FF000000"}}"##,
        #"{"general": {"badge": true}}"#
      ),
      (
        "android", ##"{"styles": {"title_size": "22", "background_color": "#FFFFFFFF"}}"##,
        #"{"general": {"badge": false}}"#
      ),
    ]
    for (platform, bar, icon) in expected {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"), platform: platform)
      let home = try XCTUnwrap(try bundle.screen(id: "home"))
      XCTAssertEqual(home.navigations.count, 2)
      // The screen's title size wins over the manifest's 18; the switches are booleans.
      XCTAssertEqual(home.navigations[0].pluginValues, try JSON.parse(Data(bar.utf8)), platform)
      XCTAssertEqual(home.navigations[0].navItems[0].pluginValues, try JSON.parse(Data(icon.utf8)), platform)
      // A label item is the SDK's own; the menu's plugin has no manifest: no values.
      XCTAssertNil(home.navigations[0].navItems[1].pluginValues)
      XCTAssertNil(home.navigations[1].pluginValues)
      XCTAssertNil(home.navigations[1].navItems[0].pluginValues)
      // A nested item of a plugin gets its values too.
      XCTAssertEqual(home.navigations[1].navItems[0].navItems[0].pluginValues, try JSON.parse(Data(icon.utf8)), platform)

      // As written, the key added last; no key where no plugin gives values.
      let entry = try XCTUnwrap(bundle.index.screens.first { $0.id == "home" })
      let file = try JSON.parse(Data(contentsOf: URL(fileURLWithPath: "\(dir)/c/\(platform)/\(entry.file)")))
      let navigations = try XCTUnwrap(file["navigations"]?.arrayValue)
      XCTAssertEqual(
        navigations[0].objectValue?.map(\.0), ["id", "category", "navigation_type", "styles", "nav_items", "plugin_values"])
      XCTAssertEqual(navigations[0]["styles"], try JSON.parse(Data(#"{"title_size": "22"}"#.utf8)))
      XCTAssertEqual(navigations[0]["nav_items"]?.arrayValue?[0].objectValue?.map(\.0), ["id", "title", "type", "data", "plugin_values"])
      XCTAssertEqual(navigations[0]["nav_items"]?.arrayValue?[1].objectValue?.map(\.0), ["id", "title", "type", "data"])
      XCTAssertEqual(navigations[1].objectValue?.map(\.0), ["id", "category", "navigation_type", "nav_items"])
      let side = try XCTUnwrap(navigations[1]["nav_items"]?.arrayValue?.first)
      XCTAssertEqual(side.objectValue?.map(\.0), ["id", "title", "type", "data", "nav_items"])
      XCTAssertEqual(side["nav_items"]?.arrayValue?.first?.objectValue?.map(\.0), ["id", "type", "plugin_values"])

      // The expanded form is the compact one expanded.
      let expandedBytes = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/e/\(platform)/\(entry.file)"))
      XCTAssertEqual(home.encoded(pretty: true, form: .expanded), Array(expandedBytes), platform)
      let expanded = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/e"), platform: platform)
      XCTAssertEqual(try expanded.screen(id: "home")?.navigations, home.navigations, platform)
    }
  }

  /// A value the screen's item sets wins over its manifest's; a navigation's own `general` and
  /// `advertising` are not its plugin's values; a `plugin_values` the screen wrote in a navigation
  /// is replaced in its place, and left out where no plugin gives values (the checker warns of it).
  func testTheScreensOwnValuesWinAndItsOwnKeyIsAlwaysTheComputedOne() throws {
    var screens = Self.screens.replacingOccurrences(
      of: #""type": "my_nav_icon", "data": {"target": "home"}}"#,
      with: #""type": "my_nav_icon", "general": {"badge": "0"}, "data": {"target": "home", "source": "s"}}"#)
    screens = screens.replacingOccurrences(
      of: #""navigation_type": "my_nav_bar", "styles""#,
      with: #""navigation_type": "my_nav_bar", "plugin_values": 1, "general": {"show_logo": 0}, "advertising": {"a": 1}, "styles""#)
    screens = screens.replacingOccurrences(
      of: #""navigation_type": "quick_brick_side_menu","#, with: #""navigation_type": "quick_brick_side_menu", "plugin_values": 2,"#)
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/screens.json": screens,
      "components/bar/ios.json": Self.navBar("ios", background: "#FF000000", logo: "true"),
      "components/icon/ios.json": Self.navIcon("ios", badge: "1"),
    ]
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let unknown = Driver.check(dir).diagnostics.filter { $0.code == "ZL0204" }.map(\.message)
    XCTAssertEqual(unknown.filter { $0.contains("'plugin_values'") }.count, 2, "\(unknown)")
    XCTAssertTrue(unknown.contains { $0.contains("'general'") }, "\(unknown)")
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    let file = try JSON.parse(Data(contentsOf: URL(fileURLWithPath: dir + "/c/screens/home.json")))
    let navigations = try XCTUnwrap(file["navigations"]?.arrayValue)
    XCTAssertEqual(
      navigations[0].objectValue?.map(\.0),
      ["id", "category", "navigation_type", "plugin_values", "general", "advertising", "styles", "nav_items"])
    let bar = ##"{"styles": {"title_size": "22", "background_color": "#FF000000"}}"##
    XCTAssertEqual(navigations[0]["plugin_values"], try JSON.parse(Data(bar.utf8)))
    XCTAssertEqual(navigations[1].objectValue?.map(\.0), ["id", "category", "navigation_type", "nav_items"])
    let icon = try XCTUnwrap(navigations[0]["nav_items"]?.arrayValue?[0])
    // The item's own badge as the boolean it spells; its `data` keeps what it opens out.
    XCTAssertEqual(icon["plugin_values"], try JSON.parse(Data(#"{"general": {"badge": false}}"#.utf8)))
    XCTAssertEqual(icon["data"], try JSON.parse(Data(#"{"target": "home", "source": "s"}"#.utf8)))
  }

  /// A navigation whose `navigation_type` names a plugin that is not a navigation plugin (a
  /// `ui_component`) gets no values from its manifest.
  func testANavigationOfAComponentPluginGetsNoValues() throws {
    let screens = Self.screens.replacingOccurrences(of: #""navigation_type": "my_nav_bar""#, with: #""navigation_type": "my_banner""#)
    let banner = Self.manifest(
      "my_banner", type: "ui_component", platform: "ios",
      sections: ##""styles": {"fields": [{"key": "background_color", "type": "color_picker", "initial_value": "#FF000000"}]}"##)
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/screens.json": screens, "components/banner.json": banner,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    let file = try JSON.parse(Data(contentsOf: URL(fileURLWithPath: dir + "/c/screens/home.json")))
    XCTAssertNil(file["navigations"]?.arrayValue?.first?["plugin_values"])
  }

  /// Without a manifest that gives values, the screen's navigations are written as the screen
  /// has them: each key in its place, each number as spelled (`JSON` compares both).
  func testNavigationsWithoutPluginValuesAreWrittenAsTheScreenHasThem() throws {
    let files = ["zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/screens.json": Self.screens]
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    let file = try JSON.parse(Data(contentsOf: URL(fileURLWithPath: dir + "/c/screens/home.json")))
    let written = try JSON.parse(Data(Self.screens.utf8)).arrayValue?.first?["navigations"]
    XCTAssertEqual(file["navigations"], written)
    XCTAssertEqual(BundleVerifier.verify(dir + "/c").problems.map(\.message), [String]())
  }
}
