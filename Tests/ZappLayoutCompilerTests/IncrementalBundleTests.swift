import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// `IncrementalBundle` (what `zlc serve` serves) gives, after any series of edits, the files `zlc
/// build` writes for the same inputs, byte for byte, resolving again only the screens whose inputs
/// changed.
final class IncrementalBundleTests: XCTestCase {
  /// Updates `memory` from the project in `dir`, compares every file with a fresh build's, and
  /// returns how many screens the update resolved.
  @discardableResult
  func update(_ memory: IncrementalBundle, _ dir: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
    let checked = Driver.check(dir)
    XCTAssertEqual(checked.status, .success, "\(checked.diagnostics)", file: file, line: line)
    let written = memory.update(checked.project) { _, _ in true }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-reference-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let built = try XCTUnwrap(Driver.build(dir, output: out).bundle, file: file, line: line)
    XCTAssertEqual(written.files.map(\.path), built.files.map(\.path), "the same files in the same order", file: file, line: line)
    for (mine, theirs) in zip(written.files, built.files) {
      let disk = Array(try Data(contentsOf: URL(fileURLWithPath: out + "/" + theirs.path)))
      XCTAssertEqual(mine.bytes, disk, mine.path, file: file, line: line)
      XCTAssertEqual(mine.hash, theirs.hash, mine.path, file: file, line: line)
      XCTAssertEqual(mine.size, theirs.size, mine.path, file: file, line: line)
    }
    XCTAssertEqual(written.bundles.map(\.folder), built.bundles.map(\.folder), file: file, line: line)
    XCTAssertEqual(written.bundles.map(\.sections), built.bundles.map(\.sections), file: file, line: line)
    return memory.encodedCount
  }

  func edit(_ path: String, _ change: (String) -> String, file: StaticString = #filePath, line: UInt = #line) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let changed = change(text)
    XCTAssertNotEqual(changed, text, "the edit changes \(path)", file: file, line: line)
    try changed.write(toFile: path, atomically: true, encoding: .utf8)
  }

  func demo() throws -> String {
    let dir = try makeProject([:])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.removeItem(atPath: dir)
    try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("manifests").path, toPath: dir)
    return dir
  }

  func testEditsOfTheDemo() throws {
    let dir = try demo()
    let memory = IncrementalBundle()
    let screens = Driver.check(dir).project.screens.count
    XCTAssertEqual(try update(memory, dir), screens, "the first update resolves every screen")
    XCTAssertEqual(try update(memory, dir), 0, "nothing changed")

    try edit(dir + "/screens/home.json") { $0.replacingOccurrences(of: #""item_limit": "5""#, with: #""item_limit": "3""#) }
    XCTAssertEqual(try update(memory, dir), 1, "one screen's object changed")

    try edit(dir + "/screens/home.json") { $0 + "\n\n" }
    XCTAssertEqual(try update(memory, dir), 0, "a line after the last screen changes none")
    try edit(dir + "/screens/browse.json") { $0.replacingOccurrences(of: "[\n  {", with: "[\n\n    {") }
    XCTAssertEqual(try update(memory, dir), 0, "whitespace before a screen changes none")

    // A screen's id and name: the file names, bundle.json and rivers.json follow.
    try edit(dir + "/screens/browse.json") { $0.replacingOccurrences(of: #""name": "Kids""#, with: #""name": "Children""#) }
    XCTAssertEqual(try update(memory, dir), 1)

    // Inputs besides the screens: every screen is resolved again.
    try edit(dir + "/zlc.json") { $0.replacingOccurrences(of: #""width": 375"#, with: #""width": 390"#) }
    XCTAssertEqual(try update(memory, dir), screens, "a device changed")
    try edit(dir + "/components/promo_banner.json") { $0.replacingOccurrences(of: "Riverflix Apps", with: "Riverflix") }
    XCTAssertEqual(try update(memory, dir), screens, "a manifest changed")
  }

  func testScreensAddedRemovedAndMoved() throws {
    let dir = try demo()
    let memory = IncrementalBundle()
    try update(memory, dir)
    // A new screen in a new file: it alone is resolved; rivers.json and bundle.json name it.
    var copy = try String(contentsOfFile: dir + "/screens/home.json", encoding: .utf8)
    for (old, new) in [
      (#""id": "home"#, #""id": "home2"#), (#""home": true"#, #""home": false"#), (#""name": "Home""#, #""name": "Home 2""#),
    ] {
      XCTAssertTrue(copy.contains(old), old)
      copy = copy.replacingOccurrences(of: old, with: new)
    }
    try copy.write(toFile: dir + "/screens/home-2.json", atomically: true, encoding: .utf8)
    XCTAssertEqual(try update(memory, dir), 1)
    try FileManager.default.removeItem(atPath: dir + "/screens/home-2.json")
    XCTAssertEqual(try update(memory, dir), 0, "a screen removed: the others are kept")
    // The screens of a file in another order (and written otherwise).
    let season = dir + "/screens/browse.json"
    let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: season))) as? [Any])
    XCTAssertGreaterThan(list.count, 1)
    let reversed = try JSONSerialization.data(withJSONObject: Array(list.reversed()), options: [.prettyPrinted])
    try reversed.write(to: URL(fileURLWithPath: season))
    try update(memory, dir)
  }

  /// An app of several platforms: a bundle per platform, each kept apart.
  func testSeveralPlatforms() throws {
    let dir = try makeProject(Dictionary(uniqueKeysWithValues: StarterTemplate.multiPlatform.files(app: "Two")))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let memory = IncrementalBundle()
    let screens = Driver.check(dir).project.screens.count
    XCTAssertEqual(try update(memory, dir), 2 * screens)
    let home = try XCTUnwrap(
      FileManager.default.subpaths(atPath: dir)?.first { $0.hasPrefix("screens/") && $0.hasSuffix(".json") }, "a screens file")
    try edit(dir + "/" + home) { $0.replacingOccurrences(of: #""type": "general_content""#, with: #""type":"general_content""#) }
    XCTAssertEqual(try update(memory, dir), 2, "the edited screen, once in each platform's bundle")
  }

  /// The context of a screens file leaves out its screens and the whitespace between tokens, but
  /// not the text of strings, nor a comment's line break.
  func testTheContextOfAFile() {
    var out: [UInt8] = []
    IncrementalBundle.appendTokens(ArraySlice(Array(#"{ "a b" : [ 1 , "\" x" ] }"#.utf8)), to: &out)
    XCTAssertEqual(String(decoding: out, as: UTF8.self), #"{"a b":[1,"\" x"]}"#)
    out = []
    let comment = "[ // note\n 1 ]"
    IncrementalBundle.appendTokens(ArraySlice(Array(comment.utf8)), to: &out)
    XCTAssertEqual(String(decoding: out, as: UTF8.self), comment, "a comment keeps its text whole")
  }
}
