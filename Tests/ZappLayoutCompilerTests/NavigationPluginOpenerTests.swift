import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution

/// A navigation plugin's or a nav item plugin's `screen_selector` field that the navigation (or
/// item) leaves out takes its manifest's `initial_value` in the bundle's `plugin_values`: the
/// screen it names counts as opened (ZL0408, ZL0409), and one that names no screen is ZL0322.
final class NavigationPluginOpenerTests: XCTestCase {
  /// The nav item plugin's manifest: a `general.more_screen` selector filled with `screen`
  /// (marked), for `platform` when given.
  static func navIcon(_ screen: String, platform: String? = nil) -> String {
    let fields = #", "general": {"fields": [{"key": "more_screen", "type": "screen_selector", "initial_value": ⟦⟧"\#(screen)"}]}"#
    return manifest("my_nav_icon", type: "nav_item", platform: platform, fields: fields)
  }

  /// The nav bar plugin's manifest: a `styles.next_screen` selector filled with `styles` and a
  /// `general.more_screen` one (a navigation's `general` is not its plugin's) filled with `general`.
  static func navBar(styles: String, general: String) -> String {
    let fields = """
      , "styles": {"fields": [{"key": "next_screen", "type": "screen_selector", "initial_value": "\(styles)"}]},
        "general": {"fields": [{"key": "more_screen", "type": "screen_selector", "initial_value": "\(general)"}]}
      """
    return manifest("my_nav_bar", type: "nav_bar", platform: nil, fields: fields)
  }

  static func manifest(_ identifier: String, type: String, platform: String?, fields: String) -> String {
    let platform = platform.map { #", "platform": "\#($0)""# } ?? ""
    return Example.manifest(platform + fields, identifier: identifier, type: type)
  }

  /// The screen `other` with a nav bar of `my_nav_bar` holding `items`.
  static func other(items: [String]) -> String {
    let bar = #"{"id": "bar", "category": "nav_bar", "navigation_type": "my_nav_bar", "nav_items": [\#(items.joined(separator: ", "))]}"#
    return Example.screen(Example.grid, extra: #", "navigations": [\#(bar)]"#)
  }

  /// A nav item of the plugin with this id that writes nothing of its own.
  static func icon(_ id: String = "icon") -> String { #"{"id": "\#(id)", "title": "Icon", "type": "my_nav_icon"}"# }
  /// A nav item of the plugin with this id that writes its selector, opening the home screen.
  static func iconOpeningHome(_ id: String = "icon") -> String {
    #"{"id": "\#(id)", "title": "Icon", "type": "my_nav_icon", "general": {"more_screen": "home"}}"#
  }

  /// The screen `lost` (its id marked), connected or not.
  static func lost(connected: Bool) -> Marked {
    let data = connected ? #", "data": {"connected": true}"# : ""
    return Marked(#"[{"id": ⟦⟧"lost", "type": "favorites"\#(data), "ui_components": []}]"#)
  }

  func check(_ files: [String: String]) throws -> (String, [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  static let unopenedRoot =
    "nothing opens root screen 'lost': no navigation item, component or header target, hook, screen_selector field or mapping names it"
  static let unreachableConnected =
    "nothing can open connected screen 'lost': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"

  /// A root screen that only a nav item's taken selector opens is opened (ZL0409); one the item
  /// writes itself is not taken.
  func testANavItemsTakenSelectorOpensARootScreen() throws {
    let lost = Self.lost(connected: false)
    let files = ["components/i.json": Marked(Self.navIcon("lost")).text, "screens/q.json": lost.text]
    let (dir, found) = try check(files.merging(["screens/o.json": Self.other(items: [Self.icon()])]) { $1 })
    assertDiagnostics(found, in: dir, [])

    let (dir2, found2) = try check(files.merging(["screens/o.json": Self.other(items: [Self.iconOpeningHome()])]) { $1 })
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0409", file: "screens/q.json", line: lost.markers[0].line, column: lost.markers[0].column,
          message: Self.unopenedRoot)
      ])
  }

  /// A connected screen that only a navigation's taken `styles` selector opens can be opened
  /// (ZL0408); the navigation's `general`, which its plugin does not read, opens nothing.
  func testANavigationsTakenSelectorOpensAConnectedScreen() throws {
    let lost = Self.lost(connected: true)
    let other = Self.other(items: [])
    let (dir, found) = try check([
      "components/b.json": Self.navBar(styles: "lost", general: "home"), "screens/o.json": other, "screens/q.json": lost.text,
    ])
    assertDiagnostics(found, in: dir, [])

    let (dir2, found2) = try check([
      "components/b.json": Self.navBar(styles: "home", general: "lost"), "screens/o.json": other, "screens/q.json": lost.text,
    ])
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0408", file: "screens/q.json", line: lost.markers[0].line, column: lost.markers[0].column,
          message: Self.unreachableConnected)
      ])
  }

