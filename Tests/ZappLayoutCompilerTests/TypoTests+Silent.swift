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
  /// fix where the element holds the name already. Another metric on a header is a warning.
  func testAHeightOnACellAndACellHeightOnAHeaderAreErrors() throws {
    let xml = """
      <Family name="X"><Components><GridComponent type="grid" columns="2">
      <Cell name="C" layoutId="card" aspectCellRatio="1" ⟦ZL0206⟧height="230"><Screen type="sw600" ⟦ZL0206⟧height="250"/></Cell>
      <Cell name="D" layoutId="card" cellHeight="100" ⟦ZL0206⟧height="230"/>
      </GridComponent></Components>
      <Headers><Header name="H" ⟦ZL0206⟧cellHeight="44" ⟦ZL0204⟧insetTop="4"><Screen type="sw600" height="56"/></Header></Headers></Family>
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
          ("unknown attribute 'insetTop' on <Header>", [], nil),
        ]
      ])
  }
}
