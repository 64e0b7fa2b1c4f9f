import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// `zlc init` writes the whole starter or nothing: a file that cannot be written (a full disk)
/// leaves neither the files written before it nor the folders made for them.
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
    XCTAssertEqual(failed.diagnostics.map(\.message), ["cannot write the starter project: No space left on device"])
    XCTAssertEqual(failed.written, [])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing is left")
    let again = Driver.initialize(folder, template: .basic)
    XCTAssertEqual(again.status, .success, "\(again.diagnostics.map(\.message))")
    XCTAssertEqual(again.written.count, 7)
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
}
