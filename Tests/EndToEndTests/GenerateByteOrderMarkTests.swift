import Foundation
import XCTest
import ZappLayout

/// A screen id that starts with U+FEFF (a zero-width no-break space) reaches every client whole:
/// the bundle writes it as the escape `\ufeff`, which Foundation's JSON decoder keeps, where it
/// drops the character written raw at a string's start. The runtime library reads it back whole.
final class GenerateByteOrderMarkTests: XCTestCase {
  /// An iOS app of two screens, `home` and U+FEFF `promo`, the second named by a screen type.
  func project() throws -> URL {
    let project = temporary().appendingPathComponent("app")
    let screens = project.appendingPathComponent("screens")
    try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
    func screen(_ id: String, home: Bool) -> String {
      #"{"id": "\#(id)", "name": "n", "type": "general_content", "home": \#(home), "data": {}, "styles": {"family": "FAMILY_1"}, "#
        + #""ui_components": [{"id": "g", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "#
        + #""styles": {"cell_styles": ["GRID_1"]}}]}"#
    }
    let files = [
      "zlc.json": #"{"app": "B", "devices": [{"name": "phone", "class": "phone", "width": 375}], "platforms": {"ios": {}}}"#,
      "screen_types.json": "{\"screen_types\": {\"promo\": \"\u{FEFF}promo\"}}",
      "screens/s.json": "[" + screen("home", home: true) + ", " + screen("\u{FEFF}promo", home: false) + "]",
    ]
    for (path, text) in files {
      try text.write(to: project.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }
    return project
  }

  func testTheBundleEscapesTheCharacter() throws {
    let project = try project()
    let out = temporary().appendingPathComponent("bundle")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    let files = try snapshot(out)
    XCTAssertFalse(files.isEmpty)
    for (path, data) in files where path.hasSuffix(".json") {
      XCTAssertNil(data.range(of: Data("\u{FEFF}".utf8)), path)
      // The runtime library reads the escape and writes it back the same.
      let parsed = try JSON.parse(Array(data))
      XCTAssertTrue([false, true].contains { Data(parsed.encoded(pretty: $0)) == data }, path)
    }
    XCTAssertNotNil(try ScreenBundle.load(from: out).screen(id: "\u{FEFF}promo"))
    let index = String(decoding: try XCTUnwrap(files["bundle.json"]), as: UTF8.self)
    XCTAssertTrue(index.contains(#""\ufeffpromo""#), index)
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 0, verified.out + verified.err)
  }

  func testTheSwiftDecoderKeepsTheCharacter() throws {
    let project = try project()
    let out = temporary().appendingPathComponent("bundle")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    let swift = try generate("swift", project)
    let source = try XCTUnwrap(swift.files.first { $0.key.hasSuffix("ZappClient.swift") }?.key)
    let main = #"""
      import Foundation
      let index = try ZappBundleIndex(json: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
      for screen in index.screens { print(screen.id.wireName.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")) }
      """#
    let printed = try swiftMainOutput(
      main, client: source, in: swift.folder, arguments: [out.appendingPathComponent("bundle.json").path])
    XCTAssertEqual(printed, "68 6f 6d 65\nfeff 70 72 6f 6d 6f\n")
  }
}
