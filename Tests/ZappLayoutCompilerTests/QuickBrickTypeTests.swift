import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

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
