import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A did-you-mean between two names a project gives is a fix only when the name written looks
/// like the suggested one mistyped; two names of two things (a rename half done) make it a hint.
final class NameSuggestionTests: XCTestCase {
  /// Which pairs look like two names (a hint) and which like one mistyped (a fix).
  func testTwoNamesAndOneMistypedAreTold() {
    let twoNames: [(String, String)] = [
      ("GRID_1", "GRID_2"), ("home", "home2"), ("live", "live_2"), ("image_1", "image_2"), ("promo_banner_tv", "promo_banner"),
      ("shows", "show"), ("adobe-primetime-tv-qb", "adobe-primetime-auth-qb"), ("show", "shop"), ("live", "like"), ("L", "XL"),
      ("L", "S"), ("XL", "XXL"), ("grid_one", "grid"), ("cell_style", "cel_styel"), ("shorts", "sports"), ("features", "featured"),
      ("show-featured", "shows-featured"), ("sports_live", "sport_live"), ("VideoDetailScreen", "VideoDetailsScreen"),
      ("ParentLockScreenPlugin", "ParentalLockScreenPlugin"), ("PROMO_WIDE", "PROMO_WIDER"), ("TITLE_LARGE", "TITLE_LARGER"),
      ("poster", "posters"), ("features", "featurd"), ("categories", "catgorie"), ("featured", "feature"), ("grid_wider", "grid_wide"),
    ]
    for (candidate, word) in twoNames {
      XCTAssertTrue(Suggestion.looksLikeAnotherName(candidate, than: word), "\(word) → \(candidate)")
    }
    let mistyped: [(String, String)] = [
      ("home", "hom"), ("FAMILY_1", "FAMLY_1"), ("grid", "gird"), ("HEADER_1", "HEADR_1"), ("settings", "setings"),
      ("settings", "settimgs"), ("thumbnail", "thumbnial"), ("XL", "xl"), ("show", " show "), ("cell-style", "cell_style"),
      ("POSTER", "POSTRE"), ("FAMILY_1", "FAMILY1"), ("FAMILY_1", "FAMILY__1"), ("promo_banner", "promobanner"),
      ("GRID_POSTER", "GRID_POSTR"),
      ("VideoDetailScreen", "VideoDetialScreen"), ("home", "homee"), ("GRID_1", "GRID\u{00A0}1"), ("promo_banner", "promo__baner"),
      ("video_detail", "videodetial"), ("home", "hoem"), ("featured", "featurd"), ("home", "_hom"),
    ]
    for (candidate, word) in mistyped {
      XCTAssertFalse(Suggestion.looksLikeAnotherName(candidate, than: word), "\(word) → \(candidate)")
    }
    // Long names are compared within the typo's bound, a letter changed inside one a typo.
    let long = String(repeating: "a", count: 2_000) + String(repeating: "b", count: 2_000)
    XCTAssertFalse(Suggestion.looksLikeAnotherName(long, than: "x" + long.dropFirst()))
    XCTAssertTrue(Suggestion.looksLikeAnotherName(long, than: "xyz" + long.dropFirst(3)))
  }

