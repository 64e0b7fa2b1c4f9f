import Foundation
import XCTest

@testable import ZappLayoutServer

#if canImport(Glibc)
  import Glibc
#endif

/// `FeedsFolder.fingerprint(of:)`, which `zlc serve --feeds` compares to build again, changes
/// whenever a feed is added, changed or removed, its name UTF-8 or not.
final class FeedsFolderTests: XCTestCase {
  private func makeFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "zlc-feeds-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }

  /// Writes `text` to the file at `folder` + "/" + `name`, a name given by its bytes.
  private func write(_ text: String, folder: String, name: [UInt8]) throws {
    let path = Array(folder.utf8) + [0x2F] + name + [0]
    let fd = path.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    }
    XCTAssertGreaterThanOrEqual(fd, 0, "the file could not be made")
    try FileHandle(fileDescriptor: fd, closeOnDealloc: true).write(contentsOf: Data(text.utf8))
  }

  private func remove(folder: String, name: [UInt8]) {
    let path = Array(folder.utf8) + [0x2F] + name + [0]
    let removed = path.withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } }
    XCTAssertEqual(removed, 0)
  }

  /// A feed written `.JSON`, which the preview reads, and a near miss of `.json`, which it
  /// reports, are followed; another file is not.
  func testAFeedInAnyCaseAndANearMissAreFollowed() throws {
    let folder = try makeFolder()
    let empty = FeedsFolder.fingerprint(of: folder)
    try write("{}", folder: folder, name: Array("show.JSON".utf8))
    let made = FeedsFolder.fingerprint(of: folder)
    XCTAssertNotEqual(made, empty, "making show.JSON went unnoticed")
    try write("{\"entry\": []}", folder: folder, name: Array("show.JSON".utf8))
    let edited = FeedsFolder.fingerprint(of: folder)
    XCTAssertNotEqual(edited, made, "editing show.JSON went unnoticed")
    try write("{}", folder: folder, name: Array("movie.jsn".utf8))
    let misnamed = FeedsFolder.fingerprint(of: folder)
    XCTAssertNotEqual(misnamed, edited, "making movie.jsn went unnoticed")
    try write("notes", folder: folder, name: Array("README.md".utf8))
    XCTAssertEqual(FeedsFolder.fingerprint(of: folder), misnamed, "README.md is no feed")
  }

  /// A feed named `f\xff.json` (not UTF-8) made, edited and removed changes the fingerprint each
  /// time, so that its finding (ZL0100) comes and goes with it.
  func testAFeedWhoseNameIsNotUTF8IsFollowed() throws {
    let folder = try makeFolder()
    let name: [UInt8] = [0x66, 0xFF, 0x2E, 0x6A, 0x73, 0x6F, 0x6E]
    let empty = FeedsFolder.fingerprint(of: folder)
    try write("{}", folder: folder, name: name)
    let made = FeedsFolder.fingerprint(of: folder)
    XCTAssertNotEqual(made, empty, "making the feed went unnoticed")
    try write("{\"a\": 1}", folder: folder, name: name)
    let edited = FeedsFolder.fingerprint(of: folder)
    XCTAssertNotEqual(edited, made, "editing the feed went unnoticed")
    remove(folder: folder, name: name)
    XCTAssertNotEqual(FeedsFolder.fingerprint(of: folder), edited, "removing the feed went unnoticed")
  }

  /// `f\xff.json` and the valid name it shows as, `f\u{FFFD}.json`, are two feeds: editing either
  /// changes the fingerprint.
  func testAFeedWhoseNameIsNotUTF8IsToldFromTheNameItShowsAs() throws {
    let folder = try makeFolder()
    let invalid: [UInt8] = [0x66, 0xFF, 0x2E, 0x6A, 0x73, 0x6F, 0x6E]
    let valid = Array("f\u{FFFD}.json".utf8)
    try write("{}", folder: folder, name: invalid)
    try write("{}", folder: folder, name: valid)
    let before = FeedsFolder.fingerprint(of: folder)
    XCTAssertEqual(before.count, 2)
    try write("{\"a\": 1}", folder: folder, name: invalid)
    XCTAssertNotEqual(FeedsFolder.fingerprint(of: folder), before, "editing the feed not UTF-8 went unnoticed")
  }

  /// A folder that cannot be listed differs from an empty one.
  func testAMissingFolderDiffersFromAnEmptyOne() throws {
    let folder = try makeFolder()
    XCTAssertNotEqual(FeedsFolder.fingerprint(of: folder), FeedsFolder.fingerprint(of: folder + "/none"))
  }
}
