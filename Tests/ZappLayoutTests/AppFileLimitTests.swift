import Foundation
import XCTest

@testable import ZappLayout

/// The bound an app gives `ScreenBundle.load` (`maxFileBytes`): applied to `bundle.json` and
/// `platforms.json` at load, and to each screen file when its screen is opened.
final class AppFileLimitTests: XCTestCase {
  /// A copy of the golden bundle, removed after the test.
  func copy() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-app-limit-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: BundleTests.golden, to: dir)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// An output folder whose `platforms.json` names a copy of the golden bundle for `ios`.
  func platformOutput() throws -> URL {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-app-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: output) }
    try FileManager.default.copyItem(at: BundleTests.golden, to: output.appendingPathComponent("ios"))
    try Data(#"{"format_version":2,"platforms":[{"platform":"ios","folder":"ios"}]}"#.utf8)
      .write(to: output.appendingPathComponent(PlatformBundles.fileName))
    return output
  }

  func size(_ url: URL) throws -> Int { try Data(contentsOf: url).count }

  /// Makes `screens/kids.json` of `folder` `extra` bytes larger than `bundle.json` (spaces after
  /// its JSON, which still reads) and gives the bound that loads `bundle.json` but not it.
  func growKids(in folder: URL, extra: Int = 100) throws -> (kids: Int, bound: Int) {
    let bound = try size(folder.appendingPathComponent("bundle.json"))
    let kids = folder.appendingPathComponent("screens/kids.json")
    let bytes = try Data(contentsOf: kids)
    try (bytes + Data(repeating: UInt8(ascii: " "), count: bound + extra - bytes.count)).write(to: kids)
    return (bound + extra, bound)
  }

  /// A bound smaller than a screen file loads the bundle and refuses that screen when it is
  /// opened, every time, naming the file, its size and the bound; the other screens open. Without
  /// the bound, the same screen opens.
  func testABoundSmallerThanAScreenFileRefusesThatScreenWhenOpened() throws {
    let dir = try copy()
    let (kids, bound) = try growKids(in: dir)
    let bundle = try ScreenBundle.load(from: dir, maxFileBytes: bound)
    for _ in 0..<2 {
      XCTAssertThrowsError(try bundle.screen(id: "kids")) { error in
        XCTAssertEqual(
          error as? ScreenBundle.LoadError, BundleFileLimitTests.tooLarge("screens/kids.json", UInt64(kids), bound: bound))
        XCTAssertEqual(
          "\(error)", "screens/kids.json: cannot be read: it is \(kids) bytes; the runtime reads files of at most \(bound) bytes")
      }
    }
    XCTAssertEqual(try bundle.screen(id: "show")?.id, "show")
    XCTAssertEqual(try ScreenBundle.load(from: dir).screen(id: "kids")?.id, "kids")
  }

  /// The platform loader carries the bound to the screens of the bundle it loads, with and without
  /// `platforms.json`, and with a SHA-256 function given as a trailing closure.
  func testThePlatformLoaderCarriesTheBoundToItsScreens() throws {
    let output = try platformOutput()
    let single = try copy()
    for (folder, prefix) in [(output, "ios/"), (single, "")] {
      let (kids, bound) = try growKids(in: folder.appendingPathComponent(prefix))
      let bundle = try ScreenBundle.load(from: folder, platform: "ios", maxFileBytes: bound) { _ in "" }
      XCTAssertThrowsError(try bundle.screen(id: "kids"), folder.path) { error in
        XCTAssertEqual(
          error as? ScreenBundle.LoadError, BundleFileLimitTests.tooLarge(prefix + "screens/kids.json", UInt64(kids), bound: bound))
      }
      XCTAssertEqual(try ScreenBundle.load(from: folder, platform: "ios").screen(id: "kids")?.id, "kids", folder.path)
    }
  }

  /// A `bundle.json` over the bound is refused at load, naming it, its size and the bound; the
  /// bound is inclusive: one of exactly its size loads.
  func testABundleIndexOverTheBoundIsRefusedAtLoad() throws {
    let dir = try copy()
    let index = try size(dir.appendingPathComponent("bundle.json"))
    XCTAssertThrowsError(try ScreenBundle.load(from: dir, maxFileBytes: index - 1)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, BundleFileLimitTests.tooLarge("bundle.json", UInt64(index), bound: index - 1))
    }
    XCTAssertEqual(try ScreenBundle.load(from: dir, maxFileBytes: index).screenIDs.count, try ScreenBundle.load(from: dir).screenIDs.count)
  }

  /// `platforms.json` over the bound is refused at load, as the platform's `bundle.json` is.
  func testAPlatformsFileOrItsBundleIndexOverTheBoundIsRefusedAtLoad() throws {
    let output = try platformOutput()
    let manifest = try size(output.appendingPathComponent(PlatformBundles.fileName))
    XCTAssertThrowsError(try ScreenBundle.load(from: output, platform: "ios", maxFileBytes: manifest - 1)) { error in
      XCTAssertEqual(
        error as? ScreenBundle.LoadError, BundleFileLimitTests.tooLarge(PlatformBundles.fileName, UInt64(manifest), bound: manifest - 1))
    }
    XCTAssertThrowsError(try ScreenBundle.platformBundles(in: output, maxFileBytes: manifest - 1))
    let index = try size(output.appendingPathComponent("ios/bundle.json"))
    XCTAssertThrowsError(try ScreenBundle.load(from: output, platform: "ios", maxFileBytes: index - 1)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, BundleFileLimitTests.tooLarge("ios/bundle.json", UInt64(index), bound: index - 1))
    }
  }

  /// Without a bound, and with one above `ScreenBundle.maxFileBytes` (which reads no more than
  /// that), the loader reads files of up to 256 MiB, as before.
  func testTheDefaultIsUnchangedAndALargerBoundReadsNoMore() throws {
    let dir = try copy()
    XCTAssertEqual(ScreenBundle.maxFileBytes, 256 << 20)
    XCTAssertEqual(try ScreenBundle.load(from: dir).store.maxFileBytes, ScreenBundle.maxFileBytes)
    XCTAssertEqual(try ScreenBundle.load(from: dir, platform: "ios").store.maxFileBytes, ScreenBundle.maxFileBytes)
    for bound in [ScreenBundle.maxFileBytes + 1, Int.max] {
      let bundle = try ScreenBundle.load(from: dir, maxFileBytes: bound)
      XCTAssertEqual(bundle.store.maxFileBytes, ScreenBundle.maxFileBytes)
      XCTAssertEqual(try bundle.screen(id: "kids")?.id, "kids")
    }
    let handle = try FileHandle(forWritingTo: dir.appendingPathComponent("screens/kids.json"))
    try handle.truncate(atOffset: 50 << 30)
    try handle.close()
    XCTAssertThrowsError(try ScreenBundle.load(from: dir, maxFileBytes: .max).screen(id: "kids")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, BundleFileLimitTests.tooLarge("screens/kids.json", 50 << 30))
    }
  }

  /// A bound of 0 or less is refused before any file is read, naming the first file the load reads.
  func testABoundOfZeroOrLessIsRefused() throws {
    let dir = try copy()
    let output = try platformOutput()
    for bound in [0, -1, Int.min] {
      let why = "not read: maxFileBytes is \(bound), and an app bounds bundle files by 1 to \(ScreenBundle.maxFileBytes) bytes"
      XCTAssertThrowsError(try ScreenBundle.load(from: dir, maxFileBytes: bound)) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("bundle.json", why))
      }
      XCTAssertThrowsError(try ScreenBundle.load(from: output, platform: "ios", maxFileBytes: bound)) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile(PlatformBundles.fileName, why))
      }
    }
  }
}
