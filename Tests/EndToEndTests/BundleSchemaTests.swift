import Foundation
import XCTest
import ZappLayout

/// `zlc schema bundle` refuses what a client of the bundle's format refuses (checked with Python's
/// jsonschema, as `EndToEndTests` checks the schemas).
final class BundleSchemaTests: XCTestCase {
  static let golden = repositoryRoot.appendingPathComponent("Tests/Golden")

  /// The number of errors of each document against the definition `definition` of `zlc schema
  /// bundle` (`index`: bundle.json's).
  func schemaErrors(_ documents: [JSON], definition: String = "index") throws -> [Int] {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try zlc(["schema", "bundle"])
    XCTAssertEqual(r.status, 0, r.err)
    let schema = dir.appendingPathComponent("bundle.schema.json")
    try r.out.write(to: schema, atomically: true, encoding: .utf8)
    let files = try documents.enumerated().map { i, document in
      let file = dir.appendingPathComponent("\(i).json")
      try Data(document.encoded(pretty: false)).write(to: file)
      return file.path
    }
    return try jsonSchemaErrors(schema, files, definition: definition)
  }

  func goldenScreens(_ folder: String) throws -> [JSON] {
    let screens = Self.golden.appendingPathComponent("\(folder)/screens")
    return try FileManager.default.contentsOfDirectory(atPath: screens.path).sorted().map {
      try JSON.parse(try Data(contentsOf: screens.appendingPathComponent($0)))
    }
  }

  /// The expanded golden `home` screen with the section at `index` changed by `change`.
  func expandedHome(_ index: Int, _ change: (inout [(String, JSON)]) -> Void) throws -> JSON {
    let home = try JSON.parse(try Data(contentsOf: Self.golden.appendingPathComponent("demo-bundle-expanded/screens/home.json")))
    var sections = try XCTUnwrap(home["resolved"]?["sections"]?.arrayValue)
    var section = try XCTUnwrap(sections[index].objectValue)
    change(&section)
    sections[index] = .object(section)
    return home.replacing("resolved", with: try XCTUnwrap(home["resolved"]).replacing("sections", with: .array(sections)))
  }

  /// A section of the expanded form leaving out a key only the compact form leaves out is refused:
  /// by `screen` where the section shows its form (its keys in place, no `layout_absent`), and by
  /// `expanded_screen`, for a format_version 1 screen file, in every section.
  func testExpandedSectionsHoldEveryKey() throws {
    let expanded = try goldenScreens("demo-bundle-expanded")
    let compact = try goldenScreens("demo-bundle")
    XCTAssertEqual(try schemaErrors(expanded + compact, definition: "screen"), Array(repeating: 0, count: expanded.count + compact.count))
    XCTAssertEqual(try schemaErrors(expanded, definition: "expanded_screen"), Array(repeating: 0, count: expanded.count))
    // A compact screen with a section is not of the expanded form.
    let refused = try schemaErrors(compact, definition: "expanded_screen")
    for (screen, errors) in zip(compact, refused) where screen["resolved"]?["sections"]?.arrayValue?.isEmpty == false {
      XCTAssertGreaterThan(errors, 0, screen["id"]?.stringValue ?? "")
    }

    let derived = ["section", "component", "component_type", "data", "styles"]
    let laidOut = try derived.map { key in try expandedHome(0) { $0.removeAll { $0.0 == key } } }
    // Section 1 has `layout_absent`: of either form, as far as the file shows.
    let absent = try expandedHome(1) { section in
      XCTAssertNotNil(section.first { $0.0 == "layout_absent" })
      section.removeAll { derived.contains($0.0) }
    }
    XCTAssertEqual(try schemaErrors(laidOut + [absent], definition: "screen"), Array(repeating: 1, count: derived.count) + [0])
    XCTAssertTrue(try schemaErrors(laidOut + [absent], definition: "expanded_screen").allSatisfy { $0 > 0 })
  }

  /// Each document against a definition, and whether the runtime reads it (`decode`): the schema
  /// and the runtime take those `accepted` says, and refuse the others.
  func assertSchemaAgrees(
    _ documents: [String], accepted: [Bool], definition: String, _ decode: (JSON) throws -> Void, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let trees = try documents.map { try JSON.parse(Data($0.utf8)) }
    let errors = try schemaErrors(trees, definition: definition)
    XCTAssertEqual(errors.count, documents.count, file: file, line: line)
    for (i, document) in documents.enumerated() where i < errors.count {
      XCTAssertEqual(errors[i] == 0, accepted[i], "\(definition): \(document): \(errors[i]) schema errors", file: file, line: line)
      XCTAssertEqual((try? decode(trees[i])) != nil, accepted[i], "\(definition): \(document): the runtime", file: file, line: line)
    }
  }

