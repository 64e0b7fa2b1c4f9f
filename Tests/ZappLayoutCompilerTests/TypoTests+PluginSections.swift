import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// The sections of a plugin's values that hold only what its manifest declares there: a near miss
/// of a declared key leaves the plugin with the field's default, so it is a misspelling (ZL0206).
extension TypoTests {
  /// A plugin component's `advertising` and `assets`, when its manifest declares fields there, are
  /// known whole: a near miss is an error with its fix; a key far from them stays a warning, and
  /// the spelled keys pass.
  func testAMisspelledComponentPluginAdvertisingOrAssetsKeyIsAnError() throws {
    let manifest = Example.manifest(
      #", "advertising": {"fields": [{"key": "ad_unit_id", "type": "text_input", "initial_value": "/1/default"}]}, "assets": {"fields": [{"key": "badge_image", "type": "uploader"}]}"#,
      identifier: "promo")
    let component =
      #"{"component_type": "promo", "advertising": {⟦ZL0206⟧"ad_unit_di": "/1/mine", ⟦ZL0204⟧"vendor_flag": 1}, "assets": {⟦ZL0206⟧"badge_imag": "https://a.example.com/b.png"}}"#
    try assertFindings(
      ["components/p.json": manifest, "screens/o.json": Example.screen(component)],
      [
        "screens/o.json": [
          ("misspelled key 'ad_unit_di' in component plugin advertising: clients ignore it", [], #""ad_unit_id""#),
          ("unknown key 'vendor_flag' in component plugin advertising", [], nil),
          ("misspelled key 'badge_imag' in plugin assets: clients ignore it", [], #""badge_image""#),
        ]
      ])
    let spelled =
      #"{"component_type": "promo", "advertising": {"ad_unit_id": "/1/mine"}, "assets": {"badge_image": "https://a.example.com/b.png"}}"#
    try assertFindings(["components/p.json": manifest, "screens/o.json": Example.screen(spelled)], [:])
    // A manifest that declares no advertising fields leaves the component's `advertising` open.
    let open = Example.manifest("", identifier: "promo")
    let unchecked = #"{"component_type": "promo", "advertising": {"ad_unit_di": "/1/mine"}}"#
    try assertFindings(["components/p.json": open, "screens/o.json": Example.screen(unchecked)], [:])
  }

  /// A screen plugin's `advertising` holds the usual ad keys and the plugin's own: a key one edit
  /// from a key its manifest declares there is an error with its fix; a near miss of a usual key
  /// stays a warning (it may be the plugin's own).
  func testAKeyOneEditFromAScreenPluginsDeclaredAdvertisingKeyIsAnError() throws {
    let manifest = Example.manifest(
      #", "screen": true, "advertising": {"fields": [{"key": "banner_unit", "type": "text_input"}]}"#, identifier: "brand_home",
      type: "general")
    let screen = { (advertising: String) in
      #"[{"id": "other", "type": "brand_home", "advertising": \#(advertising)}]"#
    }
    try assertFindings(
      [
        "components/b.json": manifest,
        "screens/o.json": screen(#"{⟦ZL0206⟧"baner_unit": "y", ⟦ZL0204⟧"banner_ad_unit_di": "z"}"#),
      ],
      [
        "screens/o.json": [
          ("misspelled key 'baner_unit' in screen plugin advertising: clients ignore it", [], #""banner_unit""#),
          ("unknown key 'banner_ad_unit_di' in screen plugin advertising", [], #""banner_ad_unit_id""#),
        ]
      ])
  }

  /// In a navigation plugin's section, a key in another case is misspelled as one a letter off is;
  /// two keys that would both be renamed to one declared key get no fix (it would write a
  /// duplicate key).
  func testANavigationPluginKeyInAnotherCaseIsMisspelledAndTwoRenamesHaveNoFix() throws {
    let manifest = Example.manifest(
      #", "styles": {"fields": [{"key": "icon_size", "type": "number_input"}, {"key": "logo_size", "type": "number_input"}]}"#,
      identifier: "my_bar", type: "nav_bar")
    let screen = Example.screen(
      Example.grid,
      extra:
        #", "navigations": [{"id": "nb", "category": "nav_bar", "navigation_type": "my_bar", "styles": {⟦ZL0206⟧"Logo_Size": 1, ⟦ZL0206⟧"icon_siz": 2, ⟦ZL0206⟧"icon_sze": 3}}]"#
    )
    try assertFindings(
      ["components/b.json": manifest, "screens/o.json": screen],
      [
        "screens/o.json": [
          ("misspelled key 'Logo_Size' in styles of navigation plugin 'my_bar': clients ignore it", [], #""logo_size""#),
          ("misspelled key 'icon_siz' in styles of navigation plugin 'my_bar': clients ignore it", [], nil),
          ("misspelled key 'icon_sze' in styles of navigation plugin 'my_bar': clients ignore it", [], nil),
        ]
      ])
  }

  /// A nav bar's or menu's `data`, when its plugin's manifest declares data fields, holds a data
  /// source's keys and those: a near miss of a declared key is an error with its fix, as in a nav
  /// item plugin's `data`.
  func testAMisspelledNavigationPluginDataKeyIsAnError() throws {
    let manifest = Example.manifest(
      #", "data": {"fields": [{"key": "feed_mode", "type": "select", "options": [{"text": "Live", "value": "live"}, {"text": "VOD", "value": "vod"}], "initial_value": "vod"}]}"#,
      identifier: "my_bar", type: "nav_bar")
    let navigation = { (data: String) in
      Example.screen(
        Example.grid, extra: #", "navigations": [{"id": "nb", "category": "nav_bar", "navigation_type": "my_bar", "data": \#(data)}]"#)
    }
    // The navigation's own keys are no suggestion there: `category_id` is unknown, not `category`.
    try assertFindings(
      ["components/b.json": manifest, "screens/o.json": navigation(#"{⟦ZL0206⟧"feed_mod": "live", ⟦ZL0204⟧"category_id": "42"}"#)],
      [
        "screens/o.json": [
          ("misspelled key 'feed_mod' in navigation plugin data: clients ignore it", [], #""feed_mode""#),
          ("unknown key 'category_id' in navigation plugin data", [], nil),
        ]
      ])
    try assertFindings(
      ["components/b.json": manifest, "screens/o.json": navigation(#"{"feed_mode": "live", "source": "1"}"#)], [:])
  }
}
