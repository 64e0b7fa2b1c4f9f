import Foundation
import XCTest

@testable import ZappWriters

/// A folder that holds nothing but a file manager's metadata (`.DS_Store`, `Thumbs.db`, `._*`),
/// as a folder made empty and opened in a file manager does, is replaced as an empty one; beside
/// any other file, that file is what the refusal names.
final class OutputMetadataTests: XCTestCase {
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "zlc-metadata-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
    for name in [".DS_Store", "Thumbs.db", "._index.html"] {
      XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/" + name, contents: Data("x".utf8)))
    }
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func testAFolderOfMetadataAloneIsReplaced() throws {
    for kind in [OutputFolder.Kind.preview, .bundle] {
      let folder = try OutputFolder.validate(dir + "/out", kind: kind, project: nil)
      try folder.replace { staging, _, _ in XCTAssertEqual(BundleWriter.writeFile(staging + "/index.html", Array("y".utf8)), 0) }
      XCTAssertEqual(try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8), "y", "\(kind)")
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out"])
      try FileManager.default.removeItem(atPath: dir + "/out")
      try setUpWithError()
    }
  }

  func testMetadataBesideAnotherFileIsRefusedByThatFile() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/notes.txt", contents: Data("mine".utf8)))
    XCTAssertThrowsError(try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)) { error in
      XCTAssertEqual(error as? OutputFolder.Refusal, .foreignContents(self.dir + "/out", examples: ["notes.txt"]))
    }
  }
}
