import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A manifest field that offers two options of one value (ZL0622): one of the two choices is lost.
final class DuplicateOptionValueTests: XCTestCase {
  /// Two options of one value, as objects and as plain values (`1` and `"1"`), and in one
  /// condition's list, are reported at the second, with a note at the first; the same value in
  /// two conditions' lists is not.
  func testAnOptionValueOfferedTwiceIsReported() throws {
    let manifest = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "x",
       "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [
        {"key": "kind", "type": "select", "options": [{"text": "Colour", "value": "color"}, {"text": "Image", "value": "color"}]},
        {"key": "sizes", "type": "tag_select", "options": [1, 2, "1"]},
        {"key": "cell_styles", "type": "tag_select", "rules": "conditional", "conditional_fields": [
          {"key": "styles/family", "condition_value": "FAMILY_1", "options": [{"text": "Wide", "value": "WIDE"}]},
          {"key": "styles/family", "condition_value": "FAMILY_2", "options": [{"text": "Wide", "value": "WIDE"}, {"text": "Narrow", "value": "WIDE"}]}]}]}}
      """#
    let dir = try makeProject(Example.baseProject.merging(["components/m.json": manifest]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0622" }
    let file = "components/m.json"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0622", file: file, line: 4, column: 114,
          message: "option value 'color' of field 'styles.kind' is offered twice: the builder stores one value for both",
          notes: ["first offered here"]),
        DiagnosticSpec(
          code: "ZL0622", file: file, line: 5, column: 60,
          message: "option value '1' of field 'styles.sizes' is offered twice: the builder stores one value for both",
          notes: ["first offered here"]),
        DiagnosticSpec(
          code: "ZL0622", file: file, line: 8, column: 136,
          message: "option value 'WIDE' of field 'styles.cell_styles' is offered twice: the builder stores one value for both",
          notes: ["first offered here"]),
      ])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [4, 5, 8])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.column }, [77, 54, 99])
    XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning])
  }
}
