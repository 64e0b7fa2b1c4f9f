import Foundation
import XCTest

@testable import ZappLanguageServer

/// Completion and hover in family files: XML element names, attribute names and words at the
/// cursor, JSON keys, and what an attribute means.
final class FamilyCompletionTests: XCTestCase {
  /// `text` without its `|`, and the byte offset the `|` marks.
  func marked(_ text: String) throws -> (bytes: [UInt8], offset: Int) {
    let bytes = Array(text.utf8)
    let offset = try XCTUnwrap(bytes.firstIndex(of: UInt8(ascii: "|")))
    return (Array(bytes[..<offset] + bytes[(offset + 1)...]), offset)
  }

  func cursor(_ text: String) throws -> FamilyXMLCursor? {
    let (bytes, offset) = try marked(text)
    return FamilyXMLCursor.at(offset, in: bytes)
  }

  func testTheCursorIsFoundInTagsNamesAndValues() throws {
    let after = try XCTUnwrap(cursor("<Family name=\"F\">\n  <Screens>\n    <|\n"))
    XCTAssertEqual(after.place, .elementName)
    XCTAssertEqual(after.parents, ["Family", "Screens"])
    XCTAssertEqual(after.typed.count, 0)

    let name = try XCTUnwrap(cursor("<Family name=\"F\"><Comp|onents></Components></Family>"))
    XCTAssertEqual(name.place, .elementName)
    XCTAssertEqual(name.typed.count, "Components".count, "the whole name is replaced")

    let attribute = try XCTUnwrap(cursor("<Family name=\"F\"><GridComponent name=\"GRID\" colu|mns=\"2\">"))
    XCTAssertEqual(attribute.place, .attributeName)
    XCTAssertEqual(attribute.element, "GridComponent")
    XCTAssertEqual(attribute.attributeAtCursor, "columns")
    XCTAssertEqual(attribute.attributes.map(\.name), ["name", "columns"])

    let space = try XCTUnwrap(cursor("<Family name=\"F\"><Cell name=\"A\" | layoutId=\"a\"/>"))
    XCTAssertEqual(space.place, .attributeName)
    XCTAssertNil(space.attributeAtCursor)
    XCTAssertEqual(space.attributes.map(\.name), ["name", "layoutId"], "the attributes after the cursor count too")

    let value = try XCTUnwrap(cursor("<Family name=\"F\"><Screens><Screen type=\"sw|600\"/></Screens></Family>"))
    XCTAssertEqual(value.place, .attributeValue(attribute: "type"))
    XCTAssertEqual(value.typed.count, "sw600".count)

    // A value being typed, its quote not closed yet, ends at its line's end.
    let open = try XCTUnwrap(cursor("<Family name=\"F\">\n<Screen type=\"|\n<Components/>\n</Family>"))
    XCTAssertEqual(open.place, .attributeValue(attribute: "type"))
    XCTAssertEqual(open.parents, ["Family"])
    // … and before a CRLF line end's carriage return.
    let crlf = try XCTUnwrap(cursor("<Family showBottomPadding=\"tr|\r\n</Family>"))
    XCTAssertEqual(crlf.place, .attributeValue(attribute: "showBottomPadding"))
    XCTAssertEqual(crlf.typed.count, "tr".count)
  }

  func testElementsClosedOrSelfClosedAreNoParents() throws {
    let text =
      "<Family name=\"F\">\n<Screens><Screen type=\"default\"/></Screens>\n<Components>\n<ListComponent name=\"LIST\">\n"
      + "<Cell name=\"A\"></Cell>\n<|"
    XCTAssertEqual(try cursor(text)?.parents, ["Family", "Components", "ListComponent"])
  }

