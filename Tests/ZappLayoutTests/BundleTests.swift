import Foundation
import XCTest

@testable import ZappLayout

/// Loading a bundle with the runtime's one call.
final class BundleTests: XCTestCase {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden/demo-bundle")

  func copyOfGolden() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-bundle-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: Self.golden, to: dir)
    return dir
  }

  func rewriteIndex(_ dir: URL, _ change: (inout [String: Any]) -> Void) throws {
    let url = dir.appendingPathComponent("bundle.json")
    var index = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    change(&index)
    try JSONSerialization.data(withJSONObject: index).write(to: url)
  }

  func testLoadsTheDemoBundle() throws {
    let bundle = try ScreenBundle.load(from: Self.golden)
    XCTAssertEqual(bundle.screens.count, bundle.index.screens.count)
    XCTAssertEqual(bundle.screens.filter { $0.home == true }.map(\.id), ["home"])
    let show = try XCTUnwrap(bundle.screen(id: "show"))
    XCTAssertTrue(show.resolved.connected)
    XCTAssertEqual(show.resolved.sections.first?.data.binding, .senderChild)
  }

  func testRefusesAnotherFormatVersion() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    try rewriteIndex(dir) { $0["format_version"] = 2 }
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .unsupportedFormatVersion(2))
    }
  }

  func testRefusesScreenFilesOutsideTheBundle() throws {
    for path in ["../outside.json", "/etc/passwd", "screens//x.json"] {
      let dir = try copyOfGolden()
      defer { try? FileManager.default.removeItem(at: dir) }
      try rewriteIndex(dir) { index in
        var screens = index["screens"] as! [[String: Any]]
        screens[0]["file"] = path
        index["screens"] = screens
      }
      XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle(path))
      }
    }
  }

  /// The runtime decodes every key of every file of the golden bundle: decoding and encoding again
  /// gives the same bytes, so no key is dropped or changed.
  func testEveryFileDecodesAndEncodesToTheSameBytes() throws {
    let bundle = try ScreenBundle.load(from: Self.golden)
    XCTAssertEqual(bundle.index.json.encoded(), Array(try Data(contentsOf: Self.golden.appendingPathComponent("bundle.json"))))
    for (entry, screen) in zip(bundle.index.screens, bundle.screens) {
      let bytes = Array(try Data(contentsOf: Self.golden.appendingPathComponent(entry.file)))
      XCTAssertEqual(screen.json.encoded(), bytes, entry.file)
      XCTAssertEqual(try ResolvedScreen(json: try JSON.parse(bytes)), screen)
    }
    let rivers = Array(try Data(contentsOf: Self.golden.appendingPathComponent("rivers.json")))
    XCTAssertEqual(JSON.array(bundle.screens.map(\.json)).encoded(), rivers)
    // Typed values, not only kept text.
    let home = try XCTUnwrap(bundle.screen(id: "home"))
    let promo = try XCTUnwrap(home.resolved.sections.first { $0.componentType == "promo_banner" })
    XCTAssertEqual(promo.layoutAbsent, .notInFamily)
    XCTAssertTrue(promo.layout.isEmpty)
    XCTAssertFalse(promo.styles.isEmpty)
    XCTAssertEqual(home.resolved.presentation, .push)
  }

  /// Words a newer compiler may write load as `unknown`, so an older client still loads the bundle.
  func testUnknownVocabularyStillLoads() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("screens/home.json")
    var text = try String(contentsOf: file, encoding: .utf8)
    text = text.replacingOccurrences(of: #""kind": "paged""#, with: #""kind": "carousel_3d""#)
    text = text.replacingOccurrences(of: #""binding": "own""#, with: #""binding": "sender_grandchild""#)
    text = text.replacingOccurrences(of: #""presentation": "push""#, with: #""presentation": "sheet""#)
    try text.write(to: file, atomically: true, encoding: .utf8)
    let home = try XCTUnwrap(try ScreenBundle.load(from: dir).screen(id: "home"))
    XCTAssertEqual(home.resolved.sections[0].layout.first?.layout.kind, .unknown("carousel_3d"))
    XCTAssertEqual(home.resolved.sections[0].data.binding, .unknown("sender_grandchild"))
    XCTAssertEqual(home.resolved.presentation, .unknown("sheet"))
    XCTAssertEqual(home.json.encoded(), Array(text.utf8), "and writes them back as they were")
  }

  func testAFileThatIsNotTheContractNamesTheValue() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    try text.replacingOccurrences(of: #""columns": 1,"#, with: #""columns": "one","#).write(to: file, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(
        error as? ScreenBundle.LoadError,
        .invalidFile("screens/home.json", "resolved.sections[0].layout.phone.columns: expected a whole number"))
    }
    try "{\"id\": \"home\",".write(to: file, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("screens/home.json", "1:15: expected a key"))
    }
  }

  func testJSONParserAndEncoderAgree() throws {
    let text = #"{"b": [1, -0.5e3, true, null, "\u00e9\n\u2028"], "a": {}, "c": []}"#
    let value = try JSON.parse(Array(text.utf8))
    XCTAssertEqual(value.encodedString(pretty: false), #"{"b":[1,-0.5e3,true,null,"é\n\u2028"],"a":{},"c":[]}"#)
    for bad in [#"{"a": 1,}"#, #"[01]"#, #"{"a": 1, "a": 2}"#, #"[1e400]"#, #""\ud800""#, "[", #"{"a" 1}"#] {
      XCTAssertThrowsError(try JSON.parse(Array(bad.utf8)), bad)
    }
  }
}
