import Foundation
import XCTest

@testable import ZappLanguageServer

/// The quick fix that declares an unknown data source type edits the settings file the project
/// reads, whatever its case, and creates one only for a client that can create files.
final class DeclareDataTypeTests: XCTestCase {
  static let home = #"""
    [{"id": "home", "type": "general_content", "home": true, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "MY_FEED"}}]}]

    """#

  /// A project folder without a settings file.
  func bareProject() throws -> URL {
    let project = try emptyProject()
    try FileManager.default.removeItem(at: project.appendingPathComponent("zlc.json"))
    return project
  }

  /// The titles of the declaring actions among `actions`.
  func declaring(_ actions: [JSONObject]) -> [String] {
    actions.compactMap { $0["title"] as? String }.filter { $0.hasPrefix("Declare data type") }
  }

  /// The actions offered over the whole of the home screen of `project`.
  func actions(in project: URL, capabilities: JSONObject = [:]) throws -> [JSONObject] {
    let home = try write(Self.home, "screens/home.json", in: project)
    let lines: JSONObject = ["start": ["line": 0, "character": 0], "end": ["line": 3, "character": 0]]
    let input = try session(
      rootedAt: project, capabilities: capabilities,
      [
        try didOpen(home),
        [
          "id": "actions", "method": "textDocument/codeAction",
          "params": ["textDocument": ["uri": FileURI.uri(home.path)], "range": lines, "context": ["diagnostics": []]],
        ],
      ])
    let (_, status, messages) = try serve(input)
    XCTAssertEqual(status, 0)
    return try XCTUnwrap(try answer("actions", in: messages)["result"] as? [JSONObject])
  }

  /// A settings file spelled `ZLC.json` is the one the project reads: the fix adds the type there
  /// instead of creating a `zlc.json` beside it (which would be a second settings file).
  func testTheFixEditsASettingsFileSpelledInCapitals() throws {
    let project = try bareProject()
    _ = try write(#"{"app": "Riverflix"}"#, "ZLC.json", in: project)
    let actions = try actions(in: project)
    let declare = try XCTUnwrap(actions.first { $0["title"] as? String == "Declare data type 'MY_FEED' in ZLC.json" }, "\(actions)")
    let edit = try XCTUnwrap(declare["edit"] as? JSONObject)
    XCTAssertNil(edit["documentChanges"])
    let changes = try XCTUnwrap(edit["changes"] as? [String: [JSONObject]])
    XCTAssertEqual(Array(changes.keys), [FileURI.uri(project.appendingPathComponent("ZLC.json").path)])
    XCTAssertEqual(changes.values.first?.first?["newText"] as? String, ",\n  \"data_types\": [\"MY_FEED\"]")
  }

  /// A settings file written with `\r\n` line breaks gets its new line with `\r\n` too, not a
  /// bare `\n` that would mix the file's line endings; an empty object gets both its lines so.
  func testTheFixWritesTheSettingsFilesOwnLineBreaks() throws {
    for (settings, expected) in [
      ("{\r\n  \"app\": \"Riverflix\"\r\n}\r\n", ",\r\n  \"data_types\": [\"MY_FEED\"]"),
      ("{\r\n}\r\n", "\r\n  \"data_types\": [\"MY_FEED\"]\r\n"),
      ("{\"app\": \"Riverflix\"}", ",\n  \"data_types\": [\"MY_FEED\"]"),
    ] {
      let project = try bareProject()
      _ = try write(settings, "zlc.json", in: project)
      let actions = try actions(in: project)
      let declare = try XCTUnwrap(actions.first { $0["title"] as? String == "Declare data type 'MY_FEED' in zlc.json" }, "\(actions)")
      let changes = try XCTUnwrap((declare["edit"] as? JSONObject)?["changes"] as? [String: [JSONObject]])
      XCTAssertEqual(changes.values.first?.first?["newText"] as? String, expected, settings)
    }
  }

  /// Without a settings file, the fix creates `zlc.json` only for a client that declares it
  /// applies `documentChanges` with a `create` operation; a client that does not is offered none.
  func testTheFixCreatesTheSettingsFileOnlyForAClientThatCanCreateFiles() throws {
    XCTAssertEqual(declaring(try actions(in: try bareProject())), [])
    let renames: JSONObject = ["workspace": ["workspaceEdit": ["documentChanges": true, "resourceOperations": ["rename"]]]]
    XCTAssertEqual(declaring(try actions(in: try bareProject(), capabilities: renames)), [])
    let creates: JSONObject = ["workspace": ["workspaceEdit": ["documentChanges": true, "resourceOperations": ["create", "rename"]]]]
    let actions = try actions(in: try bareProject(), capabilities: creates)
    let declare = try XCTUnwrap(actions.first { $0["title"] as? String == "Declare data type 'MY_FEED' in zlc.json" }, "\(actions)")
    let changes = try XCTUnwrap((declare["edit"] as? JSONObject)?["documentChanges"] as? [JSONObject])
    XCTAssertEqual(changes.first?["kind"] as? String, "create")
    let text = try XCTUnwrap((changes.last?["edits"] as? [JSONObject])?.first?["newText"] as? String)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? JSONObject)
    XCTAssertEqual(object["data_types"] as? [String], ["MY_FEED"])
  }

  /// A settings file zlc does not read cleanly gets no edit: one with `data_types` twice (zlc reads
  /// the first; the edit went to the second, and the type stayed unknown), or a trailing comma
  /// (the edit kept the file broken). Clean, the same list gets the type.
  func testNoFixForASettingsFileThatDoesNotReadCleanly() throws {
    for settings in [#"{"data_types": ["X_T"], "data_types": ["Y_T"]}"#, #"{"data_types": ["A",]}"#] {
      let project = try bareProject()
      _ = try write(settings, "zlc.json", in: project)
      XCTAssertEqual(declaring(try actions(in: project)), [], settings)
    }
    let project = try bareProject()
    _ = try write(#"{"data_types": ["A"]}"#, "zlc.json", in: project)
    let actions = try actions(in: project)
    let declare = try XCTUnwrap(actions.first { $0["title"] as? String == "Declare data type 'MY_FEED' in zlc.json" }, "\(actions)")
    let changes = try XCTUnwrap((declare["edit"] as? JSONObject)?["changes"] as? [String: [JSONObject]])
    XCTAssertEqual(changes.values.first?.first?["newText"] as? String, #", "MY_FEED""#)
  }
}
