import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Plugin values that do not fit their manifest's fields: an uploader's value that is no address
/// (ZL0614, ZL0615), the values and keys of navigation and nav item plugins (ZL0614, ZL0206,
/// ZL0204), and a `nav_bar_selector` value that names no navigation bar (ZL0333).
final class PluginValueKindTests: XCTestCase {
  /// The example project with `files` written over it, checked; the diagnostics of `code` only.
  func check(_ files: [String: String], code: String) throws -> (dir: String, diagnostics: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == code })
  }

  /// An uploader field's value is the address of the uploaded file: a file's name, an address
  /// without its scheme (with its port too) and a number are reported (ZL0614 on a screen, ZL0615
  /// as an initial value); an address of any scheme (`scheme://`, `data:`), a scheme-relative one
  /// (`//host/…`), a template and `""` pass.
  func testAnUploaderValueThatIsNoAddressIsReported() throws {
    let manifest = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "banner",
       "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [
        {"key": "logo", "type": "uploader"},
        {"key": "background", "type": "uploader", "initial_value": "assets/background.png"}]}}
      """#
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "banner", "styles": {"logo": "logo.png"}},
        {"component_type": "banner", "styles": {"logo": 12, "background": "www.example.com/background.png"}},
        {"component_type": "banner", "styles": {"logo": "https://assets.example.com/logo.png", "background": "{{assets}}/background.png"}},
        {"component_type": "banner", "styles": {"logo": "", "background": "data:image/png;base64,iVBORw0KGgo="}},
        {"component_type": "banner", "styles": {"logo": "//cdn.example.com/logo.png", "background": "www.example.com:8080/logo.png"}}]}]
      """#
    let files = ["components/b.json": manifest, "screens/o.json": screen]
    let (dir, found) = try check(files, code: "ZL0614")
    let expected = "expected the address of an uploaded file, such as https://…"
    let declared = "the banner manifest declares it here"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 2, column: 51,
          message: #"'styles.logo' is an uploader field: \#(expected), found "logo.png""#, notes: [declared]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 3, column: 51, message: "'styles.logo' is an uploader field: \(expected), found 12",
          notes: [declared]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 3, column: 69,
          message: #"'styles.background' is an uploader field: \#(expected), found "www.example.com/background.png""#, notes: [declared]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 6, column: 95,
          message: #"'styles.background' is an uploader field: \#(expected), found "www.example.com:8080/logo.png""#, notes: [declared]),
      ])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [4, 4, 5, 5])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.column }, [27, 27, 33, 33])
    let (initialDir, initial) = try check(files, code: "ZL0615")
    assertDiagnostics(
      initial, in: initialDir,
      [
        DiagnosticSpec(
          code: "ZL0615", file: "components/b.json", line: 5, column: 62,
          message:
            #"'styles.background' is an uploader field whose initial_value the client cannot read: \#(expected), found "assets/background.png""#
        )
      ])
    let addressed = manifest.replacingOccurrences(of: "assets/background.png", with: "https://assets.example.com/background.png")
    XCTAssertEqual(try check(["components/b.json": addressed], code: "ZL0615").diagnostics.map(\.message), [])
  }

  /// A navigation's values are read by its navigation plugin, and a navigation item's by its
  /// nav_item plugin, as their manifests' fields: values of the wrong kind are reported (ZL0614),
  /// nested items included; values of the right kind and an item of a built-in type are not.
  func testANavigationPluginsValueOfTheWrongKindIsReported() throws {
    let bar = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "brand_nav_bar",
       "type": "nav_bar", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [{"key": "title_color", "type": "color_picker"}, {"key": "show_logo", "type": "switch"}]}}
      """#
    let item = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "login_icon",
       "type": "nav_item", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "assets": {"fields": [{"key": "icon", "type": "uploader"}]}}
      """#
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
        "navigations": [
          {"id": "bar", "category": "nav_bar", "navigation_type": "brand_nav_bar", "styles": {"title_color": "red", "show_logo": "yes"},
           "nav_items": [{"id": "login", "title": "Login", "type": "label", "nav_items": [{"id": "icon", "type": "login_icon", "assets": {"icon": "icon.png"}}]}]},
          {"id": "bar2", "category": "nav_bar", "navigation_type": "brand_nav_bar", "styles": {"title_color": "#ff0000", "show_logo": "true"}}]}]
      """#
    let (dir, found) = try check(["components/n.json": bar, "components/i.json": item, "screens/o.json": screen], code: "ZL0614")
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 4, column: 104,
          message:
            #"'styles.title_color' is a color_picker field: expected a colour: rgba(r, g, b, a), rgb(r, g, b) or #RRGGBB[AA], found "red""#,
          notes: ["the brand_nav_bar manifest declares it here"]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 4, column: 124,
          message: #"'styles.show_logo' is a switch field: expected true or false, found "yes""#,
          notes: ["the brand_nav_bar manifest declares it here"]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 5, column: 141,
          message: #"'assets.icon' is an uploader field: expected the address of an uploaded file, such as https://…, found "icon.png""#,
          notes: ["the login_icon manifest declares it here"]),
      ])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [3, 3, 3])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.column }, [55, 101, 48])
  }

  /// A navigation's `general` is not its plugin's (its bundle's `plugin_values` leave it out), so
  /// a value there is an unknown key (ZL0204) and not checked as the manifest's field (ZL0614); a
  /// nav item's `general` is its plugin's and is checked.
  func testANavigationsGeneralIsNotCheckedAsItsPluginsField() throws {
    let general = #", "general": {"fields": [{"key": "badge", "type": "switch"}]}"#
    let bar = Example.manifest(general, identifier: "brand_nav_bar", type: "nav_bar")
    let item = Example.manifest(general, identifier: "badge_item", type: "nav_item")
    let screen = Marked(
      #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
        "navigations": [{"id": "bar", "category": "nav_bar", "navigation_type": "brand_nav_bar", "general": {"badge": "often"},
          "nav_items": [{"id": "i", "type": "badge_item", "general": {"badge": ⟦⟧"often"}}]}]}]
      """#)
    let (dir, found) = try check(["components/n.json": bar, "components/i.json": item, "screens/o.json": screen.text], code: "ZL0614")
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: #"'general.badge' is a switch field: expected true or false, found "often""#,
          notes: ["the badge_item manifest declares it here"])
      ])
    let (_, unknown) = try check(["components/n.json": bar, "components/i.json": item, "screens/o.json": screen.text], code: "ZL0204")
    XCTAssertEqual(unknown.map { $0.spot?.location.line }, [3], "\(unknown.map(\.message))")
  }

  /// A plugin that is a nav item on one built platform and a component on another: the nav item's
  /// values are checked against the manifest of the platform that draws it as a nav item, which
  /// the finding names.
  func testANavItemsValuesAreCheckedWithThePlatformWhoseManifestDrawsIt() throws {
    let general = #", "general": {"fields": [{"key": "badge", "type": "switch"}]}"#
    let files = [
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/a.json": Example.manifest(general + #", "platform": "ios""#, identifier: "badge_item"),
      "components/b.json": Example.manifest(general + #", "platform": "android""#, identifier: "badge_item", type: "nav_item"),
    ]
    let screen = Marked(
      #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
        "navigations": [{"id": "bar", "category": "nav_bar", "nav_items": [{"id": "i", "type": "badge_item", "general": {"badge": ⟦⟧"often"}}]}]}]
      """#)
    let (dir, found) = try check(files.merging(["screens/o.json": screen.text]) { $1 }, code: "ZL0614")
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message: #"'general.badge' is a switch field: expected true or false, found "often" (on android)"#,
          notes: ["the badge_item manifest declares it here"])
      ])
    let fine = screen.text.replacingOccurrences(of: #""often""#, with: "true")
    let (_, none) = try check(files.merging(["screens/o.json": fine]) { $1 }, code: "ZL0614")
    XCTAssertEqual(none.map(\.message), [])
  }

  /// A `nav_bar_selector` field's value names a navigation bar, as a screen's `nav_bar_id` does
  /// (ZL0333): a component's near miss of a bar and a screen plugin's value naming a screen are
  /// reported; the bar's own id is not.
  func testANavBarSelectorValueIsCheckedAsANavigationBarsID() throws {
    let banner = Example.manifest(#", "styles": {"fields": [{"key": "bar", "type": "nav_bar_selector"}]}"#, identifier: "banner")
    let home = Example.manifest(
      #", "screen": true, "general": {"fields": [{"key": "nav_bar_id", "type": "nav_bar_selector"}]}"#, identifier: "brand_home",
      type: "general")
    let screens = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "banner", "styles": {"bar": "main-bra"}}, {"component_type": "banner", "styles": {"bar": "main-bar"}}],
        "navigations": [{"id": "main-bar", "category": "nav_bar", "navigation_type": "navigation_bar"}]},
       {"id": "brand", "type": "brand_home", "general": {"nav_bar_id": "other"}}]
      """#
    let (dir, found) = try check(["components/b.json": banner, "components/h.json": home, "screens/o.json": screens], code: "ZL0333")
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0333", file: "screens/o.json", line: 2, column: 68, message: "styles.bar 'main-bra' is not the id of a navigation bar",
          notes: ["navigation bar 'main-bar' is defined here"], fixIt: #""main-bar""#),
        DiagnosticSpec(
          code: "ZL0333", file: "screens/o.json", line: 4, column: 66,
          message: "general.nav_bar_id 'other' names a screen, not a navigation bar"),
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.line, 3)
    XCTAssertEqual(found.first?.notes.first?.spot?.location.column, 26)
  }

  /// A navigation plugin's sections hold the keys its manifest declares beside their own (a nav
  /// bar's `state`, `presentation_style`, colours and title sizes; an item's `general` `home` and
  /// `new`): another key is unknown (ZL0204), a near miss of a declared key with the fix, and one
  /// a single edit from a declared key misspelled (ZL0206), nested nav_item plugins' items included; a navigation's `general` is reported once, as a key a
  /// navigation lacks; a navigation of a type no manifest declares (`navigation_bar`) keeps any key.
  func testANavigationPluginsMisspelledKeyIsReported() throws {
    let bar = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "brand_nav_bar",
       "type": "nav_bar", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "general": {"fields": [{"key": "mode", "type": "text_input"}]},
       "styles": {"fields": [{"key": "title_color", "type": "color_picker"}, {"key": "show_logo", "type": "switch"}]}}
      """#
    let item = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "login_icon",
       "type": "nav_item", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "general": {"fields": [{"key": "news", "type": "switch"}]}, "assets": {"fields": [{"key": "icon", "type": "uploader"}]}}
      """#
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
        "navigations": [
          {"id": "bar", "category": "nav_bar", "navigation_type": "brand_nav_bar", "styles": {"title_colr": "#ffffff", "show_logo": true, "logo_size": 12, "tittle_color": "#fff"},
           "nav_items": [{"id": "login", "title": "Login", "type": "label", "nav_items": [{"id": "icon", "type": "login_icon", "assets": {"icno": "https://a.example.com/i.png"}}]}]},
          {"id": "plain", "category": "nav_bar", "navigation_type": "navigation_bar", "styles": {"title_colr": "#ffffff"}},
          {"id": "own", "category": "nav_bar", "navigation_type": "brand_nav_bar", "general": {"mode": "x"},
           "styles": {"state": "on_top", "presentation_style": "logo", "title_size": "17", "title_size_tablet": "20", "background_color": "#FF000000"},
           "nav_items": [{"id": "i", "type": "login_icon", "position": 0, "general": {"home": true, "new": false, "newss": true}}]}]}]
      """#
    let files = ["components/n.json": bar, "components/i.json": item, "screens/o.json": screen]
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0206", file: "screens/o.json", line: 4, column: 89,
          message: "misspelled key 'title_colr' in styles of navigation plugin 'brand_nav_bar': clients ignore it",
          fixIt: #""title_color""#),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 4, column: 133,
          message: "unknown key 'logo_size' in styles of navigation plugin 'brand_nav_bar'"),
        // Shaped as a built-in colour, and one letter from the manifest's own `title_color`.
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 4, column: 150,
          message:
            "'tittle_color' in styles of navigation plugin 'brand_nav_bar' is a nav bar's own key or a misspelling of 'title_color', which the plugin's manifest declares and this bar lacks",
          fixIt: #""title_color""#),
        DiagnosticSpec(
          code: "ZL0206", file: "screens/o.json", line: 5, column: 133,
          message: "misspelled key 'icno' in assets of navigation item plugin 'login_icon': clients ignore it",
          fixIt: #""icon""#),
        DiagnosticSpec(code: "ZL0204", file: "screens/o.json", line: 7, column: 78, message: "unknown key 'general' in navigation"),
        DiagnosticSpec(
          code: "ZL0206", file: "screens/o.json", line: 9, column: 109,
          message: "misspelled key 'newss' in general of navigation item plugin 'login_icon': clients ignore it",
          fixIt: #""news""#),
      ])
  }

  /// A nav bar's own colours and title sizes pass beside declared keys they resemble
  /// (`title_color` beside `subtitle_color`); one edit from a declared key the bar lacks
  /// (`tittle_color`) is reported as a hint, which `--fix` does not apply.
  func testANavBarsOwnKeysPassBesideDeclaredKeysTheyResemble() throws {
    let bar = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "brand_nav_bar",
       "type": "nav_bar", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [{"key": "subtitle_color", "type": "color_picker"}, {"key": "title_size_tv", "type": "number_input"},
         {"key": "unselected_color", "type": "color_picker"}, {"key": "badge_color", "type": "color_picker"}]}}
      """#
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
        "navigations": [
          {"id": "bar", "category": "nav_bar", "navigation_type": "brand_nav_bar",
           "styles": {"title_color": "#ffffff", "title_size": "17", "selected_color": "#ffffff", "background_color": "#000000", "bage_color": "#ff0000"}}]}]
      """#
    let dir = try makeProject(Example.baseProject.merging(["components/n.json": bar, "screens/o.json": screen]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 5, column: 123,
          message:
            "'bage_color' in styles of navigation plugin 'brand_nav_bar' is a nav bar's own key or a misspelling of 'badge_color', which the plugin's manifest declares and this bar lacks",
          fixIt: #""badge_color""#)
      ])
    XCTAssertNil(found.first?.fixIt?.range, "a hint: the key may be the bar's own")
  }

  /// A nav bar whose manifest declares `assets` and `styles` fields holds beside them the keys the
  /// SDKs' nav bars read themselves (their model's `app_logo`, `back_button`, `close_button`,
  /// `menu_button`, `background`, `background_tablet`, `style` and font family); a menu's
  /// `assets` does not, and another key of the bar's is still unknown, with the built-in key it
  /// nearly is as its fix.
  func testANavBarsOwnAssetsAndStylesPassBesideDeclaredOnes() throws {
    let bar = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "brand_nav_bar",
       "type": "nav_bar", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [{"key": "badge_color", "type": "color_picker"}]},
       "assets": {"fields": [{"key": "search_icon", "type": "uploader"}]}}
      """#
    let menu = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "M", "description": "D", "identifier": "brand_menu",
       "type": "menu", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "assets": {"fields": [{"key": "search_icon", "type": "uploader"}]}}
      """#
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
        "navigations": [
          {"id": "bar", "category": "nav_bar", "navigation_type": "brand_nav_bar",
           "styles": {"style": "center", "ios_font_family": "Roboto", "android_font_family": "Roboto", "presentation_style": "logo",
             "iso_font_family": "Roboto", "title_font_family": "Roboto"},
           "assets": {"search_icon": "https://a.example.com/s.png", "app_logo": "https://a.example.com/l.png", "back_button": "https://a.example.com/b.png",
             "close_button": "https://a.example.com/c.png", "menu_button": "https://a.example.com/m.png", "background": "https://a.example.com/g.png",
             "background_tablet": "https://a.example.com/t.png", "app_logoo": "https://a.example.com/l.png"}},
          {"id": "bar2", "category": "nav_bar", "navigation_type": "brand_nav_bar", "styles": {"iso_font_family": "Roboto", "tvos_font_family": "Roboto"},
           "assets": {"app_logoo": "https://a.example.com/l.png"}},
          {"id": "menu", "category": "menu", "navigation_type": "brand_menu", "assets": {"app_logo": "https://a.example.com/l.png"}}]}]
      """#
    let files = ["components/n.json": bar, "components/m.json": menu, "screens/o.json": screen]
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics, in: dir,
      [
        // Beside the built-in key it nearly is, a misspelling has no fix: it would write the key twice.
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 6, column: 8,
          message: "unknown key 'iso_font_family' in styles of navigation plugin 'brand_nav_bar'"),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 6, column: 37,
          message: "unknown key 'title_font_family' in styles of navigation plugin 'brand_nav_bar'"),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 9, column: 60,
          message: "unknown key 'app_logoo' in assets of navigation plugin 'brand_nav_bar'"),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 10, column: 90,
          message: "unknown key 'iso_font_family' in styles of navigation plugin 'brand_nav_bar'", fixIt: #""ios_font_family""#),
        // Another platform's key is not renamed into a built-in one two edits away.
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 10, column: 119,
          message: "unknown key 'tvos_font_family' in styles of navigation plugin 'brand_nav_bar'"),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 11, column: 17,
          message: "unknown key 'app_logoo' in assets of navigation plugin 'brand_nav_bar'", fixIt: #""app_logo""#),
        DiagnosticSpec(
          code: "ZL0204", file: "screens/o.json", line: 12, column: 84,
          message: "unknown key 'app_logo' in assets of navigation plugin 'brand_menu'"),
      ])
  }

  /// A `text_input` or `text_area` field's value is text: an object, a list or a boolean is
  /// reported (ZL0614 on a screen, ZL0615 as an initial value), a number passes (the client reads
  /// its digits); a `screen_selector` or `nav_bar_selector` value is an id, as text: a number is
  /// reported. `null` and `""` pass.
  func testATextOrSelectorValueOfTheWrongKindIsReported() throws {
    let manifest = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D", "identifier": "banner",
       "type": "ui_component", "min_zapp_sdk": "1.0", "ui_builder_support": true,
       "styles": {"fields": [
        {"key": "title", "type": "text_input", "initial_value": "Watch now"},
        {"key": "caption", "type": "text_area", "initial_value": {"en": "c"}},
        {"key": "open_screen", "type": "screen_selector"},
        {"key": "bar", "type": "nav_bar_selector"}]}}
      """#
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "banner", "styles": {"title": {"en": "New"}, "caption": ["a", "b"]}},
        {"component_type": "banner", "styles": {"title": true, "open_screen": 42, "bar": 7}},
        {"component_type": "banner", "styles": {"title": 12, "caption": "c", "open_screen": "home", "bar": "main_bar"}},
        {"component_type": "banner", "styles": {"title": null, "caption": "", "open_screen": null, "bar": ""}}]}]
      """#
    let files = ["components/b.json": manifest, "screens/o.json": screen]
    let (dir, found) = try check(files, code: "ZL0614")
    let declared = "the banner manifest declares it here"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 2, column: 52,
          message: #"'styles.title' is a text_input field: expected text, found {"en": "New"}"#, notes: [declared]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 2, column: 78,
          message: #"'styles.caption' is a text_area field: expected text, found ["a", "b"]"#, notes: [declared]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 3, column: 52,
          message: "'styles.title' is a text_input field: expected text, found true", notes: [declared]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 3, column: 73,
          message: "'styles.open_screen' is a screen_selector field: expected the id of a screen, as text, found 42", notes: [declared]),
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: 3, column: 84,
          message: "'styles.bar' is a nav_bar_selector field: expected the id of a navigation bar, as text, found 7", notes: [declared]),
      ])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [4, 5, 4, 6, 7])
    let (initialDir, initial) = try check(files, code: "ZL0615")
    assertDiagnostics(
      initial, in: initialDir,
      [
        DiagnosticSpec(
          code: "ZL0615", file: "components/b.json", line: 5, column: 60,
          message: #"'styles.caption' is a text_area field whose initial_value the client cannot read: expected text, found {"en": "c"}"#)
      ])
  }
}
