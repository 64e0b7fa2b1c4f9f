import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin component's manifest fills each key of its `rules` and `data` that the screen leaves
/// out with the field's `initial_value`, as a builder does: the bundle carries those values, the
/// checks see them, and a value the screen writes wins.
final class ManifestInitialValueTests: XCTestCase {
  /// A manifest of identifier `rail` with these `rules` and `data` fields.
  static func rail(rules: String, data: String) -> String {
    Example.manifest(#", "rules": {"fields": [\#(rules)]}, "data": {"fields": [\#(data)]}"#, identifier: "rail")
  }

  static let sourceField = #"{"key": "source", "type": "text_input"}"#

  /// The base project whose screen `other` holds the grid and then `components` (marked), with `files`.
  func project(_ components: [String], _ files: [String: String]) throws -> (String, Marked) {
    let marked = Marked(Example.screen(([Example.grid] + components).joined(separator: ", ")))
    let dir = try makeProject(Example.baseProject.merging(files) { $1 }.merging(["screens/o.json": marked.text]) { $1 })
    return (dir, marked)
  }

  /// The sections of screen `other` in the bundle `zlc build` writes of a project that checks clean.
  func builtSections(_ dir: String) throws -> [ResolvedSection] {
    let out = dir + "/build"
    let outcome = Driver.build(dir, output: out)
    XCTAssertEqual(outcome.status, .success, outcome.diagnostics.map(\.message).joined(separator: "\n"))
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    return try XCTUnwrap(try bundle.screen(id: "other")).resolved.sections
  }

  /// `item_limit`, `fill_rows` and `pad_rows` the screen leaves out of `rules` are the manifest's
  /// initial values in the bundle; a written `item_limit` wins over its initial value.
  func testARulesInitialValueFillsTheSection() throws {
    let rules = [
      #"{"key": "item_limit", "type": "number_input", "initial_value": 6}"#,
      #"{"key": "fill_rows", "type": "switch", "initial_value": true}"#,
      #"{"key": "pad_rows", "type": "switch", "initial_value": true}"#,
    ]
    let data = [Self.sourceField, #"{"key": "type", "type": "select"}"#]
    let files = ["components/r.json": Self.rail(rules: rules.joined(separator: ", "), data: data.joined(separator: ", "))]
    let components = [
      #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#,
      #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": 3, "fill_rows": false}}"#,
    ]
    let (dir, _) = try project(components, files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let sections = try builtSections(dir)
    XCTAssertEqual(sections.map(\.itemLimit), [nil, 6, 3])
    XCTAssertEqual(sections.map(\.fillRows), [false, true, false])
    XCTAssertEqual(sections.map(\.padRows), [false, true, true])
  }

  /// A component that leaves out `data.type` while its manifest's `type` field has an initial
  /// value takes that type: no ZL0402, and the bundle binds it; a written type wins. Without the
  /// initial value the type is still missing.
  func testADataTypeInitialValueIsTheComponentsType() throws {
    let typed = #"{"key": "type", "type": "select", "initial_value": "APPLICASTER_ATOM_FEED"}"#
    let components = [
      #"{"component_type": "rail", "data": {"source": "https://cdn/rail.xml"}}"#,
      #"{"component_type": "rail", "data": {"source": "https://cdn/rail.xml", "type": "APPLICASTER_COLLECTION"}}"#,
    ]
    let (dir, _) = try project(components, ["components/r.json": Self.rail(rules: "", data: Self.sourceField + ", " + typed)])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.map(\.message), [])
    let sections = try builtSections(dir)
    XCTAssertEqual(
      sections.map(\.data).dropFirst(),
      [
        DataBinding(binding: .own, source: "https://cdn/rail.xml", type: "APPLICASTER_ATOM_FEED"),
        DataBinding(binding: .own, source: "https://cdn/rail.xml", type: "APPLICASTER_COLLECTION"),
      ])

    let untyped = #"{"key": "type", "type": "select"}"#
    let (bare, marked) = try project(
      [#"{"component_type": "rail", "data": ⟦⟧{"source": "https://cdn/rail.xml"}}"#],
      ["components/r.json": Self.rail(rules: "", data: Self.sourceField + ", " + untyped)])
    defer { try? FileManager.default.removeItem(atPath: bare) }
    assertDiagnostics(
      Driver.check(bare).diagnostics, in: bare,
      [
        DiagnosticSpec(
          code: "ZL0402", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'rail' component has a data source but no data source type", notes: [], fixIt: nil)
      ])
  }
}

extension ManifestInitialValueTests {
  /// A component that leaves out its data while its manifest's `type` field's initial value is a
  /// type whose data the client holds needs no source (ZL0401), as one that writes that type;
  /// without the initial value its source is missing.
  func testASourcelessInitialTypeNeedsNoSource() throws {
    let favorites = #"{"key": "type", "type": "select", "initial_value": "APPLICASTER_FAVORITES"}"#
    let component = #"⟦⟧{"component_type": "rail"}"#
    let (dir, _) = try project([component], ["components/r.json": Self.rail(rules: "", data: Self.sourceField + ", " + favorites)])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.map(\.message), [])
    XCTAssertEqual(try builtSections(dir).last?.data, DataBinding(binding: .own, source: nil, type: "APPLICASTER_FAVORITES"))

    let untyped = #"{"key": "type", "type": "select"}"#
    let (bare, marked) = try project([component], ["components/r.json": Self.rail(rules: "", data: Self.sourceField + ", " + untyped)])
    defer { try? FileManager.default.removeItem(atPath: bare) }
    assertDiagnostics(
      Driver.check(bare).diagnostics, in: bare,
      [
        DiagnosticSpec(
          code: "ZL0401", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'rail' component on root screen 'other' has no data source", notes: [], fixIt: nil)
      ])
  }
}

extension ManifestInitialValueTests {
  /// A manifest's `initial_value` for `styles.family` is not filled in: a section's `styles` never
  /// name a family other than the one it is drawn with (its own or its screen's); other fields are.
  func testAStylesFamilyInitialValueIsNotFilled() throws {
    let styles =
      #", "styles": {"fields": [{"key": "family", "type": "text_input", "initial_value": "FAMILY_9"}, {"key": "tint", "type": "text_input", "initial_value": "red"}]}"#
    let rail = Example.manifest(styles + #", "data": {"fields": [\#(Self.sourceField)]}"#, identifier: "rail")
    let component = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    let (dir, _) = try project([component], ["components/r.json": rail])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let section = try XCTUnwrap(try builtSections(dir).last)
    XCTAssertEqual(section.family, "FAMILY_1")
    XCTAssertEqual(section.styles.map(\.0), ["tint"])
    XCTAssertEqual(section.styles.first?.1, .string("red"))
  }
}
