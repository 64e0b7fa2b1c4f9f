import Foundation
import XCTest

@testable import ZappLanguageServer

/// An open file is in the project it belongs to as the disk stands, and only that project
/// publishes for it; a file open under two URIs is checked with the text that came last.
final class ProjectMoveTests: XCTestCase {
  /// A folder for the test, removed after it.
  func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-ws-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  /// ZL0112 on a workspace folder holding one folder, `app`, as the language server publishes it.
  func noProjectMessage(_ folder: URL) -> String {
    "no layout project in '\(folder.path)': zlc expected rivers.json or screens/*.json (the screens), with "
      + "components/*.json, families/*.xml or *.json, zlc.json and screen_types.json beside them, and found none of "
      + "them\nnote: the folder holds app, none of which zlc reads"
  }

  func didOpen(_ uri: String, _ text: String) -> JSONObject {
    ["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "json", "version": 1, "text": text]]]
  }

  /// A `rivers.json` opened before it is on disk is in the workspace folder, which is no project;
  /// saved, it makes its folder a project, which it moves to: that project is checked at once
  /// and alone publishes for it, the workspace folder's is dropped, and once the file is closed
  /// what is published for it is what `zlc check` finds on disk.
  func testASavedRiversFileMovesToTheProjectItMakes() throws {
    let workspace = try folder()
    let app = workspace.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let file = app.appendingPathComponent("rivers.json")
    let uri = FileURI.uri(file.path)
    let prefix = FileURI.uri(workspace.path) + (FileURI.uri(workspace.path).hasSuffix("/") ? "" : "/")
    let text = #"[{"id": "a", "type": "general_content", "home": true, "ui_components": []}]"#
    let server = try DrivenServer(self, rootedAt: workspace)

    try server.send(didOpen(uri, text))
    let noProject = noProjectMessage(workspace)
    XCTAssertEqual(publications(try server.settle(), droppingFromURIs: prefix), ["app/rivers.json v1 | 0:0-0:0 ZL0112 \(noProject)"])

    try write(text, "rivers.json", in: app)
    try server.send(["method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]])
    let noComponents = "0:71-0:72 ZL0415 screen 'a' has no components: it opens without sections"
    XCTAssertEqual(publications(try server.settle(), droppingFromURIs: prefix), ["app/rivers.json v1 | \(noComponents)"])
    XCTAssertEqual(server.server.sessions.keys.sorted(), [app.path], "the workspace folder's session is dropped")
    let hover = try server.request(
      "textDocument/hover", ["textDocument": ["uri": uri], "position": try position(of: "ui_components", in: text, delta: 1)])
    XCTAssertNotNil(hover["result"] as? JSONObject, "the project is checked: \(hover)")

    try server.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
    XCTAssertEqual(publications(try server.settle(), droppingFromURIs: prefix), ["app/rivers.json | \(noComponents)"])

    // Another file changes in the workspace: nothing publishes the workspace folder's old
    // finding on the file again.
    let notes = try write("{}", "notes.json", in: workspace)
    try server.send([
      "method": "workspace/didChangeWatchedFiles", "params": ["changes": [["uri": FileURI.uri(notes.path), "type": 1]]],
    ])
    XCTAssertEqual(publications(try server.settle(), droppingFromURIs: prefix), [])
  }

  /// A file whose project is removed from under it while it is open leaves it: the project it
  /// left publishes nothing more, and the file, now no input of any project (`drafts/a.json`), has
  /// no diagnostics.
  func testAFileLeavesAProjectRemovedFromUnderIt() throws {
    let workspace = try folder()
    let app = workspace.appendingPathComponent("app")
    let text = #"[{"id": "a", "type": "general_content", "home": true, "ui_components": []}]"#
    let settings = try write("{}\n", "app/zlc.json", in: workspace)
    let file = try write(text, "app/screens/a.json", in: workspace)
    let uri = FileURI.uri(file.path)
    let prefix = FileURI.uri(workspace.path) + (FileURI.uri(workspace.path).hasSuffix("/") ? "" : "/")
    let server = try DrivenServer(self, rootedAt: workspace)
    try server.send(didOpen(uri, text))
    XCTAssertEqual(
      publications(try server.settle(), droppingFromURIs: prefix),
      ["app/screens/a.json v1 | 0:71-0:72 ZL0415 screen 'a' has no components: it opens without sections"])

    // The project's markers go: the folder is the workspace's now.
    try FileManager.default.removeItem(at: settings)
    try FileManager.default.moveItem(at: app.appendingPathComponent("screens"), to: app.appendingPathComponent("drafts"))
    let moved = app.appendingPathComponent("drafts/a.json")
    try server.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
    try server.send(didOpen(FileURI.uri(moved.path), text))
    try server.send([
      "method": "workspace/didChangeWatchedFiles", "params": ["changes": [["uri": FileURI.uri(settings.path), "type": 3]]],
    ])
    XCTAssertEqual(publications(try server.settle(), droppingFromURIs: prefix), ["app/screens/a.json", "app/drafts/a.json v1"])
    XCTAssertEqual(server.server.sessions.keys.sorted(), [])
  }

  /// In a workspace folder whose project is in a folder of it (`app`), a file that is no project's
  /// input (`package.json`, `.vscode/settings.json`, `tools/tsconfig.json`) is in no project: it has no
  /// diagnostics, where it had the workspace folder's ZL0112. A file that would be an input of the
  /// workspace folder (`components/c.json`) is still checked there, and has its ZL0112.
  func testAFileOfNoProjectInAWorkspaceHasNoDiagnostics() throws {
    let workspace = try folder()
    let prefix = FileURI.uri(workspace.path) + (FileURI.uri(workspace.path).hasSuffix("/") ? "" : "/")
    try write("{}\n", "app/zlc.json", in: workspace)
    try write(#"[{"id": "a", "type": "general_content", "home": true, "ui_components": []}]"#, "app/screens/a.json", in: workspace)
    let server = try DrivenServer(self, rootedAt: workspace)
    let unrelated = ["package.json", ".vscode/settings.json", "tools/tsconfig.json", "node_modules/m/components/m.json"]
    for path in unrelated {
      let file = try write("{}\n", path, in: workspace)
      try server.send(didOpen(FileURI.uri(file.path), "{}\n"))
    }
    XCTAssertEqual(publications(try server.settle(), droppingFromURIs: prefix), unrelated.map { $0 + " v1" })
    XCTAssertEqual(server.server.sessions.keys.sorted(), [])

    let component = try write("[]\n", "components/c.json", in: workspace)
    try server.send(didOpen(FileURI.uri(component.path), "[]\n"))
    let noScreens =
      "no screens in '\(workspace.path)': zlc expected rivers.json or screens/*.json, and found only components/c.json"
      + "\nnote: '\(workspace.path)/app' holds screens: did you mean that folder?"
    XCTAssertEqual(publications(try server.settle(), droppingFromURIs: prefix), ["components/c.json v1 | 0:0-0:0 ZL0112 \(noScreens)"])
    XCTAssertEqual(server.server.sessions.keys.sorted(), [workspace.path])
  }

  /// In a workspace folder with no project marker at its top, whose project is in a folder of it
  /// (`app`), what the workspace folder's check finds on closed files of one of its input folders
  /// is published for each, whatever the name of the first path of that folder worked out: a broken
  /// link `components/a`, which sorts first and is no input by its name, leaves the ZL0601 of
  /// `components/c.json` beside it published, and has its ZL0100 published too.
  func testFindingsOnClosedFilesOfAWorkspaceInputFolderArePublished() throws {
    let workspace = try folder()
    let prefix = FileURI.uri(workspace.path) + (FileURI.uri(workspace.path).hasSuffix("/") ? "" : "/")
    try write("{}\n", "app/zlc.json", in: workspace)
    try write(#"[{"id": "a", "type": "general_content", "home": true, "ui_components": []}]"#, "app/screens/a.json", in: workspace)
    try write(#"{"identifier": "x", "type": "ui_component"}"# + "\n", "components/c.json", in: workspace)
    let link = workspace.appendingPathComponent("components/a")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nowhere")
    let family = try write("<Family name=\"F\"/>\n", "families/F.xml", in: workspace)
    let server = try DrivenServer(self, rootedAt: workspace)

    try server.send(didOpen(FileURI.uri(family.path), "<Family name=\"F\"/>\n"))
    let missing = "author_name, author_email, manifest_version, name, description, min_zapp_sdk, ui_builder_support"
    XCTAssertEqual(
      publications(try server.settle(), droppingFromURIs: prefix).sorted(),
      [
        "components/a | 0:0-0:0 ZL0100 '\(link.path)' is a broken link",
        "components/c.json | 0:0-0:1 ZL0601 Manifest missing mandatory keys: [\(missing)]",
        "families/F.xml v1",
      ])
    XCTAssertEqual(server.server.sessions.keys.sorted(), [workspace.path])
    // A hidden file of an input folder is no input (the check passes over it), and in no project.
    XCTAssertNil(server.server.projectRoot(for: workspace.path + "/components/.DS_Store"))
  }

  /// A file open under two URIs: its project reads the text that came last, and publishes to
  /// both; closing one leaves the other's text, not the disk's, and clears the closed URI.
  func testAFileOpenUnderTwoURIsIsCheckedWithTheLatestText() throws {
    let project = try emptyProject()
    let clean = #"""
      [{"id": "home", "type": "general_content", "home": true,
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]}]
      """#
    let broken = clean.replacingOccurrences(of: #""home": true"#, with: #""home": "yes""#)
    let file = try write(clean, "screens/home.json", in: project)
    let first = FileURI.uri(file.path)
    let prefix = FileURI.uri(project.path) + (FileURI.uri(project.path).hasSuffix("/") ? "" : "/")
    let second = prefix + "screens/../screens/home.json"
    let server = try DrivenServer(self, rootedAt: project)
    func homePublications() throws -> [String] {
      publications(try server.settle(), droppingFromURIs: prefix).filter { $0.contains("home.json") }
    }

    try server.send(didOpen(first, broken))
    let error = "screens/home.json v1 | 0:51-0:56 ZL0202 'home' must be true or false, found a string"
    XCTAssertEqual(try homePublications(), [error])

    try server.send(didOpen(second, clean))
    XCTAssertEqual(try homePublications(), ["screens/../screens/home.json v1", "screens/home.json v1"])

    try server.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": second]]])
    XCTAssertEqual(try homePublications(), ["screens/../screens/home.json", error])
    let hover = try server.request(
      "textDocument/hover", ["textDocument": ["uri": first], "position": try position(of: "ui_components", in: clean, delta: 1)])
    XCTAssertNotNil(hover["result"] as? JSONObject)

    // A change through the URI left open is what the project reads.
    try server.send([
      "method": "textDocument/didChange",
      "params": ["textDocument": ["uri": first, "version": 2], "contentChanges": [["text": clean]]],
    ])
    XCTAssertEqual(try homePublications(), ["screens/home.json v2"])
  }

  /// A file open under two URIs is checked in the text that came last: quick fixes are offered in
  /// that text, and none in the other URI's, whose lines a fix's range would cut wrongly.
  func testQuickFixesOfAFileOpenTwiceAreOfTheCheckedText() throws {
    let project = try emptyProject()
    let typo = #"""
      [{"id": "home", "type": "general_content", "home": true, "ui_components": [],
        "navigations": [{"category": "menu", "navigation_type": "TwoLeveRNMenu", "nav_items": []}]}]
      """#
    let file = try write(typo, "screens/home.json", in: project)
    let first = FileURI.uri(file.path)
    let prefix = FileURI.uri(project.path) + (FileURI.uri(project.path).hasSuffix("/") ? "" : "/")
    let second = prefix + "screens/../screens/home.json"
    let server = try DrivenServer(self, rootedAt: project)
    func fixes(_ uri: String) throws -> [String] {
      let whole: JSONObject = ["start": ["line": 0, "character": 0], "end": ["line": 100, "character": 0]]
      let answer = try server.request(
        "textDocument/codeAction", ["textDocument": ["uri": uri], "range": whole, "context": ["diagnostics": []]])
      return (answer["result"] as? [JSONObject] ?? []).map { action in
        let edits = ((action["edit"] as? JSONObject)?["changes"] as? [String: [JSONObject]])?[uri] ?? []
        let starts = edits.map { ($0["range"] as? JSONObject)?["start"] as? JSONObject ?? [:] }
        return "\(action["title"] ?? "") at " + starts.map { "\($0["line"] ?? "-"):\($0["character"] ?? "-")" }.joined()
      }
    }
    try server.send(didOpen(first, typo))
    _ = try server.settle()
    XCTAssertEqual(try fixes(first), ["Change to 'TwoLevelRNMenu' at 1:58"])

    try server.send(didOpen(second, "\n\n\n" + typo))
    _ = try server.settle()
    XCTAssertEqual(try fixes(second), ["Change to 'TwoLevelRNMenu' at 4:58"])
    XCTAssertEqual(try fixes(first), [], "the first URI's text was not the one checked")
  }
}
