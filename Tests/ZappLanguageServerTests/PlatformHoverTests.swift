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

  /// A cell style the component's manifest offers for the family (a conditional option), which
  /// ZL0304 and completion accept, is said to be the manifest's, not no cell of the family.
  func testACellStyleTheManifestOffersIsSaidToBeItsOwn() throws {
    let options = #"[{"text": "Wide", "value": "PROMO_WIDE"}]"#
    let field =
      #"{"key": "cell_styles", "type": "tag_select", "rules": "conditional", "conditional_fields": [{"key": "styles/family", "condition_value": "FAMILY_2", "options": \#(options)}]}"#
    let manifest =
      #"{"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "promo", "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true, "styles": {"fields": [\#(field)]}}"#
    for (style, expected) in [
      (
        "PROMO_WIDE", "**PROMO_WIDE** · cell style 1 of 1 · offered by the manifest of 'promo' for family FAMILY_2, which has no cell of it"
      ),
      ("PROMO_WIDX", "**PROMO_WIDX** · cell style 1 of 1 · not a cell of family FAMILY_2 for 'promo'"),
    ] {
      let screens = """
        [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
          "ui_components": [{"component_type": "promo", "styles": {"cell_styles": ["\(style)"]}}]}]

        """
      let position = try position(of: "\"\(style)\"", in: screens, delta: 2)
      let result = try result(
        of: "textDocument/hover", at: position, in: screens, platforms: ["ios"], files: ["components/promo.json": manifest])
      let text = try XCTUnwrap(((result as? JSONObject)?["contents"] as? JSONObject)?["value"] as? String)
      XCTAssertTrue(text.hasPrefix(expected), text)
    }
  }
}

/// A plugin whose manifest makes it a group on iOS only: hover shows it as a group on iOS and as
/// its section on Android, whichever platform `zlc.json` names first.
final class PlatformGroupHoverTests: XCTestCase {
  func manifest(_ platform: String, group: Bool) -> String {
    #"{"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "x", "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true, "platform": "\#(platform)", "characteristics": {"group": \#(group)}}"#
  }

  func testAPluginThatIsAGroupOnOnePlatformIsShownAsAGroupThereOnly() throws {
    let screens = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [{"component_type": "x"}, {"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
          "styles": {"cell_styles": ["LIST_1"]}}]}]

      """
    let files = ["components/x/ios.json": manifest("ios", group: true), "components/x/android.json": manifest("android", group: false)]
    for platforms in [["ios", "android"], ["android", "ios"]] {
      let position = try position(of: #""x""#, in: screens, delta: 2)
      let result = try result(of: "textDocument/hover", at: position, in: screens, platforms: platforms, files: files)
      let text = try XCTUnwrap(((result as? JSONObject)?["contents"] as? JSONObject)?["value"] as? String)
      let ios = try XCTUnwrap(text.range(of: "**on ios**\n\n"), text)
      let android = try XCTUnwrap(text.range(of: "**on android**\n\n"), text)
      let iosPart = ios.upperBound < android.lowerBound ? text[ios.upperBound..<android.lowerBound] : text[ios.upperBound...]
      let androidPart = android.upperBound < ios.lowerBound ? text[android.upperBound..<ios.lowerBound] : text[android.upperBound...]
      XCTAssertEqual(
        iosPart.trimmingCharacters(in: .whitespacesAndNewlines), "**x** — a group: each of its 0 components is a section of its own", text)
      XCTAssertTrue(androidPart.hasPrefix("**x** · family FAMILY_2"), text)
    }
  }

  /// A group on every platform is shown once, with no platform named: no bundle draws it.
  func testAGroupOnEveryPlatformIsShownOnceWithoutPlatforms() throws {
    let screens = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [{"component_type": "group", "ui_components": [{"component_type": "list",
          "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["LIST_1"]}}]}]}]

      """
    let files = ["components/x/ios.json": manifest("ios", group: true), "components/x/android.json": manifest("android", group: false)]
    let position = try position(of: #""group""#, in: screens, delta: 2)
    let result = try result(of: "textDocument/hover", at: position, in: screens, platforms: ["ios", "android"], files: files)
    let text = try XCTUnwrap(((result as? JSONObject)?["contents"] as? JSONObject)?["value"] as? String)
    XCTAssertEqual(text, "**group** — a group: each of its 1 components is a section of its own")
  }
}
