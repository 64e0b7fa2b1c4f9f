import Foundation
import XCTest

@testable import ZappLanguageServer

/// Quick fixes hold back what `zlc check --fix` holds back: a fix-it whose suggestion may be
/// wrong while a file that defines names, or a screens file, has errors is not preferred.
final class QuickFixTests: XCTestCase {
  /// The quick fixes offered over the whole of an open file: title, preferred, the new text, and
  /// the range it replaces (start line and character, end line and character).
  func quickFixes(in file: URL, of project: URL) throws -> [(title: String, preferred: Bool, newText: String, range: [Int])] {
    let uri = FileURI.uri(file.path)
    let range: JSONObject = ["start": ["line": 0, "character": 0], "end": ["line": 1000, "character": 0]]
    let input = try session(
      rootedAt: project,
      [
        try didOpen(file),
        [
          "id": "actions", "method": "textDocument/codeAction",
          "params": ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]],
        ],
      ])
    let (_, status, messages) = try serve(input)
    XCTAssertEqual(status, 0)
    let actions = try XCTUnwrap(try answer("actions", in: messages)["result"] as? [JSONObject])
    return try actions.map { action in
      let changes = try XCTUnwrap((action["edit"] as? JSONObject)?["changes"] as? [String: [JSONObject]])
      let edit = try XCTUnwrap(changes[uri]?.first)
      let range = try XCTUnwrap(edit["range"] as? JSONObject)
      let ends = try ["start", "end"].map { try XCTUnwrap(range[$0] as? JSONObject) }
      return (
        try XCTUnwrap(action["title"] as? String), action["isPreferred"] as? Bool ?? false, edit["newText"] as? String ?? "",
        ends.flatMap { [$0["line"] as? Int ?? -1, $0["character"] as? Int ?? -1] }
      )
    }
  }

  /// A trailing comma's fix deletes it, and is titled so; it waits for nothing.
  func testATrailingCommaIsRemoved() throws {
    let project = try emptyProject()
    let home = try write(
      #"[{"id":"home","type":"general_content","home":true,"ui_components":[],}]"#, "screens/home.json", in: project)
    let fixes = try quickFixes(in: home, of: project)
    XCTAssertEqual(fixes.map(\.title), ["Remove ','"])
    XCTAssertEqual(fixes.map(\.preferred), [true])
    XCTAssertEqual(fixes.map(\.newText), [""])
    XCTAssertEqual(fixes.map(\.range), [[0, 69, 0, 70]])
  }

  /// A cell style's did-you-mean waits while the family defining the styles has an error: the
  /// misspelt `nme` may hide the very style named.
  func testAFixItWaitingForAFamilysErrorsIsNotPreferred() throws {
    let project = try emptyProject()
    let family = """
      <Family name="F">
       <Component type="grid">
        <Cell nme="POSTER" layoutId="p" cellHeight="90"/>
        <Cell name="POSTRE" layoutId="p2" cellHeight="90"/>
       </Component>
      </Family>

      """
    try write(family, "families/f.xml", in: project)
    let home = try write(
      #"[{"id":"home","type":"general_content","home":true,"styles":{"family":"F"},"ui_components":[{"component_type":"grid","data":{"source":"1","type":"APPLICASTER_COLLECTION"},"styles":{"cell_styles":["POSTER"]}}]}]"#,
      "screens/home.json", in: project)
    let fixes = try quickFixes(in: home, of: project)
    XCTAssertEqual(fixes.map(\.title), ["Change to 'POSTRE' (unsure while 'families/f.xml' has errors)"])
    XCTAssertEqual(fixes.map(\.preferred), [false])
    XCTAssertEqual(fixes.map(\.newText), [#""POSTRE""#])

    // With the family read whole, the same kind of fix-it is preferred.
    try write(family.replacingOccurrences(of: "nme=", with: "name="), "families/f.xml", in: project)
    try write(
      #"[{"id":"home","type":"general_content","home":true,"styles":{"family":"F"},"ui_components":[{"component_type":"grid","data":{"source":"1","type":"APPLICASTER_COLLECTION"},"styles":{"cell_styles":["POSTEER"]}}]}]"#,
      "screens/home.json", in: project)
    let ready = try quickFixes(in: home, of: project)
    XCTAssertEqual(ready.map(\.title), ["Change to 'POSTER'"])
    XCTAssertEqual(ready.map(\.preferred), [true])
  }

  /// While a screens file does not give every screen's id (`idd` for `id`), a reference to a
  /// screen is not renamed to the closest id: the screen it names may be the one without an id.
  func testAScreenReferenceFixWaitingForAScreenWithoutIDIsNotPreferred() throws {
    let project = try emptyProject()
    try write(#"[{"idd": "detail", "type": "general_content", "ui_components": []}]"#, "screens/detail.json", in: project)
    let home = try write(
      """
      [
        {"id": "home", "type": "general_content", "home": true, "ui_components": [
          {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "detail"}}
        ]},
        {"id": "detaill", "type": "general_content", "ui_components": []}
      ]

      """, "screens/home.json", in: project)
    let fixes = try quickFixes(in: home, of: project)
    XCTAssertEqual(fixes.map(\.title), ["Change to 'detaill' (unsure while 'screens/detail.json' has errors)"])
    XCTAssertEqual(fixes.map(\.preferred), [false])
    // The key's own fix-it, in the file that lacks the id, is preferred.
    let keyFixes = try quickFixes(in: project.appendingPathComponent("screens/detail.json"), of: project)
    XCTAssertEqual(keyFixes.map(\.title), ["Change to 'id'"])
    XCTAssertEqual(keyFixes.map(\.preferred), [true])
  }

  /// A misspelled navigation type and nav item type each have a preferred quick fix that puts
  /// back the known name.
  func testMisspelledNavigationNamesHaveQuickFixes() throws {
    let project = try emptyProject()
    let home = try write(
      """
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [],
        "navigations": [{"category": "menu", "navigation_type": "TwoLeveRNMenu", "nav_items": [{"title": "Home", "type": "lable"}]}]}]

      """, "screens/home.json", in: project)
    let fixes = try quickFixes(in: home, of: project)
    XCTAssertEqual(fixes.map(\.title), ["Change to 'TwoLevelRNMenu'", "Change to 'label'"])
    XCTAssertEqual(fixes.map(\.preferred), [true, true])
    XCTAssertEqual(fixes.map(\.newText), [#""TwoLevelRNMenu""#, #""label""#])
  }

  /// A quick fix's range is in the editor's columns (UTF-16 code units) on the line the editor
  /// counts: after a CRLF line end, an emoji (two units, four bytes) and a combining accent (one
  /// unit, two bytes), it covers the misspelled value exactly.
  func testAQuickFixAfterAnEmojiAndAnAccentCoversTheValue() throws {
    let project = try emptyProject()
    let before = "  \"name\": \"H\u{1F600}e\u{301}\", \"ui_components\": [{\"component_type\": "
    let home = try write(
      "[{\"id\": \"home\", \"type\": \"general_content\", \"home\": true,\r\n" + before
        + #""gird", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}]"# + "\r\n", "screens/home.json", in: project)
    let fixes = try quickFixes(in: home, of: project)
    XCTAssertEqual(fixes.map(\.title), ["Change to 'grid'"])
    XCTAssertEqual(fixes.map(\.newText), [#""grid""#])
    let column = before.utf16.count
    XCTAssertEqual(column, before.unicodeScalars.count + 1, "the emoji is two units")
    XCTAssertEqual(fixes.map(\.range), [[1, column, 1, column + #""gird""#.utf16.count]])
  }

  /// A family XML file's quick fix names the value it writes as the file reads it: entities
  /// decoded (`&amp;` is `&`), without its quotes, single ones included. Its range is in UTF-16
  /// units after an emoji and accented letters, and it replaces the value in its own quotes.
  func testAnXMLQuickFixIsTitledWithTheValueItWrites() throws {
    let project = try emptyProject()
    try write(
      #"[{"id":"home","type":"general_content","home":true,"styles":{"family":"FAMILY_1"},"ui_components":[]}]"#,
      "screens/home.json", in: project)
    let first = "<Cell name=\"L\" title=\"\u{D1}and\u{FA} \u{1F600}\" layoutId="
    let second = "<Cell name=\"M\" title='e\u{301}' layoutId="
    let family = try write(
      "<Family name=\"F\"><Components><Component type=\"list\">\n" + first + #""&#32;cell&amp;1 " cellHeight="90"/>"# + "\n"
        + second + "' cell_2\t' cellHeight=\"90\"/>\n</Component></Components></Family>\n", "families/f.xml", in: project)
    let fixes = try quickFixes(in: family, of: project)
    XCTAssertEqual(fixes.map(\.title), ["Change to 'cell&1'", "Change to 'cell_2'"])
    XCTAssertEqual(fixes.map(\.preferred), [true, true])
    XCTAssertEqual(fixes.map(\.newText), [#""cell&amp;1""#, "'cell_2'"])
    let (a, b) = (first.utf16.count, second.utf16.count)
    XCTAssertEqual(a, first.unicodeScalars.count + 1, "the emoji is two units")
    XCTAssertEqual(
      fixes.map(\.range), [[1, a, 1, a + #""&#32;cell&amp;1 ""#.utf16.count], [2, b, 2, b + "' cell_2\t'".utf16.count]])
  }
}
