import Foundation
import XCTest

@testable import ZappLanguageServer

/// End tags that close no open element, or close several: the elements left open around the cursor,
/// and a scan that looks at each open element at most once however many such tags the text holds.
extension FamilyCompletionTests {
  func testAnEndTagNamingNoOpenElementClosesNothing() throws {
    let stray = try XCTUnwrap(cursor("<Family name=\"F\"><Screens></Cells></Headers>\n</|"))
    XCTAssertEqual(stray.parents, ["Family", "Screens"])
    XCTAssertEqual(try labels("<Family name=\"F\"><Screens></Cells>\n</|"), ["Screens"])
    // Closed once already, an element's second end tag closes nothing more.
    XCTAssertEqual(try cursor("<Family><Screens></Screens></Screens><Headers>\n<|")?.parents, ["Family", "Headers"])
  }

  func testAnEndTagClosesTheInnermostElementOfItsNameAndThoseInsideIt() throws {
    // `</Family>` closes the `<Screens>` and `<Screen>` left open inside it.
    XCTAssertEqual(try cursor("<Family><Screens><Screen></Family><Family>\n<|")?.parents, ["Family"])
    // Of two open elements of one name, the inner one.
    XCTAssertEqual(try cursor("<A><B><A><C></A>\n<|")?.parents, ["A", "B"])
    // The elements an end tag closed are closed for later end tags too: `</B>` then closes nothing.
    XCTAssertEqual(try cursor("<A><B><C></B></C></B><D>\n<|")?.parents, ["A", "D"])
    XCTAssertEqual(try cursor("<A><B></A></B><C></|")?.parents, ["C"])
  }

  func testEndTagsThatCloseNothingAreNotComparedWithEveryOpenElement() throws {
    let count = 20_000
    let text = String(repeating: "<A>", count: count) + String(repeating: "</B>", count: count) + "</"
    var visited = 0
    let found = try XCTUnwrap(FamilyXMLCursor.at(text.utf8.count, in: Array(text.utf8), visited: &visited))
    XCTAssertEqual(found.place, .endTagName(closed: false))
    XCTAssertEqual(found.parents.count, count)
    XCTAssertEqual(visited, 0, "no open element is named B")

    // End tags that close elements look at each element once, as it is closed.
    let nested = String(repeating: "<A><B>", count: count) + String(repeating: "</A><C/></B>", count: count) + "<"
    visited = 0
    let inner = try XCTUnwrap(FamilyXMLCursor.at(nested.utf8.count, in: Array(nested.utf8), visited: &visited))
    XCTAssertEqual(inner.parents, [])
    XCTAssertEqual(visited, 2 * count, "every open element is closed once")
  }
}

/// The component elements offered in `<Components>`, each documented with the type it styles.
extension FamilyCompletionTests {
  func testEachComponentElementIsDocumentedWithItsPluginsType() throws {
    let count = 100
    var files: [String: String] = [:]
    for i in 0..<count {
      files["components/rail\(i).json"] = """
        {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "Rail", "description": "D",
         "identifier": "rail\(i)", "type": "ui_component", "platform": "android", "min_zapp_sdk": "1.0.0"}
        """
    }
    let result = try familyRequest("textDocument/completion", "<Family name=\"F\"><Components>\n<|", files: files)
    let items = (result as? JSONObject)?["items"] as? [JSONObject] ?? []
    let summaries = Dictionary(
      items.compactMap { item in
        (item["label"] as? String).map { ($0, ((item["documentation"] as? JSONObject)?["value"] as? String) ?? "") }
      },
      uniquingKeysWith: { first, _ in first })
    for i in [0, 7, count - 1] {
      XCTAssertEqual(summaries["Rail\(i)Component"], "The style of the `rail\(i)` component type.")
    }
    XCTAssertEqual(summaries["GridComponent"], "The style of the `grid` component type.")
    XCTAssertEqual(items.count, summaries.count, "each element once")
    XCTAssertGreaterThan(items.count, count)
  }
}
