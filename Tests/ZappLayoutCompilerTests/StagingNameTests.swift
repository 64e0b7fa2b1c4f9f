import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappWriters

/// What zlc writes beside an output or a fixed file is named after it, with a tag; a name too long
/// for the tag gets a stem that fits, the same every time, so that leftovers are still found.
final class StagingNameTests: XCTestCase {
  func testAShortNameIsItsOwnStem() {
    XCTAssertEqual(SiblingName.stem("build", leaving: 18), "build")
    let longest = String(repeating: "a", count: 237)
    XCTAssertEqual(SiblingName.stem(longest, leaving: 18), longest)
  }

  /// A longer name: as long as fits, cut between characters, and told apart from names that share
  /// its first characters.
  func testALongNameGetsAStemThatFits() {
    let names = [
      String(repeating: "a", count: 238), "x" + String(repeating: "é", count: 127),
      String(repeating: "a", count: 218) + "🎬" + String(repeating: "a", count: 20),
    ]
    for name in names {
      let stem = SiblingName.stem(name, leaving: 18)
      // Whole characters: up to 3 bytes short of the limit.
      XCTAssertTrue((SiblingName.maxBytes - 3...SiblingName.maxBytes).contains(stem.utf8.count + 18), name)
      XCTAssertEqual(stem, SiblingName.stem(name, leaving: 18), "the same every time")
      let hash = stem.split(separator: "~").last ?? ""
      XCTAssertEqual(hash.count, 16)
      XCTAssertTrue(name.hasPrefix(String(stem.dropLast(17))), stem)
    }
    let a = SiblingName.stem(String(repeating: "a", count: 250) + "1", leaving: 18)
    let b = SiblingName.stem(String(repeating: "a", count: 250) + "2", leaving: 18)
    XCTAssertNotEqual(a, b)
  }

  /// Under a long output name, a staging folder a killed build left is recognised by its stem and
  /// removed by the next build, and nothing else beside it is.
  func testALeftoverBesideALongOutputIsRemoved() throws {
    let dir = NSTemporaryDirectory() + "zlc-staging-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let name = String(repeating: "o", count: 250)
    let folder = try OutputFolder.validate(dir + "/" + name, kind: .preview, project: nil)
    XCTAssertNotEqual(folder.stagingStem, name)
    let leftover = ".\(folder.stagingStem).zlc-new-0badcafe"
    let other = ".\(SiblingName.stem(String(repeating: "o", count: 251), leaving: 26)).zlc-new-0badcafe"
    for kept in [leftover, other] { try FileManager.default.createDirectory(atPath: dir + "/" + kept, withIntermediateDirectories: false) }
    try folder.replace { staging, _, _ in XCTAssertEqual(BundleWriter.writeFile(staging + "/index.html", Array("x".utf8)), 0) }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), [other, name].sorted())
    XCTAssertEqual(try String(contentsOfFile: dir + "/" + name + "/index.html", encoding: .utf8), "x")
  }

  /// A directory entry's name is read in place to its end, whatever its length (one byte to the
  /// 255 a name may have, beyond ASCII too): the names `readdir` gives are exactly the files'.
  func testDirectoryEntryNamesAreReadWhole() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let names: Set<String> = ["a", String(repeating: "b", count: 255), "caf\u{e9}", String(repeating: "\u{e9}", count: 127)]
    for name in names { XCTAssertTrue(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: nil)) }
    let stream = try XCTUnwrap(opendir(folder.path))
    defer { closedir(stream) }
    var read: Set<String> = []
    while let entry = readdir(stream) { read.insert(String(decoding: OutputFolder.entryName(entry), as: UTF8.self)) }
    XCTAssertEqual(read, names.union([".", ".."]))
  }
}
