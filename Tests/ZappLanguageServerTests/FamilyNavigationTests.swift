import Foundation
import XCTest

@testable import ZappLanguageServer

/// Definition and references from a family file: a cell style's name to the components that pick
/// it, a display rule's `copyOf` to the rule it copies; and from a screen's cell style to its
/// definition and every component that picks it.
final class FamilyNavigationTests: XCTestCase {
  let family = """
    <Family name="STUDIO">
      <Components>
        <GridComponent name="GRID">
          <Cells>
            <Cell name="POSTER" layoutId="p" cellHeight="100">
              <DisplayRules>
                <DisplayRule type="ATOM_PLAYLIST"/>
                <DisplayRule type="ATOM_VIDEO" copyOf="ATOM_PLAYLIST"/>
                <DisplayRule type="ATOM_EPG" copyOf="ATOM_PLAYLIST"/>
                <DisplayRule type="ATOM_FEED" copyOf="MISSING"/>
              </DisplayRules>
            </Cell>
            <Cell name="WIDE" layoutId="w" cellHeight="50"/>
          </Cells>
          <Layouts><Layout name="ROW" kind="horizontal"/></Layouts>
        </GridComponent>
      </Components>
      <Headers><Header name="TITLE" height="40"/></Headers>
    </Family>

    """

  /// Two grids drawn with STUDIO (the screen's family, and their own), a list whose `POSTER` is no
  /// grid's, a grid of another family; a grid and a list naming the grid's layout `ROW` and the
  /// header style `TITLE` (a list's `ROW` is no grid's; a header style is any component's).
  let screens = """
    [
      {"id": "home", "type": "general_content", "home": true, "styles": {"family": "STUDIO"}, "ui_components": [
        {"component_type": "grid", "styles": {"cell_styles": ["POSTER", "WIDE"]}},
        {"component_type": "grid", "styles": {"family": "STUDIO", "cell_styles": ["WIDE", "POSTER"]}},
        {"component_type": "list", "styles": {"cell_styles": ["POSTER"]}},
        {"component_type": "grid", "styles": {"family": "OTHER", "cell_styles": ["POSTER"]}},
        {"component_type": "grid", "styles": {"layout": "ROW", "header": {"style": "TITLE"}, "footer": {"style": "TITLE", "visible": false}}},
        {"component_type": "list", "styles": {"layout": "ROW", "header": {"style": "TITLE"}}}
      ]}
    ]

    """

  let other = #"{"name": "OTHER", "components": [{"type": "grid", "cells": [{"name": "POSTER", "cellHeight": 10}]}]}"# + "\n"

  /// The answers to `requests` (id, method, the document's path, where the cursor is, whether
  /// references include the declaration), each as the ranges of its locations.
  func answers(_ requests: [(id: String, method: String, path: String, at: JSONObject, declaration: Bool)]) throws -> [String: [String]] {
    let project = try emptyProject()
    let familyFile = try write(family, "families/STUDIO.xml", in: project)
    let screensFile = try write(screens, "screens/home.json", in: project)
    let otherFile = try write(other, "families/OTHER.json", in: project)
    var body = [try didOpen(familyFile), try didOpen(screensFile), try didOpen(otherFile)]
    for request in requests {
      let uri = FileURI.uri(project.appendingPathComponent(request.path).path)
      body.append([
        "id": request.id, "method": request.method,
        "params": [
          "textDocument": ["uri": uri], "position": request.at, "context": ["includeDeclaration": request.declaration],
        ],
      ])
    }
    let (_, status, messages) = try serve(try session(rootedAt: project, body))
    XCTAssertEqual(status, 0)
    var found: [String: [String]] = [:]
    for request in requests {
      let result = try answer(request.id, in: messages)["result"]
      found[request.id] = ((result as? [JSONObject]) ?? (result as? JSONObject).map { [$0] } ?? []).map(range)
    }
    return found
  }

