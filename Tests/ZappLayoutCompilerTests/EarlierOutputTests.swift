import Foundation
import XCTest

@testable import ZappWriters

/// A file streamed into a staging folder beside an earlier output (as `rivers.json` is) links the
/// earlier file when every byte is the same, and is otherwise written whole, wherever the first
/// difference falls: the bytes before it come from the earlier file, the rest from the stream.
final class EarlierOutputTests: XCTestCase {
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "zlc-earlier-\(UUID().uuidString)"
    for folder in ["out", "staging"] {
      try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
    }
    XCTAssertEqual(BundleWriter.writeFile(dir + "/staging/probe", [0x31]), 0)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  func inode(_ path: String) -> UInt64? {
    var status = stat()
    return lstat(path, &status) == 0 ? UInt64(status.st_ino) : nil
  }

  /// Streams `bytes` to `staging/name` in pieces of `piece` bytes beside `out/name` holding `earlier`;
  /// the file written and whether it is the earlier one.
  func stream(_ bytes: [UInt8], piece: Int, earlier: [UInt8]) throws -> (bytes: [UInt8], linked: Bool) {
    let name = "f-\(UUID().uuidString.prefix(8))"
    XCTAssertEqual(BundleWriter.writeFile(dir + "/out/" + name, earlier), 0)
    let reuse = try XCTUnwrap(EarlierOutput(output: dir + "/out", staging: dir + "/staging", probe: dir + "/staging/probe"))
    let file = try StreamingFile(dir + "/staging/" + name, shown: name, reuse: reuse)
    for start in stride(from: 0, to: bytes.count, by: piece) { try file.append(Array(bytes[start..<min(bytes.count, start + piece)])) }
    try file.close()
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/staging/" + name)))
    return (written, inode(dir + "/staging/" + name) == inode(dir + "/out/" + name))
  }

  func testAStreamedFileIsLinkedOnlyWhenEveryByteIsTheSame() throws {
    var generator = ResponsiveTests.SplitMix(state: 26)
    // Two buffers' worth and more, so that differences fall before, in and after a flush.
    let earlier = (0..<(2 << 20) + 12_345).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for piece in [1_000, 1 << 20, 3 << 20] {
      let same = try stream(earlier, piece: piece, earlier: earlier)
      XCTAssertTrue(same.linked, "\(piece)")
      XCTAssertEqual(same.bytes, earlier)
      for at in [0, 1, 1 << 20, (1 << 20) + 1, (3 << 19), earlier.count - 1] {
        var changed = earlier
        changed[at] ^= 0x01
        let written = try stream(changed, piece: piece, earlier: earlier)
        XCTAssertFalse(written.linked, "\(piece) \(at)")
        XCTAssertTrue(written.bytes == changed, "\(piece) \(at)")
      }
      for count in [0, 10, 1 << 20, earlier.count - 1] {
        let shorter = try stream(Array(earlier.prefix(count)), piece: piece, earlier: earlier)
        XCTAssertFalse(shorter.linked)
        XCTAssertTrue(shorter.bytes == Array(earlier.prefix(count)), "\(piece) \(count)")
      }
      let longer = try stream(earlier + [7], piece: piece, earlier: earlier)
      XCTAssertFalse(longer.linked)
      XCTAssertTrue(longer.bytes == earlier + [7])
    }
  }

  /// An earlier file written by another process while zlc compares it is not taken: a file in
  /// one write is written anew, and a streamed file, whose bytes are not kept, fails with a message.
  func testAnEarlierFileChangedWhileComparedIsNotTaken() throws {
    let bytes = Array("the same bytes".utf8)
    let reuse = try XCTUnwrap(EarlierOutput(output: dir + "/out", staging: dir + "/staging", probe: dir + "/staging/probe"))
    func touch(_ path: String) throws {
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
    }
    XCTAssertEqual(BundleWriter.writeFile(dir + "/out/a", bytes), 0)
    let earlier = try XCTUnwrap(reuse.file(for: dir + "/staging/a", size: bytes.count))
    XCTAssertTrue(earlier.isUnchanged)
    try touch(dir + "/out/a")
    XCTAssertFalse(earlier.isUnchanged)
    XCTAssertFalse(reuse.link(earlier, to: dir + "/staging/a"), "a changed file is not linked")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/staging/a"))

    XCTAssertEqual(BundleWriter.writeFile(dir + "/out/rivers.json", bytes), 0)
    let file = try StreamingFile(dir + "/staging/rivers.json", shown: "out/rivers.json", reuse: reuse)
    try file.append(bytes)
    try touch(dir + "/out/rivers.json")
    XCTAssertThrowsError(try file.close()) { error in
      XCTAssertEqual("\(error)", "cannot write 'out/rivers.json': the file it replaces changed while zlc read it; build again")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/staging/rivers.json"), "no link to the changed file is left")
  }

  func testAFileInOneWriteIsLinkedOnlyWhenEveryByteIsTheSame() throws {
    XCTAssertEqual(BundleWriter.writeFile(dir + "/out/a", Array("same bytes".utf8)), 0)
    XCTAssertEqual(BundleWriter.writeFile(dir + "/out/b", Array("same bytes".utf8)), 0)
    let reuse = try XCTUnwrap(EarlierOutput(output: dir + "/out", staging: dir + "/staging", probe: dir + "/staging/probe"))
    XCTAssertEqual(BundleWriter.writeFile(dir + "/staging/a", Array("same bytes".utf8), reuse: reuse), 0)
    XCTAssertEqual(BundleWriter.writeFile(dir + "/staging/b", Array("same byteZ".utf8), reuse: reuse), 0)
    XCTAssertEqual(BundleWriter.writeFile(dir + "/staging/c", Array("no earlier".utf8), reuse: reuse), 0)
    XCTAssertEqual(inode(dir + "/staging/a"), inode(dir + "/out/a"))
    XCTAssertNotEqual(inode(dir + "/staging/b"), inode(dir + "/out/b"))
    XCTAssertEqual(try String(contentsOfFile: dir + "/staging/b", encoding: .utf8), "same byteZ")
    XCTAssertEqual(try String(contentsOfFile: dir + "/staging/c", encoding: .utf8), "no earlier")
    // Not a path in the staging folder: written, never linked.
    XCTAssertEqual(BundleWriter.writeFile(dir + "/a", Array("same bytes".utf8), reuse: reuse), 0)
    XCTAssertNotEqual(inode(dir + "/a"), inode(dir + "/out/a"))
    XCTAssertNil(EarlierOutput(output: dir + "/missing", staging: dir + "/staging", probe: dir + "/staging/probe"))
  }
}
