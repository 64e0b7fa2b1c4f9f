import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A `screen_selector` field a plugin component (or a screen plugin) leaves out takes its
/// manifest's `initial_value`, as its bundle fills it in: the screen it names is checked (ZL0322)
/// and counts as opened (ZL0409).
final class ManifestFilledSelectionTests: XCTestCase {
  /// The rail's manifest: a data source, and a `screen_selector` field in `styles` and in `general`
  /// with these initial values (marked).
  static func rail(styles: String, general: String) -> String {
    let styles = #"{"key": "next_screen", "type": "screen_selector", "initial_value": ⟦⟧"\#(styles)"}"#
    let general = #"{"key": "more_screen", "type": "screen_selector", "initial_value": ⟦⟧"\#(general)"}"#
    return Example.manifest(
      #", "styles": {"fields": [\#(styles)]}, "general": {"fields": [\#(general)]}, "data": {"fields": [\#(ManifestInitialValueCheckTests.source)]}"#,
      identifier: "rail")
  }

  /// The login screen plugin's manifest, whose `general.post_login_screen` has this initial value
  /// (marked).
  static func login(_ screen: String) -> String {
    Example.manifest(
      #", "screen": true, "general": {"fields": [{"key": "post_login_screen", "type": "screen_selector", "initial_value": ⟦⟧"\#(screen)"}]}"#,
      identifier: "my_login", type: "login")
  }

  static let rail = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#

  func check(_ files: [String: String]) throws -> (String, [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    return (dir, Driver.check(dir).diagnostics)
  }

  /// A component's taken `styles` selector that names no screen is ZL0322 at the initial value; one
  /// the component writes is checked where written; its `general`, which its bundle holds in the
  /// section's `plugin_values`, is taken too, by both components.
  func testATakenStylesSelectorOfAComponentIsChecked() throws {
    let m = Marked(Self.rail(styles: "zzzz", general: "yyyy"))
    let s = Marked(
      Example.screen(
        [
          Example.grid, "⟦⟧" + Self.rail,
          #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"next_screen": "home"}}"#,
        ].joined(separator: ", ")))
    let (dir, found) = try check(["components/r.json": m.text, "screens/o.json": s.text])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "components/r.json", line: m.markers[0].line, column: m.markers[0].column,
          message: "selected screen 'zzzz' (styles.next_screen) is not the id of any screen",
          notes: ["fills 'styles.next_screen' of this component"]),
        DiagnosticSpec(
          code: "ZL0322", file: "components/r.json", line: m.markers[1].line, column: m.markers[1].column,
          message: "selected screen 'yyyy' (general.more_screen) is not the id of any screen",
          notes: ["fills 'general.more_screen' of this component", "fills 'general.more_screen' of this component"]),
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.line, s.markers[0].line)
    XCTAssertEqual(found.first?.notes.first?.spot?.location.column, s.markers[0].column)
  }

  /// A screen plugin's taken `general` selector that names no screen is ZL0322 at the initial
  /// value, with a note at the screen.
  func testATakenGeneralSelectorOfAScreenPluginIsChecked() throws {
    let m = Marked(Self.login("zzzz"))
    let s = Marked(#"[⟦⟧{"id": "other", "type": "my_login", "ui_components": []}]"#)
    let (dir, found) = try check(["components/l.json": m.text, "screens/o.json": s.text])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "components/l.json", line: m.markers[0].line, column: m.markers[0].column,
          message: "selected screen 'zzzz' (general.post_login_screen) is not the id of any screen",
          notes: ["fills 'general.post_login_screen' of this screen"])
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.line, s.markers[0].line)
    XCTAssertEqual(found.first?.notes.first?.spot?.location.column, s.markers[0].column)
  }

  /// The screen a taken selector names is opened: a root screen nothing else opens is no ZL0409.
  func testATakenSelectorOpensItsScreen() throws {
    let lost = #"[{"id": "lost", "type": "favorites", "ui_components": []}]"#
    let (dir, found) = try check([
      "components/r.json": Marked(Self.rail(styles: "lost", general: "home")).text,
      "screens/o.json": Example.screen(Example.grid + ", " + Self.rail), "screens/q.json": lost,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(found, in: dir, [])

    let (dir2, found2) = try check([
      "components/l.json": Marked(Self.login("lost")).text,
      "screens/o.json": #"[{"id": "other", "type": "my_login", "ui_components": []}]"#, "screens/q.json": lost,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(found2, in: dir2, [])

    // A component's general is in its bundle too (its section's `plugin_values`): it opens its screen.
    let (dir3, found3) = try check([
      "components/r.json": Marked(Self.rail(styles: "home", general: "lost")).text,
      "screens/o.json": Example.screen(Example.grid + ", " + Self.rail), "screens/q.json": lost,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir3) }
    assertDiagnostics(found3, in: dir3, [])
  }

  /// A screen plugin's `advertising` selector is one too: written, it is checked where written;
  /// left out, its initial value is taken and opens its screen.
  func testAnAdvertisingSelectorOfAScreenPluginIsOne() throws {
    let manifest = Example.manifest(
      #", "screen": true, "advertising": {"fields": [{"key": "ad_screen", "type": "screen_selector", "initial_value": "lost"}]}"#,
      identifier: "my_ads", type: "general")
    let s = Marked(#"[{"id": "other", "type": "my_ads", "advertising": {"ad_screen": ⟦⟧"hom"}, "ui_components": []}]"#)
    let (dir, found) = try check(["components/a.json": manifest, "screens/o.json": s.text])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "selected screen 'hom' (advertising.ad_screen) is not the id of any screen",
          notes: ["screen 'home' is defined here"], fixIt: #""home""#)
      ])

    let lost = #"[{"id": "lost", "type": "favorites", "ui_components": []}]"#
    let (dir2, found2) = try check([
      "components/a.json": manifest, "screens/o.json": #"[{"id": "other", "type": "my_ads", "ui_components": []}]"#,
      "screens/q.json": lost,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(found2, in: dir2, [])
  }
}
