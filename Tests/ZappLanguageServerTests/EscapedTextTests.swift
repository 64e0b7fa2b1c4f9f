import Foundation
import XCTest

@testable import ZappLanguageServer

/// Strings written with escapes are read as the compiler reads them, and what the server writes
/// into JSON (completions, quick fixes) is escaped as a JSON string.
final class EscapedTextTests: XCTestCase {
  func testTheLenientReaderDecodesEscapesAndKeepsTheLiteralsRange() throws {
    let text = #"{"a\u00efb": "x\n\"\\\/\t\ud83d\ude00\ud800!", "open": "c\u00e9"#
    let root = try XCTUnwrap(LooseJSON.parse(Array(text.utf8)))
    let key = try XCTUnwrap(root.members.first?.key)
    XCTAssertEqual(key.text, "aïb")
    XCTAssertEqual(root.string("aïb"), "x\n\"\\/\t😀\u{FFFD}!")
    let value = try XCTUnwrap(root["aïb"])
    XCTAssertEqual(String(decoding: Array(text.utf8)[value.start..<value.end], as: UTF8.self), #""x\n\"\\\/\t\ud83d\ude00\ud800!""#)
    // Unclosed: the text up to the end of the line, the escape decoded.
    XCTAssertEqual(root.string("open"), "cé")
    XCTAssertEqual(root["open"]?.end, text.utf8.count)
  }

  let screens = #"""
    [{"id": "home", "type": "general_content", "home": true, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "CAF\u00c9_FEED", "target": "k\u00efds"}},
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": ""}}]},
     {"id": "k\u00efds", "type": "general_content", "ui_components": []},
     {"id": "a\"b\\c", "type": "general_content", "ui_components": []}]

