import Foundation
import XCTest
import ZappLayout

/// Screen ids that differ only in Unicode form (`café` composed, and `cafe` with a combining
/// accent) are two screens: zlc builds both, the runtime opens each by its own id, and `zlc verify`
/// compares ids by their bytes as the runtime does.
final class ScreenIDFormTests: XCTestCase, BundleEditing {
  let composed = "caf\u{E9}"
  let decomposed = "cafe\u{301}"

  /// The starter with a root screen for each form of `café`, and one whose id is `K`, built.
  func builtProject() throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    for (file, id) in [("nfc", composed), ("nfd", decomposed), ("kelvin", "K")] {
      let screen: JSON = .object([
        ("id", .string(id)), ("name", .string(file)), ("type", .string("general_content")),
        ("styles", .object([("family", .string("STARTER"))])),
        (
          "ui_components",
          .array([
            .object([
              ("id", .string(file + "-list")), ("component_type", .string("list")),
              ("data", .object([("source", .string(file)), ("type", .string("APPLICASTER_COLLECTION"))])),
              ("styles", .object([("cell_styles", .array([.string("LIST_ROW")]))])),
            ])
          ])
        ),
      ])
      try Data(screen.encoded(pretty: true)).write(to: project.appendingPathComponent("screens/\(file).json"))
    }
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(build.status, 0, build.err)
    return out
  }

  /// The bytes of a file with the first `from` (as bytes, not as Swift compares text) made `to`.
  func replaceBytes(_ from: String, _ to: String, in file: URL) throws {
    var bytes = [UInt8](try Data(contentsOf: file))
    let needle = Array(from.utf8)
    let start = try XCTUnwrap(firstOffset(of: needle, in: bytes), "no \(from.debugDescription) in \(file.path)")
    bytes.replaceSubrange(start..<start + needle.count, with: Array(to.utf8))
    try Data(bytes).write(to: file)
  }

  func firstOffset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
  }

  /// The line and column (1-based, in UTF-16 units) of the first `needle`'s bytes in a file.
  func location(of needle: String, in file: URL) throws -> (line: Int, column: Int) {
    let bytes = [UInt8](try Data(contentsOf: file))
    let offset = try XCTUnwrap(firstOffset(of: Array(needle.utf8), in: bytes))
    let before = bytes[..<offset]
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
    return (line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).utf16.count + 1)
  }

  /// A copy of the built output, to spoil.
  func copy(_ out: URL) throws -> URL {
    let copy = out.deletingLastPathComponent().appendingPathComponent("copy-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: out, to: copy)
    return copy
  }

  func testEachFormOpensItsOwnScreen() throws {
    let out = try builtProject()
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 0, verified.err)
    let bundle = try ScreenBundle.load(from: out)
    XCTAssertEqual(try bundle.screen(id: composed)?.name, "nfc")
    XCTAssertEqual(try bundle.screen(id: decomposed)?.name, "nfd")
    XCTAssertEqual(try bundle.screen(id: "K")?.name, "kelvin")
    XCTAssertNil(try bundle.screen(id: "\u{212A}"), "the Kelvin sign is not K")
    XCTAssertEqual(bundle.index.screenID(forScreenType: decomposed).map { Array($0.utf8) }, Array(decomposed.utf8))
    XCTAssertNil(bundle.index.screenID(forScreenType: "\u{212A}"))
    XCTAssertNotEqual(SectionReference(screen: composed, section: 0), SectionReference(screen: decomposed, section: 0))
  }

  /// A screen file holding the other form's id cannot be opened (`ScreenBundle` compares the bytes):
  /// verify refuses it, saying why two ids that look the same differ.
  func testAScreenFileHoldingTheOtherFormIsRefused() throws {
    let out = try copy(try builtProject())
    let index = out.appendingPathComponent("bundle.json")
    let entry = try XCTUnwrap(try BundleIndex(json: try JSON.parse(try Data(contentsOf: index))).screens.first { $0.name == "nfd" })
    let file = out.appendingPathComponent(entry.file)
    try replaceBytes("\"\(decomposed)\"", "\"\(composed)\"", in: file)
    let hash = try XCTUnwrap(try sha256Hex(file))
    try replaceBytes(entry.sha256, hash, in: index)
    XCTAssertThrowsError(try ScreenBundle.load(from: out).screen(id: decomposed))
    let at = try location(of: "\"\(composed)\"", in: file)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(file.path):\(at.line):\(at.column): error: holds screen '\(composed)', but bundle.json lists it for '\(decomposed)', the same text in another Unicode form (ids are compared by their bytes)\n"
    )
  }

  /// `rivers.json`, the mappings and `fallbacks` name screens by their bytes too.
  func testRiversMappingsAndFallbacksNameScreensByTheirBytes() throws {
    let built = try builtProject()
    let rivers = try copy(built)
    let riversFile = rivers.appendingPathComponent("rivers.json")
    // Located at the screen edited (the value starts where it did): the one of the other form.
    let riversAt = try location(of: "\"\(decomposed)\"", in: riversFile)
    try replaceBytes("\"\(decomposed)\"", "\"\(composed)\"", in: riversFile)
    var result = try zlc(["verify", rivers.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(riversFile.path):\(riversAt.line):\(riversAt.column): error: holds 5 screens that are not the 5 of bundle.json in the same order\n"
    )

    let mapped = try copy(built)
    let index = mapped.appendingPathComponent("bundle.json")
    let fallback = #"{"platform":"ios","client_version":"1.0.0","sections":[{"screen_id":"\#u{212A}","section":0}]}"#
    try replaceBytes("\"screen_types\":{", "\"fallbacks\":[\(fallback)],\"screen_types\":{\"x\":\"\u{212A}\",", in: index)
    let mappingAt = try location(of: "\"x\":", in: index)
    let referenceAt = try location(of: "{\"screen_id\"", in: index)
    result = try zlc(["verify", mapped.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err.split(separator: "\n").map(String.init).sorted(),
      [
        "\(index.path):\(mappingAt.line):\(mappingAt.column + 4): error: screen_types maps 'x' to '\u{212A}', which is not a screen of the bundle",
        "\(index.path):\(referenceAt.line):\(referenceAt.column): error: fallbacks of the ios client 1.0.0 name section 0 of screen '\u{212A}', which is not a section of the bundle",
      ].sorted())
  }
}