  /// A cell style renamed in its family (`GRID_11`) is not fixed to its numbered sibling, nor a
  /// screen reference written before its screen (`shop`) to a short id a letter away, nor a size
  /// class renamed in zlc.json (`XL`) to a one-letter one: each did-you-mean is a hint. A
  /// misspelled one (`GRD_1`, `hom`, `xl`) is fixed.
  func testRenamedNamesAreHintsAndTyposFixes() throws {
    for (written, suggested, fixed) in [("GRID_11", "GRID_1", false), ("GRD_1", "GRID_1", true)] {
      let component =
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["\#(written)"]}}"#
      try assertFix(["screens/o.json": Example.screen(component)], code: "ZL0304", suggested: suggested, fixed: fixed)
    }
    for (written, suggested, fixed) in [("shop", "show", false), ("hom", "home", true)] {
      let screens = Example.screen(Example.gridOpening(written)).dropLast() + ", " + Example.screen(Example.grid, id: "show").dropFirst()
      try assertFix(["screens/o.json": String(screens)], code: "ZL0307", suggested: suggested, fixed: fixed)
    }
    for (written, suggested, fixed) in [("XXL", "XL", false), ("xl", "XL", true)] {
      let component = Example.grid.dropLast() + #", "size_class_mapping": {"\#(written)": "hide"}}"#
      try assertFix(["screens/o.json": Example.screen(String(component))], code: "ZL0317", suggested: suggested, fixed: fixed)
    }
  }

  /// A family's screen entry of a size class renamed in zlc.json (`S`, now `compact`) is not fixed
  /// to another one-letter class (`L`); a size class written in another case (`xl`) is fixed.
  func testAFamilysSizeClassEntryNearAnotherIsAHint() throws {
    let zlc = #"""
      {"size_classes": [{"name": "compact", "min_width": 0, "max_width": 600, "class": "phone"},
        {"name": "L", "min_width": 600, "max_width": 1200, "class": "tablet"}, {"name": "XL", "min_width": 1200, "class": "tablet"}]}
      """#
    for (written, suggested, fixed) in [("S", "L", false), ("xl", "XL", true)] {
      let family =
        #"{"name": "F", "components": [{"type": "grid", "layout": "flow", "screens": [{"type": "\#(written)", "columns": 3}], "cells": [{"name": "G", "layoutId": "g", "cellHeight": 10}]}]}"#
      try assertFix(["zlc.json": zlc, "families/F.json": family], code: "ZL0203", suggested: suggested, fixed: fixed)
    }
  }

  /// A plugin value whose key is near another field its manifest declares (`image_22` for
  /// `image_2`, a field renamed in the manifest) is a hint; a misspelled one (`imagee_2`) is fixed.
  func testAPluginValueNearAnotherDeclaredFieldIsAHint() throws {
    let manifest = Example.manifest(
      #", "styles": {"fields": [{"key": "image_1", "type": "text_input"}, {"key": "image_2", "type": "text_input"}]}"#)
    for (written, fixed) in [("image_22", false), ("imagee_2", true)] {
      let component = #"{"component_type": "x", "styles": {"\#(written)": "b.png"}}"#
      try assertFix(
        ["components/x.json": manifest, "screens/o.json": Example.screen(component)], code: "ZL0206", suggested: "image_2", fixed: fixed)
    }
  }

  /// A built-in component type is a name zlc gives: a near miss of it is fixed (`heros` for
  /// `hero`), as before.
  func testANearMissOfABuiltinTypeIsFixed() throws {
    let component =
      #"{"component_type": "heros", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]}}"#
    try assertFix(["screens/o.json": Example.screen(component)], code: "ZL0303", suggested: "hero", fixed: true)
  }

  /// A navigation plugin's identifier (ZL0325) and a conditional field's key (ZL0608) are names a
  /// project gives: a numbered sibling is a hint, a misspelling a fix.
  func testANavigationTypeAndAConditionalFieldFollowTheRuleOfNames() throws {
    let menu = Example.manifest("", identifier: "nav_menu_2", type: "menu")
    for (written, fixed) in [("nav_menu_1", false), ("nav_mneu_2", true)] {
      let screen = Example.screen(
        Example.grid, extra: #", "navigations": [{"category": "menu", "navigation_type": "\#(written)", "nav_items": []}]"#)
      try assertFix(["components/menu.json": menu, "screens/o.json": screen], code: "ZL0325", suggested: "nav_menu_2", fixed: fixed)
    }
    for (written, fixed) in [("image_22", false), ("imagee_2", true)] {
      let manifest = Example.manifest(
        #", "styles": {"fields": [{"key": "image_1", "type": "text_input"}, {"key": "image_2", "type": "text_input"}, "#
          + #"{"key": "wide", "type": "switch", "conditional_fields": [{"key": "styles/\#(written)", "condition_value": true}]}]}"#)
      try assertFix(["components/m.json": manifest], code: "ZL0608", suggested: "styles/image_2", fixed: fixed)
    }
  }

  /// A condition value near an option of its field is a name the manifest's author gave: a plural
  /// of an option (`posters`) is a hint, a misspelling (`postr`) a fix (ZL0620).
  func testAConditionValueFollowsTheRuleOfNames() throws {
    for (written, fixed) in [("posters", false), ("postr", true)] {
      let manifest = Example.manifest(
        #", "styles": {"fields": [{"key": "art", "type": "select", "options": ["poster", "wide_16x9"]}, "#
          + #"{"key": "title", "type": "text_input", "conditional_fields": [{"key": "styles/art", "condition_value": "\#(written)"}]}]}"#)
      try assertFix(["components/m.json": manifest], code: "ZL0620", suggested: "poster", fixed: fixed)
    }
  }

  /// A nav item type near a navigation item plugin the project declares is reported (ZL0326):
  /// a misspelling (`brand_live_buton`) with the fix, a plural (`brand_live_buttons`) with a hint.
  func testANavItemNearAProjectsPluginIsReported() throws {
    let plugin = Example.manifest("", identifier: "brand_live_button", type: "nav_item")
    for (written, fixed) in [("brand_live_buton", true), ("brand_live_buttons", false)] {
      let screen = Example.screen(
        Example.grid, extra: #", "navigations": [{"category": "nav_bar", "nav_items": [{"type": "\#(written)"}]}]"#)
      try assertFix(["components/n.json": plugin, "screens/o.json": screen], code: "ZL0326", suggested: "brand_live_button", fixed: fixed)
    }
  }

  /// Checks the files over the base project: one `code` finding whose did-you-mean names
  /// `suggested`, a fix (with a range) when `fixed`, else a hint.
  func assertFix(_ files: [String: String], code: String, suggested: String, fixed: Bool, line: UInt = #line) throws {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == code }
    XCTAssertEqual(found.map { $0.fixIt?.message }, ["did you mean '\(suggested)'?"], line: line)
    XCTAssertEqual(found.map { $0.fixIt?.range != nil }, [fixed], line: line)
  }
}
