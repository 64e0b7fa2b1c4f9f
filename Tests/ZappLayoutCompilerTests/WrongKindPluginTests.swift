import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin identifier that resolves to the wrong kind of plugin: a hook naming a plugin that
/// declares no hook (ZL0323), a navigation naming a plugin that draws no navigation (ZL0325).
final class WrongKindPluginTests: XCTestCase {
  private let banner = Example.manifest("", identifier: "banner")
  private let player = Example.manifest("", identifier: "player_x", type: "player")

  /// A hook naming a ui_component or a player without `preload` or `postload` is a warning at
  /// the identifier, with a note at the manifest; one that declares a hook passes.
  func testAHookOfAPluginThatDeclaresNoHookIsAWarning() throws {
    let hooks =
      #", "hooks": {"preload_plugins": [{"identifier": ⟦ZL0323⟧"banner"}], "postload_plugins": [{"identifier": ⟦ZL0323⟧"player_x"}]}"#
    try assertFindings(
      ["components/b.json": banner, "components/p.json": player, "screens/o.json": Example.screen(Example.grid, extra: hooks)],
      [
        "screens/o.json": [
          (
            "hook plugin 'banner' is a 'ui_component' plugin that declares no hook: its manifest sets neither 'preload' nor 'postload' to true",
            ["'banner' is declared here"], nil
          ),
          (
            "hook plugin 'player_x' is a 'player' plugin that declares no hook: its manifest sets neither 'preload' nor 'postload' to true",
            ["'player_x' is declared here"], nil
          ),
        ]
      ])
    let gate = Example.manifest(#", "preload": true"#, identifier: "banner")
    let late = Example.manifest(#", "postload": true"#, identifier: "player_x", type: "player")
    try assertFindings(
      [
        "components/b.json": gate, "components/p.json": late,
        "screens/o.json": Example.screen(Example.grid, extra: Marked(hooks).text),
      ], [:])
  }

  /// A `general` plugin runs as a hook without declaring one: the real Quick Brick playback
  /// prehook (quick-brick-official-plugins, quick-brick-applicaster2-playback-prehook's
  /// manifests/ios.json), which sets neither `preload` nor `postload`, passes, and so does a
  /// `login` plugin's.
  func testAGeneralPluginAsAHookPasses() throws {
    let prehook = #"""
      {
        "api": {
          "require_startup_execution": false,
          "modules": []
        },
        "react_native": true,
        "dependency_repository_url": [],
        "dependency_name": "@applicaster/quick-brick-applicaster2-playback-prehook",
        "dependency_version": "0.0.4",
        "platform": "ios",
        "author_name": "Olga Duk",
        "author_email": "oduk@scand.com",
        "manifest_version": "0.0.4",
        "name": "Quickbrick Adobe Authorization for Applicaster2",
        "description": "This plugin provides Authorization flow on Applicaster for the Quickbrick Adobe plugin",
        "type": "general",
        "identifier": "adobe-auth-ap2-qb",
        "ui_builder_support": true,
        "whitelisted_account_ids": [],
        "min_zapp_sdk": "20.0.0",
        "deprecated_since_zapp_sdk": "",
        "unsupported_since_zapp_sdk": "",
        "custom_configuration_fields": [
          {
            "type": "text",
            "key": "auth_provider_id",
            "tooltip_text": "The id of the Auth Provider from the Applicaster CMS"
          },
          {
            "type": "text",
            "key": "jwt_secret",
            "tooltip_text": "The Secret Key for the Auth Provider, with which the JWT token is generated"
          }
        ],
        "ui_frameworks": ["quickbrick"],
        "targets": ["mobile"]
      }
      """#
    var files = Example.baseProject
    files["components/prehook.json"] = prehook
    files["components/l.json"] = Example.manifest("", identifier: "sso", type: "login")
    files["screens/o.json"] = Example.screen(
      Example.grid, extra: #", "hooks": {"preload_plugins": [{"identifier": "adobe-auth-ap2-qb"}, {"identifier": "sso"}]}"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    XCTAssertEqual(project.manifest(for: "adobe-auth-ap2-qb")?.type, "general", "the real manifest is read")
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0323" }.map(\.message), [])
  }

  /// A navigation whose `navigation_type` is a ui_component's or a player's identifier is a
  /// warning at the type, with a note at the manifest; a menu plugin's passes.
  func testANavigationOfAPluginThatDrawsNoNavigationIsAWarning() throws {
    let navigations =
      #", "navigations": [{"category": "menu", "navigation_type": ⟦ZL0325⟧"banner", "nav_items": []}, {"category": "nav_bar", "navigation_type": ⟦ZL0325⟧"player_x"}]"#
    try assertFindings(
      ["components/b.json": banner, "components/p.json": player, "screens/o.json": Example.screen(Example.grid, extra: navigations)],
      [
        "screens/o.json": [
          ("navigation type 'banner' is a 'ui_component' plugin, not a navigation plugin", ["'banner' is declared here"], nil),
          ("navigation type 'player_x' is a 'player' plugin, not a navigation plugin", ["'player_x' is declared here"], nil),
        ]
      ])
    let menu = Example.manifest("", identifier: "banner", type: "menu")
    let bar = Example.manifest("", identifier: "player_x", type: "nav_bar")
    try assertFindings(
      [
        "components/b.json": menu, "components/p.json": bar,
        "screens/o.json": Example.screen(Example.grid, extra: Marked(navigations).text),
      ],
      [:])
  }

  /// A nav bar's item type in a menu, or a menu's in a nav bar (nested items too), is a warning at
  /// the type; each in its own navigation, a type a manifest of the project declares, and any type
  /// in a navigation whose plugin's manifest the project holds (the app's own), pass.
  func testANavItemOfTheOtherCategoryIsAWarning() throws {
    let wrong = #"""
      , "navigations": [
        {"category": "menu", "nav_items": [{"title": "Cast", "type": ⟦ZL0326⟧"chromecast"},
          {"title": "More", "type": "nested_menu", "nav_items": [{"title": "Live", "type": ⟦ZL0326⟧"live_drawer"}]}]},
        {"category": "nav_bar", "nav_items": [{"title": "Settings", "type": ⟦ZL0326⟧"applicaster_settings"}]}]
      """#
    try assertFindings(
      ["screens/o.json": Example.screen(Example.grid, extra: wrong)],
      [
        "screens/o.json": [
          ("nav item type 'chromecast' is a nav bar's, in a menu: the SDK's menus do not draw it", [], nil),
          ("nav item type 'live_drawer' is a nav bar's, in a menu: the SDK's menus do not draw it", [], nil),
          ("nav item type 'applicaster_settings' is a menu's, in a nav bar: the SDK's nav bars do not draw it", [], nil),
        ]
      ])
    let right = #"""
      , "navigations": [
        {"category": "menu", "nav_items": [{"title": "Settings", "type": "applicaster_settings"}, {"title": "Cast", "type": "button"}]},
        {"category": "nav_bar", "nav_items": [{"title": "Cast", "type": "chromecast"}]}]
      """#
    let ownButton = Example.manifest("", identifier: "button", type: "nav_item")
    try assertFindings(["components/n.json": ownButton, "screens/o.json": Example.screen(Example.grid, extra: right)], [:])
    let ownMenu = Example.manifest("", identifier: "side_menu", type: "menu")
    let ownNavigation =
      #", "navigations": [{"category": "menu", "navigation_type": "side_menu", "nav_items": [{"title": "Cast", "type": "chromecast"}]}]"#
    try assertFindings(["components/m.json": ownMenu, "screens/o.json": Example.screen(Example.grid, extra: ownNavigation)], [:])
  }

  /// The split is the native SDK's: a menu of its `TwoLevelRNMenu` plugin is checked, while a
  /// Quick Brick menu (`quick_brick_side_menu`) or an app's own plugin without a manifest in the
  /// project may hold a nav bar's items (`chromecast`, `button`).
  func testOnlyTheNativeSDKsNavigationsSplitItemTypes() throws {
    let native =
      #", "navigations": [{"category": "menu", "navigation_type": "TwoLevelRNMenu", "nav_items": [{"title": "Cast", "type": ⟦ZL0326⟧"chromecast"}]}]"#
    try assertFindings(
      ["screens/o.json": Example.screen(Example.grid, extra: native)],
      ["screens/o.json": [("nav item type 'chromecast' is a nav bar's, in a menu: the SDK's menus do not draw it", [], nil)]])
    for type in ["quick_brick_side_menu", "riverflix_menu"] {
      let menu = #"""
        , "navigations": [{"category": "menu", "navigation_type": "\#(type)",
          "nav_items": [{"title": "Cast", "type": "chromecast"}, {"title": "Search", "type": "button"}]}]
        """#
      try assertFindings(["screens/o.json": Example.screen(Example.grid, extra: menu)], [:])
    }
  }
}
