import Foundation
import XCTest

@testable import ZappLanguageServer

final class FileURITests: XCTestCase {
  func testLocalURIsNameTheirPath() {
    XCTAssertEqual(FileURI.path("file:///tmp/app/screens/home.json"), "/tmp/app/screens/home.json")
    XCTAssertEqual(FileURI.path("file://localhost/tmp/app/home.json"), "/tmp/app/home.json")
    XCTAssertEqual(FileURI.path("file://LOCALHOST/tmp/app/home.json"), "/tmp/app/home.json")
    XCTAssertEqual(FileURI.path("file:///tmp/app/a%20b.json"), "/tmp/app/a b.json")
  }

  /// A file on another host is not the local file of the same path: reading that one would check
  /// and report on a different file.
  func testAFileOnAnotherHostIsNoLocalPath() {
    XCTAssertNil(FileURI.path("file://fileserver/tmp/app/screens/home.json"))
    XCTAssertNil(FileURI.path("untitled:Untitled-1"))
  }

  /// A path's URI does not follow the disk: what was published for a path while it was a file (a
  /// workspace folder replaced by a file) is cleared under the same URI once it is a folder again.
  func testAPathsURIIsTheSameWhenItIsAFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-uri-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    XCTAssertEqual(FileURI.uri(folder), "file://" + folder)
    XCTAssertEqual(FileURI.uri(folder + "/missing.json"), "file://" + folder + "/missing.json")
  }
}
