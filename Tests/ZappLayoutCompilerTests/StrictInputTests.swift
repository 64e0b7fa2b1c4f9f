import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayout
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules
@testable import ZappWriters

/// Inputs that used to pass into a bundle unnoticed: family geometry that gives a size of zero or
/// less, whole numbers written with spaces, signs or leading zeros, escaped control characters,
/// `null` where an array holds objects, and files that hold `null` alone.
final class StrictInputTests: XCTestCase {

  // MARK: Geometry never gives a size of zero or less

  /// The campaign's case: a one_and_n hero 5 high with 12-point spacing gave two small items of
  /// −3.5; it is an error naming the device (declared in zlc.json, with a note there).
  func testAOneAndNHeroShorterThanItsSpacingIsAnError() throws {
    try assertMarked(
      [
        "zlc.json": #"{"devices": [{"name": "phone", "class": "phone", "width": 375}]}"#,
        "families/f.xml":
          #"<Family name="F"><Screens><Screen type="default" divider="12"/></Screens><Components><Component type="hero" layout="one_and_n" smallItems="2"><Cell name=⟦ZL0509⟧"H" cellHeight="5"/></Component></Components></Family>"#,
      ],
      [
        (
          "cell style 'H' of family 'F' has no height on device 'phone' (375 wide): its one_and_n large item is 5 high, too short for 2 small items with 12-point spacing: each would be -3.5 high",
          ["device 'phone' is declared here"], nil
        )
      ])
  }

  func testInsetsAsWideAsTheDeviceAreAnError() throws {
    try assertMarked(
      [
        "families/f.xml":
          #"<Family name="F"><Screens><Screen type="default" insetLeft="200" insetRight="200"/></Screens><Components><Component type="grid"><Cell name=⟦ZL0503⟧"G"/></Component></Components></Family>"#
      ],
      [
        (
          "cell style 'G' of family 'F' has no room on device 'phone' (375 wide): its left and right insets (200 + 200) are as wide as the device",
          [], nil
        )
      ])
  }

  func testAOneAndNSpacingWiderThanTheContentIsAnError() throws {
    try assertMarked(
      [
        "families/f.xml":
          #"<Family name="F"><Screens><Screen type="default" divider="400"/></Screens><Components><Component type="hero" layout="one_and_n"><Cell name=⟦ZL0503⟧"H" cellHeight="900"/></Component></Components></Family>"#
      ],
      [
        (
          "cell style 'H' of family 'F' has no room on device 'phone' (375 wide): its one_and_n spacing of 400 leaves no width for the large and small items in 375",
          [], nil
        )
      ])
  }

  /// An item 0.02 wide with a ratio of 100 would be 0.0002 high: 0 once rounded to 0.01.
  func testAHeightThatRoundsToZeroIsAnError() throws {
    try assertMarked(
      [
        "families/f.xml":
          #"<Family name="F"><Screens><Screen type="default" insetLeft="187.49" insetRight="187.49" aspectCellRatio="100"/></Screens><Components><Component type="grid"><Cell name=⟦ZL0509⟧"G"/></Component></Components></Family>"#
      ],
      [
        (
          "cell style 'G' of family 'F' has no height on device 'phone' (375 wide): its items would be 0 high (`item.height`), 0.02 wide",
          [], nil
        )
      ])
  }

  /// Every size of a layout is listed with its path, and the first at zero or below is found.
  func testSectionLayoutNamesItsFirstSizeAtZeroOrBelow() {
    var layout = SectionLayout(
      kind: .oneAndN, columns: 3, item: ItemSize(width: 10, height: 5), insets: .zero, interItemSpacing: 12, lineSpacing: 12)
    layout.small = [Frame(x: 0, y: 0, width: 4, height: -3.5), Frame(x: 0, y: 0, width: 4, height: -3.5)]
    XCTAssertEqual(
      layout.sizes.map(\.path), ["item.width", "item.height", "small[0].width", "small[0].height", "small[1].width", "small[1].height"])
    XCTAssertEqual(layout.firstNonPositiveSize?.path, "small[0].height")
    XCTAssertEqual(layout.firstNonPositiveSize?.value, -3.5)
    layout.small = nil
    XCTAssertNil(layout.firstNonPositiveSize)
    layout.item.height = .nan
    XCTAssertEqual(layout.firstNonPositiveSize?.path, "item.height")
  }

