import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Values that built an app silently without what they meant: each is reported where it stands.
extension TypoTests {
  /// A JSON cell's element places itself with the keys it holds and its `style`'s over them: both
  /// are checked, and a key set in both to different values is an error at the entry's key (the
  /// style's value wins); the same value in both is no finding.
  func testAnElementKeySetInItsStyleTooToAnotherValueIsAnError() throws {
    let json =
      #"{"name": "J", "components": [{"type": "grid", "cells": [{"name": "C", "layoutId": "card", "aspectCellRatio": 1, "elements": [{"display": "inline", ⟦ZL0206⟧"width_ratio": 0.5, "width_height_ratio": 2, "style": {"font_size": 12, "width_ratio": 0.25, "width_height_ratio": 2}}, {"width_ratio": ⟦ZL0203⟧2, ⟦ZL0206⟧"margn": [0, 0, 1, 1], "style": {"display": "block"}}]}]}]}"#
    try assertFindings(
      ["families/j.json": json],
      [
        "families/j.json": [
          (
            "key 'width_ratio' of an element is set in its 'style' too, to another value: clients take the style's",
            ["the style sets it here"], nil
          ),
          ("'width_ratio' is a share of the cell's width: above 0 and at most 1, found 2", [], nil),
          ("misspelled attribute 'margn' on <Element>: clients ignore it", [], #""margin""#),
        ]
      ])
  }

  /// A cell's height is `cellHeight` and a header's `height`: the other name on either (on a
  /// `<Screen>` entry too) is an error with the fix, as clients ignore it there; the rename is no
  /// fix where the element holds the name already. Another metric on a header is a warning that
  /// names what headers read.
  func testAHeightOnACellAndACellHeightOnAHeaderAreErrors() throws {
    let xml = """
      <Family name="X"><Components><GridComponent type="grid" columns="2">
      <Cell name="C" layoutId="card" aspectCellRatio="1" ⟦ZL0206⟧height="230"><Screen type="sw600" ⟦ZL0206⟧height="250"/></Cell>
      <Cell name="D" layoutId="card" cellHeight="100" ⟦ZL0206⟧height="230"/>
      </GridComponent></Components>
      <Headers><Header name="H" ⟦ZL0206⟧cellHeight="44" ⟦ZL0204⟧insetTop="4"><Screen type="sw600" height="56" ⟦ZL0204⟧insetLeft="2"/></Header></Headers></Family>
      """
    let cellMessage = "attribute 'height' on <Cell> is a header's: clients ignore it"
    try assertFindings(
      ["families/x.xml": xml],
      [
        "families/x.xml": [
          (cellMessage, [], #"cellHeight"#),
          ("attribute 'height' on <Screen> is a header's: clients ignore it", [], #"cellHeight"#),
          (cellMessage, [], nil),
          ("attribute 'cellHeight' on <Header> is a cell's: clients ignore it", [], #"height"#),
          ("attribute 'insetTop' on <Header> is not one headers read: they read height alone", [], nil),
          ("attribute 'insetLeft' on <Screen> is not one headers read: they read height alone", [], nil),
        ]
      ])
  }

  /// An excluded item type a few edits from a feed entry type (`Video`, `videos`) filters nothing:
  /// a warning with the fix, as a `content_types` key's is. One `content_types` maps is reported
  /// there alone, and a type far from every feed entry type (`promo`) passes.
  func testANearMissOfAFeedEntryTypeInAnItemFilterIsReported() throws {
    let screen = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"filter_by_size_class": {"L": {"exclude_types": [⟦ZL0324⟧"Video", "article", "audios", "promo"]}, "S": {"exclude_types": [⟦ZL0324⟧"videos"]}}}}"#
    )
    try assertFindings(
      ["screens/o.json": screen, "screen_types.json": #"{"content_types": {⟦ZL0324⟧"audios": "other"}}"#],
      [
        "screen_types.json": [("content type 'audios' is not a feed entry type", [], #""audio""#)],
        "screens/o.json": [
          ("excluded type 'Video' is not a feed entry type: no item has it", [], #""video""#),
          ("excluded type 'videos' is not a feed entry type: no item has it", [], #""video""#),
        ],
      ])
  }

  /// A screen's refresh colours are colours as clients and the builder write them: 3, 4, 6 or 8
  /// hex digits with or without `#`, or `rgb(…)`/`rgba(…)`; an empty one is unset. A value that
  /// is no colour is an error.
  func testAScreenRefreshColourThatIsNoColourIsAnError() throws {
    let rules = { (loader: String, background: String, text: String, autoBackground: String) in
      Example.screen(
        Example.grid,
        extra:
          #", "rules": {"refresh": "pull", "pull_to_refresh_loader_color": \#(loader), "pull_to_refresh_background_color": \#(background), "auto_refresh_text_color": \#(text), "auto_refresh_background_color": \#(autoBackground)}"#
      )
    }
    let message = { (key: String, found: String) in
      "'\(key)' takes a colour: 3, 4, 6 or 8 hex digits, '#' optional, or rgb(r, g, b) or rgba(r, g, b, a), found \(found)"
    }
    try assertFindings(
      ["screens/o.json": rules(#"⟦ZL0417⟧"red""#, ##"⟦ZL0417⟧"#GG0000""##, ##"⟦ZL0417⟧"#12345""##, #"⟦ZL0417⟧"12345""#)],
      [
        "screens/o.json": [
          (message("pull_to_refresh_loader_color", #""red""#), [], nil),
          (message("pull_to_refresh_background_color", ##""#GG0000""##), [], nil),
          (message("auto_refresh_text_color", ##""#12345""##), [], nil),
          (message("auto_refresh_background_color", #""12345""#), [], nil),
        ]
      ])
    try assertFindings(["screens/o.json": rules(#""ff000000""#, #""rgba(0, 0, 0, 1)""#, ##""#F00A""##, #""rgb(255, 0, 0)""#)], [:])
    try assertFindings(["screens/o.json": rules(#""F00""#, ##""#80FF0000""##, #""""#, #""FFFFFF""#)], [:])
  }

  /// A `screen_types.json` key with spaces at its ends, or of none, matches no type: an error, the
  /// trimmed key its fix (none where the map holds it, or the key is blank).
  func testAScreenTypeKeyWithSpacesAroundItIsAnError() throws {
    let types =
      #"{"screen_types": {⟦ZL0203⟧"season ": "other", ⟦ZL0203⟧"": "other"}, "content_types": {"video": "other", ⟦ZL0203⟧" video": "other"}}"#
    try assertFindings(
      ["screen_types.json": types],
      [
        "screen_types.json": [
          ("screen_types key 'season ' has spaces at its ends: it matches no type", [], #""season""#),
          ("a screen_types key of spaces alone, or none, matches no type", [], nil),
          ("content_types key ' video' has spaces at its ends: it matches no type", [], nil),
        ]
      ])
  }

  /// `zlc.json`'s `data_types` declares the app's own types: one a few edits from a built-in type
  /// (`TOP_BANNER`, `BOX_BANNER`) is taken as declared, whether a screen names it or not.
  func testADeclaredDataTypeNearABuiltInOneChecksClean() throws {
    let settings = #"{"data_types": ["TOP_BANNER", "SMALL_BANNER", "WEB_URLS", "DOWNLOADED", "APPLICASTER_CATEGORIES"]}"#
    let component = { (type: String) in
      #"{"component_type": "grid", "data": {"source": "1", "type": "\#(type)"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    }
    let screen = Example.screen(["TOP_BANNER", "WEB_URLS", "APPLICASTER_CATEGORIES"].map(component).joined(separator: ", "))
    try assertFindings(["zlc.json": settings, "screens/o.json": screen], [:])
    try assertFindings(["zlc.json": settings], [:])
  }
}
