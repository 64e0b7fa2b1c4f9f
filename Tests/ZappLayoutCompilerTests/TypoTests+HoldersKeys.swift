import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// A key written inside an object of its holder's (a manifest's `characteristics`, a
/// navigation's `styles`), where nothing reads it: ZL0206.
extension TypoTests {
  /// A manifest's own keys written in its `characteristics` are read by nothing: errors, so a
  /// component does not lose its data source (the manifest's `data`) without a word; the
  /// builder's own keys there (`group`, a key of its own) are not.
  func testAManifestsKeyInItsCharacteristicsIsAnError() throws {
    let message = { (key: String) in
      "key '\(key)' in characteristics is the manifest's: zlc and clients read it there alone, and ignore it here"
    }
    try assertFindings(
      [
        "components/x.json": Example.manifest(
          #", "characteristics": {"group": false, "builder_hint": 1, ⟦ZL0206⟧"data": {"fields": [{"key": "source", "type": "text_input"}]}, ⟦ZL0206⟧"data_types": ["JSON_FEED"]}"#
        )
      ],
      ["components/x.json": [(message("data"), [], nil), (message("data_types"), [], nil)]])
  }

  /// A navigation's own keys written in its plugin's objects are read by nothing: a menu without
  /// its items or its plugin, an item that opens nothing; the plugin's own keys there are not.
  func testANavigationsKeyInItsStylesIsAnError() throws {
    let message = { (key: String, object: String, holder: String) in
      "key '\(key)' in \(object) is the \(holder)'s: zlc and clients read it there alone, and ignore it here"
    }
    let screen = Example.screen(
      Example.grid,
      extra:
        ##", "navigations": [{"category": "menu", "navigation_type": "TwoLevelRNMenu", "nav_items": [{"title": "Home", "data": {"target": "home"}}], "styles": {"background_color": "#000000", ⟦ZL0206⟧"navigation_type": "TwoLevelRNMenu"}}, {"category": "nav_bar", "rules": {⟦ZL0206⟧"nav_items": []}, "nav_items": [{"title": "Other", "styles": {"tint": "#FFFFFF", ⟦ZL0206⟧"data": {"target": "other"}}}]}]"##
    )
    try assertFindings(
      ["screens/o.json": screen],
      [
        "screens/o.json": [
          (message("navigation_type", "navigation styles", "navigation"), [], nil),
          (message("nav_items", "navigation rules", "navigation"), [], nil),
          (message("data", "navigation item styles", "navigation item"), [], nil),
        ]
      ])
  }

  /// A key the navigation's plugin declares in that object is the plugin's: not reported.
  func testAKeyTheNavigationsPluginDeclaresIsItsOwn() throws {
    let manifest = Example.manifest(
      #", "styles": {"fields": [{"key": "category", "type": "text_input"}]}, "data": {"fields": [{"key": "nav_items", "type": "text_input"}]}"#,
      identifier: "my_menu", type: "menu")
    let screen = Example.screen(
      Example.grid,
      extra:
        #", "navigations": [{"category": "menu", "navigation_type": "my_menu", "styles": {"category": "movies"}, "data": {"nav_items": "x"}, "nav_items": [{"title": "Home", "data": {"target": "home"}}]}]"#
    )
    try assertFindings(["components/m.json": manifest, "screens/o.json": screen], [:])
  }
}
