import Foundation
import XCTest

@testable import ZappLanguageServer

/// Names of the project reach hover's Markdown as written: a device name's `|` ends no table
/// cell, its `[x](y)` is no link and its `<b>` no HTML; a data source holding backticks is one
/// code span.
final class HoverMarkdownTests: XCTestCase {
  static let device = "ph|o*ne_[x](http://e.com)<b>"

  func testHoverEscapesTheProjectsNames() throws {
    let project = try emptyProject()
    let settings = #"{"devices": [{"name": \#(try quoted(Self.device)), "class": "phone", "width": 375}]}"#
    try write(settings, "zlc.json", in: project)
    let screens = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [{"id": "home-hero", "component_type": "list", "data": {"source": "a`b", "type": "APPLICASTER_COLLECTION"},
          "styles": {"cell_styles": ["LIST_1"]}}]}]

      """
    let file = try write(screens, "screens/home.json", in: project)
    var texts: [String] = []
    for needle in [#""home-hero""#, #""LIST_1""#] {
      let request: JSONObject = [
        "id": "hover", "method": "textDocument/hover",
        "params": ["textDocument": ["uri": FileURI.uri(file.path)], "position": try position(of: needle, in: screens, delta: 2)],
      ]
      let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file), request]))
      XCTAssertEqual(status, 0)
      let result = try XCTUnwrap(try answer("hover", in: messages)["result"] as? JSONObject)
      texts.append(try XCTUnwrap((result["contents"] as? JSONObject)?["value"] as? String))
    }
    let escaped = #"ph\|o\*ne\_\[x\](http://e.com)\<b\>"#
    XCTAssertTrue(texts[0].contains("| \(escaped) | linear | 1 |"), texts[0])
    XCTAssertTrue(texts[0].contains("own source ``a`b``"), texts[0])
    XCTAssertTrue(texts[0].contains("family FAMILY_2"), texts[0])
    XCTAssertTrue(texts[1].contains("| \(escaped) | 1 |"), texts[1])
    for text in texts { XCTAssertFalse(text.contains(Self.device), text) }
  }

  /// Completion documentation shows the project's names literally too: a cell style's sizes per
  /// device, a screen's type and file.
  func testCompletionDocumentationEscapesTheProjectsNames() throws {
    let project = try emptyProject()
    let settings = #"{"devices": [{"name": \#(try quoted(Self.device)), "class": "phone", "width": 375}]}"#
    try write(settings, "zlc.json", in: project)
    let screens = """
      [{"id": "home", "type": "<i>general</i>", "home": true, "styles": {"family": "FAMILY_2"},
        "ui_components": [{"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "ho"},
          "styles": {"cell_styles": ["LIST_"]}}]}]

      """
    let file = try write(screens, "screens/home.json", in: project)
    func documentation(after needle: String, label: String) throws -> String {
      let request: JSONObject = [
        "id": "completion", "method": "textDocument/completion",
        "params": [
          "textDocument": ["uri": FileURI.uri(file.path)], "position": try position(of: needle, in: screens, delta: needle.count),
        ],
      ]
      let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file), request]))
      XCTAssertEqual(status, 0)
      let items = try XCTUnwrap((try answer("completion", in: messages)["result"] as? JSONObject)?["items"] as? [JSONObject])
      let item = try XCTUnwrap(items.first { $0["label"] as? String == label }, "\(items.map { $0["label"] })")
      return try XCTUnwrap((item["documentation"] as? JSONObject)?["value"] as? String)
    }
    let cell = try documentation(after: #""cell_styles": [""#, label: "LIST_1")
    XCTAssertTrue(cell.hasPrefix(#"- ph\|o\*ne\_\[x\](http://e.com)\<b\>: "#), cell)
    let screen = try documentation(after: #""target": ""#, label: "home")
    XCTAssertTrue(screen.hasPrefix(#"\<i\>general\</i\> — "#), screen)
  }

  func testTextAndCodeSpans() {
    XCTAssertEqual(Markdown.text("a|b"), #"a\|b"#)
    XCTAssertEqual(Markdown.text("FAMILY_1 _x_ *y* ~z~ &amp; \\"), #"FAMILY_1 \_x\_ \*y\* \~z\~ \&amp; \\"#)
    XCTAssertEqual(Markdown.text("two\nlines"), "two lines")
    XCTAssertEqual(Markdown.text("# of rows"), ##"\# of rows"##)
    XCTAssertEqual(Markdown.text("- beta + 1"), #"\- beta + 1"#)
    XCTAssertEqual(Markdown.text("+1"), #"\+1"#)
    XCTAssertEqual(Markdown.text("12. item"), #"12\. item"#)
    XCTAssertEqual(Markdown.text("3) item"), #"3\) item"#)
    XCTAssertEqual(Markdown.text("v1. 2) a-b #c"), "v1. 2) a-b #c")
    XCTAssertEqual(Markdown.code("plain"), "`plain`")
    XCTAssertEqual(Markdown.code("a`b"), "``a`b``")
    XCTAssertEqual(Markdown.code("a``b`"), "``` a``b` ```")
  }
}
