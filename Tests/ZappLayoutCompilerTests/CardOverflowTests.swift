import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// A card's elements take their heights from their widths, so a cell of a fixed height that holds
/// them on a phone may cut them off on a wider device (ZL0513); a cell whose height scales with
/// its width holds them on every device.
final class CardOverflowTests: XCTestCase, OneFamilyProject {
  static let settings =
    #"{"app": "t", "devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": "tablet", "class": "tablet", "width": 768}]}"#
  static let components =
    #"[{"component_type": "grid", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}}]"#

  /// A big banner, then two small ones: the third wraps below the first, so the elements are
  /// 0.75 of the width high (281.25 on the phone, 576 on the tablet).
  func family(cell shape: String) -> String {
    #"""
    {"name": "T", "components": [{"type": "grid", "columns": 1, "cells": [{"name": ⟦ZL0513⟧"CARD", "layoutId": "card", \#(shape),
      "elements": [{"display": "inline", "width_ratio": 0.5, "width_height_ratio": 1},
                   {"display": "inline", "width_ratio": 0.5, "width_height_ratio": 2},
                   {"display": "inline", "width_ratio": 0.5, "width_height_ratio": 2}]}]}]}
    """#
  }

  func testElementsBelowAFixedHeightOnAWiderDeviceAreReported() throws {
    let (dir, outcome, marked) = try check(
      family: family(cell: #""cellHeight": 290"#), components: Self.components, settings: Self.settings)
    let message =
      "the elements of cell style 'CARD' of family 'T' are 576 high on device 'tablet' (768 wide), but its cells are 290 high: the card cuts off 286 points"
    assertDiagnostics(
      outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message, notes: ["device 'tablet' is declared here"])])
    let settings = marked["zlc.json"]!.text
    let tablet = try XCTUnwrap(settings.range(of: #""tablet""#))
    let column = settings.distance(from: settings.startIndex, to: tablet.lowerBound) + 1
    let note = outcome.diagnostics.first?.notes.first?.spot?.location
    XCTAssertEqual(note.map { [$0.line, $0.column] }, [1, column])
  }

  /// A `one_and_n` card whose second element stands beside the first at a width that does not
  /// fit beside it ends past the card's side; ratios that sum to 1 fit.
  func testAnElementPastTheCardsSideIsReported() throws {
    func card(second ratio: Double) -> String {
      #"""
      {"name": "T", "components": [{"type": "grid", "columns": 1, "cells": [{"name": ⟦ZL0513⟧"CARD", "layoutId": "card",
        "aspectCellRatio": 1, "layout": 3, "elements": [{"style": {"width_ratio": 0.5, "width_height_ratio": 1}},
                                                      {"style": {"width_ratio": \#(ratio), "width_height_ratio": 4}}]}]}]}
      """#
    }
    let (dir, outcome, marked) = try check(family: card(second: 0.9), components: Self.components, settings: Self.settings)
    let message =
      "the elements of cell style 'CARD' of family 'T' reach 525 points across on device 'phone' (375 wide), but its cells are 375 wide: the card cuts off 150 points at its side"
    assertDiagnostics(
      outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message, notes: ["device 'phone' is declared here"])])
    let (_, fits, _) = try check(family: card(second: 0.5), components: Self.components, settings: Self.settings)
    XCTAssertEqual(fits.diagnostics.map(\.message), [])
  }

  /// A `one_and_n` layout's small slots hold the card too, laid out again at their own width: a
  /// banner that fits the large slot but not a small one is reported with the small slots' height;
  /// one that fits both passes.
  func testElementsBelowAOneAndNSmallSlotAreReported() throws {
    func family(ratio: Int) -> String {
      #"""
      {"name": "T", "screens": [{"type": "default", "insetLeft": 0, "insetRight": 0, "insetTop": 0, "insetBottom": 0, "interItemSpacing": 0, "lineSpacing": 0}],
       "components": [{"type": "grid", "layout": "one_and_n", "widthRatio": 0.3, "smallItems": 2, "cells": [{"name": ⟦ZL0513⟧"CARD", "layoutId": "card",
        "aspectCellRatio": 1, "elements": [{"style": {"display": "block", "width_height_ratio": \#(ratio)}}]}]}]}
      """#
    }
    let (dir, outcome, marked) = try check(family: family(ratio: 2), components: Self.components, settings: Self.settings)
    let message =
      "the elements of cell style 'CARD' of family 'T' are 131.25 high on device 'phone' (375 wide), but its cells in the small slots of its `one_and_n` layout are 56.25 high: the card cuts off 75 points"
    assertDiagnostics(
      outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message, notes: ["device 'phone' is declared here"])])
    let (_, fits, _) = try check(family: family(ratio: 10), components: Self.components, settings: Self.settings)
    XCTAssertEqual(fits.diagnostics.map(\.message), [])
  }

  /// A `one_and_n` component of several cell styles draws its first in the large slot and its
  /// later ones in the small slots: a hero style that fits the large slot is not checked against
  /// the small slots, which it is never drawn in.
  func testAOneAndNHeroBesideOtherStylesIsNotCheckedInTheSmallSlots() throws {
    let family = #"""
      {"name": "T", "screens": [{"type": "default", "insetLeft": 0, "insetRight": 0, "insetTop": 0, "insetBottom": 0, "interItemSpacing": 0, "lineSpacing": 0}],
       "components": [{"type": "grid", "layout": "one_and_n", "widthRatio": 0.6, "smallItems": 2, "cells": [
         {"name": "CARD", "layoutId": "big", "aspectCellRatio": 1, "elements": [{"style": {"display": "block", "width_height_ratio": 1}}]},
         {"name": "SMALL", "layoutId": "small", "aspectCellRatio": 1, "elements": [{"style": {"display": "block", "width_height_ratio": 2}}]}]}]}
      """#
    let components =
      #"[{"component_type": "grid", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD", "SMALL"]}}]"#
    let (_, outcome, _) = try check(family: family, components: components, settings: Self.settings)
    XCTAssertEqual(outcome.diagnostics.map(\.message), [])
  }

  /// A section that names one cell style of a `one_and_n` component of several draws that style
  /// in every slot: one too high for the small slots is reported at the section's cell style
  /// (the family's check leaves the small slots out for such a component); one that fits them,
  /// or a section of both styles (its second drawn there), passes.
  func testAOneAndNSectionOfOneStyleOfSeveralIsCheckedInTheSmallSlots() throws {
    func family(ratio: Int) -> String {
      #"""
      {"name": "T", "screens": [{"type": "default", "insetLeft": 0, "insetRight": 0, "insetTop": 0, "insetBottom": 0, "interItemSpacing": 0, "lineSpacing": 0}],
       "components": [{"type": "grid", "layout": "one_and_n", "widthRatio": 0.3, "smallItems": 2, "cells": [
         {"name": "CARD", "layoutId": "big", "aspectCellRatio": 1, "elements": [{"style": {"display": "block", "width_height_ratio": \#(ratio)}}]},
         {"name": "SMALL", "layoutId": "small", "aspectCellRatio": 1, "elements": [{"style": {"display": "block", "width_height_ratio": 10}}]}]}]}
      """#
    }
    func components(_ styles: String) -> String {
      #"[{"component_type": "grid", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [\#(styles)]}}]"#
    }
    let (dir, outcome, marked) = try check(family: family(ratio: 2), components: components(#"⟦ZL0513⟧"CARD""#), settings: Self.settings)
    let message =
      "the elements of cell style 'CARD' of family 'T' are 131.25 high on device 'phone' (375 wide), but this section's cells in the small slots of its `one_and_n` layout are 56.25 high: the card cuts off 75 points"
    assertDiagnostics(
      outcome.diagnostics, in: dir, [spec(marked, "screens/home.json", message, notes: ["device 'phone' is declared here"])])
    let (_, fits, _) = try check(family: family(ratio: 10), components: components(#""CARD""#), settings: Self.settings)
    XCTAssertEqual(fits.diagnostics.map(\.message), [])
    let (_, both, _) = try check(family: family(ratio: 2), components: components(#""CARD", "SMALL""#), settings: Self.settings)
    XCTAssertEqual(both.diagnostics.map(\.message), [])
  }

  /// Elements that fit on every device may not in a wider window of a size class that ends at
  /// `max_width`: its widest window (0.01 point below it) is checked, and a class without one is
  /// checked at its devices alone (the XL cell holds them on any device it has).
  func testElementsBelowAFixedHeightInTheWidestWindowOfASizeClassAreReported() throws {
    let family = #"""
      {"name": "T", "components": [{"type": "list", "layout": "linear", "cells": [{"name": ⟦ZL0513⟧"CARD", "layoutId": "card",
        "cellHeight": 400, "screens": [{"type": "XL", "cellHeight": 2000}], "elements": [{"display": "block", "width_height_ratio": 2}]}]}]}
      """#
    let components =
      #"[{"component_type": "list", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}}]"#
    let (dir, outcome, marked) = try check(family: family, components: components, settings: Self.settings)
    let message =
      "the elements of cell style 'CARD' of family 'T' are 600 high at 1199.99 wide, a window of size class 'L', but its cells are 400 high: the card cuts off 200 points"
    assertDiagnostics(outcome.diagnostics, in: dir, [spec(marked, "families/T.json", message)])
    let (_, fits, _) = try check(
      family: family.replacingOccurrences(of: #""cellHeight": 400"#, with: #""cellHeight": 600"#), components: components,
      settings: Self.settings)
    XCTAssertEqual(fits.diagnostics.map(\.message), [], "600 high holds them up to 1,200 wide")
  }

  func testACellWhoseHeightScalesWithItsWidthHoldsItsElements() throws {
    let (_, outcome, _) = try check(
      family: family(cell: #""aspectCellRatio": 1.3"#), components: Self.components, settings: Self.settings)
    XCTAssertEqual(outcome.diagnostics.map(\.message), [])
  }
}
