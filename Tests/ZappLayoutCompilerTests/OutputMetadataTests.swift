import Foundation
import XCTest

@testable import ZappWriters

/// A folder that holds nothing but a file manager's metadata files (`.DS_Store`, `Thumbs.db`,
/// `._*` in their formats), as a folder made empty and opened in a file manager does, is replaced
/// as an empty one; beside any other file, that file is what the refusal names; a folder or a file
/// of the user's that only has such a name is the user's.
final class OutputMetadataTests: TemporaryFolderTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try writeMetadataFolder()
  }

  /// The folder `out`, holding `metadata` alone.
  func writeMetadataFolder() throws {
    try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
    for (name, bytes) in Self.metadata {
      XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/" + name, contents: Data(bytes)))
    }
  }

  /// Metadata files as file managers write them: their names and first bytes.
  static let metadata: [(String, [UInt8])] = [
    (".DS_Store", [0, 0, 0, 1] + Array("Bud1".utf8) + [0, 0, 16, 0]), ("Thumbs.db", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]),
    ("._index.html", [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]),
  ]

  func testAFolderOfMetadataAloneIsReplaced() throws {
    for kind in [OutputFolder.Kind.preview, .bundle] {
      let folder = try OutputFolder.validate(dir + "/out", kind: kind, project: nil)
      try folder.replace { staging, _, _ in XCTAssertEqual(BundleWriter.writeFile(staging + "/index.html", Array("y".utf8)), 0) }
      XCTAssertEqual(try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8), "y", "\(kind)")
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out"])
      try FileManager.default.removeItem(atPath: dir + "/out")
      try writeMetadataFolder()
    }
  }

  func testMetadataBesideAnotherFileIsRefusedByThatFile() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/notes.txt", contents: Data("mine".utf8)))
    XCTAssertThrowsError(try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)) { error in
      XCTAssertEqual(error as? OutputFolder.Refusal, .foreignContents(self.dir + "/out", examples: ["notes.txt"]))
    }
  }

  func testAFolderOrAFileOfTheUsersNamedLikeMetadataIsKept() throws {
    let fm = FileManager.default
    let kept: [(String, String)] = [("._drafts/plan.txt", "precious"), ("Thumbs.db/thesis.txt", "mine"), ("._notes.txt", "my notes")]
    for (path, text) in kept {
      try? fm.removeItem(atPath: dir + "/out/" + path.split(separator: "/")[0])
      try fm.createDirectory(atPath: (dir + "/out/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      XCTAssertTrue(fm.createFile(atPath: dir + "/out/" + path, contents: Data(text.utf8)))
    }
    XCTAssertThrowsError(try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)) { error in
      XCTAssertEqual(
        error as? OutputFolder.Refusal, .foreignContents(self.dir + "/out", examples: ["._drafts", "._notes.txt", "Thumbs.db"]))
    }
    for (path, text) in kept { XCTAssertEqual(try String(contentsOfFile: dir + "/out/" + path, encoding: .utf8), text) }
  }

  /// In a folder zlc wrote before, a file named as a file manager's metadata goes with the
  /// rebuild; a folder of the user's that only has such a name stops it, and is kept.
  func testAFolderZlcWroteKeepsTheUsersEntriesNamedLikeMetadata() throws {
    let fm = FileManager.default
    try fm.removeItem(atPath: dir + "/out")
    func build() throws {
      let folder = try OutputFolder.validate(dir + "/out", kind: .bundle, project: nil)
      try folder.replace { staging, _, _ in
        try FileManager.default.createDirectory(atPath: staging + "/screens", withIntermediateDirectories: true)
        XCTAssertEqual(BundleWriter.writeFile(staging + "/screens/a.json", Array("{}".utf8)), 0)
      }
    }
    try build()
    for (name, bytes) in Self.metadata { XCTAssertTrue(fm.createFile(atPath: dir + "/out/screens/" + name, contents: Data(bytes))) }
    try build()
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir + "/out/screens"), ["a.json"])
    XCTAssertTrue(fm.createFile(atPath: dir + "/out/desktop.ini", contents: Data("[.ShellClassInfo]".utf8)))
    try build()
    XCTAssertFalse(fm.fileExists(atPath: dir + "/out/desktop.ini"))
    let kept: [(String, String)] = [("._backup/deep/work.txt", "important"), ("screens/Thumbs.db/notes.txt", "user notes")]
    for (path, text) in kept {
      try fm.createDirectory(atPath: (dir + "/out/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      XCTAssertTrue(fm.createFile(atPath: dir + "/out/" + path, contents: Data(text.utf8)))
    }
    XCTAssertThrowsError(try build())
    for (path, text) in kept { XCTAssertEqual(try String(contentsOfFile: dir + "/out/" + path, encoding: .utf8), text) }
  }
}
