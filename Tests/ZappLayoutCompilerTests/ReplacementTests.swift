import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A size class replacement is a component of its own on its size class: the family must style it,
/// the client registries must draw it, and `required_renderers` lists what it needs.
final class ReplacementTests: XCTestCase {
  static let screen = #"""
    [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]},
       "size_class_mapping": {"L": {"component_type": "REPLACEMENT"}}}]}]
    """#

  func project(replacement: String, extra: [String: String] = [:]) throws -> String {
    var files = Example.baseProject
    files["screens/o.json"] = Self.screen.replacingOccurrences(of: #"{"component_type": "REPLACEMENT"}"#, with: replacement)
    for (path, text) in extra { files[path] = text }
    return try makeProject(files)
  }

  func testAReplacementTheFamilyDoesNotStyleIsAnError() throws {
    let dir = try project(replacement: #"{"component_type": "web_view"}"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0315", file: "screens/o.json", line: 3, column: 51,
          message: "family 'FAMILY_2' does not style 'web_view', so the replacement for size class 'L' would be drawn with no layout")
      ])
    let styled = try project(replacement: #"{"component_type": "carousel", "cell_style": "CAROUSEL_1"}"#)
    defer { try? FileManager.default.removeItem(atPath: styled) }
    assertDiagnostics(Driver.check(styled).diagnostics, in: styled, [])
  }

  /// A replacement (of a size class, or a fallback) holds `component_type` and `cell_style`
  /// alone: a near miss of one is a misspelling with its fix (and no second error for the
  /// style it lacks), another key is unknown, a fallback nested in a fallback included: clients
  /// draw one replacement.
  func testAReplacementsOtherKeysAreReported() throws {
    let component = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]},
         "size_class_mapping": {"L": {"component_type": "carousel", ⟦ZL0206⟧"cell_stlye": "CAROUSEL_1", ⟦ZL0204⟧"colour": "red"}, "S": "hide",
                                "XL": {⟦ZL0206⟧"component_typ": "grid", "cell_style": "GRID_1"}},
         "fallback": {"component_type": "grid", "cell_style": "GRID_1", ⟦ZL0204⟧"fallback": "hide"}}]}]
      """#
    try assertFindings(
      ["screens/o.json": component],
      [
        "screens/o.json": [
          ("misspelled key 'cell_stlye' in replacement: clients ignore it", [], #""cell_style""#),
          ("unknown key 'colour' in replacement", [], nil),
          ("misspelled key 'component_typ' in replacement: clients ignore it", [], #""component_type""#),
          ("unknown key 'fallback' in replacement", [], nil),
        ]
      ])
    let dir = try project(replacement: #"{"component_type": "carousel", "cell_style": "CAROUSEL_1"}"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, [])
  }

  static let registry = #"""
    {"platform": "ios", "client_version": "20.0.0..<21.0.0", "component_types": ["grid", "carousel"],
     "cell_layouts": ["layout_01_grid_01", "flow_grid_poster"], "layout_kinds": ["flow", "paged"]}
    """#

  /// A registry without the replacement's cell layout: an error at the replacement naming the size
  /// class, the platform and the client version; with it, clean, and `required_renderers` lists it.
  func testTheRegistriesDrawTheReplacements() throws {
    let files = ["zlc.json": #"{"platforms": {"ios": {}}}"#, "registries/ios.json": Self.registry]
    let dir = try project(replacement: #"{"component_type": "carousel", "cell_style": "CAROUSEL_1"}"#, extra: files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0313", file: "screens/o.json", line: 3, column: 77,
          message:
            "the size class 'L' replacement of component 'grid' of screen 'other' needs cell layout 'flow_carousel', which the ios client 20.0.0..<21.0.0 cannot render",
          notes: ["cell_layouts of the ios 20.0.0..<21.0.0 registry, without 'flow_carousel'"])
      ])
    let drawable = try project(
      replacement: #"{"component_type": "carousel", "cell_style": "CAROUSEL_1"}"#,
      extra: files.merging([
        "registries/ios.json": Self.registry.replacingOccurrences(
          of: #""flow_grid_poster"]"#, with: #""flow_grid_poster", "flow_carousel"]"#)
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: drawable) }
    let outcome = Driver.check(drawable)
    assertDiagnostics(outcome.diagnostics, in: drawable, [])
    let required = try XCTUnwrap(outcome.project.requiredRenderers.first)
    XCTAssertEqual(required.platform, "ios")
    XCTAssertTrue(required.renderers.componentTypes.contains("carousel"), "\(required.renderers.componentTypes)")
    XCTAssertTrue(required.renderers.cellLayouts.contains("flow_carousel"), "\(required.renderers.cellLayouts)")
  }
}

/// A replacement or fallback that takes data, of a component that takes none, is drawn without
/// data (ZL0336): the section keeps the original's binding, to no data.
final class ReplacementWithoutDataTests: XCTestCase {
  static func banner(platform: String = "", data: String = "") -> String {
    Example.manifest((platform.isEmpty ? "" : #", "platform": "\#(platform)""#) + data, identifier: "banner")
  }

  func check(_ files: [String: String]) throws -> (diagnostics: [Diagnostic], dir: String, at: [(line: Int, column: Int)]) {
    let marked = Marked(files["screens/home.json"]!)
    var clean = files
    clean["screens/home.json"] = marked.text
    let dir = try makeProject(clean)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (Driver.check(dir).diagnostics, dir, marked.positions)
  }

  func testADataTakingReplacementOfABannerIsReportedAtItsType() throws {
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [
        {"component_type": "banner", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"},
         "size_class_mapping": {"L": {"component_type": ⟦⟧"grid", "cell_style": "GRID_1"}, "XL": "hide"},
         "fallback": {"component_type": ⟦⟧"list", "cell_style": "LIST_1"}},
        {"component_type": "banner", "size_class_mapping": {"L": {"component_type": "banner"}}, "fallback": "hide"},
        {"component_type": "group", "size_class_mapping": {"L": {"component_type": "grid", "cell_style": "GRID_1"}},
         "ui_components": [{"component_type": "banner"}]},
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """#
    let (diagnostics, dir, at) = try check(["screens/home.json": screen, "components/banner.json": Self.banner()])
    assertDiagnostics(
      diagnostics.filter { $0.code == "ZL0336" }, in: dir,
      [("grid", at[0]), ("list", at[1])].map { type, spot in
        DiagnosticSpec(
          code: "ZL0336", file: "screens/home.json", line: spot.line, column: spot.column,
          message: "'\(type)' takes data, but 'banner' it replaces takes none: it is drawn without data")
      })
    // A banner that takes data: its grid draws the banner's data, and nothing is reported.
    let taking = Self.banner(data: #", "data": {"fields": [{"key": "source", "type": "select"}]}"#)
    let (clean, _, _) = try check(["screens/home.json": screen, "components/banner.json": taking])
    XCTAssertEqual(clean.filter { $0.code == "ZL0336" || $0.code == "ZL0316" }.map(\.message), [])
  }

  /// A banner whose iOS manifest takes data and whose Android one takes none: the grid is drawn
  /// without data on Android alone, and the warning says so.
  func testAPlatformWhereTheOriginalTakesNoDataIsNamed() throws {
    let screen = #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [
        {"component_type": "banner", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"},
         "size_class_mapping": {"L": {"component_type": ⟦⟧"grid", "cell_style": "GRID_1"}}},
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """#
    let data = #", "data": {"fields": [{"key": "source", "type": "select"}]}"#
    let (diagnostics, dir, at) = try check([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "screens/home.json": screen,
      "components/banner/manifests/ios.json": Self.banner(platform: "ios", data: data),
      "components/banner/manifests/android.json": Self.banner(platform: "android"),
    ])
    assertDiagnostics(
      diagnostics.filter { $0.code == "ZL0336" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0336", file: "screens/home.json", line: at[0].line, column: at[0].column,
          message: "'grid' takes data, but 'banner' it replaces takes none: it is drawn without data (on android)")
      ])
  }
}
