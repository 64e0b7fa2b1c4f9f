import Foundation
import XCTest
import ZappLayout

/// A navigation plugin's and a nav item plugin's fields get models, as a component's and a screen
/// plugin's do: compiled by each language's compiler and run on the `plugin_values` of a nav bar
/// and of its item in the bundle zlc built, where their own values stand over the manifests'
/// `initial_value`s. A navigation's `general` is not its plugin's and gets no model; `rules` and
/// `assets` get none, as no plugin's do.
final class GenerateNavigationValuesTests: XCTestCase {
  /// A nav bar plugin, shaped as Quick Brick's are: `styles` (a colour, a size, a select), `data`
  /// (what it opens, and a refresh interval), and `general`, `rules` and `assets` fields.
  static let navBar = """
    {
      "api": {}, "dependency_repository_url": [], "dependency_name": "@example/quick-brick-top-nav-bar",
      "author_name": "Your team", "author_email": "apps@example.com", "name": "Top Nav Bar", "description": "",
      "type": "nav_bar", "preload": true, "screen": false, "react_native": true, "identifier": "top_nav_bar",
      "ui_builder_support": true, "whitelisted_account_ids": [], "targets": ["mobile"],
      "ui_frameworks": ["native", "quickbrick"], "dependency_version": "1.0.0", "manifest_version": "1.0.0",
      "min_zapp_sdk": "20.0.0", "npm_dependencies": [],
      "general": { "fields": [{ "key": "show_logo", "type": "switch", "label": "Logo", "initial_value": true }] },
      "styles": {
        "fields": [
          { "key": "background_color", "type": "color_picker", "label": "Background", "initial_value": "#FF101010" },
          { "key": "title_size", "type": "number_input", "label": "Title size", "initial_value": "18" },
          { "key": "presentation_style", "type": "select", "label": "Show", "options": ["logo", "title", "hidden"],
            "initial_value": "title" }
        ]
      },
      "rules": { "fields": [{ "key": "sticky", "type": "switch", "label": "Sticky", "initial_value": "1" }] },
      "data": {
        "fields": [
          { "key": "source", "label": "Screen", "type": "react_select", "options": [] },
          { "key": "refresh_interval", "type": "number_input", "label": "Refresh", "initial_value": "30" }
        ]
      },
      "assets": {
        "fields": [{ "key": "logo_image", "type": "uploader", "label": "Logo", "initial_value": "https://example.com/logo.png" }]
      }
    }
    """

  /// A nav item plugin, shaped as Quick Brick's Adobe MVPD icon: `data.source` (the screen it
  /// opens) and a provider, `general` (a badge) and `styles` fields.
  static let navIcon = """
    {
      "api": {}, "dependency_repository_url": [], "dependency_name": "@example/quick-brick-mvpd-icon",
      "author_name": "Your team", "author_email": "apps@example.com", "name": "MVPD Icon", "description": "",
      "type": "nav_item", "preload": true, "screen": false, "react_native": true, "identifier": "mvpd_icon",
      "ui_builder_support": true, "whitelisted_account_ids": [], "targets": ["mobile"],
      "ui_frameworks": ["native", "quickbrick"], "dependency_version": "0.0.4", "manifest_version": "0.0.3",
      "min_zapp_sdk": "20.0.0", "npm_dependencies": [],
      "general": {
        "fields": [
          { "key": "show_badge", "type": "switch", "label": "Badge", "initial_value": "1" },
          { "key": "badge_text", "type": "text_input", "label": "Badge text", "initial_value": "Hi" }
        ]
      },
      "styles": { "fields": [{ "key": "icon_tint", "type": "color_picker", "label": "Tint", "initial_value": "#FFFFFFFF" }] },
      "data": {
        "fields": [
          { "key": "source", "label": "Screen", "type": "react_select", "options": [] },
          { "key": "provider", "type": "select", "label": "Provider", "options": ["adobe", "other"], "initial_value": "adobe" }
        ]
      }
    }
    """

