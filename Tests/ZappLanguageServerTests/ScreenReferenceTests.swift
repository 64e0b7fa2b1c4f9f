import Foundation
import XCTest

@testable import ZappLanguageServer

/// Definition and references of screens count every place that opens one, as the checker does
/// (ZL0307, ZL0409): hooks' `screen_id`s and Quick Brick's `{"screen_id": …}` mappings among them.
final class ScreenReferenceTests: XCTestCase {
  let home = """
    [
      {"id": "home", "type": "general_content", "home": true, "ui_components": [],
       "hooks": {"preload_plugins": [{"identifier": "age_gate", "screen_id": "gate"}]}},
      {"id": "gate", "type": "general_content", "ui_components": []}
    ]

    """
  let mappings = #"{"content_types": {"video": {"screen_id": "gate"}}}"# + "\n"

  func testAHooksScreenIDIsAReferenceToItsScreen() throws {
    let project = try emptyProject()
    let file = try write(home, "screens/home.json", in: project)
    try write(mappings, "screen_types.json", in: project)
    let uri = FileURI.uri(file.path)
    let hookTarget = try position(of: #""screen_id": "gate""#, in: home, delta: 14)
    let gateID = try position(of: #""id": "gate""#, in: home, delta: 7)
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file),
          [
            "id": "definition", "method": "textDocument/definition",
            "params": ["textDocument": ["uri": uri], "position": hookTarget],
          ],
          [
            "id": "references", "method": "textDocument/references",
            "params": ["textDocument": ["uri": uri], "position": gateID, "context": ["includeDeclaration": false]],
          ],
          [
            "id": "from the hook", "method": "textDocument/references",
            "params": ["textDocument": ["uri": uri], "position": hookTarget, "context": ["includeDeclaration": true]],
          ],
        ]))
    XCTAssertEqual(status, 0)
    // `"gate"` of the screen's id: line 3, from column 9 to 15.
    XCTAssertEqual(range(try answer("definition", in: messages)["result"] as? JSONObject), "home.json 3:9-3:15")
    let references = try XCTUnwrap(try answer("references", in: messages)["result"] as? [JSONObject])
    XCTAssertEqual(references.map(range), ["home.json 2:73-2:79", "screen_types.json 0:42-0:48"])
    let fromHook = try XCTUnwrap(try answer("from the hook", in: messages)["result"] as? [JSONObject])
    XCTAssertEqual(fromHook.map(range), ["home.json 3:9-3:15", "home.json 2:73-2:79", "screen_types.json 0:42-0:48"])
  }

  func testAContentTypesScreenIDLeadsToItsScreen() throws {
    let project = try emptyProject()
    try write(home, "screens/home.json", in: project)
    let file = try write(mappings, "screen_types.json", in: project)
    let (_, _, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file),
          [
            "id": "definition", "method": "textDocument/definition",
            "params": [
              "textDocument": ["uri": FileURI.uri(file.path)], "position": try position(of: "\"gate\"", in: mappings, delta: 1),
            ],
          ],
        ]))
    XCTAssertEqual(range(try answer("definition", in: messages)["result"] as? JSONObject), "home.json 3:9-3:15")
  }

  /// A plugin's `screen_selector` value names a screen as a target does: it leads to the screen,
  /// and is among the screen's references; a text field holding the same id is not.
  func testAScreenSelectorValueIsAReferenceToItsScreen() throws {
    let manifest = """
      {"identifier": "my_login", "type": "login", "screen": true, "general": {"fields": [
        {"key": "post_login_screen", "type": "screen_selector"}, {"key": "title", "type": "text_input"}]}}

      """
    let screens = """
      [
        {"id": "home", "type": "general_content", "home": true, "ui_components": []},
        {"id": "login", "type": "my_login", "general": {"post_login_screen": "gate", "title": "gate"}, "ui_components": []},
        {"id": "gate", "type": "general_content", "ui_components": []}
      ]

      """
    let project = try emptyProject()
    try write(manifest, "components/login.json", in: project)
    let file = try write(screens, "screens/home.json", in: project)
    let uri = FileURI.uri(file.path)
    let selected = try position(of: #""post_login_screen": "gate""#, in: screens, delta: 22)
    let title = try position(of: #""title": "gate""#, in: screens, delta: 10)
    let gateID = try position(of: #""id": "gate""#, in: screens, delta: 7)
    func request(_ id: String, _ method: String, _ position: JSONObject) -> JSONObject {
      positionRequest(id, method, uri: uri, position)
    }
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file), request("definition", "textDocument/definition", selected),
          request("title", "textDocument/definition", title), request("references", "textDocument/references", gateID),
        ]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(range(try answer("definition", in: messages)["result"] as? JSONObject), "home.json 3:9-3:15")
    XCTAssertNil(try answer("title", in: messages)["result"] as? JSONObject)
    let references = try XCTUnwrap(try answer("references", in: messages)["result"] as? [JSONObject])
    XCTAssertEqual(references.map(range), ["home.json 2:71-2:77"])
  }

  /// A `screen_selector` field of `styles` leads to its screen; one of `localizations` does not:
  /// its values are texts per language, no bundle holds them as screen ids (the checker and the
  /// references leave them out too).
  func testALocalizationsValueIsNoScreenReference() throws {
    let manifest = """
      {"identifier": "my_login", "type": "login", "screen": true,
       "styles": {"fields": [{"key": "next_screen", "type": "screen_selector"}]},
       "localizations": {"fields": [{"key": "help_screen", "type": "screen_selector"}]}}

      """
    let screens = """
      [
        {"id": "home", "type": "general_content", "home": true, "ui_components": []},
        {"id": "login", "type": "my_login", "styles": {"next_screen": "gate"}, "localizations": {"en": {"help_screen": "gate"}}, "ui_components": []},
        {"id": "gate", "type": "general_content", "ui_components": []}
      ]

      """
    let project = try emptyProject()
    try write(manifest, "components/login.json", in: project)
    let file = try write(screens, "screens/home.json", in: project)
    let uri = FileURI.uri(file.path)
    func request(_ id: String, _ method: String, _ position: JSONObject) -> JSONObject {
      positionRequest(id, method, uri: uri, position)
    }
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file),
          request("styles", "textDocument/definition", try position(of: #""next_screen": "gate""#, in: screens, delta: 16)),
          request("localizations", "textDocument/definition", try position(of: #""help_screen": "gate""#, in: screens, delta: 16)),
          request("references", "textDocument/references", try position(of: #""id": "gate""#, in: screens, delta: 7)),
        ]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(range(try answer("styles", in: messages)["result"] as? JSONObject), "home.json 3:9-3:15")
    XCTAssertNil(try answer("localizations", in: messages)["result"] as? JSONObject)
    let references = try XCTUnwrap(try answer("references", in: messages)["result"] as? [JSONObject])
    XCTAssertEqual(references.map(range), ["home.json 2:64-2:70"])
  }

  /// A target names a screen by its id alone, as the checker reads it (ZL0307): a screen's name
  /// there leads nowhere, is none of the screen's references and is not offered; a
  /// `screen_types.json` mapping may name it by its unique name, and is offered the name.
  func testATargetNamesAScreenByItsIDAloneAndAMappingByItsNameToo() throws {
    let screens = """
      [
        {"id": "home", "type": "general_content", "home": true, "ui_components": [
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "Show"}},
          {"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION", "target": "show"}}]},
        {"id": "show", "name": "Show", "type": "general_content", "ui_components": []}
      ]

      """
    let mapping = #"{"screen_types": {"series": "Show"}}"# + "\n"
    let project = try emptyProject()
    let file = try write(screens, "screens/home.json", in: project)
    let types = try write(mapping, "screen_types.json", in: project)
    let uri = FileURI.uri(file.path)
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file), try didOpen(types),
          positionRequest("by name", "textDocument/definition", uri: uri, try position(of: #""target": "Show""#, in: screens, delta: 11)),
          positionRequest("by id", "textDocument/definition", uri: uri, try position(of: #""target": "show""#, in: screens, delta: 11)),
          positionRequest("references", "textDocument/references", uri: uri, try position(of: #""id": "show""#, in: screens, delta: 7)),
          positionRequest(
            "target items", "textDocument/completion", uri: uri, try position(of: #""target": "show""#, in: screens, delta: 11)),
          positionRequest(
            "mapping items", "textDocument/completion", uri: FileURI.uri(types.path), try position(of: #""Show""#, in: mapping, delta: 1)),
        ]))
    XCTAssertEqual(status, 0)
    XCTAssertNil(try answer("by name", in: messages)["result"] as? JSONObject)
    XCTAssertEqual(range(try answer("by id", in: messages)["result"] as? JSONObject), "home.json 4:9-4:15")
    let references = try XCTUnwrap(try answer("references", in: messages)["result"] as? [JSONObject])
    XCTAssertEqual(references.map(range), ["home.json 3:99-3:105", "screen_types.json 0:28-0:34"])
    func labels(_ id: String) throws -> [String] {
      let items = try XCTUnwrap((try answer(id, in: messages)["result"] as? JSONObject)?["items"] as? [JSONObject])
      return items.compactMap { $0["label"] as? String }
    }
    XCTAssertEqual(try labels("target items").sorted(), ["home", "show"])
    XCTAssertEqual(try labels("mapping items").sorted(), ["Show", "home", "show"])
  }
}

/// A request `id` of `method` at `position` of the document `uri` (references leave the
/// declaration out).
private func positionRequest(_ id: String, _ method: String, uri: String, _ position: JSONObject) -> JSONObject {
  [
    "id": id, "method": method,
    "params": ["textDocument": ["uri": uri], "position": position, "context": ["includeDeclaration": false]],
  ]
}
