import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A value a plugin component takes from its manifest's `initial_value` is checked as the same
/// value written in the screen: reported at the `initial_value`, with a note at the component.
final class ManifestInitialValueCheckTests: XCTestCase {
  /// A project whose screen `other` holds the grid and then `components` (marked), and whose
  /// `components/r.json` is `manifest` (marked), with `files`.
  func check(_ manifest: String, _ components: [String], _ files: [String: String] = [:]) throws -> (
    String, [Diagnostic], manifest: Marked, screen: Marked
  ) {
    let m = Marked(manifest)
    let s = Marked(Example.screen(([Example.grid] + components).joined(separator: ", ")))
    let all = Example.baseProject.merging(files) { $1 }.merging(["screens/o.json": s.text, "components/r.json": m.text]) { $1 }
    let dir = try makeProject(all)
    return (dir, Driver.check(dir).diagnostics, m, s)
  }

  /// A finding at the manifest's `i`th marker whose notes end with one at the screen's `j`th
  /// marker (the component filled), checked there.
  func spec(
    _ code: String, _ manifest: Marked, _ i: Int, _ message: String, notes: [String] = [], fixIt: String? = nil
  ) -> DiagnosticSpec {
    DiagnosticSpec(
      code: code, file: "components/r.json", line: manifest.markers[i].line, column: manifest.markers[i].column, message: message,
      notes: notes, fixIt: fixIt)
  }

  /// Asserts that each diagnostic's last note is at the screen's marker `j`.
  func assertFilledNotes(_ found: [Diagnostic], at screen: Marked, _ j: Int, file: StaticString = #filePath, line: UInt = #line) {
    for d in found {
      let note = d.notes.last?.spot?.location
      XCTAssertEqual(note?.line, screen.markers[j].line, d.message, file: file, line: line)
      XCTAssertEqual(note?.column, screen.markers[j].column, d.message, file: file, line: line)
    }
  }

  static let source = #"{"key": "source", "type": "text_input"}"#

  /// A `data.target` a component leaves out is its manifest's initial value: one that names no
  /// screen is ZL0307 there (a written target wins, and is checked where written).
  func testAnInitialTargetNamingNoScreenIsUnknown() throws {
    let target = #"{"key": "target", "type": "screen_selector", "initial_value": ⟦⟧"no_such_screen"}"#
    let manifest = ManifestInitialValueTests.rail(rules: "", data: Self.source + ", " + target)
    let components = [
      #"⟦⟧{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#,
      #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "home"}}"#,
    ]
    let (dir, found, m, s) = try check(manifest, components)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      [
        spec(
          "ZL0307", m, 0, "target screen 'no_such_screen' is not the id of any screen", notes: ["fills 'data.target' of this component"])
      ])
    assertFilledNotes(found, at: s, 0)
  }

  /// A `data.type` a component leaves out is its manifest's initial value: one clients do not
  /// know, or one outside the plugin's `data_types`, is ZL0402 there.
  func testAnInitialDataTypeIsCheckedAsAWrittenOne() throws {
    let component = #"⟦⟧{"component_type": "rail", "data": {"source": "1"}}"#
    let unknown = #"{"key": "type", "type": "select", "initial_value": ⟦⟧"NOT_A_TYPE"}"#
    let (dir, found, m, s) = try check(ManifestInitialValueTests.rail(rules: "", data: Self.source + ", " + unknown), [component])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir, [spec("ZL0402", m, 0, "unknown data source type 'NOT_A_TYPE'", notes: ["fills 'data.type' of this component"])])
    assertFilledNotes(found, at: s, 0)

    let outside = #"{"key": "type", "type": "select", "initial_value": ⟦⟧"APPLICASTER_COLLECTION"}"#
    let manifest = Example.manifest(
      #", "data_types": ["APPLICASTER_ATOM_FEED"], "data": {"fields": [\#(Self.source), \#(outside)]}"#, identifier: "rail")
    let (dir2, found2, m2, s2) = try check(manifest, [component])
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(
      found2, in: dir2,
      [
        spec(
          "ZL0402", m2, 0, "'rail' takes the data types APPLICASTER_ATOM_FEED, not 'APPLICASTER_COLLECTION'",
          notes: ["its manifest's data_types", "fills 'data.type' of this component"])
      ])
    assertFilledNotes(found2, at: s2, 0)
  }

  /// A written empty or null `data.type` leaves the component without a type, though its
  /// manifest's `type` field has an initial value: a builder fills in only a key left out. A
  /// source its manifest fills in needs a type too.
  func testAWrittenEmptyTypeIsMissingThoughTheManifestHasOne() throws {
    let typed = #"{"key": "type", "type": "select", "initial_value": "APPLICASTER_COLLECTION"}"#
    let components = [
      #"{"component_type": "rail", "data": {"source": "1", "type": ⟦⟧""}}"#,
      #"{"component_type": "rail", "data": {"source": "1", "type": ⟦⟧null}}"#,
    ]
    let (dir, found, _, s) = try check(ManifestInitialValueTests.rail(rules: "", data: Self.source + ", " + typed), components)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      s.markers.map {
        DiagnosticSpec(
          code: "ZL0402", file: "screens/o.json", line: $0.line, column: $0.column,
          message: "'rail' component has a data source but no data source type")
      })

    // A source the manifest fills in asks for a type as a written one does.
    let sourced = #"{"key": "source", "type": "text_input", "initial_value": "https://cdn/rail.xml"}"#
    let untyped = #"{"key": "type", "type": "select"}"#
    let (dir2, found2, _, s2) = try check(
      ManifestInitialValueTests.rail(rules: "", data: sourced + ", " + untyped), [#"⟦⟧{"component_type": "rail"}"#])
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0402", file: "screens/o.json", line: s2.markers[0].line, column: s2.markers[0].column,
          message: "'rail' component has a data source but no data source type")
      ])
  }
}