  // MARK: Whole numbers as strings

  func testAnItemLimitWithSpacesASignOrLeadingZerosIsAWrongType() throws {
    func grid(_ limit: String) -> String {
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": ⟦ZL0202⟧\#(limit)}}"#
    }
    let clean =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": "12"}}"#
    try assertMarked(
      ["screens/o.json": Example.screen([grid(#"" 12""#), grid(#""+12""#), grid(#""012""#), clean].joined(separator: ", "))],
      [
        (#"'item_limit' must be a whole number written as digits alone, found " 12""#, [], #""12""#),
        (#"'item_limit' must be a whole number written as digits alone, found "+12""#, [], #""12""#),
        (#"'item_limit' must be a whole number written as digits alone, found "012""#, [], #""12""#),
      ])
  }

  /// Digits whose clean form is no limit either (`"-0"`, `" 0"`, `"+0"`) get no fix: written as
  /// digits alone, they would be out of range.
  func testAnItemLimitWhoseDigitsAreOutOfRangeHasNoFix() throws {
    func grid(_ limit: String) -> String {
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": ⟦ZL0410⟧\#(limit)}}"#
    }
    try assertMarked(
      ["screens/o.json": Example.screen([grid(#""-0""#), grid(#"" 0""#), grid(#""+0""#), grid(#"" -5""#)].joined(separator: ", "))],
      [
        (#"item_limit must be a whole number from 1 to 999,999,999, found "-0""#, [], nil),
        (#"item_limit must be a whole number from 1 to 999,999,999, found " 0""#, [], nil),
        (#"item_limit must be a whole number from 1 to 999,999,999, found "+0""#, [], nil),
        (#"item_limit must be a whole number from 1 to 999,999,999, found " -5""#, [], nil),
      ])
  }

  /// A limit written under an older name (`data_source_limit`, `datasource_limit`) is reported
  /// under that name, where it stands (the message named `item_limit`, which the component lacks),
  /// once: a string that is no number is ZL0410's alone, as under `item_limit`, also beside an
  /// `item_limit` the bundle takes (some clients still read the older names).
  func testAnOlderNameOfTheLimitIsNamedInItsFinding() throws {
    func grid(_ key: String, _ limit: String) -> String {
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"\#(key)": \#(limit)}}"#
    }
    try assertMarked(
      [
        "screens/o.json": Example.screen(
          [
            grid("data_source_limit", "⟦ZL0410⟧0"), grid("datasource_limit", #"⟦ZL0202⟧"+3""#), grid("data_source_limit", "3"),
            grid("data_source_limit", #"⟦ZL0410⟧"abc""#), grid("datasource_limit", "⟦ZL0410⟧true"),
            grid("item_limit", #"6, "data_source_limit": ⟦ZL0410⟧"abc""#),
          ].joined(separator: ", "))
      ],
      [
        ("data_source_limit must be a whole number from 1 to 999,999,999, found 0", [], nil),
        (#"'datasource_limit' must be a whole number written as digits alone, found "+3""#, [], #""3""#),
        (#"data_source_limit must be a whole number from 1 to 999,999,999, found "abc""#, [], nil),
        ("datasource_limit must be a whole number from 1 to 999,999,999, found true", [], nil),
        (#"data_source_limit must be a whole number from 1 to 999,999,999, found "abc""#, [], nil),
      ])
  }

  func testParseItemLimitTakesOnlyCanonicalStrings() {
    func limit(_ json: String) -> Int? {
      parseItemLimit(JSONReader.read(SourceFile(path: "t.json", text: json)).document!.root!)
    }
    XCTAssertEqual(limit(#""12""#), 12)
    XCTAssertEqual(limit("12"), 12)
    for text in [#"" 12""#, #""12 ""#, #""+12""#, #""012""#, #""12.0""#, #""1e1""#, #""0""#, #""-3""#, #""""#] {
      XCTAssertNil(limit(text), text)
    }
    XCTAssertEqual(canonicalWholeNumber("0"), 0)
    XCTAssertEqual(canonicalWholeNumber("-3"), -3)
    XCTAssertNil(canonicalWholeNumber("-0"))
    XCTAssertNil(canonicalWholeNumber("99999999999999999999"))
    XCTAssertEqual(wholeNumberFix(" +007 "), "7")
    XCTAssertNil(wholeNumberFix("7"))
    XCTAssertNil(wholeNumberFix("7.5"))
  }

  func testWholeNumbersInShapesAndFamiliesAreCanonical() throws {
    let grid =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit_by_size_class": {"S": ⟦ZL0202⟧"+3", "L": "4"}}}"#
    try assertMarked(
      [
        "screens/o.json": Example.screen(grid),
        "families/f.xml":
          #"<Family name="F"><Components><Component type="grid" columns=⟦ZL0202⟧"02"><Cell name="G"/></Component></Components></Family>"#,
      ],
      [
        (#"'columns' must be a whole number written as digits alone, found '02'"#, [], #""2""#),
        (#"S must be a whole number written as digits alone, found "+3""#, [], #""3""#),
      ])
  }

  /// A family's count written as text with a decimal point or an exponent (`"2.0"`, `"1e1"`) is
  /// not read, as `" 2"` is not: ZL0202 with the fix to its digits, in XML and in a JSON family,
  /// `columns` and `smallItems` alike; `"2.5"` is no whole number (ZL0502, no fix); a JSON
  /// number, `2.0`, is read.
  func testAFamilyCountWithADecimalPointOrAnExponentIsWrittenAsDigits() throws {
    try assertMarked(
      [
        "families/f.xml":
          #"<Family name="F"><Components><Component type="grid" columns=⟦ZL0202⟧"2.0"><Cell name="G"/></Component>"#
          + #"<Component type="list" columns=⟦ZL0502⟧"2.5"><Cell name="L"/></Component></Components></Family>"#,
        "families/g.json":
          #"{"name": "G", "components": [{"type": "grid", "columns": ⟦ZL0202⟧"1e1", "cells": [{"name": "A", "smallItems": ⟦ZL0202⟧"2.0"}]}, "#
          + #"{"type": "list", "columns": 2.0, "cells": [{"name": "B"}]}]}"#,
      ],
      [
        (#"'columns' must be a whole number written as digits alone, found '2.0'"#, [], #""2""#),
        (#"'columns' must be a whole number from 1 to 1000, found '2.5'"#, [], nil),
        (#"'columns' must be a whole number written as digits alone, found '1e1'"#, [], #""10""#),
        (#"'smallItems' must be a whole number written as digits alone, found '2.0'"#, [], #""2""#),
      ])
    XCTAssertEqual(wholeNumberDigitsFix("2.0"), "2")
    XCTAssertEqual(wholeNumberDigitsFix(" +02 "), "2")
    XCTAssertNil(wholeNumberDigitsFix("2"))
    XCTAssertNil(wholeNumberDigitsFix("2.5"))
  }

  // MARK: Escaped control characters

  func testEscapedControlCharactersAreLocatedWithTheirMessages() {
    // Text keeps its tabs and line breaks (real manifests hold "\n" in descriptions); a key keeps none.
    let marked = Marked(
      #"["⟦ZL0105⟧\u0007", "ok\n\t\r\u000A", "⟦ZL0105⟧\b⟦ZL0105⟧\f", "nul ⟦ZL0105⟧\u0000", "⟦ZL0105⟧\u001f", {"⟦ZL0105⟧\t": 1}]"#)
    let result = readJSON(marked)
    func inText(_ scalar: String) -> String {
      "escaped control character U+\(scalar) in a string; only \\t, \\n and \\r are allowed in text"
    }
    assertDiagnostics(
      result.diagnostics, marked,
      messages: [
        inText("0007"), inText("0008"), inText("000C"), inText("0000"), inText("001F"),
        "escaped control character U+0009 in a key; a name holds none",
      ])
    XCTAssertNotNil(result.document, "the values are still read")
  }

  // MARK: null where an array holds objects

  func testNullInAnArrayOfObjectsIsAWrongType() throws {
    let screen =
      #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [⟦ZL0202⟧null, {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}], "navigations": [⟦ZL0202⟧null, {"category": "menu", "nav_items": [⟦ZL0202⟧null]}]}]"#
    try assertMarked(
      ["screens/o.json": screen],
      [
        ("each element of 'ui_components' must be an object, found null", [], nil),
        ("each element of 'navigations' must be an object, found null", [], nil),
        ("each element of 'nav_items' must be an object, found null", [], nil),
      ])
  }

  /// Another value than an object among them is named as an element too (it read "'nav_items'
  /// must be an object", which the array is not meant to be); so is `""`, which a build wrote into
  /// the bundle where a client would read a component (no section stood for it).
  func testAStringOrNumberInAnArrayOfObjectsNamesTheElement() throws {
    let screen =
      #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [⟦ZL0202⟧"grid", ⟦ZL0202⟧7, ⟦ZL0202⟧"", {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}], "navigations": [{"category": "menu", "nav_items": [⟦ZL0202⟧true]}]}]"#
    try assertMarked(
      ["screens/o.json": screen],
      [
        ("each element of 'ui_components' must be an object, found a string", [], nil),
        ("each element of 'ui_components' must be an object, found a number", [], nil),
        ("each element of 'ui_components' must be an object, found a string", [], nil),
        ("each element of 'nav_items' must be an object, found a boolean", [], nil),
      ])
  }

  // MARK: a registry's names

  /// A registry lists the renderers its client has: `null` or `""` among them names none, where
  /// elsewhere it stands for an absent value; a name, and a list left out, are taken.
  func testNullOrAnEmptyStringAmongARegistrysNamesIsAWrongType() throws {
    let registry = """
      {"platform": "ios", "client_version": "20.0.0", "component_types": ["grid", ⟦ZL0202⟧null], "cell_layouts": [⟦ZL0202⟧"", ⟦ZL0202⟧" ", ⟦ZL0202⟧"\\u200b"],
       "layout_kinds": ["flow", ⟦ZL0202⟧7], "screen_plugins": [], "navigation_plugins": [⟦ZL0202⟧null]}
      """
    try assertMarked(
      ["registries/ios.json": registry],
      [
        ("each element of 'component_types' must be a string, found null", [], nil),
        ("each element of 'cell_layouts' must be a name, found an empty string, which names nothing", [], nil),
        ("each element of 'cell_layouts' must be a name, found white space or invisible characters alone, which names nothing", [], nil),
        ("each element of 'cell_layouts' must be a name, found white space or invisible characters alone, which names nothing", [], nil),
        ("each element of 'layout_kinds' must be a string, found a number", [], nil),
        ("each element of 'navigation_plugins' must be a string, found null", [], nil),
      ])
    let named = #"{"platform": "ios", "client_version": "20.0.0", "component_types": ["grid"], "cell_layouts": null}"#
    let outcome = Driver.check(try makeProject(["registries/ios.json": named]))
    XCTAssertEqual(outcome.diagnostics.filter { $0.path?.hasSuffix("ios.json") == true && $0.code == "ZL0202" }.map(\.message), [])
  }

  // MARK: a file of null

  /// `null` inside a file is an absent value, but a whole file of it is no settings, mappings or
  /// registry: the file was emptied or written wrong, and is reported at its root.
  func testAFileOfNullWhereAnObjectIsWantedIsAWrongType() throws {
    try assertMarked(
      ["zlc.json": "⟦ZL0202⟧null\n", "screen_types.json": "⟦ZL0202⟧null\n", "registries/ios.json": "⟦ZL0202⟧null\n"],
      [
        ("registry must be an object, found null", [], nil),
        ("screen_types.json must be an object, found null", [], nil),
        ("zlc.json must be an object, found null", [], nil),
      ])
  }

  /// `""` is no settings, mappings or registry either: a whole file of it is a wrong type, as the
  /// schemas say, though `""` inside a file is an absent value.
  func testAFileOfAnEmptyStringWhereAnObjectIsWantedIsAWrongType() throws {
    try assertMarked(
      ["zlc.json": "⟦ZL0202⟧\"\"\n", "screen_types.json": "⟦ZL0202⟧\"\"\n", "registries/ios.json": "⟦ZL0202⟧\"\"\n"],
      [
        ("registry must be an object, found a string", [], nil),
        ("screen_types.json must be an object, found a string", [], nil),
        ("zlc.json must be an object, found a string", [], nil),
      ])
  }
}
