import Foundation
import XCTest

@testable import ZappLayout

/// A bundle file the loader must not read whole: larger than `ScreenBundle.maxFileBytes` by its
/// size (a sparse file, which costs no disk) or by what it gives while read.
final class BundleFileLimitTests: XCTestCase {
  /// A copy of the golden bundle, removed after the test.
  func copy() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-file-limit-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: BundleTests.golden, to: dir)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// Makes the file at `url` `size` bytes long without writing them (a sparse file).
  func grow(_ url: URL, to size: UInt64) throws {
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.truncate(atOffset: size)
  }

  static let fiftyGigabytes: UInt64 = 50 << 30

  static func tooLarge(_ file: String, _ size: UInt64, bound: Int = ScreenBundle.maxFileBytes) -> ScreenBundle.LoadError {
    .invalidFile(file, "cannot be read: it is \(size) bytes; the runtime reads files of at most \(bound) bytes")
  }

  /// A bundle.json of 50 GB is refused by its size: nothing of it is allocated or read.
  func testABundleIndexOfFiftyGigabytesIsRefusedByItsSize() throws {
    let dir = try copy()
    try grow(dir.appendingPathComponent("bundle.json"), to: Self.fiftyGigabytes)
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, Self.tooLarge("bundle.json", Self.fiftyGigabytes))
    }
  }

  /// A screen file of 50 GB loads (the index is fine) and throws when its screen is opened, every
  /// time; the other screens open.
  func testAScreenFileOfFiftyGigabytesThrowsWhenItsScreenIsOpened() throws {
    let dir = try copy()
    try grow(dir.appendingPathComponent("screens/kids.json"), to: Self.fiftyGigabytes)
    let bundle = try ScreenBundle.load(from: dir)
    for _ in 0..<2 {
      XCTAssertThrowsError(try bundle.screen(id: "kids")) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, Self.tooLarge("screens/kids.json", Self.fiftyGigabytes))
      }
    }
    XCTAssertEqual(try bundle.screen(id: "show")?.id, "show")
  }

  /// The limit is inclusive: a file of exactly `maxBytes` is read, one of a byte more is refused
  /// by its size; the loader's limit is the one `zlc verify` reads within.
  func testTheLimitIsInclusive() throws {
    let dir = try copy()
    let file = dir.appendingPathComponent("sixteen")
    try Data(repeating: UInt8(ascii: "x"), count: 16).write(to: file)
    XCTAssertEqual(try FileBytes.read(file.path, maxBytes: 16).count, 16)
    XCTAssertThrowsError(try FileBytes.read(file.path, maxBytes: 15)) { error in
      XCTAssertEqual((error as? FileBytes.ReadError)?.reason, "it is 16 bytes; the runtime reads files of at most 15 bytes")
    }
    XCTAssertEqual(ScreenBundle.maxFileBytes, 256 << 20)
  }

  #if os(Linux)
    /// A file that gives more than its size says while it is read (a file of `/proc`, whose size is
    /// 0, stands for one that grows) is read past its size, up to the limit and no further.
    func testAFileThatGivesMoreThanItsSizeIsReadUpToTheLimit() throws {
      let path = "/proc/self/status"
      var status = stat()
      XCTAssertEqual(stat(path, &status), 0)
      XCTAssertEqual(status.st_size, 0, "the size stat gives")
      let whole = try FileBytes.read(path, maxBytes: 1 << 20)
      XCTAssertTrue(whole.starts(with: Array("Name:".utf8)), String(decoding: whole.prefix(40), as: UTF8.self))
      XCTAssertThrowsError(try FileBytes.read(path, maxBytes: 16)) { error in
        XCTAssertEqual(
          (error as? FileBytes.ReadError)?.reason, "it grew past the limit while it was read; the runtime reads files of at most 16 bytes")
      }
    }
  #endif
}