  /// The home screen's nav bar: a title size and a presentation style of its own, and the icon
  /// item with its own badge text, opening the home screen.
  static let navigations = """
    "navigations": [
      { "id": "bar", "name": "Bar", "category": "nav_bar", "navigation_type": "top_nav_bar",
        "styles": { "title_size": "22", "presentation_style": "logo" },
        "nav_items": [
          { "id": "mvpd", "title": "Sign in", "type": "mvpd_icon", "data": { "source": "home", "target": "home" },
            "general": { "badge_text": "New" } }
        ] }
    ],
    """

  /// The plugin-values app with the two plugins' manifests and the home screen's nav bar.
  func project() throws -> URL {
    let project = temporary().appendingPathComponent("app")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/plugin-values"), to: project)
    try Self.navBar.write(to: project.appendingPathComponent("components/top_nav_bar.json"), atomically: true, encoding: .utf8)
    try Self.navIcon.write(to: project.appendingPathComponent("components/mvpd_icon.json"), atomically: true, encoding: .utf8)
    let screens = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: screens, encoding: .utf8)
    let withBar = text.replacingOccurrences(of: #""home": true,"#, with: #""home": true, "# + Self.navigations)
    XCTAssertNotEqual(withBar, text)
    try withBar.write(to: screens, atomically: true, encoding: .utf8)
    return project
  }

  /// The objects a client decodes, each in a file, from the bundle zlc built: the nav bar's
  /// `plugin_values.styles` and `.data`, its item's `plugin_values.general`, `.styles` and `.data`,
  /// and the item's own `data` (what it opens).
  func values(of project: URL) throws -> [String] {
    let out = project.deletingLastPathComponent().appendingPathComponent("bundle")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    let screen = try XCTUnwrap(try ScreenBundle.load(from: out).screen(id: "home"))
    let bar = try XCTUnwrap(screen.navigations.first)
    let item = try XCTUnwrap(bar.navItems.first)
    let barValues = try XCTUnwrap(bar.pluginValues)
    let itemValues = try XCTUnwrap(item.pluginValues)
    XCTAssertNil(barValues["general"], "a navigation's general is not its plugin's")
    XCTAssertEqual(barValues["rules"]?["sticky"], .bool(true), "rules reach the bundle, read without a model")
    XCTAssertEqual(barValues["assets"]?["logo_image"], .string("https://example.com/logo.png"))
    XCTAssertNil(itemValues["data"]?["source"], "what the item opens is its own data's")
    let own = try XCTUnwrap(screen["navigations"]?.arrayValue?.first?["nav_items"]?.arrayValue?.first?["data"])
    let objects = [
      barValues["styles"], barValues["data"], itemValues["general"], itemValues["styles"], itemValues["data"], own,
    ]
    return try objects.enumerated().map { i, object in
      let file = out.appendingPathComponent("value-\(i).json")
      try Data(try XCTUnwrap(object, "value \(i)").encoded(pretty: false)).write(to: file)
      return file.path
    }
  }

  /// What each client prints: the screen's values over the manifests' `initial_value`s (a
  /// switch's `"1"` as true), and the item's `source` from its own `data` alone.
  static let expected = """
    bar.backgroundColor=#FF101010
    bar.titleSize=22
    bar.presentationStyle=logo
    bar.refreshInterval=30
    bar.source=nil
    icon.showBadge=true
    icon.badgeText=New
    icon.iconTint=#FFFFFFFF
    icon.provider=adobe
    icon.source=nil
    item.source=home

    """

