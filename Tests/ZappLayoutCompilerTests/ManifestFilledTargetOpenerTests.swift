import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution

/// A plugin component that leaves out `data.target` opens its manifest's `initial_value` for it,
/// as its bundle does: that screen counts as opened (ZL0408, ZL0409).
final class ManifestFilledTargetOpenerTests: XCTestCase {
  /// The rail's manifest, whose `data.target` field has the initial value `lost`.
  static let manifest = ManifestInitialValueTests.rail(
    rules: "",
    data: ManifestInitialValueCheckTests.source + #", {"key": "target", "type": "screen_selector", "initial_value": "lost"}"#)

  /// The base project whose screen `other` holds the grid and `rail`, with the rail's manifest and
  /// the screen `lost` (marked), connected or not.
  func check(rail: String, connected: Bool) throws -> (String, [Diagnostic], Marked) {
    let data = connected ? #", "data": {"connected": true}"# : ""
    let lost = Marked(#"[{"id": ⟦⟧"lost", "type": "favorites"\#(data), "ui_components": []}]"#)
    let files = Example.baseProject.merging([
      "components/r.json": Self.manifest, "screens/o.json": Example.screen(Example.grid + ", " + rail), "screens/q.json": lost.text,
    ]) { $1 }
    let dir = try makeProject(files)
    return (dir, Driver.check(dir).diagnostics, lost)
  }

  /// ZL0408 at the connected screen `lost` (marked in `screens/q.json`), which nothing opens.
  static func unopened(_ lost: Marked) -> DiagnosticSpec {
    DiagnosticSpec(
      code: "ZL0408", file: "screens/q.json", line: lost.markers[0].line, column: lost.markers[0].column,
      message:
        "nothing can open connected screen 'lost': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"
    )
  }

  static let rail = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
  /// A rail that writes an empty target: the builder fills in nothing, and the bundle opens nothing.
  static let railOpeningNothing = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": ""}}"#

  /// A root screen that only a taken target opens is opened (ZL0409); one written empty opens nothing.
  func testATakenTargetOpensARootScreen() throws {
    let (dir, found, _) = try check(rail: Self.rail, connected: false)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(found, in: dir, [])

    let (dir2, found2, lost) = try check(rail: Self.railOpeningNothing, connected: false)
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0409", file: "screens/q.json", line: lost.markers[0].line, column: lost.markers[0].column,
          message:
            "nothing opens root screen 'lost': no navigation item, component or header target, hook, screen_selector field or mapping names it"
        )
      ])
  }

  /// A connected screen that only a taken target opens can be opened (ZL0408); one written empty
  /// opens nothing.
  func testATakenTargetOpensAConnectedScreen() throws {
    let (dir, found, _) = try check(rail: Self.rail, connected: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(found, in: dir, [])

    let (dir2, found2, lost) = try check(rail: Self.railOpeningNothing, connected: true)
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(found2, in: dir2, [Self.unopened(lost)])
  }

  /// The screens a component opens are those its section opens in the bundle: the taken target
  /// is the section's, at the component.
  func testTheOpenerIsTheComponentWhoseSectionOpensIt() throws {
    let marked = Marked(Example.screen(Example.grid + ", ⟦⟧" + Self.rail))
    let files = Example.baseProject.merging([
      "components/r.json": Self.manifest, "screens/o.json": marked.text,
      "screens/q.json": #"[{"id": "lost", "type": "favorites", "ui_components": []}]"#,
    ]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    let other = try XCTUnwrap(project.screen(id: "other"))
    let openers = project.openers(in: other)
    XCTAssertEqual(openers.map(\.value), ["lost"])
    XCTAssertEqual(openers.first?.spot.location.line, marked.markers[0].line)
    XCTAssertEqual(openers.first?.spot.location.column, marked.markers[0].column)
    let sections = Resolver(project: project).resolution(other).sections
    XCTAssertEqual(sections.map(\.target), [nil, "lost"])
  }

  /// A rail manifest whose `data.target` is filled with `target`, for `platform` when given.
  static func manifest(target: String, platform: String? = nil) -> String {
    let written = ManifestInitialValueTests.rail(
      rules: "",
      data: ManifestInitialValueCheckTests.source + #", {"key": "target", "type": "screen_selector", "initial_value": "\#(target)"}"#)
    guard let platform else { return written }
    return written.replacingOccurrences(of: #""type": "ui_component""#, with: #""type": "ui_component", "platform": "\#(platform)""#)
  }

  /// An app building iOS and Android, whose rail has a platform-free manifest filling `built` and
  /// a tvOS manifest, first in file order, filling `unbuilt`; `lost` is connected (marked).
  func checkSharedManifest(built: String, unbuilt: String) throws -> (String, [Diagnostic], Marked) {
    let lost = Marked(#"[{"id": ⟦⟧"lost", "type": "favorites", "data": {"connected": true}, "ui_components": []}]"#)
    let files = Example.baseProject.merging([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/a.json": Self.manifest(target: unbuilt, platform: "tvos"), "components/r.json": Self.manifest(target: built),
      "screens/o.json": Example.screen(Example.grid + ", " + Self.rail), "screens/q.json": lost.text,
    ]) { $1 }
    let dir = try makeProject(files)
    return (dir, Driver.check(dir).diagnostics, lost)
  }

  /// When every built platform shares a manifest, the taken target is that manifest's: a platform
  /// the app does not build neither opens a screen (ZL0408) nor hides one that nothing opens.
  func testATakenTargetComesFromTheBuiltPlatformsManifest() throws {
    let (dir, found, _) = try checkSharedManifest(built: "lost", unbuilt: "home")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(found, in: dir, [])

    let (dir2, found2, lost) = try checkSharedManifest(built: "home", unbuilt: "lost")
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(found2, in: dir2, [Self.unopened(lost)])
  }

  /// A taken target that names no screen is reported at the manifest's `initial_value` (ZL0307),
  /// once: the screen it nearly names gets no note at each component that takes it.
  func testATakenTargetNamingNoScreenAddsNoNoteWhereTheComponentsStand() throws {
    let manifest = ManifestInitialValueTests.rail(
      rules: "",
      data: ManifestInitialValueCheckTests.source + #", {"key": "target", "type": "screen_selector", "initial_value": "lots"}"#)
    let files = Example.baseProject.merging([
      "components/r.json": manifest, "screens/o.json": Example.screen([Example.grid, Self.rail, Self.rail].joined(separator: ", ")),
      "screens/q.json": #"[{"id": "lost", "type": "favorites", "ui_components": []}]"#,
    ]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    XCTAssertEqual(found.filter { $0.code == "ZL0409" }.map(\.notes.count), [0], "\(found.map(\.message))")
    XCTAssertEqual(found.filter { $0.code == "ZL0307" }.map(\.path), [dir + "/components/r.json"])
  }
}