    """#

  /// The completions at `position` of `file` (opened), with the project's other files on disk.
  func completions(in file: URL, at position: JSONObject, of project: URL) throws -> [JSONObject] {
    let request: JSONObject = [
      "id": "completion", "method": "textDocument/completion",
      "params": ["textDocument": ["uri": FileURI.uri(file.path)], "position": position],
    ]
    let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(file), request]))
    XCTAssertEqual(status, 0)
    return try XCTUnwrap((try answer("completion", in: messages)["result"] as? JSONObject)?["items"] as? [JSONObject])
  }

  func testEscapedIDsAreFoundAndWhatIsWrittenIsEscaped() throws {
    let project = try emptyProject()
    let file = try write(screens, "screens/home.json", in: project)
    let uri = FileURI.uri(file.path)
    let line: JSONObject = ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 200]]
    let definition = try position(of: #""k\u00efds""#, in: screens, delta: 3)
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file),
          ["id": "definition", "method": "textDocument/definition", "params": ["textDocument": ["uri": uri], "position": definition]],
          [
            "id": "actions", "method": "textDocument/codeAction",
            "params": ["textDocument": ["uri": uri], "range": line, "context": ["diagnostics": []]],
          ],
        ]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(range(try answer("definition", in: messages)["result"] as? JSONObject), "home.json 3:8-3:19")
    let actions = try XCTUnwrap(try answer("actions", in: messages)["result"] as? [JSONObject])
    let declare = try XCTUnwrap(actions.first { ($0["title"] as? String)?.hasPrefix("Declare") == true })
    XCTAssertEqual(declare["title"] as? String, "Declare data type 'CAFÉ_FEED' in zlc.json")
    let changes = try XCTUnwrap((declare["edit"] as? JSONObject)?["changes"] as? [String: [JSONObject]])
    let zlcJSON = FileURI.uri(project.appendingPathComponent("zlc.json").path)
    XCTAssertEqual(changes[zlcJSON]?.first?["newText"] as? String, "\n  \"data_types\": [\"CAFÉ_FEED\"]\n")

    // An id holding a quote and a backslash, completed in a string begun and where none is.
    func quoteAndBackslash(_ items: [JSONObject]) throws -> JSONObject {
      try XCTUnwrap(items.first { $0["label"] as? String == #"a"b\c"# }, "\(items.map { $0["label"] ?? "" })")
    }
    let typed = try completions(in: file, at: try position(of: #""target": """#, in: screens, delta: 11), of: project)
    XCTAssertEqual((try quoteAndBackslash(typed)["textEdit"] as? JSONObject)?["newText"] as? String, #"a\"b\\c"#)
    let typing = #"[{"id": "x", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"target":  }}]}]"#
    let other = try write(typing, "screens/other.json", in: project)
    let bare = try completions(in: other, at: try position(of: #""target":  "#, in: typing, delta: 10), of: project)
    XCTAssertEqual(try quoteAndBackslash(bare)["insertText"] as? String, #""a\"b\\c""#)
  }

  /// Completion in a string left unclosed (an editor that does not close quotes): the edit
  /// replaces the word typed, up to the cursor and the rest of that word, and closes the quote
  /// (a key's with `": "`), leaving what follows on the line (` },`) as it is.
  func testCompletionInAnUnclosedStringKeepsTheRestOfTheLine() throws {
    let project = try emptyProject()
    let keyText = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "rules": {"item_limit": 5, "fi }}]}]

      """#
    let valueText = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "ho }}]}]

      """#
    try write(#"[{"id": "hot", "type": "general_content", "ui_components": []}]"#, "screens/other.json", in: project)
    func edit(_ label: String, in text: String, at needle: String) throws -> JSONObject? {
      let file = try write(text, "screens/home.json", in: project)
      let items = try completions(in: file, at: try position(of: needle, in: text, delta: 3), of: project)
      return try XCTUnwrap(items.first { $0["label"] as? String == label }, "\(items.map { $0["label"] ?? "" })")["textEdit"]
        as? JSONObject
    }
    let key = try XCTUnwrap(try edit("fill_rows", in: keyText, at: #""fi }"#))
    XCTAssertEqual(key["newText"] as? String, #"fill_rows": "#)
    XCTAssertEqual(range(["uri": "x/home.json", "range": key["range"] as Any]), "home.json 1:57-1:59")
    let value = try XCTUnwrap(try edit("hot", in: valueText, at: #""ho }"#))
    XCTAssertEqual(value["newText"] as? String, #"hot""#)
    XCTAssertEqual(range(["uri": "x/home.json", "range": value["range"] as Any]), "home.json 1:98-1:100")
    // Followed on its line by another member, whose key's opening quote the string reads as its
    // closing one: the comma and the key stay.
    let beforeMember = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "data": {"target": "ho, "source": "1", "type": "APPLICASTER_COLLECTION"}}]}]

      """#
    let member = try XCTUnwrap(try edit("hot", in: beforeMember, at: #""ho,"#))
    XCTAssertEqual(member["newText"] as? String, #"hot""#)
    XCTAssertEqual(range(["uri": "x/home.json", "range": member["range"] as Any]), "home.json 1:49-1:51")
  }

  /// A key completed between quotes an editor closed gets its colon when none follows, and is
  /// replaced alone when one does.
  func testKeyCompletedInAClosedStringGetsItsColonWhenNoneFollows() throws {
    let project = try emptyProject()
    let bare = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "rules": {"item_limit": 5, "" }}]}]

      """#
    let valued = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "rules": {"item_limit": 5, "fi" : true}}]}]

      """#
    func edit(in text: String, at needle: String, delta: Int) throws -> JSONObject? {
      let file = try write(text, "screens/home.json", in: project)
      let items = try completions(in: file, at: try position(of: needle, in: text, delta: delta), of: project)
      return try XCTUnwrap(items.first { $0["label"] as? String == "fill_rows" }, "\(items.map { $0["label"] ?? "" })")["textEdit"]
        as? JSONObject
    }
    let closed = try XCTUnwrap(try edit(in: bare, at: #""" }"#, delta: 1))
    XCTAssertEqual(closed["newText"] as? String, #"fill_rows": "#)
    XCTAssertEqual(range(["uri": "x/home.json", "range": closed["range"] as Any]), "home.json 1:57-1:58")
    let followed = try XCTUnwrap(try edit(in: valued, at: #""fi" :"#, delta: 2))
    XCTAssertEqual(followed["newText"] as? String, "fill_rows")
    XCTAssertEqual(range(["uri": "x/home.json", "range": followed["range"] as Any]), "home.json 1:57-1:59")
  }

  /// A did-you-mean to an id holding a quote is titled with the id, and writes it escaped.
  func testAFixToAnEscapedIDIsTitledWithTheID() throws {
    let project = try emptyProject()
    let text = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "a\"bb"}}]},
       {"id": "a\"b", "type": "general_content", "ui_components": []}]

      """#
    let file = try write(text, "screens/home.json", in: project)
    let uri = FileURI.uri(file.path)
    let line: JSONObject = ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 200]]
    let actions: JSONObject = [
      "id": "actions", "method": "textDocument/codeAction",
      "params": ["textDocument": ["uri": uri], "range": line, "context": ["diagnostics": []]],
    ]
    let (_, _, messages) = try serve(try session(rootedAt: project, [try didOpen(file), actions]))
    let fix = try XCTUnwrap((try answer("actions", in: messages)["result"] as? [JSONObject])?.first)
    XCTAssertEqual(fix["title"] as? String, #"Change to 'a"b'"#)
    let edit = (((fix["edit"] as? JSONObject)?["changes"] as? [String: [JSONObject]])?[uri])?.first
    XCTAssertEqual(edit?["newText"] as? String, #""a\"b""#)
  }

  /// A quick fix's title shows the text it writes, a single-quoted string's escapes decoded too.
  func testAQuickFixTitleDecodesASingleQuotedString() {
    XCTAssertEqual(DocumentQuery.shownText(of: #"'sh\\now'"#, inXML: false), #"sh\now"#)
    XCTAssertEqual(DocumentQuery.shownText(of: #"'it\u0027s'"#, inXML: false), "it's")
    XCTAssertEqual(DocumentQuery.shownText(of: #""a\"b""#, inXML: false), #"a"b"#)
  }
}
