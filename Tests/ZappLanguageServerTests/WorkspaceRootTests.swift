import Foundation
import XCTest

@testable import ZappLanguageServer

/// The workspace folder of an older client's `rootPath` is read as a `rootUri`'s is.
final class WorkspaceRootTests: XCTestCase {
  /// A `rootPath` written with a trailing `/`, `.` or `..` holds the files under it: a file there
  /// in no project folder is checked in the workspace, as it is under the same `rootUri`.
  func testARootPathIsTheFolderItNames() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-root-\(UUID().uuidString)").path
    for written in [folder + "/", folder + "/./", folder + "/sub/..", folder] {
      let params: JSONObject = ["rootPath": written, "capabilities": [:]]
      var input = try message(["id": "init", "method": "initialize", "params": params])
      input += try message(["method": "exit"])
      let (server, _, _) = try serve(input)
      XCTAssertEqual(server.workspaceRoots, [folder], written)
    }
  }

  /// A relative `rootPath` names no folder the server can know: it is no workspace.
  func testARelativeRootPathIsNoWorkspace() throws {
    var input = try message(["id": "init", "method": "initialize", "params": ["rootPath": "app", "capabilities": [:]]])
    input += try message(["method": "exit"])
    let (server, _, _) = try serve(input)
    XCTAssertEqual(server.workspaceRoots, [])
  }

  /// A workspace folder of `/` holds every file: an input file in no project folder is checked in it.
  func testTheRootFolderHoldsEveryPath() throws {
    XCTAssertTrue(FileURI.isPath("/a.json", in: "/"))
    XCTAssertTrue(FileURI.isPath("/x/y/a.json", in: "/"))
    XCTAssertFalse(FileURI.isPath("/", in: "/"))
    XCTAssertTrue(FileURI.isPath("/x/a.json", in: "/x"))
    XCTAssertFalse(FileURI.isPath("/xy/a.json", in: "/x"))
    XCTAssertFalse(FileURI.isPath("/x", in: "/x"))
    XCTAssertEqual(FileURI.relativePath("/x/y/a.json", in: "/"), "x/y/a.json")
    XCTAssertEqual(FileURI.relativePath("/x/y/a.json", in: "/x"), "y/a.json")
    XCTAssertNil(FileURI.relativePath("/xy/a.json", in: "/x"))
    var input = try message(["id": "init", "method": "initialize", "params": ["rootUri": "file:///", "capabilities": [:]]])
    input += try message(["method": "exit"])
    let (server, _, _) = try serve(input)
    XCTAssertEqual(server.workspaceRoots, ["/"])
    // A folder that is not there: no project folder above an input file but the workspace's; a
    // file that would be no input is in none.
    let missing = "/zlc-no-such-folder-\(UUID().uuidString)"
    XCTAssertEqual(server.projectRoot(for: missing + "/screens/a.json"), "/")
    XCTAssertEqual(server.projectRoot(for: missing + "/rivers.json"), "/")
    XCTAssertNil(server.projectRoot(for: missing + "/a.json"))
  }
}
