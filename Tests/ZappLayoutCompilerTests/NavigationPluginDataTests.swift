import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution

/// A nav item plugin's and a navigation plugin's `data` hold the keys their manifests declare
/// there, as a plugin component's does: the bundle writes them into `plugin_values.data`, so
/// they are not unknown keys (ZL0204); a key no manifest declares still is.
final class NavigationPluginDataTests: XCTestCase {
  /// A manifest of `type` declaring the `screen_selector` field `data.d`, for `platform` when given.
  static func declaringData(_ identifier: String, type: String, platform: String? = nil) -> String {
    NavigationPluginOpenerTests.manifest(
      identifier, type: type, platform: platform, fields: #", "data": {"fields": [{"key": "d", "type": "screen_selector"}]}"#)
  }

  /// The screen `other` whose nav bar holds a `my_nav_icon` item with this `data`.
  static func other(itemData: String) -> Marked {
    Marked(NavigationPluginOpenerTests.other(items: [#"{"id": "icon", "title": "Icon", "type": "my_nav_icon", "data": \#(itemData)}"#]))
  }

  func check(_ files: [String: String]) throws -> (String, [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  /// A nav item's `data` key its manifest declares is its plugin's (and a screen selector, which
  /// ZL0322 checks); a key the manifest does not declare is unknown.
  func testANavItemsDataHoldsTheKeysItsManifestDeclares() throws {
    let s = Self.other(itemData: #"{"d": "home", ⟦⟧"unheard_of": 1}"#)
    let (dir, found) = try check(["components/i.json": Self.declaringData("my_nav_icon", type: "nav_item"), "screens/o.json": s.text])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "unknown key 'unheard_of' in data")
      ])

    let lots = Self.other(itemData: #"{"d": ⟦⟧"lots"}"#)
    let (dir2, found2) = try check(["components/i.json": Self.declaringData("my_nav_icon", type: "nav_item"), "screens/o.json": lots.text])
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "screens/o.json", line: lots.markers[0].line, column: lots.markers[0].column,
          message: "selected screen 'lots' (data.d) is not the id of any screen")
      ])
  }

  /// With several platforms built, a data key only one platform's manifest declares is unknown on
  /// the others.
  func testANavItemsDataKeyIsCheckedAgainstEachPlatformsManifest() throws {
    let s = Self.other(itemData: #"{⟦⟧"d": "home"}"#)
    let (dir, found) = try check([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/o.json": s.text,
      "components/i/ios.json": Self.declaringData("my_nav_icon", type: "nav_item", platform: "ios"),
      "components/i/android.json": NavigationPluginOpenerTests.manifest("my_nav_icon", type: "nav_item", platform: "android", fields: ""),
    ])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "unknown key 'd' in data (on android only: the manifests of ios declare it otherwise)")
      ])
  }

  /// A plugin that is a component on one platform and a nav item on the other, with the same
  /// fields: the item's `data` key is its plugin's where a nav item manifest draws it, and unknown
  /// only where none does (the item is then no plugin's).
  func testANavItemsDataIsWidenedByThePlatformThatDrawsItAsANavItem() throws {
    let s = Self.other(itemData: #"{⟦⟧"d": "home", ⟦⟧"unheard_of": 1}"#)
    let (dir, found) = try check([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/o.json": s.text,
      "components/i/ios.json": Self.declaringData("my_nav_icon", type: "ui_component", platform: "ios"),
      "components/i/android.json": Self.declaringData("my_nav_icon", type: "nav_item", platform: "android"),
    ])
    assertDiagnostics(
      found.filter { $0.code == "ZL0204" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "unknown key 'd' in data (on ios only: the manifests of android declare it otherwise)"),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: s.markers[1].line, column: s.markers[1].column,
          message: "unknown key 'unheard_of' in data"),
      ])
  }

  /// A navigation's `data` key its manifest declares is no unknown key either (a navigation's
  /// `data` takes any key), and the bundle writes it into the navigation's `plugin_values`: a
  /// guard that the nav item's widening leaves navigations as they were.
  func testANavigationsDataHoldsTheKeysItsManifestDeclares() throws {
    let bar = #"{"id": "bar", "category": "nav_bar", "navigation_type": "my_nav_bar", "data": {"d": "home"}}"#
    let screen = Example.screen(Example.grid, extra: #", "navigations": [\#(bar)]"#)
    let files = ["components/b.json": Self.declaringData("my_nav_bar", type: "nav_bar"), "screens/o.json": screen]
    let (dir, found) = try check(files)
    assertDiagnostics(found, in: dir, [])
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    let other = try XCTUnwrap(project.screen(id: "other"))
    let navigations = try XCTUnwrap(Resolver(project: project).navigations(other))
    XCTAssertEqual(navigations.arrayValue?.first?["plugin_values"], try JSON.parse(Data(#"{"data": {"d": "home"}}"#.utf8)))
  }

  /// The screens' JSON Schema leaves a nav item's `data` open, as a component's: a manifest adds
  /// keys to it.
  func testTheScreensSchemaLeavesANavItemsDataOpen() throws {
    let schema = try JSON.parse(Data(JSONSchema.schema(for: .screens).serialized().utf8))
    let data = schema["definitions"]?["navItem"]?["properties"]?["data"]
    XCTAssertEqual(data?["additionalProperties"]?.boolValue, true)
  }
}
