import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// One-letter typos fail the check: a misspelled key of a structure zlc knows is an error with its
/// fix, a screen left without sections is an error, swapped letters are suggested, and a finding
/// caused by an unresolved reference notes that reference.
final class TypoTests: XCTestCase {
  /// `ui_component` and `stlyes` on a screen: two errors with their fixes, and the screen, left
  /// without sections, is an error that notes the misspelled key.
  func testMisspelledScreenKeysAreErrorsAndTheEmptyScreenNotesTheCause() throws {
    let screen =
      #"[{"id": ⟦ZL0415⟧"other", "type": "general_content", ⟦ZL0206⟧"stlyes": {"family": "FAMILY_1"}, ⟦ZL0206⟧"ui_component": [\#(Example.grid)]}]"#
    try assertFindings(
      ["screens/o.json": screen],
      [
        "screens/o.json": [
          (
            "screen 'other' has no ui_components: it opens without sections",
            ["'ui_component' would hold them if it were named 'ui_components'"], nil
          ),
          ("misspelled key 'stlyes' in screen: clients ignore it", [], #""styles""#),
          ("misspelled key 'ui_component' in screen: clients ignore it", [], #""ui_components""#),
        ]
      ])
    let misspelled = try XCTUnwrap(Rule.named("ZL0206"))
    XCTAssertEqual(misspelled.severity, .error)
    XCTAssertEqual(try XCTUnwrap(Rule.named("ZL0415")).severity, .error)
  }

  /// Keys of a component's `styles` and `data` written beside them on the component (moved a
  /// level up by hand): errors, since clients ignore them there; the same keys in place are fine.
  func testKeysALevelTooHighAreErrors() throws {
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "grid", ⟦ZL0206⟧"cell_styles": ["GRID_1"], ⟦ZL0206⟧"target": "other",
         "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """#
    try assertFindings(
      ["screens/o.json": screen],
      [
        "screens/o.json": [
          ("key 'cell_styles' in component belongs in its 'styles': clients ignore it here", [], nil),
          ("key 'target' in component belongs in its 'data': clients ignore it here", [], nil),
        ]
      ])
    try assertFindings(["screens/o.json": Example.screen(Example.grid)], [:])
    // Moved out of `styles` altogether: the misplaced key is the finding, not a missing style.
    let moved = #"{"component_type": "grid", ⟦ZL0206⟧"cell_styles": ["GRID_1"], "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    try assertFindings(
      ["screens/o.json": Example.screen(moved)],
      ["screens/o.json": [("key 'cell_styles' in component belongs in its 'styles': clients ignore it here", [], nil)]])
    // A screen's `family` beside its `styles`.
    let besideStyles =
      #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, ⟦ZL0206⟧"family": "FAMILY_1", "ui_components": [\#(Example.grid)]}]"#
    try assertFindings(
      ["screens/o.json": besideStyles],
      ["screens/o.json": [("key 'family' in screen belongs in its 'styles': clients ignore it here", [], nil)]])
  }

  /// A built-in component that draws data and names no cell style (`cell_styles` empty or left
  /// out) is an error where its type is written: its items would have no size. A group, which
  /// draws its children, needs none.
  func testABuiltInComponentWithoutACellStyleIsAnError() throws {
    let message =
      "component 'grid' names no cell style in 'styles.cell_styles', so its items would have no size (family 'FAMILY_1' offers GRID_1, GRID_2 for 'grid')"
    for styles in [#"{"cell_styles": []}"#, #"{"cell_styles": [""]}"#, "{}"] {
      let component = #"{"component_type": ⟦ZL0304⟧"grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": "#
      try assertFindings(["screens/o.json": Example.screen(component + styles + "}")], ["screens/o.json": [(message, [], nil)]])
    }
    let group = #"{"component_type": "group", "ui_components": [\#(Example.grid)]}"#
    try assertFindings(["screens/o.json": Example.screen(group)], [:])
  }

  /// A screen's hooks: a misspelled list (`postload_plugin`) or a misspelled usual key of a hook
  /// plugin (`identifer`) is an error; a hook plugin's other keys pass.
  func testMisspelledHookKeysAreErrors() throws {
    let screen = #"""
      [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)],
        "hooks": {"preload_plugins": [{⟦ZL0206⟧"identifer": "age_gate", "screen_id": "home", "weight": 1, "module": "x"}], ⟦ZL0206⟧"postload_plugin": []}}]
      """#
    try assertFindings(
      ["screens/o.json": screen],
      [
        "screens/o.json": [
          ("misspelled key 'identifer' in hook plugin: clients ignore it", [], #""identifier""#),
          ("misspelled key 'postload_plugin' in screen hooks: clients ignore it", [], #""postload_plugins""#),
        ]
      ])
  }

  /// Swapped letters are suggested (`gird`, `shwo`), and the connected screen the misspelled target
  /// would have opened is unreachable with a note at that target.
  func testSwappedLettersAreSuggestedAndTheUnreachableScreenNotesItsCause() throws {
    let other = Example.screen(
      #"{"component_type": ⟦ZL0303⟧"gird", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}, "#
        + #"{"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION", "target": ⟦ZL0307⟧"shwo"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    )
    let show =
      #"[{"id": ⟦ZL0408⟧"show", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]"#
    try assertFindings(
      ["screens/o.json": other, "screens/show.json": show],
      [
        "screens/o.json": [
          ("unknown component type 'gird'", [], #""grid""#),
          ("target screen 'shwo' is not the id of any screen", ["screen 'show' is defined here"], #""show""#),
        ],
        "screens/show.json": [
          (
            "nothing can open connected screen 'show': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen",
            ["'shwo' would open it if it named 'show'"], nil
          )
        ],
      ])
  }

  /// A screen that many misspelled references would open notes the first ten and counts the rest
  /// in one note, as a screen many references near-miss is noted in a project of thousands.
  func testNotesOfMisspelledOpenersAreCappedAndCounted() throws {
    func project(references: Int) throws -> String {
      try makeProject([
        "screens/o.json": Example.screen(Array(repeating: Example.gridOpening("shwo"), count: references).joined(separator: ", ")),
        "screens/show.json":
          #"[{"id": "show", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]"#,
      ])
    }
    for (references, shown, rest) in [
      (10, 10, nil), (11, 10, "and 1 more reference would open it if it named 'show'"),
      (25, 10, "and 15 more references would open it if they named 'show'"),
    ] {
      let directory = try project(references: references)
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let found = Driver.check(directory).diagnostics.filter { $0.rule == .unreachableConnected }
      XCTAssertEqual(found.count, 1, "\(references) references")
      let notes = found.first?.notes ?? []
      let perReference = notes.filter { $0.message == "'shwo' would open it if it named 'show'" }
      XCTAssertEqual(perReference.count, shown, "\(references) references")
      XCTAssertTrue(perReference.allSatisfy { $0.spot != nil }, "\(references) references")
      XCTAssertEqual(notes.count, shown + (rest == nil ? 0 : 1), "\(references) references")
      if let rest {
        XCTAssertEqual(notes.last?.message, rest)
        XCTAssertNil(notes.last?.spot)
      }
    }
  }

  /// A header's or footer's target (`styles.header.data.target`) and a hook's `screen_id` open screens as a
  /// component's `data.target` does: a misspelled one is ZL0307 where it stands, with its fix, and
  /// the screen it would have opened notes it. (The hook, in the screen's keys, comes first.)
  func testMisspelledHeaderTargetsAndHookScreensAreUnknownScreens() throws {
    let header =
      #""header": {"visible": true, "style": "HEADER_1", "data": {"target": ⟦ZL0307⟧"shwo"}}, "footer": {"visible": true, "target": ⟦ZL0307⟧"logi"}"#
    let other = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], \#(header)}}"#,
      extra: #", "hooks": {"preload_plugins": [{"screen_id": ⟦ZL0307⟧"logni", "identifier": "login", "type": "login", "weight": 1}]}"#)
    let show =
      #"[{"id": ⟦ZL0408⟧"show", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]"#
    let login =
      #"[{"id": ⟦ZL0408⟧"login", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]"#
    let nothing =
      "no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"
    try assertFindings(
      ["screens/o.json": other, "screens/show.json": show, "screens/login.json": login],
      [
        "screens/o.json": [
          ("hook screen 'logni' is not the id of any screen", ["screen 'login' is defined here"], #""login""#),
          ("header target screen 'shwo' is not the id of any screen", ["screen 'show' is defined here"], #""show""#),
          ("footer target screen 'logi' is not the id of any screen", ["screen 'login' is defined here"], #""login""#),
        ],
        "screens/show.json": [("nothing can open connected screen 'show': \(nothing)", ["'shwo' would open it if it named 'show'"], nil)],
        "screens/login.json": [
          (
            "nothing can open connected screen 'login': \(nothing)",
            ["'logni' would open it if it named 'login'", "'logi' would open it if it named 'login'"], nil
          )
        ],
      ])
  }

  /// A misspelled metric in a family is an error at the attribute with its fix: a JSON cell's key, an
  /// XML cell's attribute (cells pass other attributes through) and a cell's `<Screen>` attribute.
  /// One that leaves the cell's items without a height is ZL0510; others are ZL0206. An attribute
  /// far from every metric passes through, as before.
  func testMisspelledFamilyMetricsAreErrors() throws {
    let json =
      #"{"name": "J", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "layoutId": "l", ⟦ZL0510⟧"aspectCelRatio": 0.66, "badgeColor": "white"}, {"name": "H", "cellHeight": 90, ⟦ZL0206⟧"aspectCelRatio": 1}]}]}"#
    let xml =
      #"<Family name="X"><Components><GridComponent name="GRID" columns="2"><Cell name="G" layoutId="l" ⟦ZL0510⟧cellHieght="9" badgeColor="white"><Screens><Screen type="default" ⟦ZL0510⟧aspectCelRatio="0.9" ⟦ZL0206⟧colums="2"/></Screens></Cell></GridComponent></Components></Family>"#
    try assertFindings(
      ["families/j.json": json, "families/x.xml": xml],
      [
        "families/j.json": [
          ("misspelled 'aspectCelRatio' leaves cell style 'G' of family 'J' with a width and no height", [], #""aspectCellRatio""#),
          ("misspelled attribute 'aspectCelRatio' on <Cell>: clients ignore it", [], #""aspectCellRatio""#),
        ],
        "families/x.xml": [
          ("misspelled 'cellHieght' leaves cell style 'G' of family 'X' with a width and no height", [], "cellHeight"),
          ("misspelled 'aspectCelRatio' leaves cell style 'G' of family 'X' with a width and no height", [], "aspectCellRatio"),
          ("misspelled attribute 'colums' on <Screen>: clients ignore it", [], "columns"),
        ],
      ])
  }

  /// A misspelled key of a JSON family that holds an array or an object (`screens`, `cells`,
  /// `responsive`) is an error with its fix, on the family, a cell and a header alike: the screens
  /// or cells it held are lost, and a cell would pass it to clients as an attribute. A far key
  /// holding an array still passes through.
  func testMisspelledFamilyContainerKeysAreErrors() throws {
    let json =
      #"{"name": "J", ⟦ZL0206⟧"screenx": [{"type": "default", "insetTop": 4}], "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "layoutId": "l", "aspectCellRatio": 1, "badges": [1], ⟦ZL0206⟧"screns": [{"type": "sw600", "columns": 3}]}]}], "headers": [{"name": "H", "height": 40, ⟦ZL0206⟧"sreens": [{"type": "sw600", "height": 50}]}]}"#
    try assertFindings(
      ["families/j.json": json],
      [
        "families/j.json": [
          ("misspelled attribute 'screenx' on <Family>: clients ignore it", [], #""screens""#),
          ("misspelled attribute 'screns' on <Cell>: clients ignore it", [], #""screens""#),
          ("misspelled attribute 'sreens' on <Header>: clients ignore it", [], #""screens""#),
        ]
      ])
  }

  /// A misspelled key of a JSON cell's element (`margn` in its `style`, a `stlye` holding its keys)
  /// is an error with its fix, as an XML `<Element>`'s is: the element would lose its margins or
  /// its place. A `Style` beside a `style` is one too, with no fix (it would write `style` twice);
  /// another key near `style` beside one (`styles`) is the card's own. Keys far from every element key are the card's (`type`, `image`, `font_color`).
  func testMisspelledElementKeysAreErrors() throws {
    let json =
      #"{"name": "J", "components": [{"type": "grid", "cells": [{"name": "C", "layoutId": "card", "aspectCellRatio": 1, "elements": [{"type": 1, "image": "a", "style": {"display": "inline", "width_ratio": 0.5, "width_height_ratio": 2, "font_color": "white", ⟦ZL0206⟧"margn": [0, 0, 1, 1]}}, {"type": 1, ⟦ZL0206⟧"stlye": {"display": "block", "width_height_ratio": 4}}, {"type": 1, "style": {"display": "block"}, ⟦ZL0206⟧"Style": {"display": "inline"}}, {"type": 1, "style": {"display": "block"}, "styles": {"font_color": "white"}, "Styled": {"x": 1}}]}]}]}"#
    try assertFindings(
      ["families/j.json": json],
      [
        "families/j.json": [
          ("misspelled attribute 'margn' on <Element>: clients ignore it", [], #""margin""#),
          ("misspelled attribute 'stlye' on <Element>: clients ignore it", [], #""style""#),
          ("misspelled attribute 'Style' on <Element>: clients ignore it", [], nil),
        ]
      ])
  }

  /// A misspelled key of a size class's item filter (`exclude_type`) is an error with its fix, as
  /// one of the component rules that hold it is: the items it would leave out are shown.
  func testAMisspelledItemFilterKeyIsAnError() throws {
    let screen = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"filter_by_size_class": {"L": {⟦ZL0206⟧"exclude_type": ["video"]}}}}"#
    )
    try assertFindings(
      ["screens/o.json": screen],
      ["screens/o.json": [("misspelled key 'exclude_type' in item filter: clients ignore it", [], #""exclude_types""#)]])
  }

  /// zlc's own files are structures it knows whole: a misspelled key of `screen_types.json`
  /// (`content_type`: feed entries open no screen) or of a renderer registry (`applies_fallback`:
  /// the client would be taken to draw no fallback) is an error with its fix.
  func testMisspelledKeysOfScreenTypesAndRegistriesAreErrors() throws {
    try assertFindings(
      [
        "screen_types.json": #"{⟦ZL0206⟧"content_type": {"video": "other"}}"#,
        "registries/ios.json": #"{"platform": "ios", "client_version": "1.0.0", ⟦ZL0206⟧"applies_fallback": true}"#,
      ],
      [
        "screen_types.json": [("misspelled key 'content_type' in screen_types.json: zlc ignores it", [], #""content_types""#)],
        "registries/ios.json": [("misspelled key 'applies_fallback' in registry: zlc ignores it", [], #""applies_fallbacks""#)],
      ])
  }

  /// A cell attribute near `layoutId` (`layoutIx`, `layoutID`) is an error with its fix: the cell
  /// would have no layout id, and the attribute would reach clients as one of its own. Android's
  /// own `layout` attribute, two edits from `layoutId`, passes through without a finding.
  func testAMisspelledLayoutIdOnACellIsAnError() throws {
    let xml =
      #"<Family name="X"><Components><GridComponent name="GRID" columns="2"><Cell name="G" ⟦ZL0206⟧layoutIx="l" aspectCellRatio="1" layout="TAB_01"/><Cell name="H" layoutId="h" aspectCellRatio="1" layout="TAB_01"/></GridComponent></Components></Family>"#
    let json =
      #"{"name": "J", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", ⟦ZL0206⟧"layoutID": "l", "aspectCellRatio": 1}]}]}"#
    try assertFindings(
      ["families/x.xml": xml, "families/j.json": json],
      [
        "families/x.xml": [("misspelled attribute 'layoutIx' on <Cell>: clients ignore it", [], "layoutId")],
        "families/j.json": [("misspelled attribute 'layoutID' on <Cell>: clients ignore it", [], #""layoutId""#)],
      ])
  }

  static let prefixed = "is behind a namespace prefix: Android reads it as "

  /// A cell's metric or `layoutId` behind a namespace prefix (`android:layoutId`, `app:cellHeight`)
  /// passed through silently: Android reads it under its name alone, zlc does not, so the bundle
  /// and Android would disagree. Errors with the name alone as their fix, as a prefixed attribute
  /// of another element (`app:columns` on a `<Screen>`) is. A prefixed attribute of another name
  /// (`tools:ignore`) passes.
  func testAPrefixedMetricOrLayoutIdOnACellIsAnError() throws {
    let xml =
      #"<Family name="X"><Components><GridComponent name="GRID" columns="2"><Cell name="G" ⟦ZL0206⟧android:layoutId="l" aspectCellRatio="1" tools:ignore="x"><Screens><Screen type="sw600" ⟦ZL0206⟧app:columns="3"/></Screens></Cell><Cell name="H" layoutId="h" ⟦ZL0206⟧app:cellHeight="9" cellHeight="9"/></GridComponent></Components></Family>"#
    // A JSON family's keys are read whole everywhere: a prefixed one is misspelled.
    let json =
      #"{"name": "J", "components": [{"type": "list", ⟦ZL0206⟧"app:columns": 3, "cells": [{"name": "L", "layoutId": "l", "aspectCellRatio": 1, ⟦ZL0206⟧"app:cellHeight": 5}]}]}"#
    try assertFindings(
      ["families/x.xml": xml, "families/j.json": json],
      [
        "families/x.xml": [
          (
            "attribute 'android:layoutId' on <Cell> \(Self.prefixed)'layoutId', zlc passes it to clients as 'android:layoutId'", [],
            "layoutId"
          ),
          ("attribute 'app:columns' on <Screen> \(Self.prefixed)'columns', zlc ignores it", [], "columns"),
          ("attribute 'app:cellHeight' on <Cell> \(Self.prefixed)'cellHeight', zlc passes it to clients as 'app:cellHeight'", [], nil),
        ],
        "families/j.json": [
          ("misspelled attribute 'app:columns' on <Component>: clients ignore it", [], #""columns""#),
          ("misspelled attribute 'app:cellHeight' on <Cell>: clients ignore it", [], #""cellHeight""#),
        ],
      ])
  }

  /// A misspelled key beside the key it is near (`stlyes` beside `styles`) is still an error, but
  /// without a fix: renaming it would write a duplicate key, which `zlc check --fix` did.
  func testAMisspellingOfAKeyTheObjectHoldsHasNoFix() throws {
    let screen = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, ⟦ZL0206⟧"stlyes": {"cell_styles": ["GRID_2"]}}"#
    )
    try assertFindings(
      ["screens/o.json": screen], ["screens/o.json": [("misspelled key 'stlyes' in component: clients ignore it", [], nil)]])
  }

  /// The same in a family: a misspelled attribute beside the one it is near (`cellHeigt` beside
  /// `cellHeight` on a JSON cell, `colums` beside `columns` on an XML `<Screen>`) keeps its error
  /// without a fix, which would write a duplicate key or attribute.
  func testAFamilyMisspellingOfANameTheElementHoldsHasNoFix() throws {
    let json =
      #"{"name": "J", "components": [{"type": "list", "cells": [{"name": "L", "layoutId": "l", "cellHeight": 90, ⟦ZL0206⟧"cellHeigt": 80}]}]}"#
    let xml =
      #"<Family name="X"><Components><GridComponent name="GRID"><Cell name="G" layoutId="l" aspectCellRatio="1"><Screens><Screen type="default" columns="2" ⟦ZL0206⟧colums="3"/></Screens></Cell></GridComponent></Components></Family>"#
    try assertFindings(
      ["families/j.json": json, "families/x.xml": xml],
      [
        "families/j.json": [("misspelled attribute 'cellHeigt' on <Cell>: clients ignore it", [], nil)],
        "families/x.xml": [("misspelled attribute 'colums' on <Screen>: clients ignore it", [], nil)],
      ])
  }

  /// And wherever else a near key gets a fix-it: a manifest's `targetz` beside `targets`, a JSON
  /// family's `cellz` beside `cells`, an element's `displax` beside `display`, a card style's
  /// `backgroundColour` beside `backgroundColor`. Each keeps its finding, without the fix.
  func testNoFixRenamesIntoAKeyTheObjectHolds() throws {
    let manifest = Example.manifest(#", "targets": ["mobile"], ⟦ZL0602⟧"targetz": ["tv"]"#)
    let family =
      ##"{"name": "J", "components": [{"type": "grid", "cells": [{"name": "C", "layoutId": "card", "aspectCellRatio": 1, "style": {"backgroundColor": "#ffffff", ⟦ZL0206⟧"backgroundColour": "#000000"}, "elements": [{"style": {"display": "block", ⟦ZL0206⟧"displax": "inline", "width_height_ratio": 2}}]}], ⟦ZL0206⟧"cellz": []}]}"##
    try assertFindings(
      ["components/m.json": manifest, "families/j.json": family],
      [
        "components/m.json": [("Manifest contains unpermitted key 'targetz'", [], nil)],
        "families/j.json": [
          ("misspelled attribute 'backgroundColour' on <style>: clients ignore it", [], nil),
          ("misspelled attribute 'displax' on <Element>: clients ignore it", [], nil),
          ("misspelled attribute 'cellz' on <Component>: clients ignore it", [], nil),
        ],
      ])
  }

  /// A misspelled XML element of a family (`<Scren>` inside `<Screens>`, a cell's `<Scrreens>`) is
  /// an error: the class's values it holds are lost. An element far from every element of the
  /// format stays a warning, in a cell too (where it went unreported).
  func testMisspelledFamilyElementsAreErrors() throws {
    let xml =
      #"<Family name="X"><Components><GridComponent name="GRID"><Cell name="G" layoutId="l" aspectCellRatio="1"><Screens><Screen type="default" columns="2"/>⟦ZL0206⟧<Scren type="sw600" columns="4"/></Screens>⟦ZL0206⟧<Scrreens><Screen type="sw600" columns="3"/></Scrreens>⟦ZL0204⟧<Badge/></Cell></GridComponent></Components></Family>"#
    try assertFindings(
      ["families/x.xml": xml],
      [
        "families/x.xml": [
          ("misspelled element <Scren> inside <Screens>, near <Screen>: clients ignore it", [], nil),
          ("misspelled element <Scrreens> in a cell, near <Screens>: clients ignore it", [], nil),
          ("unexpected <Badge> in a cell", [], nil),
        ]
      ])
  }

  /// A screen plugin's `general` holds the values its manifest's general fields declare: a near
  /// miss of one (`autoplax`) is an error with its fix, as in a plugin component's `styles`; a key
  /// far from them is a warning. Both went unreported.
  func testAMisspelledScreenPluginGeneralKeyIsAnError() throws {
    let manifest = Example.manifest(
      #", "screen": true, "general": {"fields": [{"key": "autoplay", "type": "switch", "initial_value": true}]}"#,
      identifier: "player_x", type: "player")
    let screen = #"[{"id": "p", "type": "player_x", "general": {⟦ZL0206⟧"autoplax": false, ⟦ZL0204⟧"vendor_flag": 1}}]"#
    try assertFindings(
      [
        "components/p.json": manifest, "screens/p.json": screen,
        "screen_types.json": #"{"screen_types": {"video": "p"}}"#,
      ],
      [
        "screens/p.json": [
          ("misspelled key 'autoplax' in screen plugin general: clients ignore it", [], #""autoplay""#),
          ("unknown key 'vendor_flag' in screen plugin general", [], nil),
        ]
      ])
  }

  /// A plugin component's `general` is known whole too, as a screen plugin's: a near miss of a key
  /// its manifest declares (`logout_buton_text`) is an error with its fix, where it was a warning
  /// and the build shipped the default; a key far from them stays a warning.
  func testAMisspelledComponentPluginGeneralKeyIsAnError() throws {
    let manifest = Example.manifest(
      #", "general": {"fields": [{"key": "logout_button_text", "type": "text_input", "initial_value": "Log Out"}]}"#,
      identifier: "user_account")
    let component = #"{"component_type": "user_account", "general": {⟦ZL0206⟧"logout_buton_text": "Bye", ⟦ZL0204⟧"vendor_flag": 1}}"#
    try assertFindings(
      ["components/u.json": manifest, "screens/o.json": Example.screen(component)],
      [
        "screens/o.json": [
          ("misspelled key 'logout_buton_text' in component plugin general: clients ignore it", [], #""logout_button_text""#),
          ("unknown key 'vendor_flag' in component plugin general", [], nil),
        ]
      ])
    let spelled = #"{"component_type": "user_account", "general": {"logout_button_text": "Bye"}}"#
    try assertFindings(["components/u.json": manifest, "screens/o.json": Example.screen(spelled)], [:])
  }

  /// A data source of only spaces is no source: the component on a root screen would show nothing.
  func testASourceOfOnlySpacesIsNoSource() throws {
    let grid =
      #"{"component_type": "grid", "data": {"source": ⟦ZL0401⟧" \t ", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    try assertFindings(
      ["screens/o.json": Example.screen(grid)],
      ["screens/o.json": [("'grid' component on root screen 'other' has no data source", [], nil)]])
  }

  /// A screen plugin's values are read as its manifest's fields say, as a plugin component's are:
  /// `"maybe"` for a switch in its `general` is an error at the value.
  func testAScreenPluginValueOfTheWrongTypeIsAnError() throws {
    let manifest = Example.manifest(
      #", "screen": true, "general": {"fields": [{"key": "autoplay", "type": "switch", "initial_value": true}]}"#,
      identifier: "player_x", type: "player")
    let screen = #"[{"id": "p", "type": "player_x", "general": {"autoplay": ⟦ZL0614⟧"maybe"}}]"#
    try assertFindings(
      [
        "components/p.json": manifest, "screens/p.json": screen,
        "screen_types.json": #"{"screen_types": {"video": "p"}}"#,
      ],
      [
        "screens/p.json": [
          (#"'general.autoplay' is a switch field: expected true or false, found "maybe""#, ["the player_x manifest declares it here"], nil)
        ]
      ])
  }

  /// A screen plugin's `data` holds the values its manifest's data fields declare, as a plugin
  /// component's does: they are neither unknown (ZL0204) nor, near a key of a screen's data
  /// (`targets`, `target`), misspelled with a fix-it that renames them (ZL0206). A real screen
  /// plugin (DataProtectionScreen-RN) declares its switch panel's fields there.
  func testAScreenPluginsManifestDataFieldsAreKnownKeys() throws {
    let manifest = Example.manifest(
      #", "screen": true, "data": {"fields": [{"key": "switchPanelText", "type": "text_input"}, {"key": "targets", "type": "text_input"}]}"#,
      identifier: "privacy_x", type: "general")
    let screen =
      #"[{"id": "p", "type": "privacy_x", "data": {"switchPanelText": "Tracking", "targets": "ads", ⟦ZL0206⟧"sourse": "x", ⟦ZL0204⟧"vendor_flag": 1}}]"#
    try assertFindings(
      [
        "components/p.json": manifest, "screens/p.json": screen,
        "screen_types.json": #"{"screen_types": {"privacy": "p"}}"#,
      ],
      [
        "screens/p.json": [
          ("misspelled key 'sourse' in screen data: clients ignore it", [], #""source""#),
          ("unknown key 'vendor_flag' in screen data", [], nil),
        ]
      ])
  }

  /// A plugin manifest's sections hold `fields` alone: a misspelled `fields` (the plugin's style
  /// keys and initial values lost) is an error at the manifest, with its fix.
  func testAMisspelledFieldsOfAManifestSectionIsAnError() throws {
    let manifest = Example.manifest(#", "styles": {⟦ZL0206⟧"feilds": [{"key": "banner_text", "type": "text_input"}]}"#)
    try assertFindings(
      ["components/x.json": manifest],
      ["components/x.json": [("misspelled key 'feilds' in manifest section: zlc ignores it", [], #""fields""#)]])
  }

  /// A manifest's fields and characteristics carry keys of the builder's own, so another key
  /// passes; a near miss of a usual key (`intial_value` loses the default, `tpye` the editor,
  /// `apperance` where the component may stand) is an error with its fix.
  func testNearMissesOfAManifestFieldsUsualKeysAreErrors() throws {
    let manifest = Example.manifest(
      #", "characteristics": {⟦ZL0206⟧"apperance": ["group"]}, "styles": {"fields": [{"key": "a", "type": "text_input", ⟦ZL0206⟧"intial_value": "x", "builder_hint": "kept"}, {"key": "c", ⟦ZL0206⟧"tpye": "switch"}]}"#
    )
    try assertFindings(
      ["components/x.json": manifest],
      [
        "components/x.json": [
          ("misspelled key 'apperance' in characteristics: clients ignore it", [], #""appearance""#),
          ("misspelled key 'intial_value' in field: clients ignore it", [], #""initial_value""#),
          ("misspelled key 'tpye' in field: clients ignore it", [], #""type""#),
        ]
      ])
  }

  /// Two misspellings of one key in one object (`cell_stylse` and `cell_stlyes`) are both errors,
  /// neither with a fix: both renamed would write a duplicate key.
  func testTwoMisspellingsOfOneKeyHaveNoFix() throws {
    let screen = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {⟦ZL0206⟧"cell_stylse": ["GRID_1"], ⟦ZL0206⟧"cell_stlyes": ["GRID_2"]}}"#
    )
    try assertFindings(
      ["screens/o.json": screen],
      [
        "screens/o.json": [
          ("misspelled key 'cell_stylse' in component styles: clients ignore it", [], nil),
          ("misspelled key 'cell_stlyes' in component styles: clients ignore it", [], nil),
        ]
      ])
  }

  /// A card element's own style keys that carry on from an element key (`marginTop`, `marginEnd`,
  /// `margin_x`, `displayMode`) are the client's, as `font_color` is: they were ZL0206 errors
  /// whose fix-it renamed `marginTop` to `margin`, so `zlc check --fix` gave the element a margin
  /// of 4 on every side for the card's 4 on top. `margins` and `widthRatio` stay misspellings.
  func testElementStyleKeysThatExtendAnElementKeyAreTheCards() throws {
    let json =
      #"{"name": "J", "components": [{"type": "grid", "cells": [{"name": "C", "layoutId": "card", "aspectCellRatio": 1, "elements": [{"type": 1, "style": {"display": "inline", "width_height_ratio": 2, "marginTop": 4, "marginEnd": 2, "margin_x": 1, "displayMode": "fit", ⟦ZL0206⟧"margins": [0, 0, 1, 1], ⟦ZL0206⟧"widthRatio": 0.5}}]}]}]}"#
    try assertFindings(
      ["families/j.json": json],
      [
        "families/j.json": [
          ("misspelled attribute 'margins' on <Element>: clients ignore it", [], #""margin""#),
          ("misspelled attribute 'widthRatio' on <Element>: clients ignore it", [], #""width_ratio""#),
        ]
      ])
  }

  /// Screens that may hold no section do not raise ZL0415: a screen plugin without `ui_components`,
  /// a favorites screen with an empty list. A general_content screen with an empty list, or only
  /// empty groups, does.
  func testWhichScreensMayHaveNoSections() throws {
    try assertFindings(
      [
        "components/s.json": Example.manifest(#", "screen": true"#, identifier: "settings_screen", type: "general"),
        "screens/o.json": #"[{"id": "other", "type": "settings_screen"}, {"id": "fav", "type": "favorites", "ui_components": []}]"#,
        "screens/e.json":
          #"[{"id": "empty", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": ⟦ZL0415⟧[]}, {"id": "hollow", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": ⟦ZL0415⟧[{"component_type": "group", "ui_components": []}]}]"#,
        "screen_types.json": #"{"screen_types": {"a": "fav", "b": "empty", "c": "hollow"}}"#,
      ],
      [
        "screens/e.json": [
          ("screen 'empty' has no components: it opens without sections", [], nil),
          ("screen 'hollow' resolves to no section: its groups hold no components", [], nil),
        ]
      ])
  }

  /// A key far from every known key stays a foreign key (a warning), in a navigation item too.
  func testForeignKeysAndOpenStructuresStayWarnings() throws {
    var files = Example.baseProject
    files["screens/o.json"] = Example.screen(
      #"{"component_type": "grid", "analytics_tag": "x", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      extra:
        #", "navigations": [{"category": "menu", "nav_items": [{"title": "Home", "badge_color": "red", "data": {"target": "home"}}]}]"#
    )
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics
    XCTAssertEqual(
      found.map { "\($0.code) \($0.severity) \($0.message) \($0.fixIt?.replacement ?? "-")" }.sorted(),
      [
        "ZL0204 warning unknown key 'analytics_tag' in component -",
        "ZL0204 warning unknown key 'badge_color' in navigation item -",
      ])
  }

  /// A navigation's and a navigation item's keys are known whole: a misspelled `nav_items` (the
  /// menu is empty), `data` (the item opens nothing) or `title` is an error with its fix.
  func testMisspelledNavigationKeysAreErrors() throws {
    let screen = Example.screen(
      Example.grid,
      extra:
        #", "navigations": [{"category": "menu", ⟦ZL0206⟧"nav_item": [{"title": "Home", "data": {"target": "home"}}]}, {"category": "nav_bar", "nav_items": [{⟦ZL0206⟧"titel": "Home", "data": {"target": "home"}}, {"title": "Other", ⟦ZL0206⟧"dta": {"target": "other"}}]}]"#
    )
    try assertFindings(
      ["screens/o.json": screen],
      [
        "screens/o.json": [
          ("misspelled key 'nav_item' in navigation: clients ignore it", [], #""nav_items""#),
          ("misspelled key 'titel' in navigation item: clients ignore it", [], #""title""#),
          ("misspelled key 'dta' in navigation item: clients ignore it", [], #""data""#),
        ]
      ])
  }
}
