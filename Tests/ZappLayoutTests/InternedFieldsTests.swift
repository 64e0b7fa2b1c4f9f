import Foundation
import XCTest

@testable import ZappLayout

/// A `layouts` entry's fields are decoded once per bundle and kept: the screens read with them are
/// those read field by field in table order, and a broken entry fails every time, as before.
final class InternedFieldsTests: XCTestCase {
  let golden = BundleTests.golden

  func index(_ folder: URL) throws -> BundleIndex {
    try BundleIndex(json: try JSON.parse(try Data(contentsOf: folder.appendingPathComponent("bundle.json"))))
  }

  /// The screen file of `id` in `folder`, parsed.
  func screenJSON(_ folder: URL, _ id: String) throws -> JSON {
    try JSON.parse(try Data(contentsOf: folder.appendingPathComponent("screens/\(id).json")))
  }

  /// Every golden screen decoded with one table (twice: the second time every entry is kept)
  /// against the decoding with paths, which reads each field in table order from a table of its own.
  func testKeptEntriesGiveTheScreensReadInTableOrder() throws {
    let index = try index(golden)
    let shared = index.layoutTable
    for round in 0..<2 {
      for entry in index.screens {
        let json = try screenJSON(golden, entry.id)
        let kept = try ResolvedScreen(json: json, layouts: shared)
        let inOrder = try ResolvedScreen.decode(json, path: "", layouts: LayoutTable(index.layouts))
        XCTAssertEqual(kept.encoded(pretty: false), inOrder.encoded(pretty: false), "\(entry.id), round \(round)")
        let file = Array(try Data(contentsOf: golden.appendingPathComponent(entry.file)))
        XCTAssertTrue(kept.encoded(pretty: false, form: .compact) == (try JSON.parse(file)).encoded(pretty: false), entry.id)
      }
    }
    XCTAssertGreaterThan(shared.decoded.withLock { $0.count }, 0, "entries were kept")
  }

  /// A copy of the golden bundle with `edit` applied to its `bundle.json` and `home.json`.
  func editedGolden(_ edit: (inout [String: Any], inout [String: Any]) -> Void) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-interned-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: golden, to: dir)
    let indexURL = dir.appendingPathComponent("bundle.json")
    let homeURL = dir.appendingPathComponent("screens/home.json")
    var index = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: indexURL)) as? [String: Any])
    var home = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: homeURL)) as? [String: Any])
    edit(&index, &home)
    try JSONSerialization.data(withJSONObject: index).write(to: indexURL)
    try JSONSerialization.data(withJSONObject: home).write(to: homeURL)
    return dir
  }

  /// Sets a key of the entry `id` of `layouts`, and of the section at `position` of a screen.
  func set(_ key: String, _ value: Any, entry id: String, in index: inout [String: Any]) {
    var layouts = index["layouts"] as! [String: Any]
    var entry = layouts[id] as! [String: Any]
    entry[key] = value
    layouts[id] = entry
    index["layouts"] = layouts
  }

  /// The message of a value broken in the `layouts` entry `id`, which section `section` of the
  /// home screen names: `bundle.json`'s, at its path in the entry.
  func entryError(_ id: String, _ inEntry: String, section: Int) -> String {
    "layouts.\(id).\(inEntry); the entry screens/home.json names at resolved.sections[\(section)].layout_ref"
  }

  /// The `layouts` entry the section at `position` of a screen names.
  func entry(ofSection position: Int, in screen: [String: Any]) -> String {
    let sections = (screen["resolved"] as! [String: Any])["sections"] as! [[String: Any]]
    return sections[position]["layout_ref"] as! String
  }

  func set(_ key: String, _ value: Any, section position: Int, in screen: inout [String: Any]) {
    var resolved = screen["resolved"] as! [String: Any]
    var sections = resolved["sections"] as! [[String: Any]]
    sections[position][key] = value
    resolved["sections"] = sections
    screen["resolved"] = resolved
  }

  /// Opening the home screen fails, twice, with `message` for `file`; the other screens open.
  func assertOpeningHomeFails(_ dir: URL, _ message: String, file: String = "screens/home.json", line: UInt = #line) throws {
    let bundle = try ScreenBundle.load(from: dir)
    for _ in 0..<2 {
      XCTAssertThrowsError(try bundle.screen(id: "home"), line: line) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile(file, message), line: line)
      }
    }
    XCTAssertEqual(try bundle.screen(id: "movie")?.id, "movie", "the other screens open", line: line)
  }

  /// An entry two sections name, broken: each opening fails at the first section's entry.
  func testABrokenEntryFailsEveryTimeAtItsFirstSection() throws {
    var first = ""
    let dir = try editedGolden { index, home in
      first = entry(ofSection: 0, in: home)
      set("layout", 5, entry: first, in: &index)
      set("layout_ref", first, section: 2, in: &home)
    }
    defer { try? FileManager.default.removeItem(at: dir) }
    try assertOpeningHomeFails(dir, entryError(first, "layout: expected an object", section: 0), file: "bundle.json")
  }

  /// A section broken in one of its own keys and in its entry fails at the first of the two in table
  /// order, wherever the entry's fields stand among the section's.
  func testTheFirstBrokenKeyInTableOrderFails() throws {
    for (key, value, inEntry, message) in [
      ("layout", 5 as Any, false, "resolved.sections[6].fill_rows: expected true or false"),
      ("renderer", "x" as Any, true, "renderer: expected an object"),
    ] {
      var id = ""
      let dir = try editedGolden { index, home in
        id = entry(ofSection: 6, in: home)
        set(key, value, entry: id, in: &index)
        set("fill_rows", 3, section: 6, in: &home)
      }
      defer { try? FileManager.default.removeItem(at: dir) }
      if inEntry {
        try assertOpeningHomeFails(dir, entryError(id, message, section: 6), file: "bundle.json")
      } else {
        try assertOpeningHomeFails(dir, message)
      }
    }
  }

  /// A broken entry after a good one of the same screen: the good one kept does not hide it.
  func testAnEntryKeptDoesNotHideABrokenOne() throws {
    var id = ""
    let dir = try editedGolden { index, home in
      id = entry(ofSection: 6, in: home)
      set("geometry", [1], entry: id, in: &index)
    }
    defer { try? FileManager.default.removeItem(at: dir) }
    try assertOpeningHomeFails(dir, entryError(id, "geometry: expected an object", section: 6), file: "bundle.json")
  }
}