  func testACellStylesNameLeadsToTheComponentsThatPickIt() throws {
    let poster = try position(of: #""POSTER""#, in: family, delta: 3)
    let found = try answers([
      ("with", "textDocument/references", "families/STUDIO.xml", poster, true),
      ("without", "textDocument/references", "families/STUDIO.xml", poster, false),
      ("wide", "textDocument/references", "families/STUDIO.xml", try position(of: #""WIDE""#, in: family, delta: 1), false),
      ("layout id", "textDocument/references", "families/STUDIO.xml", try position(of: #""p""#, in: family, delta: 1), true),
    ])
    // The two grids drawn with STUDIO: not the list, nor the grid of OTHER.
    XCTAssertEqual(found["without"], ["home.json 2:58-2:66", "home.json 3:86-3:94"])
    XCTAssertEqual(found["with"], ["STUDIO.xml 4:19-4:27", "home.json 2:58-2:66", "home.json 3:86-3:94"])
    XCTAssertEqual(found["wide"], ["home.json 2:68-2:74", "home.json 3:78-3:84"])
    XCTAssertEqual(found["layout id"], [], "a layoutId is the client's")
  }

  func testAScreensCellStyleLeadsToItsDefinitionAndEveryComponentThatPicksIt() throws {
    let wide = try position(of: #""WIDE""#, in: screens, delta: 2)
    let found = try answers([
      ("definition", "textDocument/definition", "screens/home.json", wide, true),
      ("references", "textDocument/references", "screens/home.json", wide, true),
      ("other", "textDocument/references", "screens/home.json", try position(of: #""POSTER""#, in: screens, occurrence: 3, delta: 2), true),
    ])
    XCTAssertEqual(found["definition"], ["STUDIO.xml 12:19-12:25"])
    XCTAssertEqual(found["references"], ["STUDIO.xml 12:19-12:25", "home.json 2:68-2:74", "home.json 3:78-3:84"])
    XCTAssertEqual(found["other"], ["OTHER.json 0:69-0:77", "home.json 5:77-5:85"], "OTHER's POSTER is another style")
  }

  func testAJSONFamilysCellNameLeadsToTheComponentsThatPickIt() throws {
    let poster = try position(of: #""POSTER""#, in: other, delta: 2)
    let found = try answers([
      ("uses", "textDocument/references", "families/OTHER.json", poster, false),
      ("key", "textDocument/references", "families/OTHER.json", try position(of: #""name": "POSTER""#, in: other, delta: 2), true),
    ])
    XCTAssertEqual(found["uses"], ["home.json 5:77-5:85"])
    XCTAssertEqual(found["key"], [], "on the key, not the name")
  }

  func testALayoutOrAHeaderStylesNameLeadsToTheComponentsThatPickIt() throws {
    let found = try answers([
      ("layout", "textDocument/references", "families/STUDIO.xml", try position(of: #""ROW""#, in: family, delta: 1), true),
      ("header", "textDocument/references", "families/STUDIO.xml", try position(of: #""TITLE""#, in: family, delta: 1), false),
      ("from the screen", "textDocument/references", "screens/home.json", try position(of: #""TITLE""#, in: screens, delta: 1), true),
      (
        "from a list", "textDocument/references", "screens/home.json", try position(of: #""ROW""#, in: screens, occurrence: 1, delta: 1),
        true
      ),
    ])
    XCTAssertEqual(found["layout"], ["STUDIO.xml 14:28-14:33", "home.json 6:52-6:57"], "the grid's, not the list's")
    XCTAssertEqual(
      found["header"], ["home.json 6:79-6:86", "home.json 6:109-6:116", "home.json 7:79-7:86"], "a hidden footer names it too")
    XCTAssertEqual(
      found["from the screen"], ["STUDIO.xml 17:24-17:31", "home.json 6:79-6:86", "home.json 6:109-6:116", "home.json 7:79-7:86"])
    XCTAssertEqual(found["from a list"], ["home.json 7:52-7:57"], "STUDIO defines no list layout: the list's own use alone, not the grid's")
  }

  func testACopyOfLeadsToTheRuleItCopies() throws {
    let copyOf = try position(of: #"copyOf="ATOM_PLAYLIST""#, in: family, delta: 10)
    let playlist = try position(of: #"type="ATOM_PLAYLIST""#, in: family, delta: 8)
    let found = try answers([
      ("definition", "textDocument/definition", "families/STUDIO.xml", copyOf, true),
      ("missing", "textDocument/definition", "families/STUDIO.xml", try position(of: "MISSING", in: family, delta: 2), true),
      ("type", "textDocument/definition", "families/STUDIO.xml", playlist, true),
      ("copies", "textDocument/references", "families/STUDIO.xml", playlist, true),
      ("copies only", "textDocument/references", "families/STUDIO.xml", playlist, false),
    ])
    XCTAssertEqual(found["definition"], ["STUDIO.xml 6:30-6:45"])
    XCTAssertEqual(found["missing"], [], "no rule of that type")
    XCTAssertEqual(found["type"], [], "a rule's type is its own definition")
    XCTAssertEqual(found["copies"], ["STUDIO.xml 6:30-6:45", "STUDIO.xml 7:50-7:65", "STUDIO.xml 8:48-8:63"])
    XCTAssertEqual(found["copies only"], ["STUDIO.xml 7:50-7:65", "STUDIO.xml 8:48-8:63"])
  }
}
