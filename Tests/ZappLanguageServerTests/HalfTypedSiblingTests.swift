import Foundation
import XCTest

@testable import ZappLanguageServer

/// A string left unterminated takes the rest of its line, closers too: the component it is typed
/// in is read without the closer the string took, and the components after it stay its siblings.
final class HalfTypedSiblingTests: XCTestCase {
  /// A hero whose cell style is being typed (the string takes the styles' closer), then a grid.
  let screens = """
    [{"id": "shows", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [
        {
          "id": "shows-featured",
          "component_type": "hero",
          "data": {"source": "4100", "type": "APPLICASTER_COLLECTION"},
          "styles": {"layout": "HERO_2", "cell_styles": ["HE }
        },
        {
          "id": "shows-all",
          "component_type": "grid",
          "data": {"source": "4101", "type": "APPLICASTER_CATEGORY"},
          "styles": {"cell_styles": ["GRID_2"]}
        }
      ]}]

    """

  func testTheComponentAfterAnUnterminatedStringIsItsSibling() throws {
    let bytes = Array(screens.utf8)
    let root = try XCTUnwrap(LooseJSON.parse(bytes))
    let components = try XCTUnwrap(root.elements.first?["ui_components"])
    XCTAssertEqual(components.elements.map { $0.string("id") }, ["shows-featured", "shows-all"])
    XCTAssertEqual(components.elements.map { $0.string("component_type") }, ["hero", "grid"])
    let hero = components.elements[0]
    XCTAssertEqual(hero.members.map(\.key.text), ["id", "component_type", "data", "styles"])
    XCTAssertEqual(hero["styles"]?["cell_styles"]?.elements.map(\.text), ["HE }"])
    // A place in the grid is the grid's, not the hero's left open before it.
    let grid = try XCTUnwrap(screens.range(of: #""GRID_2""#)).lowerBound.utf16Offset(in: screens) + 2
    XCTAssertTrue(root.innermost(at: grid)?.parent?.parent?.parent === components.elements.last)
    XCTAssertEqual(root.innermost(at: grid)?.parent?.parent?.parent?.string("id"), "shows-all")
  }

  /// A family of the project's own, whose cells have a place to go to.
  let family = """
    <Family name="F">
     <Component type="hero">
      <Cell name="HERO_A" layoutId="h1" cellHeight="200"/>
      <Cell name="HERO_B" layoutId="h2" cellHeight="200"/>
     </Component>
     <Component type="grid">
      <Cell name="GRID_A" layoutId="g1" cellHeight="90"/>
     </Component>
    </Family>

    """

  /// Definition, hover and completion in a hero whose second cell style is being typed, a grid
  /// after it.
  func testDefinitionAndHoverInTheComponentOfAnUnterminatedString() throws {
    let typed = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"},
        "ui_components": [
          {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
            "styles": {"cell_styles": ["HERO_A", "HE }
          },
          {"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"},
            "styles": {"cell_styles": ["GRID_A"]}}]}]

      """
    let files = ["families/f.xml": family]
    let heroA = try position(of: #""HERO_A""#, in: typed, delta: 2)
    let definition = try result(of: "textDocument/definition", at: heroA, in: typed, platforms: ["ios"], files: files)
    XCTAssertEqual(range(definition as? JSONObject), "f.xml 2:13-2:21")
    let gridA = try position(of: #""GRID_A""#, in: typed, delta: 2)
    let gridDefinition = try result(of: "textDocument/definition", at: gridA, in: typed, platforms: ["ios"], files: files)
    XCTAssertEqual(range(gridDefinition as? JSONObject), "f.xml 6:13-6:21")
    XCTAssertEqual(try completionLabels(in: typed, after: #""HE"#, platforms: ["ios"], files: files), ["HERO_A", "HERO_B"])
    // Hover on the hero's keys: their descriptions as a component's.
    let key = try position(of: #""cell_styles""#, in: typed, delta: 2)
    let hover = try result(of: "textDocument/hover", at: key, in: typed, platforms: ["ios"], files: files)
    let text = try XCTUnwrap(((hover as? JSONObject)?["contents"] as? JSONObject)?["value"] as? String)
    XCTAssertTrue(text.hasPrefix("**cell_styles** (array of string)"), text)
  }

  /// In a root object, a stray container is passed over: the members after it are still read.
  func testAStrayContainerInARootObjectIsPassedOver() throws {
    let root = try XCTUnwrap(LooseJSON.parse(Array(#"{"a": 1, {"b": 2}, ["c"], "d": 3}"#.utf8)))
    XCTAssertEqual(root.members.map(\.key.text), ["a", "d"])
    XCTAssertTrue(root.closed)
  }

  func testAHalfTypedCellStyleIsCompletedFromItsOwnComponent() throws {
    let labels = try completionLabels(in: screens, after: #"["HE"#, platforms: ["ios"])
    XCTAssertEqual(labels, ["HERO_CELL_1", "HERO_CELL_2"])
    // The grid after it is completed as a grid still.
    let grid = try completionLabels(in: screens, after: #"["GRID_"#, platforms: ["ios"])
    XCTAssertTrue(grid.contains("GRID_2") && !grid.contains { $0.hasPrefix("HERO") }, "\(grid)")
  }
}
