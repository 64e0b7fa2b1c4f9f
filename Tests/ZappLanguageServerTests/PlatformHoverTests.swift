import Foundation
import XCTest

@testable import ZappLanguageServer

/// Hover in an app of several platforms shows each platform's bundle: the iOS bundle draws a
/// component with its screen's family, another platform's with the component's own.
final class PlatformHoverTests: XCTestCase {
  /// The hover text at the first `needle` (`delta` bytes into it) of a screens file.
  func hover(_ screens: String, at needle: String, delta: Int = 2, platforms: [String] = ["ios", "android"]) throws -> String {
    let position = try position(of: needle, in: screens, delta: delta)
    let result = try result(of: "textDocument/hover", at: position, in: screens, platforms: platforms)
    let contents = try XCTUnwrap((result as? JSONObject)?["contents"] as? JSONObject)
    return try XCTUnwrap(contents["value"] as? String)
  }

  func list(family: String?, cellStyle: String = "LIST_1") -> String {
    let own = family.map { #""family": "\#($0)", "# } ?? ""
    return """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [{"id": "l", "component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
          "styles": {\(own)"cell_styles": ["\(cellStyle)"]}}]}]

      """
  }

  func testEachPlatformsBundleIsShownWhereTheyDrawAComponentWithDifferentFamilies() throws {
    let text = try hover(list(family: "FAMILY_1"), at: #""list""#)
    let ios = try XCTUnwrap(text.range(of: "**on ios**"), text)
    let android = try XCTUnwrap(text.range(of: "**on android**"), text)
    let iosPart = String(text[ios.upperBound..<android.lowerBound])
    let androidPart = String(text[android.upperBound...])
    // As `zlc build` writes the ios and android bundles.
    XCTAssertTrue(iosPart.contains("family FAMILY_2"), iosPart)
    XCTAssertTrue(iosPart.contains("| phone | linear | 1 | 343 × 88 |"), iosPart)
    XCTAssertTrue(androidPart.contains("family FAMILY_1"), androidPart)
    XCTAssertTrue(androidPart.contains("| phone | flow | 2 | 169.5 × 188.33 |"), androidPart)
  }

  func testPlatformsThatDrawAComponentAlikeAreShownOnce() throws {
    let text = try hover(list(family: nil), at: #""list""#)
    XCTAssertTrue(text.hasPrefix("**on ios, android** (their bundles draw it alike)"), text)
    XCTAssertEqual(text.components(separatedBy: "| phone |").count, 2, text)
    XCTAssertTrue(text.contains("| phone | linear | 1 | 343 × 88 |"), text)
  }

  func testAnAppOfOnePlatformShowsItsBundleUnlabelled() throws {
    let text = try hover(list(family: "FAMILY_1"), at: #""list""#, platforms: ["ios"])
    XCTAssertTrue(text.hasPrefix("**list** · family FAMILY_2"), text)
    XCTAssertFalse(text.contains("**on "), text)
  }

  func testACellStyleTheFamilyLacksIsSaidToBeNoCellOfIt() throws {
    let text = try hover(list(family: nil, cellStyle: "LIST_11"), at: #""LIST_11""#)
    XCTAssertTrue(text.contains("**LIST_11** · cell style 1 of 1 · not a cell of family FAMILY_2 for 'list'"), text)
    XCTAssertFalse(text.contains("layout id"), text)
    XCTAssertFalse(text.contains("| phone |"), text)
  }
}
