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
}
