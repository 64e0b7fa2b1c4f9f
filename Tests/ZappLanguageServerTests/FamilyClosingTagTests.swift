import Foundation
import XCTest

@testable import ZappLanguageServer

/// Completion of end tags in a family XML file: after `</`, the innermost element still open.
extension FamilyCompletionTests {
  func testAnEndTagsNameIsItsOwnPlaceWithTheElementsOpenAroundIt() throws {
    let closed = try XCTUnwrap(cursor("<Family name=\"F\"><Screens></Scr|eens>"))
    XCTAssertEqual(closed.place, .endTagName(closed: true))
    XCTAssertEqual(closed.parents, ["Family", "Screens"])
    XCTAssertEqual(closed.typed.count, "Screens".count, "the whole name is replaced")
    let open = try XCTUnwrap(cursor("<Family name=\"F\">\n<Screens>\n</|\n</Family>"))
    XCTAssertEqual(open.place, .endTagName(closed: false), "the next line's `<` ends the tag being typed")
    XCTAssertEqual(open.typed.count, 0)
  }

  func testAfterLessThanSlashTheInnermostOpenElementIsOffered() throws {
    let text =
      "<Family name=\"F\">\n<Components>\n<GridComponent name=\"GRID\">\n<Cells>\n<Cell name=\"A\">\n"
      + "<Screens><Screen type=\"default\"/></Screens>\n</|"
    let items = try completionItems(text)
    XCTAssertEqual(items.compactMap { $0["label"] as? String }, ["Cell"], "`<Screens>` is closed already")
    let edit = try XCTUnwrap(items.first?["textEdit"] as? JSONObject)
    XCTAssertEqual(edit["newText"] as? String, "Cell>", "the tag is closed with its `>`")
    XCTAssertEqual(range(edit), "? 6:2-6:2")
    let documentation = (items.first?["documentation"] as? JSONObject)?["value"] as? String
    XCTAssertEqual(documentation, "Closes `<Cell>`: A cell style a screen picks with styles.cell_styles: its layoutId and its values.")

    // A name typed in part (or a wrong one) is replaced; a `>` written already is not written again.
    let typed = try completionItems("<Family name=\"F\"><Headers>\n</Hea|>")
    XCTAssertEqual(typed.compactMap { $0["label"] as? String }, ["Headers"])
    let replace = try XCTUnwrap(typed.first?["textEdit"] as? JSONObject)
    XCTAssertEqual(replace["newText"] as? String, "Headers")
    XCTAssertEqual(range(replace), "? 1:2-1:5")
    // A component element is closed by its own name.
    XCTAssertEqual(try labels("<Family name=\"F\"><Components><ListComponent name=\"LIST\">\n</|"), ["ListComponent"])
  }

  func testHoverOnAnEndTagsNameSaysWhatTheElementHolds() throws {
    XCTAssertEqual(
      try hover("<Family name=\"F\"><Screens></Scr|eens></Family>\n"),
      "**Screens** — The values per device class, size class or state: `<Screen type=\"…\">` entries.")
    XCTAssertNil(try hover("<Family name=\"F\"><Screens></Screens |></Family>\n"), "past the name")
  }

  func testDisplayRulesAreClosedLikeAnyElement() throws {
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\"><DisplayRules><DisplayRule type=\"T\">\n</|"), ["DisplayRule"])
    XCTAssertEqual(
      try labels("<Family name=\"F\"><Cell name=\"A\"><DisplayRules><DisplayRule type=\"T\"/>\n</|"), ["DisplayRules"])
  }

  func testNothingIsOfferedWithNoElementOpenOrAfterAStartTagsGreaterThanSign() throws {
    XCTAssertEqual(try labels("<Family name=\"F\"></Family>\n</|"), [], "every element is closed")
    XCTAssertEqual(try labels("</|"), [])
    XCTAssertEqual(try labels("<Family name=\"F\"><Screens><>< x=\"1\">\n</|"), ["Screens"], "a tag without a name opens nothing")
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\">|"), [], "`>` ends the tag: text follows")
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\"/>|\n</Family>"), [])
  }
}

/// `/` asks for completion in a family XML file only: typed in a JSON string, it offers nothing.
extension FamilyTriggerTests {
  func testASlashInJSONAsksForNoCompletion() throws {
    let screens = #"[{"id": "home", "type": "<", "ui_components": []}]"# + "\n"
    XCTAssertEqual(try completionLabels(screens, trigger: "/"), [])
  }
}
