import Foundation
import XCTest

@testable import ZappLanguageServer

/// A UTF-8 byte order mark of a file on disk is no character: editors drop it from the text they
/// hold, so the server counts line 1 from after it, and its edits apply to the text without it. In
/// a text an editor sent, a mark it kept is its first character.
final class ByteOrderMarkTests: XCTestCase {
  let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Writes `text` after a byte order mark at `path` inside `folder`.
  @discardableResult
  func writeMarked(_ text: String, _ path: String, in folder: URL) throws -> URL {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(mark + Array(text.utf8)).write(to: file)
    return file
  }

  /// `text` with an LSP edit (a range in UTF-16 units, and its new text) applied.
  func applying(_ edit: JSONObject, to text: String) throws -> String {
    let range = try XCTUnwrap(edit["range"] as? JSONObject)
    let lines = text.components(separatedBy: "\n")
    func index(_ position: Any?) throws -> String.Index {
      let position = try XCTUnwrap(position as? JSONObject)
      let line = try XCTUnwrap(position["line"] as? Int)
      let character = try XCTUnwrap(position["character"] as? Int)
      let before = lines[..<line].reduce(0) { $0 + $1.utf16.count + 1 }
      return String.Index(utf16Offset: before + character, in: text)
    }
    var result = text
    result.replaceSubrange(try index(range["start"])..<index(range["end"]), with: try XCTUnwrap(edit["newText"] as? String))
    return result
  }

  /// The range of the first `needle` (ASCII, on one line) in `text`, as `range(_:)` writes it.
  func span(_ needle: String, in text: String, of file: String) throws -> String {
    let start = try position(of: needle, in: text)
    let line = try XCTUnwrap(start["line"] as? Int)
    let character = try XCTUnwrap(start["character"] as? Int)
    return "\(file) \(line):\(character)-\(line):\(character + needle.count - 1)"
  }

