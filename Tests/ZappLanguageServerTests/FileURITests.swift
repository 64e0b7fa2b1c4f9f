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
}
