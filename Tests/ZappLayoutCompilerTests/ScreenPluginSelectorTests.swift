import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A screen plugin's `screen_selector` fields as its bundle's `plugin_values` holds them: every
/// section but `hooks` and `localizations`, `data.target` too (a component's `data.target` is its
/// own target, ZL0307).
final class ScreenPluginSelectorTests: XCTestCase {
  /// The login screen plugin's manifest: `data.target` a selector filled with `lost`.
  static let login = Example.manifest(
    #", "screen": true, "data": {"fields": [{"key": "target", "type": "screen_selector", "initial_value": "lost"}]}"#,
    identifier: "my_login", type: "login")

  func check(_ files: [String: String]) throws -> (String, [Diagnostic]) {
    let dir = try makeProject(PlatformScreenSelectorTests.project(files))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  /// A screen plugin that leaves out its `data.target` selector opens its manifest's
  /// `initial_value`, as its bundle fills it in: `lost` is opened.
  func testAScreenPluginsFilledDataTargetOpensItsScreen() throws {
    let (dir, found) = try check([
      "components/l.json": Self.login, "screens/o.json": #"[{"id": "other", "type": "my_login", "ui_components": []}]"#,
    ])
    assertDiagnostics(found, in: dir, [])
  }

  /// A screen plugin's written `data.target` selector that names no screen is ZL0322 (and the
  /// manifest's `lost`, not filled in, opens nothing).
  func testAScreenPluginsWrittenDataTargetNamingNoScreenIsReported() throws {
    let s = Marked(#"[{"id": "other", "type": "my_login", "data": {"target": ⟦⟧"nosuch"}, "ui_components": []}]"#)
    let (dir, found) = try check(["components/l.json": Self.login, "screens/o.json": s.text])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "selected screen 'nosuch' (data.target) is not the id of any screen"),
        PlatformScreenSelectorTests.unopenedRoot,
      ])
  }
}

/// A `screen_selector` value written in `localizations` is no screen id any bundle holds: it is
/// neither checked (ZL0322) nor opens its screen (ZL0409).
final class LocalizedSelectorTests: XCTestCase {
  static let login = Example.manifest(
    #", "screen": true, "localizations": {"fields": [{"key": "next", "type": "screen_selector"}]}"#,
    identifier: "my_login", type: "login")

  func testALocalizedSelectorIsNeitherCheckedNorAnOpener() throws {
    let screen = #"[{"id": "other", "type": "my_login", "localizations": {"en": {"next": "lost"}}, "ui_components": []}]"#
    let dir = try makeProject(PlatformScreenSelectorTests.project(["components/l.json": Self.login, "screens/o.json": screen]))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, [PlatformScreenSelectorTests.unopenedRoot])

    let unknown = #"[{"id": "other", "type": "my_login", "localizations": {"en": {"next": "nosuch"}}, "ui_components": []}]"#
    let dir2 = try makeProject(
      PlatformScreenSelectorTests.project(["components/l.json": Self.login, "screens/o.json": unknown]))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(Driver.check(dir2).diagnostics, in: dir2, [PlatformScreenSelectorTests.unopenedRoot])
  }
}
