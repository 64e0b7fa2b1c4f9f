import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin field of type `screen_selector` holds a screen's id: the screen it names is opened
/// (ZL0409 is not reported for it), and a value that names no screen is warning ZL0322. The app
/// opens its offline home itself.
final class ScreenSelectorTests: XCTestCase {
  /// A login screen plugin whose `general.post_login_screen` is a screen selector.
  static let login = Example.manifest(
    #", "screen": true, "general": {"fields": [{"key": "post_login_screen", "type": "screen_selector"}]}"#, identifier: "my_login",
    type: "login")
  /// A ui_component whose `styles.more_screen` is a screen selector.
  static let banner = Example.manifest(
    #", "styles": {"fields": [{"key": "more_screen", "type": "screen_selector"}, {"key": "title", "type": "text_input"}]}"#,
    identifier: "banner")

  private func check(_ files: [String: String]) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  /// The screen a screen plugin's selector names, the one a plugin component's selector names (in
  /// a nested group too) and the offline home are opened: the project checks clean.
  func testSelectedScreensAndTheOfflineHomeAreOpened() throws {
    let screens = """
      [{"id": "other", "type": "my_login", "general": {"post_login_screen": "welcome"}, "ui_components": []},
       {"id": "welcome", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
         {"component_type": "group", "ui_components": [{"component_type": "banner", "styles": {"more_screen": "more", "title": "welcome"}}]}]},
       {"id": "more", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\(Example.grid)]},
       {"id": "offline", "type": "general_content", "home_offline": true, "styles": {"family": "FAMILY_1"}, "ui_components": [\(Example.grid)]}]
      """
    let files = ["components/l.json": Self.login, "components/b.json": Self.banner, "screens/o.json": screens]
    let (_, found) = try check(files)
    XCTAssertEqual(found.map { "\($0.code) \($0.message)" }, [])
    // A text field holding a screen's id opens nothing; nor does a screen that is not the offline home.
    let (_, unopened) = try check(
      files.merging([
        "screens/o.json":
          screens
          .replacingOccurrences(of: #""more_screen": "more", "title": "welcome""#, with: #""title": "more""#)
          .replacingOccurrences(of: #""home_offline": true"#, with: #""home_offline": false"#)
      ]) { $1 })
    XCTAssertEqual(
      unopened.map(\.message).sorted(),
      [
        "nothing opens root screen 'more': no navigation item, component or header target, hook, screen_selector field or mapping names it",
        "nothing opens root screen 'offline': no navigation item, component or header target, hook, screen_selector field or mapping names it",
      ])
  }

  /// A selector value that is no screen's id is a warning at the value, naming the field, with the
  /// nearest id as its fix; an empty or null value (a deleted screen's) and a field of another type
  /// are not reported.
  func testASelectorValueThatNamesNoScreenIsAWarning() throws {
    let screens = Marked(
      """
      [{"id": "other", "type": "my_login", "general": {"post_login_screen": ⟦⟧"welcom"}, "ui_components": []},
       {"id": "welcome", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
         {"component_type": "banner", "styles": {"more_screen": ⟦⟧"zzz", "title": "nowhere"}},
         {"component_type": "banner", "styles": {"more_screen": null}}, {"component_type": "banner", "styles": {"more_screen": ""}}]}]
      """)
    let (dir, found) = try check(["components/l.json": Self.login, "components/b.json": Self.banner, "screens/o.json": screens.text])
    let selected = found.filter { $0.code == "ZL0322" }
    assertDiagnostics(
      selected, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "screens/o.json", line: screens.markers[0].line, column: screens.markers[0].column,
          message: "selected screen 'welcom' (general.post_login_screen) is not the id of any screen",
          notes: ["screen 'welcome' is defined here"], fixIt: #""welcome""#),
        DiagnosticSpec(
          code: "ZL0322", file: "screens/o.json", line: screens.markers[1].line, column: screens.markers[1].column,
          message: "selected screen 'zzz' (styles.more_screen) is not the id of any screen"),
      ])
    XCTAssertEqual(selected.map(\.severity), [.warning, .warning])
    XCTAssertEqual(Driver.check(dir).status, .success, "warnings only")
  }

  /// A field is a selector where the manifest of any platform whose bundle is built says so: its
  /// value opens the screen on an app of two platforms whose manifests differ, though the manifest
  /// first in file order (android's) has a text field.
  func testAFieldIsASelectorWhereAnyPlatformsManifestSaysSo() throws {
    func manifest(_ platform: String, type: String) -> String {
      Example.manifest(
        #", "platform": "\#(platform)", "styles": {"fields": [{"key": "more_screen", "type": "\#(type)"}]}"#, identifier: "banner")
    }
    let screens = """
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
         {"component_type": "banner", "styles": {"more_screen": "more"}}]},
       {"id": "more", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\(Example.grid)]}]
      """
    let (_, found) = try check([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "components/b/android.json": manifest("android", type: "text_input"),
      "components/b/ios.json": manifest("ios", type: "screen_selector"), "screens/o.json": screens,
    ])
    XCTAssertEqual(found.map { "\($0.code) \($0.message)" }, [])
  }

  /// A manifest that declares the component's own `data.target` a screen selector: the target is
  /// ZL0307's (an error, reported once), not ZL0322's too.
  func testADataTargetDeclaredAsASelectorIsReportedOnceAsATarget() throws {
    let promo = Example.manifest(
      #", "data": {"fields": [{"key": "target", "type": "screen_selector"}]}"#, identifier: "promo")
    let screen = Example.screen(#"{"component_type": "promo", "data": {"target": "othr"}}"#)
    let (_, found) = try check(["components/p.json": promo, "screens/o.json": screen])
    XCTAssertEqual(found.filter { $0.code == "ZL0307" || $0.code == "ZL0322" }.map(\.code), ["ZL0307"])
  }

  /// The library's selector functions read a plugin component's fields when not told otherwise
  /// (`isComponent` is true by default, as it was before it was asked): its `data.target`, the
  /// component's own target, is not one of them.
  func testTheSelectorFunctionsReadAComponentByDefault() throws {
    let teaser = Example.manifest(
      #", "styles": {"fields": [{"key": "more_screen", "type": "screen_selector", "initial_value": "more"}]}"#
        + #", "data": {"fields": [{"key": "target", "type": "screen_selector", "initial_value": "lost"}]}"#,
      identifier: "teaser")
    let screens = """
      [{"id": "teasers", "type": "general_content", "ui_components": [
         {"component_type": "teaser", "styles": {"more_screen": "more"}}, {"component_type": "teaser"}]}]
      """
    let dir = try makeProject(Example.baseProject.merging(["components/t.json": teaser, "screens/o.json": screens]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    XCTAssertEqual(project.screenSelectorFields(of: "teaser").map { "\($0.section).\($0.key)" }, ["styles.more_screen"])
    var components: [ComponentDecl] = []
    try XCTUnwrap(project.screens.first { $0.id.value == "teasers" }).forEachComponent { components.append($0) }
    XCTAssertEqual(components.count, 2)
    XCTAssertEqual(project.screenSelections(in: components[0].value, plugin: "teaser").map(\.screen.value), ["more"])
    let filled = project.filledSelections(in: components[1].value, plugin: "teaser", sections: ["styles", "data"], at: components[1].spot)
    XCTAssertEqual(filled.map(\.value), ["more"])
  }
}