  /// With several platforms built, each built platform's manifest fills its bundle: a screen one
  /// of them opens is opened; one only an unbuilt platform's manifest names is not.
  func testEachBuiltPlatformsManifestOpensItsScreen() throws {
    let lost = Self.lost(connected: false)
    let base = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/o.json": Self.other(items: [Self.icon()]),
      "screens/q.json": lost.text,
    ]
    let (dir, found) = try check(
      base.merging([
        "components/i/ios.json": Marked(Self.navIcon("home", platform: "ios")).text,
        "components/i/android.json": Marked(Self.navIcon("lost", platform: "android")).text,
      ]) { $1 })
    assertDiagnostics(found, in: dir, [])

    let (dir2, found2) = try check(
      base.merging([
        "components/i/a.json": Marked(Self.navIcon("lost", platform: "tvos")).text,
        "components/i/b.json": Marked(Self.navIcon("home")).text,
      ]) { $1 })
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0409", file: "screens/q.json", line: lost.markers[0].line, column: lost.markers[0].column,
          message: Self.unopenedRoot)
      ])
  }

  /// The screens a screen opens include those its nav items' values open, at the item.
  func testTheOpenerIsTheNavItemThatTakesTheValue() throws {
    let marked = Marked(Self.other(items: ["⟦⟧" + Self.icon()]))
    let dir = try makeProject(
      Example.baseProject.merging([
        "components/i.json": Marked(Self.navIcon("lost")).text, "screens/o.json": marked.text,
        "screens/q.json": Self.lost(connected: false).text,
      ]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    let other = try XCTUnwrap(project.screen(id: "other"))
    let openers = project.openers(in: other)
    XCTAssertEqual(openers.map(\.value), ["lost"])
    XCTAssertEqual(openers.first?.spot.location.line, marked.markers[0].line)
    XCTAssertEqual(openers.first?.spot.location.column, marked.markers[0].column)
    XCTAssertEqual(project.openers(in: other, takingFilled: false).map(\.value), [])
    // The bundle's values are the same.
    let navigations = try XCTUnwrap(Resolver(project: project).navigations(other))
    XCTAssertEqual(
      navigations.arrayValue?.first?["nav_items"]?.arrayValue?.first?["plugin_values"],
      try JSON.parse(Data(#"{"general": {"more_screen": "lost"}}"#.utf8)))
  }

  /// A taken selector that names no screen is ZL0322 at the manifest's `initial_value`, once, with
  /// a note at each item that takes it.
  func testATakenSelectorNamingNoScreenIsReportedAtTheManifest() throws {
    let m = Marked(Self.navIcon("lots"))
    let (dir, found) = try check([
      "components/i.json": m.text, "screens/o.json": Self.other(items: [Self.icon(), Self.icon("second"), Self.iconOpeningHome("third")]),
    ])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "components/i.json", line: m.markers[0].line, column: m.markers[0].column,
          message: "selected screen 'lots' (general.more_screen) is not the id of any screen",
          notes: ["fills 'general.more_screen' of this nav item", "fills 'general.more_screen' of this nav item"])
      ])
  }
}

extension NavigationPluginOpenerTests {
  /// A selector a nav item writes opens its screen; one that names no screen is ZL0322 where
  /// written, with the nearest id as its fix.
  func testAWrittenSelectorOfANavItemOpensItsScreenAndIsChecked() throws {
    func item(_ screen: String) -> String {
      #"{"id": "icon", "title": "Icon", "type": "my_nav_icon", "general": {"more_screen": ⟦⟧"\#(screen)"}}"#
    }
    let lost = Self.lost(connected: false)
    let files = ["components/i.json": Marked(Self.navIcon("home")).text, "screens/q.json": lost.text]
    let (dir, found) = try check(files.merging(["screens/o.json": Marked(Self.other(items: [item("lost")])).text]) { $1 })
    assertDiagnostics(found, in: dir, [])

    let s = Marked(Self.other(items: [item("lots")]))
    let (dir2, found2) = try check(files.merging(["screens/o.json": s.text]) { $1 })
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "selected screen 'lots' (general.more_screen) is not the id of any screen",
          notes: ["screen 'lost' is defined here"], fixIt: #""lost""#),
        DiagnosticSpec(
          code: "ZL0409", file: "screens/q.json", line: lost.markers[0].line, column: lost.markers[0].column,
          message: Self.unopenedRoot, notes: ["'lots' would open it if it named 'lost'"]),
      ])
  }
}