  /// A replacement or a drawn entry names its component type unless it hides the section.
  func testAReplacementNamesItsTypeUnlessItHides() throws {
    let members = ["", #""hide": true"#, #""hide": false"#, #""component_type": "grid""#, #""hide": false, "component_type": "grid""#]
    let accepted = [false, true, false, true, true]
    try assertSchemaAgrees(members.map { "{\($0)}" }, accepted: accepted, definition: "fallback") {
      _ = try SectionFallback.decode($0, path: "", layouts: .empty)
    }
    let mappings = members.map { #"{"size_class": "S""# + ($0.isEmpty ? "" : ", " + $0) + "}" }
    try assertSchemaAgrees(mappings, accepted: accepted, definition: "size_class_mapping") {
      _ = try MappedSizeClass.decode($0, path: "", layouts: .empty)
    }
    try assertSchemaAgrees(
      [#"{"size_class": "S"}"#, #"{"size_class": "S", "hidden": true}"#, #"{"size_class": "S", "component_type": "grid"}"#],
      accepted: [false, true, true], definition: "drawn"
    ) { _ = try DrawnSection.decode($0, path: "", layouts: .empty) }
  }

  /// A whole number beyond what an `Int` holds (2^63 and up) is refused, as the runtime refuses it.
  func testWholeNumbersStayWithinWhatTheRuntimeReads() throws {
    let largest = String(Int.max)
    let beyond = "9223372036854775808"
    try assertSchemaAgrees(
      [largest, beyond, "0", "-1"].map { #"{"binding": "sender_child", "child": \#($0)}"# }, accepted: [true, false, true, false],
      definition: "binding"
    ) { _ = try DataBinding.decode($0, path: "", layouts: .empty) }
    let section =
      #"{"section": 0, "component": [0], "component_type": "list", "family": null, "cell_styles": [], "renderer": {"layout_id": null}, "data": {"binding": "none"}, "item_limit": N, "styles": {}, "layout": {}, "layout_absent": "no_family", "items_shown": {"phone": N}}"#
    try assertSchemaAgrees(
      [largest, beyond, "1", "0"].map { section.replacingOccurrences(of: "N", with: $0) }, accepted: [true, false, true, false],
      definition: "section"
    ) {
      let read = try ResolvedSection(json: $0, path: "")
      XCTAssertEqual(read.itemsShown.first?.count, read.itemLimit)
    }
  }

  /// A format_version 1 index holds no `layouts` entry, which its readers would never find.
  func testAFormatVersionOneIndexHoldsNoLayouts() throws {
    let compact = try JSON.parse(try Data(contentsOf: Self.golden.appendingPathComponent("demo-bundle/bundle.json")))
    let expanded = try JSON.parse(try Data(contentsOf: Self.golden.appendingPathComponent("demo-bundle-expanded/bundle.json")))
    XCTAssertNotNil(compact["layouts"])
    let documents = [
      compact, expanded, compact.replacing("format_version", with: .int(1)),
      JSON.object((expanded.objectValue ?? []) + [("layouts", .object([]))]),
    ]
    let errors = try schemaErrors(documents)
    XCTAssertEqual(errors.map { $0 > 0 }, [false, false, true, false])
    let folder = temporary()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (document, refused) in zip(documents, errors.map { $0 > 0 }) {
      try Data(document.encoded(pretty: false)).write(to: folder.appendingPathComponent("bundle.json"))
      XCTAssertEqual((try? ScreenBundle.load(from: folder)) == nil, refused, "the runtime refuses it too")
    }
  }

  /// A corner radius below zero and a share of installs outside 0 to 1, which docs/bundle.md rules
  /// out, are refused by the schema and the runtime alike.
  func testRangesTheDocsGiveAreHeld() throws {
    try assertSchemaAgrees(
      ["-1", "0", "4.5", "10001"].map { #"{"corner_radius": \#($0)}"# }, accepted: [false, true, true, false], definition: "card_style"
    ) {
      _ = try CardStyle.decode($0, path: "", layouts: .empty)
    }
    try assertSchemaAgrees(
      ["-0.1", "0", "0.5", "1", "1.5"].map { #"{"platform": "ios", "client_version": "1", "installs": \#($0), "sections": []}"# },
      accepted: [false, true, true, true, false], definition: "client_fallbacks"
    ) { _ = try ClientFallbacks.decode($0, path: "", layouts: .empty) }
  }
}