  func testNoPlaceInCommentsTextAfterAnEndTagsNameOrBeforeAValuesQuote() throws {
    XCTAssertNil(try cursor("<Family name=\"F\"></Family |>"))
    XCTAssertNil(try cursor("<Family name=\"F\"><!-- <Scr| --></Family>"))
    XCTAssertNil(try cursor("<Family name=\"F\"> te|xt </Family>"))
    XCTAssertNil(try cursor("<Family name=|\"F\">"))
    XCTAssertEqual(try cursor("<?xml version=\"1.0\"?>\n<!-- a -->\n<|")?.parents, [])
  }

  /// The answer to `method` at the `|` of `text`, the project's `families/STUDIO.xml` (or `path`),
  /// with `files` (by path) beside it.
  func familyRequest(
    _ method: String, _ text: String, path: String = "families/STUDIO.xml", snippets: Bool = false, files: [String: String] = [:]
  ) throws -> Any? {
    let project = try emptyProject()
    for (other, content) in files { _ = try write(content, other, in: project) }
    let (bytes, offset) = try marked(text)
    let body = String(decoding: bytes, as: UTF8.self)
    let file = try write(body, path, in: project)
    let before = String(decoding: bytes[..<offset], as: UTF8.self)
    let line = before.filter { $0 == "\n" }.count
    let character = before.utf16.count - (before.lastIndex(of: "\n").map { before[...$0].utf16.count } ?? 0)
    let request: JSONObject = [
      "id": "request", "method": method,
      "params": ["textDocument": ["uri": FileURI.uri(file.path)], "position": ["line": line, "character": character]],
    ]
    let capabilities: JSONObject = ["textDocument": ["completion": ["completionItem": ["snippetSupport": snippets]]]]
    let (_, status, messages) = try serve(try session(rootedAt: project, capabilities: capabilities, [try didOpen(file), request]))
    XCTAssertEqual(status, 0)
    return try answer("request", in: messages)["result"]
  }

  func completionItems(_ text: String, path: String = "families/STUDIO.xml", snippets: Bool = false) throws -> [JSONObject] {
    let result = try familyRequest("textDocument/completion", text, path: path, snippets: snippets)
    return (result as? JSONObject)?["items"] as? [JSONObject] ?? []
  }

  func labels(_ text: String, path: String = "families/STUDIO.xml") throws -> [String] {
    try completionItems(text, path: path).compactMap { $0["label"] as? String }
  }

