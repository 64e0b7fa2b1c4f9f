import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// With several platforms built, each platform's bundle holds a plugin component's (or a screen
/// plugin's) value as a screen id only where its own manifest declares the field a
/// `screen_selector`, and fills one left out with that manifest's `initial_value`: a field that is
/// a selector on iOS and text on Android opens (ZL0408, ZL0409) and is checked (ZL0322) as the iOS
/// bundle holds it alone.
final class PlatformScreenSelectorTests: XCTestCase {
  /// The rail's manifest for `platform`: a data source, and `styles.next_screen` of `type` filled
  /// with `initial` (marked).
  static func rail(_ platform: String, type: String, initial: String) -> String {
    let field = #"{"key": "next_screen", "type": "\#(type)", "initial_value": ⟦⟧"\#(initial)"}"#
    return Example.manifest(
      #", "platform": "\#(platform)", "styles": {"fields": [\#(field)]}, "data": {"fields": [\#(ManifestInitialValueCheckTests.source)]}"#,
      identifier: "rail")
  }

  /// The login screen plugin's manifest for `platform`: `general.post_login_screen` of `type`
  /// filled with `initial`.
  static func login(_ platform: String, type: String, initial: String) -> String {
    let field = #"{"key": "post_login_screen", "type": "\#(type)", "initial_value": "\#(initial)"}"#
    return Example.manifest(
      #", "platform": "\#(platform)", "screen": true, "general": {"fields": [\#(field)]}"#, identifier: "my_login", type: "login")
  }

  static let rail = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
  static let railOpeningLost =
    #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"next_screen": "lost"}}"#

  /// The root screen `lost` (its id marked).
  static let lost = Marked(#"[{"id": ⟦⟧"lost", "type": "favorites", "ui_components": []}]"#)

  static let unopenedRoot = DiagnosticSpec(
    code: "ZL0409", file: "screens/q.json", line: lost.markers[0].line, column: lost.markers[0].column,
    message:
      "nothing opens root screen 'lost': no navigation item, component or header target, hook, screen_selector field or mapping names it")

  /// An app building iOS and Android, with `files` over the base project and the screen `lost`.
  func check(_ files: [String: String]) throws -> (String, [Diagnostic]) {
    let dir = try makeProject(Self.project(files))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  /// The base project and the screen `lost`, built for iOS and Android, with `files` over them.
  static func project(_ files: [String: String]) -> [String: String] {
    let app = ["zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/q.json": lost.text]
    return Example.baseProject.merging(app) { $1 }.merging(files) { $1 }
  }

  /// The rail's manifests: the iOS one's `styles.next_screen` a selector filled with `ios`, the
  /// Android one's a text field filled with `android`.
  static func rails(ios: String, android: String) -> [String: String] {
    [
      "components/r/ios.json": Marked(rail("ios", type: "screen_selector", initial: ios)).text,
      "components/r/android.json": Marked(rail("android", type: "text_input", initial: android)).text,
    ]
  }

  /// The Android text field's initial value opens nothing (ZL0409); a value the rail writes opens
  /// its screen, as the iOS bundle holds it as a screen id.
  func testAFieldThatIsTextOnOnePlatformOpensNothingByItsInitialValue() throws {
    let rails = Self.rails(ios: "home", android: "lost")
    let (dir, found) = try check(rails.merging(["screens/o.json": Example.screen(Example.grid + ", " + Self.rail)]) { $1 })
    assertDiagnostics(found, in: dir, [Self.unopenedRoot])

    let (dir2, found2) = try check(rails.merging(["screens/o.json": Example.screen(Example.grid + ", " + Self.railOpeningLost)]) { $1 })
    assertDiagnostics(found2, in: dir2, [])
  }

  /// The screens a component opens are those the bundles hold as screen ids: the iOS manifest's
  /// initial value, not the Android text field's.
  func testTheOpenersOfAComponentAreTheSelectorPlatformsFilledValues() throws {
    let files = Self.rails(ios: "home", android: "lost").merging(["screens/o.json": Example.screen(Example.grid + ", " + Self.rail)]) {
      $1
    }
    let dir = try makeProject(Self.project(files))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    let other = try XCTUnwrap(project.screen(id: "other"))
    XCTAssertEqual(project.openers(in: other).map(\.value), ["home"])
  }

  /// The Android text field's initial value is no screen id: ZL0322 does not check it.
  func testATextFieldsInitialValueIsNotChecked() throws {
    let (dir, found) = try check(
      Self.rails(ios: "lost", android: "zzzz").merging(["screens/o.json": Example.screen(Example.grid + ", " + Self.rail)]) { $1 })
    assertDiagnostics(found, in: dir, [])
  }

  /// A filled selector of the iOS manifest alone that names no screen is ZL0322 once, at the iOS
  /// manifest's initial value, naming the platform; the Android text field's same value is not
  /// (and `lost`, which nothing opens, is ZL0409).
  func testAFilledSelectorOfOnePlatformNamingNoScreenIsReportedForIt() throws {
    let ios = Marked(Self.rail("ios", type: "screen_selector", initial: "zzzz"))
    let s = Marked(Example.screen(Example.grid + ", ⟦⟧" + Self.rail))
    let (dir, found) = try check([
      "components/r/ios.json": ios.text,
      "components/r/android.json": Marked(Self.rail("android", type: "text_input", initial: "zzzz")).text, "screens/o.json": s.text,
    ])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "components/r/ios.json", line: ios.markers[0].line, column: ios.markers[0].column,
          message: "selected screen 'zzzz' (styles.next_screen) is not the id of any screen (on ios)",
          notes: ["fills 'styles.next_screen' of this component"]),
        Self.unopenedRoot,
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.line, s.markers[0].line)
    XCTAssertEqual(found.first?.notes.first?.spot?.location.column, s.markers[0].column)
  }

  /// A screen plugin's field that is text on Android opens nothing there by its initial value.
  func testAScreenPluginsTextFieldOpensNothingByItsInitialValue() throws {
    let (dir, found) = try check([
      "components/l/ios.json": Self.login("ios", type: "screen_selector", initial: "home"),
      "components/l/android.json": Self.login("android", type: "text_input", initial: "lost"),
      "screens/o.json": #"[{"id": "other", "type": "my_login", "ui_components": []}]"#,
    ])
    assertDiagnostics(found, in: dir, [Self.unopenedRoot])
  }
  /// A written value of a field that is a selector on iOS alone that names no screen is ZL0322,
  /// naming the platform whose bundle holds it as a screen id.
  func testAWrittenSelectorOfOnePlatformNamingNoScreenNamesIt() throws {
    let rail =
      #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"next_screen": ⟦⟧"zzzz"}}"#
    let s = Marked(Example.screen(Example.grid + ", " + rail))
    let (dir, found) = try check(Self.rails(ios: "home", android: "lost").merging(["screens/o.json": s.text]) { $1 })
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0322", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "selected screen 'zzzz' (styles.next_screen) is not the id of any screen (on ios)"),
        Self.unopenedRoot,
      ])
  }
}
