import Foundation
import XCTest
import ZappLayout

@testable import ZappLayoutCompiler

/// The compact bundle's `layouts` table: ids that depend only on an entry's bytes.
final class CompactBundleTests: XCTestCase {
  func files(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where path.hasSuffix(".json") {
      files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
    }
    return files
  }

  /// A screen that takes a new layout changes its own file, its hash and `layouts`; every other
  /// screen file, and every entry the first build had, stays byte for byte.
  func testChangingOneScreenChangesOnlyItsFileAndHash() throws {
    func project(otherStyle: String) -> [String: String] {
      let other = Example.grid.replacingOccurrences(of: "GRID_1", with: otherStyle)
      return [
        "screens/home.json": Example.home, "screens/o.json": Example.screen(other),
        "screens/t.json": Example.screen(Example.grid, id: "third"),
      ]
    }
    let before = try makeProject(project(otherStyle: "GRID_1"))
    let after = try makeProject(project(otherStyle: "GRID_2"))
    addTeardownBlock {
      try? FileManager.default.removeItem(atPath: before)
      try? FileManager.default.removeItem(atPath: after)
    }
    for dir in [before, after] { XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success) }
    let (old, new) = (try files(before + "/out"), try files(after + "/out"))
    XCTAssertEqual(Set(old.keys), ["bundle.json", "rivers.json", "screens/home.json", "screens/other.json", "screens/third.json"])
    XCTAssertEqual(Set(old.keys.filter { old[$0] != new[$0] }), ["bundle.json", "rivers.json", "screens/other.json"])
    let (oldIndex, newIndex) = (
      try BundleIndex(json: JSON.parse(old["bundle.json"]!)), try BundleIndex(json: JSON.parse(new["bundle.json"]!))
    )
    XCTAssertEqual(
      zip(oldIndex.screens, newIndex.screens).filter { $0.sha256 != $1.sha256 }.map(\.0.id), ["other"], "only its hash changed")
    XCTAssertTrue(Set(oldIndex.layouts).isSubset(of: Set(newIndex.layouts)), "every entry kept its id")
    XCTAssertEqual(newIndex.layouts.count, oldIndex.layouts.count + 1)
    XCTAssertEqual(newIndex.layouts.map(\.id), newIndex.layouts.map(\.id).sorted())
    XCTAssertTrue(newIndex.layouts.allSatisfy { $0.id.count == LayoutInterner.standardIDLength })
  }

  /// Entries whose ids would be the same get their whole digest, and the bundle is the same
  /// bundle: with one hex digit to an id, the demo's entries must share some.
  func testEntriesThatShareAnIDGetTheirWholeDigest() throws {
    let demo = repositoryRoot.appendingPathComponent("manifests").path
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-ids-\(UUID().uuidString)").path
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    var short = BundleWriter.Options()
    short.layoutIDLength = 1
    XCTAssertEqual(Driver.build(demo, output: dir + "/standard").status, .success)
    XCTAssertEqual(Driver.build(demo, output: dir + "/short", bundle: short).status, .success)
    XCTAssertEqual(Driver.build(demo, output: dir + "/again", bundle: short).status, .success)
    let standard = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/standard"))
    let shortened = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/short"))
    XCTAssertGreaterThan(standard.index.layouts.count, 16, "more entries than one hex digit tells apart")
    XCTAssertEqual(shortened.index.layouts.count, standard.index.layouts.count)
    let long = shortened.index.layouts.filter { $0.id.count == 64 }
    XCTAssertFalse(long.isEmpty)
    XCTAssertTrue(shortened.index.layouts.allSatisfy { $0.id.count == 1 || $0.id.count == 64 })
    for entry in long { XCTAssertFalse(shortened.index.layouts.contains { $0.id == String(entry.id.prefix(1)) }, entry.id) }
    XCTAssertEqual(Set(shortened.index.layouts.map(\.value)), Set(standard.index.layouts.map(\.value)))
    for (a, b) in zip(standard.screens, shortened.screens) { XCTAssertEqual(a.encoded(form: .expanded), b.encoded(form: .expanded), a.id) }
    XCTAssertEqual(try files(dir + "/short"), try files(dir + "/again"), "deterministic")
  }
}