  func testElementNamesAreThoseTheParentHolds() throws {
    XCTAssertEqual(try labels("<|"), ["Family"])
    XCTAssertEqual(try labels("<Family name=\"F\">\n  <Screens>\n    <|\n"), ["Screen"])
    let inCell = try labels("<Family name=\"F\">\n<Components>\n<GridComponent name=\"GRID\">\n<Cell name=\"A\">\n<|")
    XCTAssertEqual(inCell, ["Screens", "Elements", "DisplayRules", "Screen", "Element"])
    let components = try labels("<Family name=\"F\">\n<Components>\n<|")
    XCTAssertEqual(Array(components.prefix(4)), ["Component", "ListComponent", "GridComponent", "HeroComponent"])
    XCTAssertTrue(components.contains("HorizontalListComponent"), "\(components)")
    XCTAssertFalse(components.contains { $0.contains("-") }, "a type no element name reads back is left out: \(components)")
    XCTAssertEqual(try labels("<Family name=\"F\"><Screens><Screen type=\"default\">\n<|"), [], "a screen entry holds nothing")
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\"><DisplayRules>\n<|"), [], "display rules are the client's")
  }

  func testAttributeNamesAreThoseTheElementTakesAndNotYetWritten() throws {
    let family = try labels("<Family name=\"F\" |>")
    XCTAssertEqual(family, ["version", "showBottomPadding"])
    let cell = try labels("<Family name=\"F\"><Components><GridComponent name=\"GRID\"><Cell name=\"A\" |/>")
    XCTAssertEqual(Array(cell.prefix(3)), ["layoutId", "layout", "insetTop"])
    XCTAssertTrue(cell.contains("cellHeight"))
    XCTAssertFalse(cell.contains("height"), "a cell's height is its cellHeight (ZL0206)")
    XCTAssertFalse(cell.contains("name"), "written already")
    // A header reads its height alone; a screen entry of the family every metric but height.
    XCTAssertEqual(try labels("<Family name=\"F\"><Headers><Header |"), ["name", "height"])
    XCTAssertEqual(try labels("<Family name=\"F\"><Headers><Header name=\"T\"><Screens><Screen |"), ["type", "height"])
    let screen = try labels("<Family name=\"F\"><Screens><Screen |")
    XCTAssertEqual(screen.first, "type")
    XCTAssertTrue(screen.contains("responsive") && !screen.contains("height"), "\(screen)")
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\"><Element |"), ["display", "widthRatio", "widthHeightRatio", "margin"])
    // A typed component names its type with `name`; `<Component>` with `type`.
    XCTAssertEqual(Array(try labels("<Family name=\"F\"><ListComponent |").prefix(3)), ["name", "layout", "scale"])
    XCTAssertEqual(Array(try labels("<Family name=\"F\"><Component |").prefix(3)), ["type", "layout", "scale"])
    // The name being typed is offered again; Android's prefixed names are not offered at all.
    XCTAssertTrue(try labels("<Family name=\"F\"><Cell name=\"A\" layoutI|d=\"a\"/>").contains("layoutId"))
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\" android:lay|/>"), [])
  }

  /// A key completed before another member of its object, in a client that takes snippets, gets
  /// the comma between the two and the cursor before it; at the end of its object, or without
  /// snippets, none.
  func testAKeyCompletedBeforeAnotherMemberGetsItsComma() throws {
    let path = "families/STUDIO.json"
    func item(_ text: String, snippets: Bool) throws -> JSONObject {
      let items = try completionItems(text, path: path, snippets: snippets)
      return try XCTUnwrap(items.first { $0["label"] as? String == "screens" }, "\(items.map { $0["label"] ?? "" })")
    }
    let before = try item(#"{"name": "F", |"components": []}"#, snippets: true)
    XCTAssertEqual(before["insertText"] as? String, #""screens": $1,"#)
    XCTAssertEqual(before["insertTextFormat"] as? Int, 2)
    let closed = try item("{\"name\": \"F\", \"|\"\n  \"components\": []}", snippets: true)
    XCTAssertEqual((closed["textEdit"] as? JSONObject)?["newText"] as? String, #"screens": $1,"#)
    let last = try item(#"{"name": "F", |}"#, snippets: true)
    XCTAssertEqual(last["insertText"] as? String, #""screens": "#)
    XCTAssertNil(last["insertTextFormat"])
    let plain = try item(#"{"name": "F", |"components": []}"#, snippets: false)
    XCTAssertEqual(plain["insertText"] as? String, #""screens": "#)
    XCTAssertNil(plain["insertTextFormat"])
  }

  func testAnAttributeIsInsertedWithItsQuotesUnlessItHasAValue() throws {
    let plain = try completionItems("<Family name=\"F\"><Cell name=\"A\" lay|/>")
    let edit = try XCTUnwrap(plain.first { $0["label"] as? String == "layoutId" }?["textEdit"] as? JSONObject)
    XCTAssertEqual(edit["newText"] as? String, "layoutId=\"\"")
    XCTAssertEqual(range(edit), "? 0:32-0:35", "the name typed is replaced")
    let snippet = try completionItems("<Family name=\"F\"><Cell name=\"A\" lay|/>", snippets: true)
    let item = try XCTUnwrap(snippet.first { $0["label"] as? String == "layoutId" })
    XCTAssertEqual((item["textEdit"] as? JSONObject)?["newText"] as? String, "layoutId=\"$1\"")
    XCTAssertEqual(item["insertTextFormat"] as? Int, 2)
    let renamed = try completionItems("<Family name=\"F\"><Cell name=\"A\" layoutI|x=\"a\"/>", snippets: true)
    let rename = try XCTUnwrap(renamed.first { $0["label"] as? String == "layoutId" })
    XCTAssertEqual((rename["textEdit"] as? JSONObject)?["newText"] as? String, "layoutId")
    XCTAssertNil(rename["insertTextFormat"])
    let documentation = (rename["documentation"] as? JSONObject)?["value"] as? String
    XCTAssertEqual(documentation, "The client layout that draws this cell.")
  }

  func testWordsAreOfferedForTheAttributesThatTakeOne() throws {
    let types = try labels("<Family name=\"F\"><Screens><Screen type=\"|\"/>")
    XCTAssertEqual(
      types,
      [
        "default", "phone", "iphone", "smartphone", "mobile", "sw600", "tablet", "ipad", "universal", "S", "L", "XL",
        "portrait", "landscape", "slide_over", "split_view",
      ])
    XCTAssertEqual(
      try labels("<Family name=\"F\"><HeroComponent layout=\"pa|\">"),
      ["flow", "linear", "horizontal", "paged", "waterfall", "sticky", "one_and_n"])
    XCTAssertEqual(try labels("<Family name=\"F\" showBottomPadding=\"|\">"), ["true", "false"])
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\"><Element display=\"|\"/>"), ["inline", "block"])
    XCTAssertEqual(try labels("<Family name=\"F\"><Cell name=\"A\" layoutId=\"|\"/>"), [], "a name is the author's own")
    let edit = try XCTUnwrap(try completionItems("<Family name=\"F\"><Screens><Screen type=\"sw|60\"/>").first?["textEdit"] as? JSONObject)
    XCTAssertEqual(range(edit), "? 0:40-0:44", "the whole value is replaced")
  }

  func testJSONFamilyKeysAndWords() throws {
    let path = "families/STUDIO.json"
    XCTAssertEqual(
      try labels("{\"name\": \"S\", |}", path: path),
      ["version", "showBottomPadding", "responsive", "screens", "components", "headers", "footers"])
    let cell = try labels("{\"name\": \"S\", \"components\": [{\"type\": \"grid\", \"cells\": [{\"name\": \"A\", |}]}]}", path: path)
    XCTAssertEqual(Array(cell.prefix(3)), ["layoutId", "screens", "displayRules"])
    XCTAssertFalse(cell.contains("height"))
    XCTAssertEqual(try labels("{\"name\": \"S\", \"headers\": [{\"name\": \"T\", \"screens\": [{|}]}]}", path: path), ["type", "height"])
    XCTAssertEqual(try labels("{\"name\": \"S\", \"responsive\": {|}}", path: path), ["standardWidth", "scale"])
    XCTAssertEqual(
      try labels("{\"name\": \"S\", \"components\": [{\"type\": \"grid\", \"layouts\": [{\"kind\": \"|\"}]}]}", path: path),
      ["flow", "linear", "horizontal", "paged", "waterfall", "sticky", "one_and_n"])
  }

  func hover(_ text: String, path: String = "families/STUDIO.xml") throws -> String? {
    let result = try familyRequest("textDocument/hover", text, path: path) as? JSONObject
    return (result?["contents"] as? JSONObject)?["value"] as? String
  }

  func testHoverOnAnAttributeSaysWhatItMeans() throws {
    XCTAssertEqual(
      try hover("<Family name=\"F\"><Screens><Screen type=\"default\" pad|dingSide=\"12\"/></Screens></Family>\n"),
      "**paddingSide** (number) — Android: the left and right insets; wins over padding.")
    XCTAssertEqual(
      try hover("<Family name=\"F\"><Cell name=\"A\"><Element widthR|atio=\"0.5\"/></Cell></Family>\n"),
      "**widthRatio** — An inline element's share of the cell's width (1 when absent).")
    XCTAssertEqual(
      try hover("<Family name=\"F\"><Scr|eens/></Family>\n"),
      "**Screens** — The values per device class, size class or state: `<Screen type=\"…\">` entries.")
    XCTAssertEqual(
      try hover("{\"name\": \"S\", \"screens\": [{\"type\": \"default\", \"col|umns\": 2}]}\n", path: "families/STUDIO.json"),
      "**columns** (whole number) — Items per row of a flow, horizontal or waterfall layout.")
    XCTAssertNil(try hover("<Family name=\"F\" version=\"1|.0\"/>\n"), "a value is the author's")
    XCTAssertEqual(
      try hover("<Family name=\"F\" vers|ion=\"1.0\"/>\n"),
      "**version** — The family format's version, as written (`1.0` in the published family).")
    let rules =
      "<Family name=\"F\"><Cell name=\"A\"><DisplayRules><DisplayRule type=\"VOD\" copyOf=\"LIVE\"><View name=\"badge\" visibility=\"GONE\"/>"
    XCTAssertEqual(
      try hover(rules.replacingOccurrences(of: "copyOf", with: "cop|yOf") + "</DisplayRule></DisplayRules></Cell></Family>\n"),
      "**copyOf** — The type of another rule of the cell whose views this one takes.")
    XCTAssertEqual(
      try hover(rules.replacingOccurrences(of: "visibility", with: "visib|ility") + "</DisplayRule></DisplayRules></Cell></Family>\n"),
      "**visibility** — `VISIBLE`, `INVISIBLE` or `GONE`, in any case.")
    XCTAssertEqual(
      try hover(rules.replacingOccurrences(of: "<View", with: "<Vi|ew") + "</DisplayRule></DisplayRules></Cell></Family>\n"),
      "**View** — A view of the cell a display rule shows or hides: its `name`, `visibility` and `drawable`, passed to clients as written.")
    XCTAssertEqual(
      try hover("<Family name=\"F\"><Components><GridComp|onent name=\"G\"/></Components></Family>\n"),
      "**GridComponent** — The style of the `grid` component type.")
    XCTAssertEqual(
      try hover("<Family name=\"F\"><Components><FooComp|onent name=\"G\"/></Components></Family>\n"),
      "**FooComponent** — A component's style; no component type zlc knows here is named for it.")
    XCTAssertEqual(
      try hover("<Family name=\"F\"><Widg|et/></Family>\n"), "**ZL0204 unknown-key**: A key zlc does not know. (`zlc explain ZL0204`)",
      "an element the format lacks has its finding's hover, no summary")
  }
}

/// `<` asks for completion in a family XML file only: typed in a JSON string, it offers nothing.
final class FamilyTriggerTests: XCTestCase {
  func completionLabels(_ screens: String, trigger: String?) throws -> [String] {
    let project = try emptyProject()
    let file = try write(screens, "screens/home.json", in: project)
    var params: JSONObject = [
      "textDocument": ["uri": FileURI.uri(file.path)],
      "position": try position(of: #""type": "<"#, in: screens, delta: 10),
    ]
    if let trigger { params["context"] = ["triggerKind": 2, "triggerCharacter": trigger] }
    let request: JSONObject = ["id": "request", "method": "textDocument/completion", "params": params]
    let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file), request]))
    XCTAssertEqual(status, 0)
    let result = try answer("request", in: messages)["result"] as? JSONObject
    return (result?["items"] as? [JSONObject] ?? []).compactMap { $0["label"] as? String }
  }

  func testALessThanSignInJSONAsksForNoCompletion() throws {
    let screens = #"[{"id": "home", "type": "<", "ui_components": []}]"# + "\n"
    XCTAssertTrue(try completionLabels(screens, trigger: nil).contains("general_content"))
    XCTAssertEqual(try completionLabels(screens, trigger: "<"), [])
    XCTAssertTrue(try completionLabels(screens, trigger: "\"").contains("general_content"))
  }
}
