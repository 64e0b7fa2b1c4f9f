import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// Keys that lose what they hold without a word from the client: a misspelled ad unit id, and
/// iOS's flow layout names in a family.
extension TypoTests {
  /// A screen's `advertising`: a misspelled ad unit id is an error (the app would show no ads);
  /// the keys spelled right pass, and a key far from them all stays a warning.
  func testMisspelledAdvertisingKeysAreErrors() throws {
    func screen(_ advertising: String) -> String {
      #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)], "advertising": \#(advertising)}]"#
    }
    try assertFindings(
      ["screens/o.json": screen(#"{⟦ZL0206⟧"interstitial_ad_unit_idd": "/1/b", ⟦ZL0206⟧"display_interstitial_onse": true}"#)],
      [
        "screens/o.json": [
          ("misspelled key 'interstitial_ad_unit_idd' in advertising: clients ignore it", [], #""interstitial_ad_unit_id""#),
          ("misspelled key 'display_interstitial_onse' in advertising: clients ignore it", [], #""display_interstitial_once""#),
        ]
      ])
    try assertFindings(
      ["screens/o.json": screen(#"{"banner_ad_unit_id": "/1/a", "interstitial_ad_unit_id": "/1/b", "display_interstitial_once": true}"#)],
      [:])
    try assertFindings(
      ["screens/o.json": screen(#"{⟦ZL0204⟧"vendor": "x"}"#)], ["screens/o.json": [("unknown key 'vendor' in advertising", [], nil)]])
    // A screen plugin's advertising may hold the plugin's own keys (`banner_ad_unit`): a warning.
    try assertFindings(
      [
        "components/s.json": Example.manifest(#", "screen": true"#, identifier: "ads_screen", type: "general"),
        "screens/p.json": #"[{"id": "ads", "type": "ads_screen", "advertising": {⟦ZL0204⟧"banner_ad_unit": "u"}}]"#,
        "screen_types.json": #"{"screen_types": {"a": "ads"}}"#,
      ],
      ["screens/p.json": [("unknown key 'banner_ad_unit' in screen plugin advertising", [], #""banner_ad_unit_id""#)]])
  }

  /// iOS's flow layout names on a family element: the two spacings are errors with the family's
  /// names as their fixes, the insets at once an error naming the four; the family's names pass.
  func testIOSFlowLayoutNamesInAFamilyAreErrors() throws {
    let json =
      #"{"name": "J", "screens": [{"type": "iphone", ⟦ZL0206⟧"insets": {"top": 10, "left": 10}, ⟦ZL0206⟧"minimumLineSpacing": 10}], "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "layoutId": "l", "aspectCellRatio": 1, ⟦ZL0206⟧"minimumInteritemSpacing": 3}]}]}"#
    let xml =
      #"<Family name="X"><Screens><Screen type="default" ⟦ZL0206⟧sectionInset="4"/></Screens><Components><GridComponent name="GRID" columns="2"><Cell name="G" layoutId="l" aspectCellRatio="1"/></GridComponent></Components></Family>"#
    let insets = "is iOS's name for the insets: write 'insetTop', 'insetLeft', 'insetBottom' and 'insetRight'; clients ignore it"
    try assertFindings(
      ["families/j.json": json, "families/x.xml": xml],
      [
        "families/j.json": [
          ("attribute 'insets' on <Screen> \(insets)", [], nil),
          ("attribute 'minimumLineSpacing' on <Screen> is iOS's name for 'lineSpacing': clients ignore it", [], #""lineSpacing""#),
          (
            "attribute 'minimumInteritemSpacing' on <Cell> is iOS's name for 'interItemSpacing': clients ignore it", [],
            #""interItemSpacing""#
          ),
        ],
        "families/x.xml": [("attribute 'sectionInset' on <Screen> \(insets)", [], nil)],
      ])
    let named =
      #"{"name": "J", "screens": [{"type": "iphone", "insetTop": 10, "insetLeft": 10, "lineSpacing": 10}], "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "layoutId": "l", "aspectCellRatio": 1, "interItemSpacing": 3, "contentInset": 4, "insets": 2}]}]}"#
    try assertFindings(["families/j.json": named], [:])
  }

  /// Other layout systems' names of a cell's shape and columns (`aspectRatio`, `numberOfColumns`)
  /// are errors with the family's names as their fixes, on a cell too, which would pass them to
  /// clients as attributes of its own; the family's names pass.
  func testOtherLayoutSystemsNamesOfShapeAndColumnsAreErrors() throws {
    let json =
      #"{"name": "J", "components": [{"type": "grid", ⟦ZL0206⟧"numberOfColumns": 3, "cells": [{"name": "G", "layoutId": "l", ⟦ZL0206⟧"aspectRatio": 1.5}]}]}"#
    let xml =
      #"<Family name="X"><Components><GridComponent name="GRID" ⟦ZL0206⟧columnCount="2"><Cell name="G" layoutId="l" aspectCellRatio="1"/></GridComponent></Components></Family>"#
    try assertFindings(
      ["families/j.json": json, "families/x.xml": xml],
      [
        "families/j.json": [
          ("attribute 'numberOfColumns' on <Component> is not the family's name for 'columns': clients ignore it", [], #""columns""#),
          (
            "attribute 'aspectRatio' on <Cell> is not the family's name for 'aspectCellRatio': clients ignore it", [], #""aspectCellRatio""#
          ),
        ],
        "families/x.xml": [
          ("attribute 'columnCount' on <GridComponent> is not the family's name for 'columns': clients ignore it", [], "columns")
        ],
      ])
    let named =
      #"{"name": "J", "components": [{"type": "grid", "columns": 3, "cells": [{"name": "G", "layoutId": "l", "aspectCellRatio": 1.5, "imageAspectRatio": 2}]}]}"#
    try assertFindings(["families/j.json": named], [:])
  }
}
