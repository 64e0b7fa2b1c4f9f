import Foundation
import XCTest
import ZappLayout

/// The input schemas an editor validates with agree with what zlc reads: a map of screens (alone
/// or under `rivers`) may name its `$schema` and must hold a screen, and with `--project` a
/// mapping to null (which maps nothing) is taken, as zlc takes it.
final class InputSchemaFormsTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = temporary()
    XCTAssertEqual(try zlc(["init", "app"], cwd: dir).status, 0)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// The number of errors of each document (JSON text) against `zlc schema ARGUMENTS`, by Python's
  /// jsonschema (draft 7).
  func schemaErrors(_ arguments: [String], _ documents: [String]) throws -> [Int] {
    let r = try zlc(["schema"] + arguments, cwd: dir)
    XCTAssertEqual(r.status, 0, r.err)
    let schema = dir.appendingPathComponent("schema.json")
    try r.out.write(to: schema, atomically: true, encoding: .utf8)
    let files = try documents.enumerated().map { i, document in
      let file = dir.appendingPathComponent("\(i).json")
      try document.write(to: file, atomically: true, encoding: .utf8)
      return file.path
    }
    return try jsonSchemaErrors(schema, files)
  }

  func testAMapOfScreensNamesItsSchemaAndHoldsAScreen() throws {
    let home = try String(contentsOf: dir.appendingPathComponent("app/screens/home.json"), encoding: .utf8)
    let screen = try XCTUnwrap(home.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast().description)
    let errors = try schemaErrors(
      ["screens"],
      [
        #"{"$schema": "s", "home": \#(screen)}"#, #"{"rivers": {"$schema": "s", "home": \#(screen)}}"#, "{}", #"{"rivers": {}}"#,
      ])
    XCTAssertEqual(errors.count, 4)
    XCTAssertEqual(errors.prefix(2), [0, 0], "a map of screens with its $schema, alone or under rivers")
    XCTAssertTrue(errors.suffix(2).allSatisfy { $0 > 0 }, "a map that holds no screen, as zlc refuses it (ZL0202): \(errors)")
    for text in ["{}", #"{"rivers": {}}"#] {
      try text.write(to: dir.appendingPathComponent("app/screens/empty.json"), atomically: true, encoding: .utf8)
      XCTAssertEqual(try zlc(["check", "app"], cwd: dir).status, 1, text)
    }
  }

  func testAMappingToNullIsTakenWithTheProjectsNames() throws {
    let mappings = #"{"screen_types": {"show": null}, "content_types": {"video": null}}"#
    try mappings.write(to: dir.appendingPathComponent("app/screen_types.json"), atomically: true, encoding: .utf8)
    XCTAssertEqual(try zlc(["check", "app"], cwd: dir).status, 0)
    let errors = try schemaErrors(["screen-types", "--project", "app"], [mappings, #"{"screen_types": {"show": "nope"}}"#])
    XCTAssertEqual(errors.count, 2)
    XCTAssertEqual(errors.first, 0)
    XCTAssertGreaterThan(errors.last ?? 0, 0, "a screen the project does not have")
  }
}
