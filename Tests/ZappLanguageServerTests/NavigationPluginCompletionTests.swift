import Foundation
import XCTest

@testable import ZappLanguageServer

/// Completion of a key in a section of a navigation drawn by a navigation plugin, or of a nav item
/// drawn by a nav item plugin, offers the keys its manifest declares there, as `zlc check` reads
/// them.
final class NavigationPluginCompletionTests: XCTestCase {
  static let files = [
    "components/bar.json": """
    {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D",
     "identifier": "my_bar", "type": "nav_bar", "min_zapp_sdk": "1.0", "ui_builder_support": true,
     "data": {"fields": [{"key": "feed_mode", "type": "text_input", "label": "Feed mode"}]},
     "styles": {"fields": [{"key": "logo_size", "type": "number_input"}]}}
    """,
    "components/item.json": """
    {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D",
     "identifier": "login_icon", "type": "nav_item", "min_zapp_sdk": "1.0", "ui_builder_support": true,
     "assets": {"fields": [{"key": "icon", "type": "uploader"}]}}
    """,
  ]

  static let screens = """
    [{"id": "home", "type": "general_content", "home": true, "ui_components": [],
      "navigations": [{"id": "nb", "category": "nav_bar", "navigation_type": "my_bar", "data": {""}, "styles": {"logo_size": 1, ""},
        "nav_items": [{"id": "i", "type": "login_icon", "assets": {""}}]}]}]

    """

  func testANavigationPluginsDeclaredKeysAreOfferedInItsSections() throws {
    let labels = { (needle: String) in try self.completionLabels(in: Self.screens, after: needle, platforms: ["ios"], files: Self.files) }
    XCTAssertTrue(try labels(#""data": {"""#).contains("feed_mode"))
    // The data of a navigation whose plugin declares data fields is a data source, as `zlc check` reads it.
    XCTAssertEqual(try labels(#""data": {"""#).sorted(), ["connected", "feed_mode", "source", "target", "type"])
    XCTAssertFalse(try labels(#""logo_size": 1, """#).contains("logo_size"), "a key written is not offered again")
    XCTAssertTrue(try labels(#""assets": {"""#).contains("icon"))
    XCTAssertFalse(try labels(#""assets": {"""#).contains("feed_mode"), "another plugin's keys")
    XCTAssertFalse(try labels(#""assets": {"""#).contains("source"), "an item's assets are no data source")
  }

  /// A nav item of a plugin that is no nav item plugin, and a navigation of a nav item plugin, are
  /// drawn by none: `zlc check` reads no keys of theirs, and none are offered.
  func testAPluginOfAnotherKindOffersNoKeys() throws {
    let screens = """
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [],
        "navigations": [{"id": "nb", "category": "nav_bar", "navigation_type": "login_icon", "assets": {""},
          "nav_items": [{"id": "i", "type": "my_bar", "styles": {""}}]}]}]

      """
    let labels = { (needle: String) in try self.completionLabels(in: screens, after: needle, platforms: ["ios"], files: Self.files) }
    XCTAssertFalse(try labels(#""assets": {"""#).contains("icon"))
    XCTAssertFalse(try labels(#""styles": {"""#).contains("logo_size"))
  }
}
