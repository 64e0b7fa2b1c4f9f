import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A manifest's `initial_value` that many components take is one value: what is wrong with it is
/// reported once, at the `initial_value`, with a note at each component that takes it.
final class ManifestFilledValueGatheringTests: XCTestCase {
  static let target = #"{"key": "target", "type": "screen_selector", "initial_value": ⟦⟧"no_such_screen"}"#
  static let rail = #"⟦⟧{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#

  /// The rail's manifest with a source field and `data`, and `rules`.
  static func manifest(data: String, rules: [String] = []) -> String {
    ManifestInitialValueTests.rail(rules: rules.joined(separator: ", "), data: ManifestInitialValueCheckTests.source + ", " + data)
  }

  /// A project of `other` (the grid, then `components`), a root screen `more` the home screen
  /// opens (`moreComponents`), and the rail's manifest `components/r.json` (marked).
  func project(_ manifest: String, _ components: [String], more moreComponents: [String], _ files: [String: String] = [:]) throws
    -> (dir: String, manifest: Marked, other: Marked, more: Marked)
  {
    let m = Marked(manifest)
    let other = Marked(Example.screen(([Example.grid] + components).joined(separator: ", ")))
    let more = Marked(Example.screen(([Example.grid] + moreComponents).joined(separator: ", "), id: "more"))
    let home = Example.home.replacingOccurrences(
      of: #"{"title": "Other", "data": {"target": "other"}}"#,
      with: #"{"title": "Other", "data": {"target": "other"}}, {"title": "More", "data": {"target": "more"}}"#)
    let all = Example.baseProject.merging(files) { $1 }.merging([
      "screens/home.json": home, "screens/o.json": other.text, "screens/p.json": more.text, "components/r.json": m.text,
    ]) { $1 }
    return (try makeProject(all), m, other, more)
  }

  /// Where each note is, as `file:line:column` (nothing for a note of no place).
  func places(_ notes: [DiagnosticNote], in dir: String) -> [String] {
    notes.map { note in
      guard let spot = note.spot else { return "" }
      let path = spot.file.path.hasPrefix(dir + "/") ? String(spot.file.path.dropFirst(dir.count + 1)) : spot.file.path
      return "\(path):\(spot.location.line):\(spot.location.column)"
    }
  }

  /// `file:line:column` of a marker.
  func place(_ file: String, _ marked: Marked, _ i: Int) -> String {
    "\(file):\(marked.markers[i].line):\(marked.markers[i].column)"
  }

  /// One target that names no screen, taken by three components in two files: one ZL0307 at the
  /// initial value, its notes at the components in the order of the project.
  func testABadInitialValueIsReportedOnceWithANoteAtEachComponent() throws {
    let (dir, m, other, more) = try project(Self.manifest(data: Self.target), [Self.rail, Self.rail], more: [Self.rail])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    let fills = "fills 'data.target' of this component"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0307", file: "components/r.json", line: m.markers[0].line, column: m.markers[0].column,
          message: "target screen 'no_such_screen' is not the id of any screen", notes: [fills, fills, fills])
      ])
    XCTAssertEqual(
      places(found.first?.notes ?? [], in: dir),
      [place("screens/o.json", other, 0), place("screens/o.json", other, 1), place("screens/p.json", more, 0)])
  }

  /// A value that very many components take names the first of them and counts the others.
  func testTheNotesOfManyComponentsAreCapped() throws {
    let many = Array(repeating: Self.rail, count: diagnosticListLimit + 3)
    let (dir, m, other, _) = try project(Self.manifest(data: Self.target), many, more: [])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    let fills = Array(repeating: "fills 'data.target' of this component", count: diagnosticListLimit)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0307", file: "components/r.json", line: m.markers[0].line, column: m.markers[0].column,
          message: "target screen 'no_such_screen' is not the id of any screen", notes: fills + ["and 3 more components take it"])
      ])
    XCTAssertEqual(
      places(found.first?.notes ?? [], in: dir), (0..<diagnosticListLimit).map { place("screens/o.json", other, $0) } + [""])
  }

  /// Each rule that checks a value components take gathers its findings: a data type, an item
  /// limit and a size class, each once with a note at both components.
  func testEveryCheckOfATakenValueGathersItsFindings() throws {
    let data = #"{"key": "type", "type": "select", "initial_value": ⟦⟧"NOT_A_TYPE"}"#
    let rules = [
      #"{"key": "item_limit", "type": "number_input", "initial_value": ⟦⟧0}"#,
      #"{"key": "item_limit_by_size_class", "type": "text_input", "initial_value": {⟦⟧"M": 3}}"#,
    ]
    let component = #"⟦⟧{"component_type": "rail", "data": {"source": "1"}}"#
    let (dir, m, other, more) = try project(Self.manifest(data: data, rules: rules), [component], more: [component])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    func spec(_ code: String, _ i: Int, _ message: String, _ key: String, fixIt: String? = nil) -> DiagnosticSpec {
      DiagnosticSpec(
        code: code, file: "components/r.json", line: m.markers[i].line, column: m.markers[i].column, message: message,
        notes: Array(repeating: "fills '\(key)' of this component", count: 2), fixIt: fixIt)
    }
    assertDiagnostics(
      found, in: dir,
      [
        spec("ZL0410", 0, "item_limit must be a whole number from 1 to 999,999,999, found 0", "rules.item_limit"),
        spec("ZL0317", 1, "size class 'M' is not one of the project's (S, L, XL)", "rules.item_limit_by_size_class", fixIt: #""S""#),
        spec("ZL0402", 2, "unknown data source type 'NOT_A_TYPE'", "data.type"),
      ])
    for d in found {
      XCTAssertEqual(places(d.notes, in: dir), [place("screens/o.json", other, 0), place("screens/p.json", more, 0)], d.message)
    }
  }
}

extension IncrementalCheckTests {
  /// An editor's check gathers a value's findings over every screens file as `zlc check` does,
  /// also when only some files are checked again.
  func testAValueManyComponentsTakeIsReportedOnceAfterEdits() throws {
    let manifest = ManifestInitialValueTests.rail(
      rules: "",
      data: ManifestInitialValueCheckTests.source + #", {"key": "target", "type": "screen_selector", "initial_value": "nowhere"}"#)
    let rail = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    var files = Example.baseProject.merging([
      "components/r.json": manifest, "screens/o.json": Example.screen(Example.grid + ", " + rail),
      "screens/p.json": Example.screen(rail + ", " + rail, id: "more"),
    ]) { $1 }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    let first = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(first.diagnostics.filter { $0.code == "ZL0307" }.map(\.notes.count), [3])
    // One file edited: its components' notes go, the other file's stay.
    files["screens/p.json"] = Example.screen(rail, id: "more")
    let second = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(second.diagnostics.filter { $0.code == "ZL0307" }.map(\.notes.count), [2])
  }
}