extension ManifestInitialValueCheckTests {
  /// An `item_limit` (or a limit of `item_limit_by_size_class`) a component leaves out is its
  /// manifest's initial value: one that is no whole number from 1 to 999,999,999 is ZL0410
  /// there; an empty string means no limit, as written.
  func testAnInitialItemLimitIsCheckedAsAWrittenOne() throws {
    let component = #"⟦⟧{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    for limit in ["0", "-3", "1.5", "1e12"] {
      let rules = [
        #"{"key": "item_limit", "type": "number_input", "initial_value": ⟦⟧\#(limit)}"#,
        #"{"key": "item_limit_by_size_class", "type": "text_input", "initial_value": {"S": ⟦⟧\#(limit)}}"#,
      ]
      let manifest = ManifestInitialValueTests.rail(rules: rules.joined(separator: ", "), data: Self.source)
      let (dir, found, m, s) = try check(manifest, [component])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      // 1.5 is no whole number: in item_limit_by_size_class ZL0202's, as written.
      let bySizeClass =
        limit == "1.5"
        ? [
          DiagnosticSpec(
            code: "ZL0202", file: "components/r.json", line: m.markers[1].line, column: m.markers[1].column,
            message: "S must be a whole number, found a number", notes: ["fills 'rules.item_limit_by_size_class' of this component"])
        ]
        : [
          spec(
            "ZL0410", m, 1, "item_limit_by_size_class 'S' must be a whole number from 1 to 999,999,999, found \(limit)",
            notes: ["fills 'rules.item_limit_by_size_class' of this component"])
        ]
      assertDiagnostics(
        found, in: dir,
        [
          spec(
            "ZL0410", m, 0, "item_limit must be a whole number from 1 to 999,999,999, found \(limit)",
            notes: ["fills 'rules.item_limit' of this component"])
        ] + bySizeClass)
      assertFilledNotes(found, at: s, 0)
    }
    let empty = #"{"key": "item_limit", "type": "number_input", "initial_value": ""}"#
    let (dir, found, _, _) = try check(ManifestInitialValueTests.rail(rules: empty, data: Self.source), [component])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(found.map(\.message), [])
  }

  /// The size classes of `item_limit_by_size_class`, `filter_by_size_class` and
  /// `merge_next_by_size_class` a component takes from its manifest are the project's (ZL0317).
  func testAnInitialSizeClassRuleNamesTheProjectsSizeClasses() throws {
    let rules = [
      #"{"key": "item_limit_by_size_class", "type": "text_input", "initial_value": {⟦⟧"M": 3}}"#,
      #"{"key": "filter_by_size_class", "type": "text_input", "initial_value": {⟦⟧"M": {"exclude_types": ["video"]}}}"#,
      #"{"key": "merge_next_by_size_class", "type": "text_input", "initial_value": [⟦⟧"M"]}"#,
    ]
    let manifest = ManifestInitialValueTests.rail(rules: rules.joined(separator: ", "), data: Self.source)
    let component = #"⟦⟧{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    let (dir, found, m, s) = try check(manifest, [component, Example.grid])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let keys = ["item_limit_by_size_class", "filter_by_size_class", "merge_next_by_size_class"]
    assertDiagnostics(
      found, in: dir,
      keys.indices.map {
        spec(
          "ZL0317", m, $0, "size class 'M' is not one of the project's (S, L, XL)", notes: ["fills 'rules.\(keys[$0])' of this component"],
          fixIt: #""S""#)
      })
    assertFilledNotes(found, at: s, 0)
  }

  /// Each platform's bundle fills a source the component leaves out from that platform's
  /// manifest: one whose manifest gives none lacks it, and the finding names that platform.
  func testASourceMissingFromOnePlatformsManifestNamesIt() throws {
    func manifest(_ platform: String, source: String) -> String {
      let fields =
        #"{"key": "source", "type": "text_input"\#(source)}, {"key": "type", "type": "select", "initial_value": "APPLICASTER_ATOM_FEED"}"#
      return Example.manifest(#", "platform": "\#(platform)", "data": {"fields": [\#(fields)]}"#, identifier: "rail")
    }
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/android.json": manifest("android", source: ""),
    ]
    let (dir, found, _, s) = try check(
      manifest("ios", source: #", "initial_value": "https://cdn/feed.xml""#), [#"⟦⟧{"component_type": "rail"}"#], files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found.filter { $0.code == "ZL0401" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0401", file: "screens/o.json", line: s.markers[0].line, column: s.markers[0].column,
          message: "'rail' component on root screen 'other' has no data source (on android)")
      ])
  }

  /// A `merge_next_by_size_class` the screen's last section takes from its manifest merges no
  /// next section (ZL0418), as one written there; a section with a next one merges it.
  func testAnInitialMergeOnTheLastSectionHasNoNextSection() throws {
    let merge = #"{"key": "merge_next_by_size_class", "type": "text_input", "initial_value": ⟦⟧["L"]}"#
    let manifest = ManifestInitialValueTests.rail(rules: merge, data: Self.source)
    let component = #"⟦⟧{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    let (dir, found, m, s) = try check(manifest, [component])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      [
        spec(
          "ZL0418", m, 0, "the last section of screen 'other' has no next section to merge",
          notes: ["fills 'rules.merge_next_by_size_class' of this component"])
      ])
    assertFilledNotes(found, at: s, 0)
    let (merging, mergingFound, _, _) = try check(manifest, [component, Example.grid])
    defer { try? FileManager.default.removeItem(atPath: merging) }
    XCTAssertEqual(mergingFound.map(\.message), [])
  }
}
