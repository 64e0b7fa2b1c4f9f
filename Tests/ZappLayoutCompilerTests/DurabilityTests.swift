import Foundation
import XCTest

@testable import ZappWriters

/// `Durability.sync` flushes a written folder before it is swapped in: a flush of the file system
/// that fails (the disk refused a write it had taken) fails the write, naming the output; only a
/// system without that flush has each file flushed instead.
final class DurabilityTests: XCTestCase {
  var dir: URL!

  /// A folder holding a file and a link that leads nowhere, which flushing each file cannot open:
  /// it tells whether the files were flushed one by one.
  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-sync-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false)
    try Data("{}".utf8).write(to: dir.appendingPathComponent("bundle.json"))
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("gone").path, withDestinationPath: "nowhere")
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func testAFailedFlushOfTheFileSystemFailsNamingTheOutput() {
    XCTAssertThrowsError(
      try Durability.sync(folder: dir.path, shown: "build") { _ in
        errno = EIO
        return -1
      }
    ) { error in
      XCTAssertEqual(
        "\(error)", "the file system holding 'build' reported a write error while its files were flushed: Input/output error")
    }
  }

  func testAFlushOfTheFileSystemIsEnough() {
    XCTAssertNoThrow(try Durability.sync(folder: dir.path, shown: "build") { _ in 0 })
  }

  /// Without `syncfs` (ENOSYS), each file is flushed: the link that leads nowhere is then named.
  func testASystemWithoutTheFlushFlushesEachFile() {
    XCTAssertThrowsError(
      try Durability.sync(folder: dir.path, shown: "build") { _ in
        errno = ENOSYS
        return -1
      }
    ) { error in
      XCTAssertEqual("\(error)", "cannot open '\(dir.path)/gone': No such file or directory")
    }
  }
}