  func testTheSwiftModelsDecodeTheBundlesNavigationValues() throws {
    let app = try project()
    let arguments = try values(of: app)
    let generated = try generate("swift", app, platform: "ios")
    let folder = generated.folder.appendingPathComponent("ios")
    let code = try String(contentsOf: folder.appendingPathComponent("ZappClient.swift"), encoding: .utf8)
    for type in ["TopNavBarStyles", "TopNavBarData", "MvpdIconGeneral", "MvpdIconStyles", "MvpdIconData"] {
      XCTAssertTrue(code.contains("public struct \(type): Hashable, Sendable {"), type)
    }
    for type in ["TopNavBarGeneral", "TopNavBarRules", "TopNavBarAssets"] {
      XCTAssertFalse(code.contains(type), "\(type): a navigation's general, and rules and assets, get no model")
    }
    let main = """
      import Foundation

      let files = CommandLine.arguments.dropFirst().map { URL(fileURLWithPath: $0) }
      func text(_ value: String?) -> String { value ?? "nil" }
      func number(_ value: Double?) -> String { value.map { String(Int($0)) } ?? "nil" }
      func flag(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "nil" }
      let barStyles = try TopNavBarStyles(json: Data(contentsOf: files[0]))
      let barData = try TopNavBarData(json: Data(contentsOf: files[1]))
      let general = try MvpdIconGeneral(json: Data(contentsOf: files[2]))
      let styles = try MvpdIconStyles(json: Data(contentsOf: files[3]))
      let data = try MvpdIconData(json: Data(contentsOf: files[4]))
      let own = try MvpdIconData(json: Data(contentsOf: files[5]))
      print("bar.backgroundColor=" + text(barStyles.backgroundColor))
      print("bar.titleSize=" + number(barStyles.titleSize))
      print("bar.presentationStyle=" + (barStyles.presentationStyle == .logo ? "logo" : "?"))
      print("bar.refreshInterval=" + number(barData.refreshInterval))
      print("bar.source=" + text(barData.source))
      print("icon.showBadge=" + flag(general.showBadge))
      print("icon.badgeText=" + text(general.badgeText))
      print("icon.iconTint=" + text(styles.iconTint))
      print("icon.provider=" + (data.provider == .adobe ? "adobe" : "?"))
      print("icon.source=" + text(data.source))
      print("item.source=" + text(own.source))
      """
    XCTAssertEqual(try swiftMainOutput(main, client: "ZappClient.swift", in: folder, arguments: arguments), Self.expected)
  }

  func testTheTypeScriptModelsDecodeTheBundlesNavigationValues() throws {
    let app = try project()
    let script = """
      const fs = require("fs");
      const read = (i) => JSON.parse(fs.readFileSync(process.argv[1 + i], "utf8"));
      const show = (value) => (value === undefined ? "nil" : typeof value === "object" ? "?" + value.unknown : String(value));
      const barStyles = m.decodeTopNavBarStyles(read(0));
      const barData = m.decodeTopNavBarData(read(1));
      const general = m.decodeMvpdIconGeneral(read(2));
      const styles = m.decodeMvpdIconStyles(read(3));
      const data = m.decodeMvpdIconData(read(4));
      const own = m.decodeMvpdIconData(read(5));
      console.log("bar.backgroundColor=" + show(barStyles.backgroundColor));
      console.log("bar.titleSize=" + show(barStyles.titleSize));
      console.log("bar.presentationStyle=" + show(barStyles.presentationStyle));
      console.log("bar.refreshInterval=" + show(barData.refreshInterval));
      console.log("bar.source=" + show(barData.source));
      console.log("icon.showBadge=" + show(general.showBadge));
      console.log("icon.badgeText=" + show(general.badgeText));
      console.log("icon.iconTint=" + show(styles.iconTint));
      console.log("icon.provider=" + show(data.provider));
      console.log("icon.source=" + show(data.source));
      console.log("item.source=" + show(own.source));
      """
    let printed = try typeScriptMainOutput(script, project: app, arguments: try values(of: app))
    XCTAssertEqual(printed, Self.expected)
  }

