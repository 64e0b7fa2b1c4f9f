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

  /// The position of the `occurrence`-th `needle` in `text`, moved by `delta` characters (ASCII text).
  func position(of needle: String, in text: String, occurrence: Int = 0, delta: Int = 0) throws -> JSONObject {
    var from = text.startIndex
    var found: Range<String.Index>?
    for _ in 0...occurrence {
      found = text.range(of: needle, range: from..<text.endIndex)
      from = try XCTUnwrap(found).upperBound
    }
    let start = text.distance(from: text.startIndex, to: try XCTUnwrap(found).lowerBound) + delta
    let before = text.prefix(start)
    let line = before.filter { $0 == "\n" }.count
    let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0)
    return ["line": line, "character": column]
  }

  func range(_ location: JSONObject?) -> String {
    let range = location?["range"] as? JSONObject
    let start = range?["start"] as? JSONObject
    let end = range?["end"] as? JSONObject
    let file = (location?["uri"] as? String).map { ($0 as NSString).lastPathComponent } ?? "?"
    return "\(file) \(start?["line"] ?? "?"):\(start?["character"] ?? "?")-\(end?["line"] ?? "?"):\(end?["character"] ?? "?")"
  }

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
}
