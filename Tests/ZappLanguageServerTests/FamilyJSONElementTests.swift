import Foundation
import XCTest

@testable import ZappLanguageServer

/// Completion and hover of a JSON family cell's `elements`, as `<Element>`'s in XML.
extension FamilyCompletionTests {
  func testAJSONCellsElementsTakeTheKeysThatPlaceThem() throws {
    let path = "families/STUDIO.json"
    let cell = "{\"name\": \"S\", \"components\": [{\"type\": \"grid\", \"cells\": [{\"name\": \"A\", \"elements\": ["
    XCTAssertEqual(try labels(cell + "{|}]}]}]}", path: path), ["display", "width_ratio", "width_height_ratio", "margin", "style"])
    XCTAssertEqual(
      try labels(cell + "{\"display\": \"block\", |}]}]}]}", path: path), ["width_ratio", "width_height_ratio", "margin", "style"],
      "a key written is not offered again")
    XCTAssertEqual(
      try labels(cell + "{\"style\": {\"width_ratio\": 1, |}}]}]}]}", path: path), ["display", "width_height_ratio", "margin"],
      "an element's style holds the same keys, but no style of its own")
    XCTAssertEqual(try labels(cell + "{\"display\": \"|\"}]}]}]}", path: path), ["inline", "block"])
    XCTAssertEqual(try labels(cell + "{\"style\": {\"display\": \"|\"}}]}]}]}", path: path), ["inline", "block"])
    XCTAssertEqual(try labels(cell + "{\"margin\": \"|\"}]}]}]}", path: path), [], "a margin is numbers")
    // The cell's own `style` is its card's, not an element's; a style under another key is none.
    let card = "{\"name\": \"S\", \"components\": [{\"type\": \"grid\", \"cells\": [{\"style\": {\"cornerRadius\": 4, |}}]}]}"
    XCTAssertEqual(
      try labels(card, path: path), ["backgroundColor", "margin", "backgroundImage", "shadowColor", "shadowRadius", "shadowOffset"])
    XCTAssertEqual(try labels("{\"name\": \"S\", \"components\": [{\"type\": \"grid\", \"style\": {|}}]}", path: path), [])
  }

  func testHoverOnAJSONElementsKeySaysWhatItMeans() throws {
    let cell = "{\"name\": \"S\", \"components\": [{\"type\": \"grid\", \"cells\": [{\"name\": \"A\", \"elements\": ["
    XCTAssertEqual(
      try hover(cell + "{\"width_r|atio\": 0.5}]}]}]}\n", path: "families/STUDIO.json"),
      "**width_ratio** — An inline element's share of the cell's width (1 when absent).")
    let card = "{\"name\": \"S\", \"components\": [{\"type\": \"grid\", \"cells\": [{\"style\": {\"shadowR|adius\": 4}}]}]}\n"
    XCTAssertEqual(
      try hover(card, path: "families/STUDIO.json"),
      "**shadowRadius** — The blur radius of the card's shadow, from 0 to 10,000 points (a number or a string holding one); needs a `shadowColor`."
    )
  }
}
