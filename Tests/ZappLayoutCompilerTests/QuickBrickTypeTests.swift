import Foundation
import XCTest
import ZappDiagnostics
import ZappModel

@testable import ZappLayoutCompiler
@testable import ZappWriters

/// Quick Brick's own component types on a native platform (ZL0426): its clients draw none of them.
final class QuickBrickTypeTests: XCTestCase {
  static let rail = #"{"component_type": ⟦⟧"horizontal_list_qb", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#

  func check(_ files: [String: String]) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == "ZL0426" })
  }

  /// An app of a native and a Quick Brick platform: the type is reported, naming the native one.
  func testAQuickBrickTypeInAnAppWithANativePlatformIsReportedThere() throws {
    let screen = Marked(Example.screen(Self.rail))
    let (dir, found) = try check([
      "zlc.json": #"{"platforms": {"ios": {}, "android_for_quickbrick": {}}}"#, "screens/o.json": screen.text,
    ])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0426", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: "'horizontal_list_qb' is a Quick Brick component type, which the native clients do not draw (on ios)")
      ])
  }

  /// A size class replacement, a fallback or a cell body of a Quick Brick type is reported where
  /// it is written; of a native type, it is not.
  func testAReplacementFallbackOrCellBodyOfAQuickBrickTypeIsReported() throws {
    let screen = Marked(
      Example.screen(
        #"""
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
         "size_class_mapping": {"L": {"component_type": ⟦⟧"horizontal_list_qb"}}, "fallback": {"component_type": ⟦⟧"gallery-qb"},
         "styles": {"cell_body_component_type": ⟦⟧"group-qb"}}
        """#))
    let (dir, found) = try check(["zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/o.json": screen.text])
    let types = ["horizontal_list_qb", "gallery-qb", "group-qb"]
    assertDiagnostics(
      found, in: dir,
      zip(types, screen.markers).map { type, marker in
        DiagnosticSpec(
          code: "ZL0426", file: "screens/o.json", line: marker.line, column: marker.column,
          message: "'\(type)' is a Quick Brick component type, which the native clients do not draw")
      })
    let native = screen.text.replacingOccurrences(of: "horizontal_list_qb", with: "horizontal_list")
      .replacingOccurrences(of: "gallery-qb", with: "list").replacingOccurrences(of: "group-qb", with: "hero")
    XCTAssertEqual(try check(["zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/o.json": native]).found.map(\.message), [])
  }

  /// A JSON family's `sizeClassMapping` to a Quick Brick type is reported in the family file.
  func testAFamilyMappingToAQuickBrickTypeIsReported() throws {
    let family = Marked(
      #"""
      {"name": "QB", "components": [
        {"type": "grid", "columns": 2, "sizeClassMapping": {"L": {"component_type": ⟦⟧"gallery-qb"}, "M": "hide"},
         "cells": [{"name": "G1", "aspectCellRatio": 1}]}]}
      """#)
    let (dir, found) = try check(["zlc.json": #"{"platforms": {"ios": {}, "web": {}}}"#, "families/QB.json": family.text])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0426", file: "families/QB.json", line: family.markers[0].line, column: family.markers[0].column,
          message: "'gallery-qb' is a Quick Brick component type, which the native clients do not draw (on ios)")
      ])
    let native = family.text.replacingOccurrences(of: "gallery-qb", with: "list")
    XCTAssertEqual(try check(["zlc.json": #"{"platforms": {"ios": {}, "web": {}}}"#, "families/QB.json": native]).found.map(\.message), [])
  }

  /// A native client's plugin named as a Quick Brick type is that client's plugin: its versions
  /// count there (ZL0611), and it shadows no built-in (ZL0619) and needs no manifest for the
  /// Quick Brick platforms, which draw their own (ZL0610). A Quick Brick manifest of that name is
  /// shadowed by Quick Brick's built-in.
  func testANativePluginNamedAsAQuickBrickTypeIsThatClientsPlugin() throws {
    let screen = Marked(Example.screen(#"{"component_type": ⟦⟧"gallery-qb", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#))
    let native = Example.manifest(#", "platform": "ios", "ui_frameworks": ["native"]"#, identifier: "gallery-qb")
      .replacingOccurrences(of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "21.0.0""#)
    let files = [
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}, "web": {}}}"#, "screens/o.json": screen.text,
      "components/gallery.json": native,
    ]
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { ["ZL0426", "ZL0610", "ZL0611", "ZL0619"].contains($0.code) }
    XCTAssertEqual(found.map(\.code), ["ZL0611"], found.map(\.message).joined(separator: "\n"))
    XCTAssertEqual(
      found.first?.spot.map { [$0.location.line, $0.location.column] }, [screen.markers[0].line, screen.markers[0].column])

    let quickBrick = Example.manifest(#", "platform": "ios", "ui_frameworks": ["quickbrick"]"#, identifier: "gallery-qb")
    let shadowed = try makeProject(Example.baseProject.merging(files.merging(["components/gallery.json": quickBrick]) { $1 }) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: shadowed) }
    XCTAssertEqual(
      Driver.check(shadowed).diagnostics.filter { ["ZL0426", "ZL0619"].contains($0.code) }.map(\.code).sorted(), ["ZL0426", "ZL0619"])
  }

  /// The native client's plugin of a Quick Brick type's name is that client's alone: the Quick
  /// Brick platform's bundle builds the type as Quick Brick's own; in an app of Quick Brick
  /// platforms alone, such a manifest is never drawn (ZL0619).
  func testANativePluginOfAQuickBrickTypesNameIsNotTheQuickBrickBundles() throws {
    let native = Example.manifest(#", "platform": "ios", "ui_frameworks": ["native"]"#, identifier: "gallery-qb")
    let screen = Example.screen(#"{"component_type": "gallery-qb", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#)
    let both = try makeProject(
      Example.baseProject.merging([
        "zlc.json": #"{"platforms": {"ios": {}, "ios_for_quickbrick": {}}}"#, "components/g.json": native, "screens/o.json": screen,
      ]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: both) }
    let project = Driver.check(both).project
    XCTAssertNotNil(project.narrowed(to: "ios").manifest(for: "gallery-qb"))
    XCTAssertNil(project.narrowed(to: "ios_for_quickbrick").manifest(for: "gallery-qb"))
    // The app has a native client: checked for its Quick Brick platform alone, the plugin is no
    // shadowed one (ZL0619), as its native client draws it.
    for platform in [nil, "ios_for_quickbrick", "ios"] {
      XCTAssertEqual(Driver.check(both, platform: platform).diagnostics.filter { $0.code == "ZL0619" }.count, 0, platform ?? "all")
    }

    let platformFree = Example.manifest("", identifier: "gallery-qb")
    let quickBrick = try makeProject(
      Example.baseProject.merging([
        "zlc.json": #"{"platforms": {"ios_for_quickbrick": {}}}"#, "components/g.json": platformFree, "screens/o.json": screen,
      ]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: quickBrick) }
    XCTAssertEqual(Driver.check(quickBrick).diagnostics.filter { $0.code == "ZL0619" }.count, 1)
  }

  /// Quick Brick platforms alone, no platform named, a platform zlc does not know, or a plugin of
  /// that name for the native platform: nothing to report.
  func testQuickBrickPlatformsOrAPluginOfTheNameAreNotReported() throws {
    let screen = Marked(Example.screen(Self.rail)).text
    for zlc in [#"{"platforms": {"ios_for_quickbrick": {}, "samsung_tv": {}}}"#, "{}", #"{"platforms": {"vizio": {}}}"#] {
      XCTAssertEqual(try check(["zlc.json": zlc, "screens/o.json": screen]).found.map(\.message), [], zlc)
    }
    let plugin = Example.manifest(#", "platform": "ios""#, identifier: "horizontal_list_qb")
    let files = ["zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/o.json": screen, "components/rail.json": plugin]
    XCTAssertEqual(try check(files).found.map(\.message), [])
  }
}

/// A native client's plugin named as a Quick Brick type, in an app with a Quick Brick platform:
/// that platform draws Quick Brick's own component, laid out by its family.
extension QuickBrickTypeTests {
  static let family = """
    {"name": "F", "version": "1.0", "screens": [{"type": "default", "insetLeft": 8, "insetRight": 8, "interItemSpacing": 8}],
     "components": [{"type": "horizontal_list_qb", "layout": "horizontal", "cells": [{"name": "CARD", "layoutId": "card", "aspectCellRatio": 1}]}]}
    """

  /// A project of these platforms whose screen `other` (family F) holds a `horizontal_list_qb`
  /// (marked) with these styles, of which a platform-free manifest makes a plugin with a style field.
  func nativePluginProject(_ platforms: String, styles: String = "") throws -> (dir: String, screen: Marked) {
    let plugin = Example.manifest(
      #", "styles": {"fields": [{"key": "native_only", "type": "switch", "initial_value": true}]}, "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input"}]}"#,
      identifier: "horizontal_list_qb")
    let screen = Marked(
      #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [{"component_type": ⟦⟧"horizontal_list_qb", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}\#(styles)}]}]"#
    )
    let files = [
      "zlc.json": #"{"platforms": {\#(platforms)}}"#, "families/F.json": Self.family, "components/rail.json": plugin,
      "screens/o.json": screen.text,
    ]
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, screen)
  }

  /// Checked for every platform, the component names a cell style as the built-in must on the
  /// Quick Brick platforms (ZL0304, naming them), as a check of one of them alone says; the
  /// native clients' plugin lays itself out.
  func testTheQuickBrickPlatformsCheckTheirOwnComponentBesideANativePlugin() throws {
    let (dir, screen) = try nativePluginProject(#""ios": {}, "web": {}"#)
    let message =
      "component 'horizontal_list_qb' names no cell style in 'styles.cell_styles', so its items would have no size (family 'F' offers CARD for 'horizontal_list_qb')"
    let spec = { (message: String) in
      DiagnosticSpec(
        code: "ZL0304", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column, message: message)
    }
    let zl0304 = { (platform: String?) in Driver.check(dir, platform: platform).diagnostics.filter { $0.code == "ZL0304" } }
    assertDiagnostics(zl0304(nil), in: dir, [spec(message + " (on web, whose clients draw Quick Brick's own 'horizontal_list_qb')")])
    assertDiagnostics(zl0304("web"), in: dir, [spec(message)])
    XCTAssertEqual(zl0304("ios").map(\.message), [])
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .inputErrors)

    let (native, _) = try nativePluginProject(#""ios": {}"#)
    XCTAssertEqual(Driver.check(native).diagnostics.filter { $0.code == "ZL0304" }.map(\.message), [])
    let (styled, _) = try nativePluginProject(#""ios": {}, "web": {}"#, styles: #", "styles": {"cell_styles": ["CARD"]}"#)
    XCTAssertEqual(Driver.check(styled).diagnostics.filter { $0.severity == .error }.map(\.message), [])
  }

  /// With two families, the Quick Brick platforms draw the component with its own: it is checked
  /// there against that family alone, not the screen's, which iOS reads and its plugin ignores.
  func testTheQuickBrickPlatformsCheckTheFamilyTheyDrawWith() throws {
    let grids = #"{"name": "G", "components": [{"type": "grid", "layout": "flow", "cells": [{"name": "GC", "aspectCellRatio": 1}]}]}"#
    let project = { (screenFamily: String, ownFamily: String) throws -> String in
      let (dir, _) = try self.nativePluginProject(
        #""ios": {}, "android_for_quickbrick": {}"#, styles: #", "styles": {"family": "\#(ownFamily)"}"#)
      try grids.write(toFile: dir + "/families/G.json", atomically: true, encoding: .utf8)
      let screen = dir + "/screens/o.json"
      let text = try String(contentsOfFile: screen, encoding: .utf8)
        .replacingOccurrences(
          of: #""styles": {"family": "F"}, "ui_components""#, with: #""styles": {"family": "\#(screenFamily)"}, "ui_components""#)
      try text.write(toFile: screen, atomically: true, encoding: .utf8)
      return dir
    }
    // The screen's F styles the type, the component's own G does not: nothing to name.
    let unstyled = try project("F", "G")
    XCTAssertEqual(Driver.check(unstyled).diagnostics.filter { $0.code == "ZL0304" }.map(\.message), [])
    XCTAssertEqual(Driver.build(unstyled, output: unstyled + "/out").status, .success)
    // The component's own F styles it: the Quick Brick platform needs a cell style.
    let styled = try project("G", "F")
    XCTAssertEqual(
      Driver.check(styled).diagnostics.filter { $0.code == "ZL0304" }.map(\.message),
      [
        "component 'horizontal_list_qb' names no cell style in 'styles.cell_styles', so its items would have no size (family 'F' offers CARD for 'horizontal_list_qb') (on android_for_quickbrick, whose clients draw Quick Brick's own 'horizontal_list_qb')"
      ])
  }

  /// `zlc generate` gives the Quick Brick platform's code no model of the native plugin's
  /// fields, which its bundle never fills; the native platform's code has them.
  func testTheQuickBrickPlatformsCodeHasNoModelOfTheNativePlugin() throws {
    let (dir, _) = try nativePluginProject(#""ios": {}, "web": {}"#, styles: #", "styles": {"cell_styles": ["CARD"]}"#)
    let project = Driver.check(dir).project
    XCTAssertEqual(ClientAPI.plugins(of: project, platform: "ios").map(\.name.wire), ["horizontal_list_qb"])
    XCTAssertEqual(ClientAPI.plugins(of: project, platform: "web").map(\.name.wire), [])
    XCTAssertEqual(ClientAPI.plugins(of: project, platform: "android_for_quickbrick").map(\.name.wire), [])
  }
}
