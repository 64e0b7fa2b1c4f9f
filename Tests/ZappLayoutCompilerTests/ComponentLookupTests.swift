import XCTest

@testable import ZappDiagnostics
@testable import ZappLayout
@testable import ZappReaders
@testable import ZappResolution

/// The resolver finds a screen's components on the tape (`ComponentLookup`) where the runtime finds
/// them in a `JSON` tree (`SectionBasis`): both must name the same component at every path, and walk
/// from one section's path to the next alike.
final class ComponentLookupTests: XCTestCase {
  /// Trees of groups, leaves and values that are not components, nested three deep.
  static let trees = [
    #"[{"id": "a"}, {"ui_components": [{"id": "b"}, {"ui_components": []}, {"id": "c", "ui_components": [{"id": "d"}]}]}, 7, {"id": "e"}]"#,
    #"[{"ui_components": {"id": "not a list"}}, {"ui_components": [1, [2], {"ui_components": [{"id": "f"}, {"id": "g"}]}]}]"#,
    #"[]"#, #"{"id": "not a list"}"#, #"null"#,
    #"[{"ui_components": [{"ui_components": [{"id": "h"}]}], "ui_components": [{"id": "second key"}]}, {"id": "i"}]"#,
  ]

  func testTheTapeAndTheTreeNameTheSameComponents() throws {
    for text in Self.trees {
      let document = try XCTUnwrap(JSONReader.read(SourceFile(path: "t.json", text: text)).document)
      let root = try XCTUnwrap(document.root)
      let tree = JSON(root)
      var lookup = ComponentLookup(document.root)
      let paths = [
        [], [0], [1], [2], [3], [4], [-1], [1, 0], [1, 1], [1, 2], [1, 3], [1, 2, 0], [1, 2, 1], [0, 0], [0, 0, 0], [Int.max],
      ]
      for path in paths + paths.reversed() {
        XCTAssertEqual(lookup.component(at: path).map(JSON.init), SectionBasis.component(at: path, in: tree), "\(path) in \(text)")
        let count = SectionBasis.component(at: path, in: tree).map { $0["ui_components"]?.arrayValue?.count ?? 0 }
        XCTAssertEqual(lookup.childCount(at: path), count, "\(path) in \(text)")
      }
      var previous: [Int]?
      for step in 0..<8 {
        let expected = SectionBasis.successor(of: previous, in: tree)
        XCTAssertEqual(SectionBasis.successor(of: previous) { lookup.childCount(at: $0) }, expected, "step \(step) in \(text)")
        previous = expected
      }
    }
  }

  /// The component a section's basis is given holds the members of `SectionBasis.componentKeys`
  /// as written, and only those; a value that is no object is given as written.
  func testABasisComponentHoldsTheMembersADerivationReads() throws {
    let text =
      #"[{"component_type": "grid", "name": "n", "id": 3, "ui_components": [{"id": "b"}], "styles": {"a": 1}, "data": {"source": "s"}, "rules": {"item_limit": 2}, "extra": [1]}, 7]"#
    let document = try XCTUnwrap(JSONReader.read(SourceFile(path: "t.json", text: text)).document)
    var lookup = ComponentLookup(document.root)
    let expected = try JSON.parse(
      Array(#"{"component_type": "grid", "id": 3, "styles": {"a": 1}, "data": {"source": "s"}, "rules": {"item_limit": 2}}"#.utf8))
    XCTAssertEqual(lookup.basisComponent(at: [0]), expected)
    XCTAssertEqual(lookup.basisComponent(at: [1]), .number("7"))
    XCTAssertNil(lookup.basisComponent(at: [2]))
  }

  /// A screen of many components is walked in linear time: each step starts where the last one ended.
  func testEachListIsListedOnce() throws {
    let text = "[" + (0..<2000).map { #"{"id": "\#($0)"}"# }.joined(separator: ",") + "]"
    let document = try XCTUnwrap(JSONReader.read(SourceFile(path: "t.json", text: text)).document)
    var lookup = ComponentLookup(document.root)
    var previous: [Int]?
    for i in 0..<2000 {
      let path = SectionBasis.successor(of: previous) { lookup.childCount(at: $0) }
      XCTAssertEqual(path, [i])
      XCTAssertEqual(lookup.component(at: path)?["id"]?.string, "\(i)")
      previous = path
    }
    XCTAssertLessThan(lookup.steps, 2 * 2000, "each component stepped over about once, not once per section before it")
  }
}