  func testTheIndexCountsNoCharacterForTheMark() {
    let index = LineIndex(mark + Array("{\"a\": 1,\n\"é\": 2}".utf8))
    XCTAssertEqual(index.position(of: 3), TextPosition(line: 0, character: 0))
    XCTAssertEqual(index.position(of: 4), TextPosition(line: 0, character: 1))
    XCTAssertEqual(index.position(of: 0), TextPosition(line: 0, character: 0))
    XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 0)), 3)
    XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 1)), 4)
    XCTAssertEqual(index.offset(of: TextPosition(line: -1, character: 0)), 3)
    XCTAssertEqual(index.position(of: 17), TextPosition(line: 1, character: 4))
    XCTAssertEqual(LineIndex(mark).position(of: 3), TextPosition(line: 0, character: 0))
  }

  /// An editor that keeps the mark in the text it sends counts it as the first character: its
  /// edit that removes the mark removes the mark, not the bracket after it.
  func testAMarkAnEditorSentIsItsFirstCharacter() throws {
    let document = OpenDocument(uri: "file:///p/screens/home.json", path: "/p/screens/home.json", version: 1, text: "\u{FEFF}[1]")
    XCTAssertEqual(document.lines.position(of: 3), TextPosition(line: 0, character: 1))
    let removal: JSONObject = [
      "text": "", "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]] as JSONObject,
    ]
    document.apply(try ContentChange(removal))
    XCTAssertEqual(document.bytes, Array("[1]".utf8))
  }

  /// A finding in a marked `zlc.json` read from disk is at the column `zlc check` gives it.
  func testAFindingInAMarkedFileIsWhereZlcCheckPutsIt() throws {
    let project = try emptyProject()
    try writeMarked(#"{"app": "Riverflix", "bogus_key": 1}"#, "zlc.json", in: project)
    let home = try write(
      #"[{"id": "home", "type": "general_content", "home": true, "ui_components": []}]"#, "screens/home.json", in: project)
    let (_, status, messages) = try serve(try session(rootedAt: project, [try didOpen(home), checked(home)]))
    XCTAssertEqual(status, 0)
    let settings = FileURI.uri(project.appendingPathComponent("zlc.json").path)
    let published = try XCTUnwrap(
      messages.last {
        $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? JSONObject)?["uri"] as? String == settings
      })
    let diagnostics = try XCTUnwrap((published["params"] as? JSONObject)?["diagnostics"] as? [JSONObject])
    let unknown = try XCTUnwrap(diagnostics.first { $0["code"] as? String == "ZL0204" }, "\(diagnostics)")
    XCTAssertEqual(range(["uri": settings, "range": unknown["range"] as Any]), "zlc.json 0:21-0:32")
    XCTAssertTrue((unknown["message"] as? String)?.contains("bogus_key") == true, "\(unknown)")
  }

  /// A marked screens file on disk: the definition of a screen in it and the references to it.
  func testDefinitionAndReferencesInAMarkedFileAreWhereTheEditorShowsThem() throws {
    let project = try emptyProject()
    let kidsText =
      #"[{"id": "kids", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "kids"}}]}]"#
    try writeMarked(kidsText, "screens/kids.json", in: project)
    let homeText = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "kids"}}]}]

      """#
    let home = try write(homeText, "screens/home.json", in: project)
    let uri = FileURI.uri(home.path)
    let at = try position(of: #""target": "kids""#, in: homeText, delta: 12)
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(home),
          ["id": "definition", "method": "textDocument/definition", "params": ["textDocument": ["uri": uri], "position": at]],
          [
            "id": "references", "method": "textDocument/references",
            "params": ["textDocument": ["uri": uri], "position": at, "context": ["includeDeclaration": true]],
          ],
        ]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(range(try answer("definition", in: messages)["result"] as? JSONObject), "kids.json 0:8-0:14")
    let references = try XCTUnwrap(try answer("references", in: messages)["result"] as? [JSONObject])
    XCTAssertEqual(
      references.map(range).sorted(),
      [try span(#""kids"}"#, in: homeText, of: "home.json"), "kids.json 0:8-0:14", try span(#""kids"}"#, in: kidsText, of: "kids.json")]
        .sorted())
  }

  /// Declaring a data type in a marked `zlc.json` read from disk: the edit, applied to the text an
  /// editor holds (without the mark), adds the key and keeps the file valid JSON.
  func testDeclaringADataTypeInAMarkedSettingsFileKeepsItValid() throws {
    let project = try emptyProject()
    let settingsText = #"{"app": "Riverflix"}"#
    try writeMarked(settingsText, "zlc.json", in: project)
    let homeText = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "MY_FEED"}}]}]

      """#
    let home = try write(homeText, "screens/home.json", in: project)
    let uri = FileURI.uri(home.path)
    let lines: JSONObject = ["start": ["line": 0, "character": 0], "end": ["line": 3, "character": 0]]
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(home),
          [
            "id": "actions", "method": "textDocument/codeAction",
            "params": ["textDocument": ["uri": uri], "range": lines, "context": ["diagnostics": []]],
          ],
        ]))
    XCTAssertEqual(status, 0)
    let actions = try XCTUnwrap(try answer("actions", in: messages)["result"] as? [JSONObject])
    let declare = try XCTUnwrap(actions.first { $0["title"] as? String == "Declare data type 'MY_FEED' in zlc.json" }, "\(actions)")
    let changes = try XCTUnwrap((declare["edit"] as? JSONObject)?["changes"] as? [String: [JSONObject]])
    let edits = try XCTUnwrap(changes[FileURI.uri(project.appendingPathComponent("zlc.json").path)])
    XCTAssertEqual(edits.count, 1)
    XCTAssertEqual(range(["uri": "zlc.json", "range": edits[0]["range"] as Any]), "zlc.json 0:19-0:19")
    XCTAssertEqual(edits[0]["newText"] as? String, ",\n  \"data_types\": [\"MY_FEED\"]")
    let edited = try applying(edits[0], to: settingsText)
    XCTAssertEqual(edited, "{\"app\": \"Riverflix\",\n  \"data_types\": [\"MY_FEED\"]}")
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(edited.utf8)) as? JSONObject)
    XCTAssertEqual(object["data_types"] as? [String], ["MY_FEED"])
  }
}
