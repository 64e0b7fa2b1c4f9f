import Foundation
import XCTest

/// A key written twice (ZL0107) in the demo: in a plugin manifest, a warning that leaves the build
/// green with the key's last value in the bundle (failing only with `--warnings-as-errors`); in a
/// screens file, an error that writes nothing.
final class DuplicateKeyEndToEndTests: DemoCopyTestCase {
  /// Replaces the one `old` of the project file at `path` by `new`.
  func edit(_ path: String, _ old: String, _ new: String) throws {
    let url = project.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: old).count, 2, "one '\(old)' in \(path)")
    try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
  }

  /// Every file the build wrote, as text, by path under `out`.
  func written(_ out: URL) throws -> [String: String] {
    try snapshot(out).mapValues { String(decoding: $0, as: UTF8.self) }
  }

  func testAManifestsDuplicateKeyWarnsAndBuildsWithItsLastValue() throws {
    // The promo banner's `banner_text` field, whose initial value fills the banners that set none.
    try edit(
      "components/promo_banner.json", #""initial_value": "Watch now" }"#, #""initial_value": "Watch now", "initial_value": "Shop now" }"#)
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", "manifests", "-o", out.path], cwd: dir)
    XCTAssertEqual(build.status, 0, build.err)
    XCTAssertTrue(
      build.err.contains("manifests/components/promo_banner.json:27:100: warning: duplicate key 'initial_value' [ZL0107]"), build.err)
    XCTAssertTrue(
      build.err.contains("manifests/components/promo_banner.json:27:70: note: 'initial_value' is first defined here"), build.err)
    XCTAssertTrue(
      build.err.contains("note: a plugin manifest's last value of a key is the one used, as Zapp's publishing tool and clients read it"),
      build.err)
    // The counts are given once, in the line that says what was written; a check's in its `ok` line.
    XCTAssertTrue(build.err.contains("(0 errors, 1 warning in 13 files)"), build.err)
    XCTAssertEqual(build.err.components(separatedBy: "0 errors, 1 warning in 13 files").count, 2, build.err)
    let check = try zlc(["check", "manifests"], cwd: dir)
    XCTAssertEqual(check.status, 0, check.err)
    XCTAssertEqual(check.err.components(separatedBy: "0 errors, 1 warning in 13 files").count, 2, check.err)
    XCTAssertTrue(check.err.hasSuffix("manifests: ok, 0 errors, 1 warning in 13 files\n"), check.err)
    let files = try written(out)
    let kids = try XCTUnwrap(files["screens/kids.json"])
    XCTAssertTrue(kids.contains(#""banner_text":"Shop now""#), kids)
    XCTAssertEqual(files.filter { $0.value.contains("Watch now") }.map(\.key), [], "the first value is read nowhere")

    let strict = try zlc(["build", "manifests", "-o", dir.appendingPathComponent("strict").path, "--warnings-as-errors"], cwd: dir)
    XCTAssertEqual(strict.status, 1, strict.err)
    XCTAssertTrue(strict.err.contains("promo_banner.json:27:100: error: duplicate key 'initial_value' [ZL0107]"), strict.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("strict").path))

    // The same key twice in a screens file (the banner's own styles) stays an error: nothing is written.
    try edit(
      "components/promo_banner.json", #""initial_value": "Watch now", "initial_value": "Shop now" }"#, #""initial_value": "Watch now" }"#)
    try edit("screens/home.json", #""banner_text": "New this week" }"#, #""banner_text": "New this week", "banner_text": "Shop now" }"#)
    let screens = try zlc(["build", "manifests", "-o", dir.appendingPathComponent("screens-out").path], cwd: dir)
    XCTAssertEqual(screens.status, 1, screens.err)
    XCTAssertTrue(screens.err.contains("manifests/screens/home.json:25:84: error: duplicate key 'banner_text' [ZL0107]"), screens.err)
    XCTAssertTrue(screens.err.contains("manifests/screens/home.json:25:52: note: 'banner_text' is first defined here"), screens.err)
    XCTAssertFalse(screens.err.contains("last value of a key"), screens.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("screens-out").path))
  }
}
