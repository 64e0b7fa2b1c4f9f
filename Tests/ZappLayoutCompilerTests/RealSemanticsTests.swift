import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappRules

/// What real Zapp projects write and `zappifest publish` accepts checks clean or warns, never
/// fails: QuickBrick's mappings and groups, `$schema`, the family XSD header, hook screens, and
/// manifest rules that publish does not enforce.
final class RealSemanticsTests: XCTestCase {
  func check(_ files: [String: String]) throws -> (String, [Diagnostic]) {
    var all = Example.baseProject
    for (path, text) in files { all[path] = text }
    let dir = try makeProject(all)
    return (dir, Driver.check(dir).diagnostics)
  }

  func testQuickBrickProjectsCheckClean() throws {
    let (dir, diagnostics) = try check([
      "screen_types.json": #"{"$schema": "s", "content_types": {"video": {"screen_id": "other"}, "article": "other"}}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "group-qb", "position": 1, "ui_components": [\#(Example.grid), {"component_type": "horizontal_list_qb", "position": 2, "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}}]}"#,
        extra: #", "$schema": "https://example.com/screen.json""#),
      "families/f.xml": """
      <Family name="F2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="family.xsd"><Screens/></Family>
      """,
    ])
    XCTAssertEqual(diagnostics.map { "\($0.code) \($0.message)" }, [])
    // The `{ "screen_id": … }` mapping reaches the bundle.
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    XCTAssertEqual(Resolver(project: project).mappings().contentTypes.map(\.screen), ["other", "other"])
    // group-qb is a group: its children get the sections.
    XCTAssertEqual(
      Resolver(project: project).leafComponents(project.screen(id: "other")!).map(\.type.value), ["grid", "horizontal_list_qb"])
  }

  /// A required key written with nothing in it is reported at its value, saying so: the key is
  /// there, not missing.
  func testARequiredKeyWrittenEmptyOrNullIsReportedAsSuch() throws {
    let settings = Marked(#"{"devices": [{"name": ⟦⟧"", "class": "phone", "width": 300}, {"name": ⟦⟧null, "width": 400}]}"#)
    let (dir, diagnostics) = try check(["zlc.json": settings.text])
    assertDiagnostics(
      diagnostics.filter { $0.code == "ZL0201" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0201", file: "zlc.json", line: settings.markers[0].line, column: settings.markers[0].column,
          message: "device's required key 'name' is empty"),
        DiagnosticSpec(
          code: "ZL0201", file: "zlc.json", line: settings.markers[1].line, column: settings.markers[1].column,
          message: "device's required key 'name' is null"),
      ])
  }

  func testAContentTypeTargetWithoutScreenIDIsReported() throws {
    let m = Marked(#"{"content_types": {"video": ⟦⟧{"screen": "other"}}}"#)
    let (dir, diagnostics) = try check(["screen_types.json": m.text])
    assertDiagnostics(
      diagnostics.filter { $0.code == "ZL0201" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0201", file: "screen_types.json", line: m.markers[0].line, column: m.markers[0].column,
          message: "content type target is missing required key 'screen_id'")
      ])
  }

  func testAConditionalFieldNamingTheWrongSectionSaysWhichSectionHoldsTheKey() throws {
    let m = Marked(
      Example.manifest(
        #", "general": {"fields": [{"key": "show", "type": "switch"}]}, "styles": {"fields": [{"key": "b", "type": "text_input", "conditional_fields": [{"key": ⟦⟧"styles/show", "condition_value": true}]}]}"#
      ))
    let (dir, diagnostics) = try check(["components/m.json": m.text])
    assertDiagnostics(
      diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0608", file: "components/m.json", line: 1, column: m.markers[0].column,
          message: "conditional field 'styles/show' names section 'styles', but field 'show' is in section 'general'",
          fixIt: #""general/show""#)
      ])
    XCTAssertEqual(diagnostics.first?.severity, .warning)
  }

  func testPublishedPluginAndFieldTypesAreKnown() throws {
    let (_, diagnostics) = try check([
      "components/m.json": Example.manifest(#", "styles": {"fields": [{"key": "a", "type": "react_select"}]}"#, type: "nav_item")
    ])
    XCTAssertEqual(diagnostics.map(\.code), [])
  }

  /// A component without cell styles or a family, as builders write it, is a warning (its section
  /// has no layout), never an error.
  func testAComponentWithoutCellStylesOrFamilyIsOnlyWarnedOf() throws {
    let (_, diagnostics) = try check([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": "html_ticker", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}]"#
    ])
    XCTAssertEqual(diagnostics.map(\.code), ["ZL0338"])
    XCTAssertEqual(diagnostics.map(\.severity), [.warning])
  }
}
