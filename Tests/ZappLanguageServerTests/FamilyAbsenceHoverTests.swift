import Foundation
import XCTest

@testable import ZappLanguageServer

/// Hover on a component, or one of its cell styles, whose family is not in the project says why:
/// the family file cannot be read, or no file defines the family; never that no family is named.
final class FamilyAbsenceHoverTests: XCTestCase {
  static let screens = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "BRAND"},
      "ui_components": [{"id": "l", "component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
        "styles": {"cell_styles": ["ROW"]}}]}]

    """

  func hover(at needle: String, files: [String: String]) throws -> String {
    let position = try position(of: needle, in: Self.screens, delta: 2)
    let result = try result(of: "textDocument/hover", at: position, in: Self.screens, platforms: ["ios"], files: files)
    let contents = try XCTUnwrap((result as? JSONObject)?["contents"] as? JSONObject)
    return try XCTUnwrap(contents["value"] as? String)
  }

  func testAFamilyInAFileThatCannotBeReadIsSaidToBeUnknownUntilItIsFixed() throws {
    let broken = ["families/BRAND.xml": #"<Family name="BRAND"><Screens><Screen type="sw600" columns="1></Screens></Family>"#]
    let component = try hover(at: #""list""#, files: broken)
    XCTAssertTrue(component.hasPrefix("**list** · family BRAND · cell styles ROW"), component)
    XCTAssertTrue(
      component.contains("no layout: family 'BRAND' is not known while `families/BRAND.xml` cannot be read (fix its errors)"), component)
    XCTAssertFalse(component.contains("names a family"), component)
    let style = try hover(at: #""ROW""#, files: broken)
    XCTAssertEqual(
      style, "**ROW** · cell style 1 of 1 · family 'BRAND' is not known while `families/BRAND.xml` cannot be read (fix its errors)")
  }

  func testSeveralFamilyFilesThatCannotBeReadAreNamed() throws {
    let broken = ["families/BRAND.xml": #"<Family name="BRAND""#, "families/OTHER.json": #"{"name": "OTHER", "#]
    XCTAssertEqual(
      try hover(at: #""ROW""#, files: broken),
      "**ROW** · cell style 1 of 1 · family 'BRAND' is not known while 2 family files cannot be read (fix their errors): "
        + "`families/BRAND.xml`, `families/OTHER.json`")
  }

  func testAFamilyNoFileDefinesIsSaidToBeUndefined() throws {
    let component = try hover(at: #""list""#, files: [:])
    XCTAssertTrue(component.contains("no layout: no family 'BRAND' is defined"), component)
    XCTAssertEqual(try hover(at: #""ROW""#, files: [:]), "**ROW** · cell style 1 of 1 · no family 'BRAND' is defined")
  }
}