  func testTheKotlinModelsDecodeTheBundlesNavigationValues() throws {
    let app = try project()
    let generated = try generate("kotlin", app, platform: "android")
    let client = generated.folder.appendingPathComponent("android/ZappClient.kt")
    let main = """
      import java.io.File
      import zapp.android.MvpdIconData
      import zapp.android.MvpdIconGeneral
      import zapp.android.MvpdIconStyles
      import zapp.android.TopNavBarData
      import zapp.android.TopNavBarStyles

      fun show(value: Any?): String = when (value) {
          null -> "nil"
          is Double -> value.toLong().toString()
          is TopNavBarStyles.PresentationStyleOption -> value.wireName
          is MvpdIconData.ProviderOption -> value.wireName
          else -> value.toString()
      }

      fun main(args: Array<String>) {
          val barStyles = TopNavBarStyles.decode(File(args[0]).readText())
          val barData = TopNavBarData.decode(File(args[1]).readText())
          val general = MvpdIconGeneral.decode(File(args[2]).readText())
          val styles = MvpdIconStyles.decode(File(args[3]).readText())
          val data = MvpdIconData.decode(File(args[4]).readText())
          val own = MvpdIconData.decode(File(args[5]).readText())
          println("bar.backgroundColor=" + show(barStyles.backgroundColor))
          println("bar.titleSize=" + show(barStyles.titleSize))
          println("bar.presentationStyle=" + show(barStyles.presentationStyle))
          println("bar.refreshInterval=" + show(barData.refreshInterval))
          println("bar.source=" + show(barData.source))
          println("icon.showBadge=" + show(general.showBadge))
          println("icon.badgeText=" + show(general.badgeText))
          println("icon.iconTint=" + show(styles.iconTint))
          println("icon.provider=" + show(data.provider))
          println("icon.source=" + show(data.source))
          println("item.source=" + show(own.source))
      }

      """
    XCTAssertEqual(try kotlinMainOutput(main, client: client, arguments: try values(of: app)), Self.expected)
  }

  /// A nav item plugin whose identifier meets another plugin's (`mvpd_icon` and a component's
  /// `mvpd-icon`) keeps its models, as other plugins do: each plugin's carry its name's hash, with
  /// a warning (ZL0121), and the nav item's `general` still decodes the bundle's values.
  func testANavItemPluginNamedAsAnotherPluginKeepsItsModelsUnderItsHash() throws {
    let app = try project()
    let component = Self.navIcon.replacingOccurrences(of: #""identifier": "mvpd_icon""#, with: #""identifier": "mvpd-icon""#)
      .replacingOccurrences(of: #""type": "nav_item""#, with: #""type": "ui_component""#)
    try component.write(to: app.appendingPathComponent("components/mvpd_icon_component.json"), atomically: true, encoding: .utf8)
    let arguments = try values(of: app)
    let out = app.deletingLastPathComponent().appendingPathComponent("generated")
    let r = try zlc(["generate", "swift", app.path, "-o", out.path, "--platform", "ios"])
    XCTAssertEqual(r.status, 0, r.err)
    let (item, other) = (
      String(try run(["sha256sum"], input: "mvpd_icon").out.prefix(8)), String(try run(["sha256sum"], input: "mvpd-icon").out.prefix(8))
    )
    XCTAssertTrue(
      r.err.contains("plugins 'mvpd-icon' and 'mvpd_icon' would both be the identifier MvpdIcon in the generated code"), r.err)
    let folder = out.appendingPathComponent("ios")
    let code = try String(contentsOf: folder.appendingPathComponent("ZappClient.swift"), encoding: .utf8)
    XCTAssertTrue(code.contains("public struct MvpdIcon_\(other)Styles: Hashable, Sendable {"), "the component's model")
    XCTAssertFalse(code.contains("MvpdIcon_\(other)General"), "a component's general gets no model")
    let main = """
      import Foundation

      let general = try MvpdIcon_\(item)General(json: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[3])))
      print((general.badgeText ?? "nil") + "," + (general.showBadge.map { $0 ? "true" : "false" } ?? "nil"))
      """
    XCTAssertEqual(try swiftMainOutput(main, client: "ZappClient.swift", in: folder, arguments: arguments), "New,true\n")
  }
}
