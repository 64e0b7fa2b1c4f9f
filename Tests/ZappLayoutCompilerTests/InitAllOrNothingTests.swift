import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// `zlc init` writes the whole starter or nothing: a file that cannot be written (a full disk)
/// leaves neither the files written before it nor the folders made for them, and while the files
/// are written none is in the project's folder, so a kill leaves no part of a project.
final class InitAllOrNothingTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-init-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// Writes files as a full disk does: the first `fit` files whole, then an empty file and ENOSPC.
  func fullDisk(after fit: Int) -> (String, [UInt8]) -> Int32 {
    var count = 0
    return { path, bytes in
      count += 1
      return BundleWriter.writeFile(path, count > fit ? [] : bytes) == 0 && count > fit ? ENOSPC : 0
    }
  }

  func testAFullDiskLeavesNothingAndAnotherInitWrites() throws {
    let folder = dir.appendingPathComponent("x").path
    let failed = Driver.initialize(folder, template: .basic, writeFile: fullDisk(after: 4))
    XCTAssertEqual(failed.status, .ioFailure)
    // The fifth file, named where it would have been.
    XCTAssertEqual(
      failed.diagnostics.map(\.message), ["cannot write the starter project: '\(folder)/screens/show.json': No space left on device"])
    XCTAssertEqual(failed.written, [])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing is left")
    let again = Driver.initialize(folder, template: .basic)
    XCTAssertEqual(again.status, .success, "\(again.diagnostics.map(\.message))")
    XCTAssertEqual(again.written.count, 7)
  }

  /// A folder of the starter that cannot be made (no inode left; here a file in its place) is
  /// named where it would have been, and nothing is left.
  func testAFolderThatCannotBeMadeIsNamedAndNothingIsLeft() throws {
    let folder = dir.appendingPathComponent("x").path
    let failed = Driver.initialize(folder, template: .basic) { path, bytes in
      // Beside the second file, a file where the third one's folder goes.
      if path.hasSuffix("/screen_types.json") {
        _ = BundleWriter.writeFile((path as NSString).deletingLastPathComponent + "/families", [])
      }
      return BundleWriter.writeFile(path, bytes)
    }
    XCTAssertEqual(failed.status, .ioFailure)
    XCTAssertEqual(failed.diagnostics.map(\.message), ["cannot write the starter project: '\(folder)/families': File exists"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing is left")
  }

  /// A folder that was there (empty but for a fresh `.git`) is kept with what it held.
  func testAFullDiskKeepsTheFolderThatWasThere() throws {
    let folder = dir.appendingPathComponent("y")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let failed = Driver.initialize(folder.path, template: .multiPlatform, writeFile: fullDisk(after: 6))
    XCTAssertEqual(failed.status, .ioFailure)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [".git"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".git").path), [])
  }

  /// The entries of `folder` but hidden ones, sorted.
  func visible(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// A new folder, and the missing folders above it, appear in one rename once every file is
  /// written, from a hidden folder beside them that a stop signal removes; nothing is left beside.
  func testANewFolderAppearsOnlyWhole() throws {
    for (given, top) in [("x", "x"), ("a/b/app", "a")] {
      let folder = dir.appendingPathComponent(given).path
      var writes = 0
      let outcome = Driver.initialize(folder, template: .basic) { path, bytes in
        writes += 1
        XCTAssertFalse(FileManager.default.fileExists(atPath: self.dir.appendingPathComponent(top).path), path)
        let staging = String(path.dropFirst(self.dir.path.count + 1).prefix { $0 != "/" })
        XCTAssertTrue(staging.hasPrefix(".\(top).zlc-init-"), path)
        XCTAssertTrue(StopSignals.removesOnStop(self.dir.appendingPathComponent(staging).path), path)
        return BundleWriter.writeFile(path, bytes)
      }
      XCTAssertEqual(outcome.status, .success, "\(outcome.diagnostics.map(\.message))")
      XCTAssertEqual(writes, 7)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [top], "nothing is left beside it")
      XCTAssertEqual(visible(folder), ["components", "families", "registries", "screen_types.json", "screens", "zlc.json"])
      try FileManager.default.removeItem(at: dir.appendingPathComponent(top))
    }
  }

  /// A folder that was there keeps its identity and hidden entries: the starter is written into a
  /// hidden folder inside it, then its entries are moved out of it, leaving nothing hidden behind.
  func testAnExistingFolderGetsTheStarterOnlyWhole() throws {
    let folder = dir.appendingPathComponent("y")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    var before = stat()
    XCTAssertEqual(stat(folder.path, &before), 0)
    let outcome = Driver.initialize(folder.path, template: .basic) { path, bytes in
      XCTAssertEqual(self.visible(folder.path), [], path)
      let staging = String(path.dropFirst(folder.path.count + 1).prefix { $0 != "/" })
      XCTAssertTrue(staging.hasPrefix(".zlc-init-"), path)
      XCTAssertTrue(StopSignals.removesOnStop(folder.appendingPathComponent(staging).path), path)
      return BundleWriter.writeFile(path, bytes)
    }
    XCTAssertEqual(outcome.status, .success, "\(outcome.diagnostics.map(\.message))")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
      [".git", "components", "families", "registries", "screen_types.json", "screens", "zlc.json"])
    var after = stat()
    XCTAssertEqual(stat(folder.path, &after), 0)
    XCTAssertEqual(after.st_ino, before.st_ino, "the same folder")
  }

  /// An entry the starter would move into place, made by someone else while the starter was
  /// written, is kept, and nothing of the starter is left.
  func testAnEntryMadeMeanwhileIsKept() throws {
    let folder = dir.appendingPathComponent("z")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let mine = folder.appendingPathComponent("screens/mine.json")
    var writes = 0
    let outcome = Driver.initialize(folder.path, template: .basic) { path, bytes in
      writes += 1
      if writes == 7 {
        try? FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: mine.path, contents: Data("{}".utf8))
      }
      return BundleWriter.writeFile(path, bytes)
    }
    XCTAssertEqual(outcome.status, .ioFailure)
    XCTAssertEqual(
      outcome.diagnostics.map(\.message),
      ["cannot write the starter project: 'screens' appeared in the folder while the starter was written, and is kept"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["screens"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mine.deletingLastPathComponent().path), ["mine.json"])
  }

  /// A starter a kill leaves half moved into an existing folder (its entries moved in
  /// `Driver.moveOrder`, the rest still hidden) fails its check: its screens are moved last. Moved
  /// by name, one without `zlc.json` built green with the default devices and no app name.
  func testAHalfMovedStarterFailsItsCheck() throws {
    let fm = FileManager.default
    for template in StarterTemplate.allCases {
      let whole = dir.appendingPathComponent("whole-\(template.rawValue)")
      XCTAssertEqual(Driver.initialize(whole.path, template: template).status, .success)
      let order = Driver.moveOrder(try fm.contentsOfDirectory(atPath: whole.path))
      XCTAssertEqual(order.last, "screens", template.rawValue)
      for moved in 1..<order.count {
        let half = dir.appendingPathComponent("half-\(template.rawValue)-\(moved)")
        try fm.createDirectory(at: half, withIntermediateDirectories: false)
        for entry in order.prefix(moved) {
          try fm.copyItem(at: whole.appendingPathComponent(entry), to: half.appendingPathComponent(entry))
        }
        let check = Driver.check(half.path)
        XCTAssertTrue(check.diagnostics.contains { $0.severity == .error }, "\(template.rawValue): \(order.prefix(moved))")
      }
      XCTAssertEqual(Driver.check(whole.path).diagnostics.filter { $0.severity == .error }.map(\.message), [], template.rawValue)
    }
  }
}
