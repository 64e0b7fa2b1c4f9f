import Foundation
import XCTest

/// `zlc check --fix`: the did-you-mean fix-its applied in place, what is left reported; with
/// `--dry-run`, a patch that `patch -p1` applies, and no file touched.
final class FixTests: XCTestCase {
  var dir: URL!
  var project: URL!
  var demo: [String: Data] = [:]

  override func setUpWithError() throws {
    dir = temporary()
    project = try copyDemo(to: dir)
    demo = try snapshot(project)
    try edit("screens/home.json") {
      $0.replacingOccurrences(of: #""component_type": "hero""#, with: #""component_type": "heroo""#)
        .replacingOccurrences(of: #""cell_styles": ["GRID_1", "GRID_2"]"#, with: #""cell_styles": ["GRID_11", "GRID_2"]"#)
    }
    try edit("screens/show.json") {
      $0.replacingOccurrences(of: #""target": "season""#, with: #""target": "seasno""#)
    }
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func edit(_ path: String, _ change: (String) -> String) throws {
    let url = project.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    let changed = change(text)
    XCTAssertNotEqual(changed, text, path)
    try changed.write(to: url, atomically: true, encoding: .utf8)
  }

  func testFixLeavesAProjectOfTyposCheckingClean() throws {
    XCTAssertEqual(try zlc(["check", "manifests"], cwd: dir).status, 1)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertTrue(
      fixed.err.contains(#"fixed manifests/screens/home.json: did you mean 'hero'? replace '"heroo"' with '"hero"'; "#), fixed.err)
    XCTAssertTrue(fixed.err.contains("fixed manifests/screens/show.json: did you mean 'season'?"), fixed.err)
    XCTAssertTrue(fixed.err.hasSuffix("manifests: ok, 0 errors, 0 warnings in 13 files\n"), fixed.err)
    XCTAssertEqual(try snapshot(project), demo, "the fixes restore the demo exactly")
  }

  /// Far more fixes of one code in one file than a check keeps (100): rounds go on until all are made.
  func testFixMakesEveryFixPastTheCapOfOneCheck() throws {
    let component =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "seasno"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let screen =
      #"[{"id": "many", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Array(repeating: component, count: 450).joined(separator: ",\n"))]}]"#
    try screen.write(to: project.appendingPathComponent("screens/many.json"), atomically: true, encoding: .utf8)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    let text = try String(contentsOf: project.appendingPathComponent("screens/many.json"), encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: #""target": "season""#).count - 1, 450, fixed.err)
    XCTAssertFalse(text.contains("seasno"))
  }

  func testDryRunPrintsAPatchAndWritesNothing() throws {
    let broken = try snapshot(project)
    let dry = try zlc(["check", "manifests", "--fix", "--dry-run"], cwd: dir)
    XCTAssertEqual(dry.status, 1, "the problems are still there")
    XCTAssertEqual(try snapshot(project), broken, "nothing was written")
    XCTAssertTrue(dry.out.hasPrefix("--- a/manifests/screens/home.json\n+++ b/manifests/screens/home.json\n@@ "), dry.out)
    XCTAssertTrue(dry.err.contains("[ZL0303]"), dry.err)
    let patch = dir.appendingPathComponent("fix.patch")
    try dry.out.write(to: patch, atomically: true, encoding: .utf8)
    let applied = try run(["patch", "-p1", "-i", patch.path], cwd: dir)
    XCTAssertEqual(applied.status, 0, applied.out + applied.err)
    XCTAssertEqual(try snapshot(project), demo, "the patch is the fix")
  }

  func testDryRunGoesWithFix() throws {
    XCTAssertEqual(try zlc(["check", "manifests", "--dry-run"], cwd: dir).status, 64)
    XCTAssertEqual(try zlc(["build", "manifests", "--fix", "--dry-run"], cwd: dir).status, 64)
  }

  func testBuildFixFixesThenBuilds() throws {
    let built = try zlc(["build", "manifests", "--fix", "-o", "out"], cwd: dir)
    XCTAssertEqual(built.status, 0, built.err)
    XCTAssertTrue(built.err.contains("fixed manifests/screens/home.json"), built.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/bundle.json").path))
  }
}
