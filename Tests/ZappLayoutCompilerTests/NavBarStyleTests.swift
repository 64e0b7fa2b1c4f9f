import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A navigation bar's `styles` (ZL0422): `state` and `presentation_style` words, colours and
/// title sizes that the bar's plugin cannot read.
final class NavBarStyleTests: XCTestCase {
  private func bar(_ styles: String, type: String = "navigation_bar", category: String = "nav_bar") -> String {
    Example.screen(
      Example.grid, extra: #", "navigations": [{"category": "\#(category)", "navigation_type": "\#(type)", "styles": {\#(styles)}}]"#)
  }

  /// Each value the plugin cannot read is a warning at the value; a near miss of a word has the
  /// word as its fix.
  func testValuesTheBarCannotReadAreWarnings() throws {
    let styles = ##"""
      "state": ⟦ZL0422⟧"ontop", "presentation_style": ⟦ZL0422⟧"Logo", "background_color": ⟦ZL0422⟧"#GGG",
      "title_color": ⟦ZL0422⟧"white", "title_size": ⟦ZL0422⟧"17px", "title_size_tablet": ⟦ZL0422⟧"big", "style": ⟦ZL0422⟧"centre"
      """##
    try assertFindings(
      ["screens/o.json": bar(styles)],
      [
        "screens/o.json": [
          ("nav bar 'state' 'ontop' is none of on_top, overlay, hidden: the bar is drawn as by default", [], #""on_top""#),
          ("nav bar 'presentation_style' 'Logo' is none of logo, title, hidden: the bar is drawn as by default", [], #""logo""#),
          (
            "nav bar 'background_color' '#GGG' is not a colour (hex digits, alpha first, or rgb(…), rgba(…)): the bar is drawn with its default colour",
            [], nil
          ),
          (
            "nav bar 'title_color' 'white' is not a colour (hex digits, alpha first, or rgb(…), rgba(…)): the bar is drawn with its default colour",
            [], nil
          ),
          ("nav bar 'title_size' '17px' is not a number: the bar's title is drawn at its default size", [], nil),
          ("nav bar 'title_size_tablet' 'big' is not a number: the bar's title is drawn at its default size", [], nil),
          ("nav bar 'style' 'centre' is none of left, center: the bar is drawn as by default", [], #""center""#),
        ]
      ])
  }

  /// A bar without a `navigation_type` is drawn by the SDK's bar: its values are checked too.
  func testABarWithoutATypeIsTheSDKBar() throws {
    try assertFindings(
      ["screens/o.json": bar(#""state": ⟦ZL0422⟧"ontop""#, type: "")],
      [
        "screens/o.json": [
          ("nav bar 'state' 'ontop' is none of on_top, overlay, hidden: the bar is drawn as by default", [], #""on_top""#)
        ]
      ])
  }

  /// Values the plugin reads, empty values, other keys, a menu's styles and a bar of another
  /// plugin (with a manifest in the project or, an app's own, without one) pass.
  func testReadableValuesAndOtherNavigationsPass() throws {
    let good =
      ##""state": "overlay", "presentation_style": "title", "background_color": "#FF000000", "title_color": "rgba(255, 255, 255, 1)", "title_size": "17", "title_size_tablet": "", "logo": "x", "style": "left""##
    try assertFindings(["screens/o.json": bar(good)], [:])
    let odd = #""state": "ontop", "title_size": "big""#
    try assertFindings(["screens/o.json": bar(odd, category: "menu")], [:])
    let own = Example.manifest("", identifier: "brand_bar", type: "nav_bar")
    try assertFindings(["components/b.json": own, "screens/o.json": bar(odd, type: "brand_bar")], [:])
    let riverflix = #""state": "sticky", "title_size": "large", "text_color": "white""#
    try assertFindings(["screens/o.json": bar(riverflix, type: "riverflix_bar")], [:])
  }

  /// A navigation's and a nav item's `styles`, `rules`, `assets` (and a navigation's `data`, an
  /// item's `general`) are objects of the plugin's own keys: another type is an error, as a
  /// component's is (clients would get it as written); `""` and `null` stand for none.
  func testANavigationsSectionsAreObjects() throws {
    let screen = Example.screen(
      Example.grid,
      extra:
        #", "navigations": [{"category": "menu", "styles": ⟦ZL0202⟧true, "rules": ⟦ZL0202⟧5, "assets": "", "data": ⟦ZL0202⟧[], "nav_items": [{"title": "Home", "type": "label", "data": {"target": "home"}, "styles": ⟦ZL0202⟧"x", "general": null}]}]"#
    )
    try assertFindings(
      ["screens/o.json": screen],
      [
        "screens/o.json": [
          ("'styles' must be an object, found a boolean", [], nil), ("'rules' must be an object, found a number", [], nil),
          ("'data' must be an object, found an array", [], nil), ("'styles' must be an object, found a string", [], nil),
        ]
      ])
    let objects = Example.screen(
      Example.grid,
      extra:
        #", "navigations": [{"category": "menu", "styles": {"any_key": 1}, "rules": {}, "assets": {}, "data": {}, "nav_items": [{"title": "Home", "type": "label", "data": {"target": "home"}, "styles": {}, "general": {}}]}]"#
    )
    try assertFindings(["screens/o.json": objects], [:])
  }
}
