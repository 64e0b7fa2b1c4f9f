import Crypto
import Foundation
import XCTest

@testable import ZappLayout

/// `ScreenBundle.load(from:maxFileBytes:verifyingWith:)`: each screen file checked against its `sha256` with a
/// SHA-256 the client supplies, on the bundle `zlc build` writes for the demo (Golden/demo-bundle).
final class FileDigestTests: XCTestCase {
  /// swift-crypto's SHA-256 in lowercase hex, as a client passes CryptoKit's.
  static let sha256: ScreenBundle.FileDigest = { data in SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }

  /// A copy of the golden bundle, removed when the test ends.
  func copyOfGolden() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-digest-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: BundleTests.golden, to: dir)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// `screens/show.json` with its name's last letter changed (`Show` → `Shov`): one byte, still a
  /// screen the contract reads.
  func changeOneByte(in dir: URL) throws {
    let url = dir.appendingPathComponent("screens/show.json")
    var bytes = try Data(contentsOf: url)
    let name = try XCTUnwrap(bytes.range(of: Data(#""name":"Show""#.utf8)))
    bytes[name.upperBound - 2] = UInt8(ascii: "v")
    try bytes.write(to: url)
  }

  func expectedHash(_ dir: URL, _ id: String) throws -> String {
    let bundle = try ScreenBundle.load(from: dir)
    return try XCTUnwrap(bundle.index.screens.first { $0.id == id }?.sha256)
  }

  func testAnIntactBundleOpensWithTheCheck() throws {
    let dir = try copyOfGolden()
    let bundle = try ScreenBundle.load(from: dir, verifyingWith: Self.sha256)
    XCTAssertEqual(try bundle.screens.map(\.id), bundle.index.screens.map(\.id))
    XCTAssertEqual(try bundle.screen(id: "show")?.name, "Show")
  }

  func testAChangedByteThrowsTheMismatchNamingTheScreen() throws {
    let dir = try copyOfGolden()
    try changeOneByte(in: dir)
    let expected = try expectedHash(dir, "show")
    let actual = Self.sha256(try Data(contentsOf: dir.appendingPathComponent("screens/show.json")))
    XCTAssertNotEqual(actual, expected)
    let bundle = try ScreenBundle.load(from: dir, verifyingWith: Self.sha256)
    let mismatch = ScreenBundle.LoadError.hashMismatch(screen: "show", file: "screens/show.json", expected: expected, actual: actual)
    for _ in 0..<2 {  // thrown again at the next try: nothing is kept for the screen
      XCTAssertThrowsError(try bundle.screen(id: "show")) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, mismatch)
      }
    }
    XCTAssertEqual(
      mismatch.description, "screens/show.json: the file of screen 'show' has SHA-256 \(actual), but bundle.json gives \(expected)")
    // The other screens open as usual.
    XCTAssertEqual(try bundle.screen(id: "home")?.id, "home")
  }

  /// A truncated download is a mismatch too, not a file that is not JSON.
  func testATruncatedFileIsAMismatch() throws {
    let dir = try copyOfGolden()
    let url = dir.appendingPathComponent("screens/show.json")
    try Data(try Data(contentsOf: url).prefix(100)).write(to: url)
    let bundle = try ScreenBundle.load(from: dir, verifyingWith: Self.sha256)
    XCTAssertThrowsError(try bundle.screen(id: "show")) { error in
      guard case .hashMismatch(let screen, let file, _, _) = error as? ScreenBundle.LoadError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual([screen, file], ["show", "screens/show.json"])
    }
  }

  func testWithoutTheCheckAChangedFileStillOpens() throws {
    let dir = try copyOfGolden()
    try changeOneByte(in: dir)
    XCTAssertEqual(try ScreenBundle.load(from: dir).screen(id: "show")?.name, "Shov")
    XCTAssertEqual(try ScreenBundle.load(from: dir, platform: "ios").screen(id: "show")?.name, "Shov")
  }

  /// The function gets each opened file's bytes exactly, once per screen opened, and gives for
  /// them the hash `zlc build` wrote.
  func testTheFunctionGetsExactlyTheFileBytes() throws {
    let dir = try copyOfGolden()
    let seen = Locked<[Data]>([])
    let bundle = try ScreenBundle.load(from: dir) { data in
      seen.withLock { $0.append(data) }
      return Self.sha256(data)
    }
    XCTAssertEqual(seen.withLock { $0 }, [], "loading hashes no screen file")
    _ = try bundle.screen(id: "show")
    _ = try bundle.screen(id: "show")
    let file = try Data(contentsOf: dir.appendingPathComponent("screens/show.json"))
    XCTAssertEqual(seen.withLock { $0 }, [file], "an opened screen is kept, not hashed again")
    XCTAssertEqual(Self.sha256(file), try expectedHash(dir, "show"))
  }

  /// `bundle.json` with the hash of `show` replaced by `hash` (the golden lists it once).
  func replaceHash(of id: String, in dir: URL, with hash: String) throws {
    let url = dir.appendingPathComponent("bundle.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    let old = try expectedHash(dir, id)
    XCTAssertEqual(text.components(separatedBy: old).count, 2)
    try text.replacingOccurrences(of: old, with: hash).write(to: url, atomically: true, encoding: .utf8)
  }

  /// Hashes are compared ignoring case, whichever side writes capitals: the function's or
  /// `bundle.json`'s. A changed file still differs in capitals.
  func testCaseIsIgnoredOnBothSides() throws {
    let dir = try copyOfGolden()
    let upper = try ScreenBundle.load(from: dir) { Self.sha256($0).uppercased() }
    XCTAssertEqual(try upper.screen(id: "show")?.id, "show")
    try replaceHash(of: "show", in: dir, with: try expectedHash(dir, "show").uppercased())
    XCTAssertEqual(try ScreenBundle.load(from: dir, verifyingWith: Self.sha256).screen(id: "show")?.id, "show")
    try changeOneByte(in: dir)
    XCTAssertThrowsError(try ScreenBundle.load(from: dir, verifyingWith: Self.sha256).screen(id: "show")) { error in
      guard case .hashMismatch(let screen, _, _, _) = error as? ScreenBundle.LoadError else { return XCTFail("\(error)") }
      XCTAssertEqual(screen, "show")
    }
  }

  /// With the function, an entry whose `sha256` is empty cannot vouch for its file: it is the
  /// mismatch, named by screen and file, at both loads; without the function it opens as it reads.
  func testAnEmptyHashIsAMismatchWithTheCheck() throws {
    let dir = try copyOfGolden()
    let actual = Self.sha256(try Data(contentsOf: dir.appendingPathComponent("screens/show.json")))
    try replaceHash(of: "show", in: dir, with: "")
    let mismatch = ScreenBundle.LoadError.hashMismatch(screen: "show", file: "screens/show.json", expected: "", actual: actual)
    for bundle in [
      try ScreenBundle.load(from: dir, verifyingWith: Self.sha256),
      try ScreenBundle.load(from: dir, platform: "ios", verifyingWith: Self.sha256),
    ] {
      XCTAssertThrowsError(try bundle.screen(id: "show")) { error in XCTAssertEqual(error as? ScreenBundle.LoadError, mismatch) }
      XCTAssertEqual(try bundle.screen(id: "home")?.id, "home")
    }
    XCTAssertEqual(
      mismatch.description,
      "screens/show.json: the file of screen 'show' has SHA-256 \(actual), but bundle.json gives no hash to check it against")
    XCTAssertEqual(try ScreenBundle.load(from: dir).screen(id: "show")?.name, "Show")
    XCTAssertEqual(try ScreenBundle.load(from: dir, platform: "ios").screen(id: "show")?.name, "Show")
  }

  /// An entry without `sha256` is no bundle of the contract: it is not loaded, checked or not.
  func testAMissingHashIsNoBundle() throws {
    let dir = try copyOfGolden()
    let hash = try expectedHash(dir, "show")
    let url = dir.appendingPathComponent("bundle.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    let member = try XCTUnwrap(text.range(of: #","sha256":"\#(hash)""#) ?? text.range(of: #""sha256":"\#(hash)","#))
    try text.replacingCharacters(in: member, with: "").write(to: url, atomically: true, encoding: .utf8)
    for check in [nil, Self.sha256] {
      XCTAssertThrowsError(try ScreenBundle.load(from: dir, verifyingWith: check)) { error in
        guard case .invalidFile(let file, _) = error as? ScreenBundle.LoadError else { return XCTFail("\(error)") }
        XCTAssertEqual(file, "bundle.json")
      }
    }
  }

  /// `load(from:platform:maxFileBytes:verifyingWith:)` checks the platform's bundle as `load(from:maxFileBytes:verifyingWith:)`
  /// does: a single bundle, and one a `platforms.json` names.
  func testThePlatformLoadChecksToo() throws {
    let single = try copyOfGolden()
    try changeOneByte(in: single)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-digest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: output) }
    try FileManager.default.copyItem(at: single, to: output.appendingPathComponent("ios"))
    try Data(#"{"format_version":2,"platforms":[{"platform":"ios","folder":"ios"}]}"#.utf8)
      .write(to: output.appendingPathComponent(PlatformBundles.fileName))
    for folder in [single, output] {
      let bundle = try ScreenBundle.load(from: folder, platform: "ios", verifyingWith: Self.sha256)
      XCTAssertThrowsError(try bundle.screen(id: "show"), folder.path) { error in
        guard case .hashMismatch(let screen, _, _, _) = error as? ScreenBundle.LoadError else { return XCTFail("\(error)") }
        XCTAssertEqual(screen, "show")
      }
      XCTAssertEqual(try ScreenBundle.load(from: folder, platform: "ios").screen(id: "show")?.name, "Shov", folder.path)
    }
  }
}
