import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappResolution
@testable import ZappWriters

/// Bundles a client may receive truncated, forged or from another release: the runtime's load
/// throws an error the app can handle, and `zlc verify` reports the problem where it is.
final class HostileBundleVerifyTests: XCTestCase {
  /// A copy of `Golden/demo-bundle`, removed after the test.
  func copy() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-hostile-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: LoadHardeningTests.golden.appendingPathComponent("demo-bundle"), to: dir)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// Replaces the one `old` in a file of `dir` with `new`.
  func edit(_ dir: URL, _ file: String, _ old: String, _ new: String, line: UInt = #line) throws {
    let url = dir.appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: old).count, 2, "one \(old) in \(file)", line: line)
    try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
  }

  /// What `zlc verify` reports, each problem's file relative to `dir`.
  func verified(_ dir: URL) -> [String] {
    BundleVerifier.verify(dir.path).problems.map { $0.text.replacingOccurrences(of: dir.path + "/", with: "") }
  }

  /// The 1-based column of the value after `prefix` in a one-line file.
  func column(after prefix: String, in dir: URL, _ file: String) throws -> Int {
    let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
    return try XCTUnwrap(text.range(of: prefix)).upperBound.utf16Offset(in: text) + 1
  }

  /// A bundle of a format from the future may change any other key: its version is what is
  /// reported, at the version, not the keys this release finds missing.
  func testAFormatFromTheFutureIsReportedAtItsVersionWhateverElseChanged() throws {
    let dir = try copy()
    try edit(dir, "bundle.json", #""format_version":2"#, #""format_version":3"#)
    try edit(dir, "bundle.json", #""screens":["#, #""screen_list":["#)
    let at = try column(after: #""format_version":"#, in: dir, "bundle.json")
    XCTAssertEqual(verified(dir), ["bundle.json:1:\(at): error: format_version 3; this runtime reads 1 to 2"])
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .unsupportedFormatVersion(3))
    }
  }

  /// A version of the past or the future whose other keys are this release's is reported at the
  /// version too; a readable version with a key missing is reported at the key.
  func testAnUnreadableVersionIsReportedAloneAndAReadableOneLetsTheKeysBeChecked() throws {
    let dir = try copy()
    try edit(dir, "bundle.json", #""format_version":2"#, #""format_version":0"#)
    let at = try column(after: #""format_version":"#, in: dir, "bundle.json")
    XCTAssertEqual(verified(dir), ["bundle.json:1:\(at): error: format_version 0; this runtime reads 1 to 2"])
    try edit(dir, "bundle.json", #""format_version":0"#, #""format_version":2"#)
    try edit(dir, "bundle.json", #""screens":["#, #""screen_list":["#)
    XCTAssertEqual(verified(dir), ["bundle.json:1:1: error: screens: missing"])
  }

  /// A folder outside the bundle, removed after the test.
  func outside() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// Moves `file` of `dir` to the folder `to` and puts a link to it in its place.
  func moveOut(_ file: String, of dir: URL, to: URL) throws {
    let moved = to.appendingPathComponent(file)
    try FileManager.default.moveItem(at: dir.appendingPathComponent(file), to: moved)
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(file).path, withDestinationPath: moved.path)
  }

  /// A `bundle.json` or `rivers.json` that a link takes outside the bundle folder is not read (the
  /// file there is the bundle's own, whole): the runtime refuses the index, and `zlc verify` each.
  func testAnIndexOrRiversThatALinkTakesOutsideTheFolderIsNotRead() throws {
    let dir = try copy()
    XCTAssertEqual(verified(dir), [])
    try moveOut("rivers.json", of: dir, to: try outside())
    XCTAssertEqual(
      verified(dir),
      [
        "rivers.json: error: a link takes it outside the bundle folder; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
      ])
    try moveOut("bundle.json", of: dir, to: try outside())
    XCTAssertEqual(
      verified(dir),
      [
        "bundle.json: error: a link takes it outside the bundle folder; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
      ])
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle("bundle.json"))
      XCTAssertEqual(
        "\(error)",
        "'bundle.json' is outside the bundle folder: a link takes it there; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
      )
    }
  }

  /// A multi-platform output's `platforms.json` that a link takes outside is not read either.
  func testAPlatformListThatALinkTakesOutsideTheOutputIsNotRead() throws {
    let out = try outside()
    try FileManager.default.copyItem(at: try copy(), to: out.appendingPathComponent("ios"))
    let list = #"{"format_version":2,"platforms":[{"platform":"ios","folder":"ios"}]}"#
    try list.write(to: out.appendingPathComponent("platforms.json"), atomically: true, encoding: .utf8)
    XCTAssertEqual(BundleVerifier.verify(out.path).problems, [])
    XCTAssertEqual(try ScreenBundle.load(from: out, platform: "ios").index.platform, "ios")
    try moveOut("platforms.json", of: out, to: try outside())
    XCTAssertEqual(
      BundleVerifier.verify(out.path).problems.map(\.text),
      [
        out.path
          + "/platforms.json: error: a link takes it outside the bundle folder; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
      ])
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle("platforms.json"))
      XCTAssertEqual(
        "\(error)",
        "'platforms.json' is outside the bundle folder: a link takes it there; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
      )
    }
  }

  /// A screen file that is not there (a download cut short, an entry naming a file of another
  /// build) is the entry's fault: `zlc verify` reports it at the entry's `file` in bundle.json, and
  /// the runtime throws when that screen alone is opened.
  func testAScreenFileThatIsNotThereIsReportedAtItsEntry() throws {
    let dir = try copy()
    try FileManager.default.removeItem(at: dir.appendingPathComponent("screens/kids.json"))
    let at = try column(after: #""file":"#, in: dir, "bundle.json", from: #""id":"kids""#)
    XCTAssertEqual(
      verified(dir),
      [
        "bundle.json:1:\(at): error: screen 'kids' has file 'screens/kids.json', which is not there: build the bundle again, or restore the file"
      ])
    let bundle = try ScreenBundle.load(from: dir)
    XCTAssertThrowsError(try bundle.screen(id: "kids")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("screens/kids.json", "cannot be read: No such file or directory"))
    }
    XCTAssertEqual(try bundle.screen(id: "show")?.id, "show")
  }

  /// The 1-based column of the value after the first `prefix` past `start` in a one-line file.
  func column(after prefix: String, in dir: URL, _ file: String, from start: String) throws -> Int {
    let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
    let from = try XCTUnwrap(text.range(of: start)).upperBound
    return try XCTUnwrap(text.range(of: prefix, range: from..<text.endIndex)).upperBound.utf16Offset(in: text) + 1
  }

  /// A screen file that a second entry names too (by the same path written another way, or by a
  /// hard link) is read once: the second entry is reported at its `file`, and its screen is not
  /// decoded again (100,000 entries naming one large file would read it 100,000 times).
  func testAScreenFileTwoEntriesNameIsReportedAtTheSecondAndReadOnce() throws {
    for file in ["screens/./kids.json", "screens/kids-link.json"] {
      let dir = try copy()
      try FileManager.default.linkItem(
        at: dir.appendingPathComponent("screens/kids.json"), to: dir.appendingPathComponent("screens/kids-link.json"))
      let tree = try JSON.parse(try Data(contentsOf: dir.appendingPathComponent("bundle.json")))
      let entries = try XCTUnwrap(tree["screens"]?.arrayValue)
      let kids = try XCTUnwrap(entries.firstIndex { $0["id"]?.stringValue == "kids" })
      let original = try XCTUnwrap(entries[kids].objectValue)
      let second = JSON.object(original.map { ($0.0, $0.0 == "id" ? .string("kids2") : $0.0 == "file" ? .string(file) : $0.1) })
      try edit(
        dir, "bundle.json", entries[kids].encodedString(pretty: false),
        entries[kids].encodedString(pretty: false) + "," + second.encodedString(pretty: false))
      let at = try column(after: #""file":"#, in: dir, "bundle.json", from: #""id":"kids2""#)
      let problems = verified(dir)
      XCTAssertEqual(
        problems.filter { $0.hasPrefix("bundle.json:") },
        [
          "bundle.json:1:\(at): error: screen 'kids2' has file '\(file)', the file of screen 'kids' (screens[\(kids)]); each screen has a file of its own"
        ],
        file)
      XCTAssertFalse(problems.contains { $0.contains("lists it for 'kids2'") }, "\(problems)")
    }
  }

  /// An output folder's marker of 50 GB (a sparse file) is no marker zlc wrote: it is refused by
  /// its size, not allocated or read; the same marker of a few bytes is read.
  func testAMarkerOfFiftyGigabytesIsNotRead() throws {
    let dir = try copy()
    let marker = dir.appendingPathComponent(OutputFolder.markerName)
    try "zlc bundle\n".write(to: marker, atomically: true, encoding: .utf8)
    XCTAssertEqual(OutputFolder.readMarker(in: dir.path)?.kind, .bundle)
    let handle = try FileHandle(forWritingTo: marker)
    try handle.truncate(atOffset: 50 << 30)
    try handle.close()
    XCTAssertNil(OutputFolder.readMarker(in: dir.path))
  }

  /// A `platforms.json` of a format from the future is reported at its version too, whatever
  /// other keys it renamed; the runtime throws `unsupportedFormatVersion`.
  func testAPlatformListFromTheFutureIsReportedAtItsVersion() throws {
    let out = try outside()
    try FileManager.default.copyItem(at: try copy(), to: out.appendingPathComponent("ios"))
    let list = #"{"format_version":3,"bundles":[{"platform":"ios","folder":"ios"}]}"#
    try list.write(to: out.appendingPathComponent("platforms.json"), atomically: true, encoding: .utf8)
    XCTAssertEqual(
      BundleVerifier.verify(out.path).problems.map(\.text),
      [out.path + "/platforms.json:1:19: error: format_version 3; this runtime reads 1 to 2"])
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .unsupportedFormatVersion(3))
    }
  }

  /// A platform's folder is read as a client reads it, its `bundle.json` alone: a `platforms.json`
  /// in it is not followed, so folders nested thousands deep, each listing the next, are not
  /// verified one inside the other until the stack runs out.
  func testAPlatformListInsideAPlatformsFolderIsNotFollowed() throws {
    let out = try outside()
    let list = #"{"format_version":2,"platforms":[{"platform":"ios","folder":"ios"}]}"#
    var folder = out
    for _ in 0..<200 {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try list.write(to: folder.appendingPathComponent("platforms.json"), atomically: true, encoding: .utf8)
      folder = folder.appendingPathComponent("ios")
    }
    let ios = out.appendingPathComponent("ios")
    XCTAssertEqual(
      BundleVerifier.verify(out.path).problems.map(\.text),
      [ios.path + ": error: holds no bundle (no bundle.json); zlc verify reads the folder zlc build writes (zlc build PROJECT -o OUT)"])
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("ios/bundle.json", "cannot be read: No such file or directory"))
    }
  }
}
