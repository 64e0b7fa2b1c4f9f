import Foundation
import XCTest

@testable import ZappLanguageServer

/// The project of a file is the folder `zlc check` reads it in: a `rivers.json` or a `screens/`
/// inside an input folder is an input of the project above, not a project of its own, and the
/// project's files are named in any case (`ZLC.json`, `Screens/`).
final class ProjectMarkerTests: XCTestCase {
  /// A copy of the demo project (`manifests`) in a workspace folder, removed after the test.
  func demoCopy() throws -> (workspace: URL, project: URL) {
    let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("manifests")
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-ws-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: workspace) }
    let project = workspace.appendingPathComponent("nr")
    try FileManager.default.copyItem(at: demo, to: project)
    return (workspace, project)
  }

  /// The codes published for each file (by its path in `folder`), the last publication of each.
  func published(_ messages: [JSONObject], in folder: URL) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for message in messages where message["method"] as? String == "textDocument/publishDiagnostics" {
      let params = message["params"] as? JSONObject ?? [:]
      let path = FileURI.path(params["uri"] as? String ?? "") ?? "?"
      let relative = FileURI.relativePath(path, in: folder.path) ?? path
      result[relative] = (params["diagnostics"] as? [JSONObject] ?? []).map { "\($0["code"] ?? "?")" }
    }
    return result
  }

  func testAnInputFolderHoldingAProjectsFileNameIsNoProject() throws {
    let (workspace, project) = try demoCopy()
    let screens = project.appendingPathComponent("screens")
    try FileManager.default.moveItem(at: screens.appendingPathComponent("browse.json"), to: screens.appendingPathComponent("rivers.json"))
    let home = screens.appendingPathComponent("home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""HORIZONTAL_LIST_1""#, with: #""HORIZONTAL_LIST_9""#).utf8).write(to: home)
    let nested = try write(#"[{"id": "lost", "type": "favorites", "ui_components": []}]"#, "screens/screens/x.json", in: project)
    let (server, status, messages) = try serve(try session(rootedAt: project, [try didOpen(home), checked(home)]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(server.projectRoot(for: home.path), project.path)
    XCTAssertEqual(server.projectRoot(for: screens.appendingPathComponent("rivers.json").path), project.path)
    XCTAssertEqual(server.projectRoot(for: nested.path), project.path)
    XCTAssertEqual(server.sessions.keys.sorted(), [project.path])
    let published = published(messages, in: project)
    XCTAssertEqual(published["screens/home.json"], ["ZL0304"], "\(published)")
    XCTAssertEqual(published["screens/rivers.json"] ?? [], [], "\(published)")
    XCTAssertEqual(published["screens/screens/x.json"], ["ZL0409"], "\(published)")
    // A project in a folder of a project that is no input folder is a project of its own.
    let example = try write("{}\n", "examples/app/zlc.json", in: project).deletingLastPathComponent()
    XCTAssertEqual(server.projectRoot(for: example.appendingPathComponent("screens/a.json").path), example.path)
    // A folder holding its own zlc.json and screens is a project even in an input folder of the
    // project above.
    for folder in ["components/layout", "screens/app"] {
      let inner = try write("{}\n", folder + "/zlc.json", in: project).deletingLastPathComponent()
      XCTAssertEqual(server.projectRoot(for: inner.appendingPathComponent("zlc.json").path), project.path, folder)
      try FileManager.default.createDirectory(at: inner.appendingPathComponent("screens"), withIntermediateDirectories: true)
      XCTAssertEqual(server.projectRoot(for: inner.appendingPathComponent("screens/a.json").path), inner.path, folder)
      XCTAssertEqual(server.projectRoot(for: inner.appendingPathComponent("zlc.json").path), inner.path, folder)
    }
    _ = workspace
  }

  /// A `zlc.json` saved into an input folder itself (`screens/zlc.json`, `components/zlc.json`) is
  /// an input of the project above, as `zlc check` of it reads it: the folder's files stay that
  /// project's, with their findings, and the stray file gets its own.
  func testAZlcJsonInAnInputFolderItselfLeavesTheFolderToTheProjectAbove() throws {
    let (_, project) = try demoCopy()
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""HORIZONTAL_LIST_1""#, with: #""HORIZONTAL_LIST_9""#).utf8).write(to: home)
    let stray = try write(#"{"app": "x"}"#, "screens/zlc.json", in: project)
    let manifestStray = try write(#"{"app": "x"}"#, "components/zlc.json", in: project)
    let (server, status, messages) = try serve(try session(rootedAt: project, [try didOpen(home), checked(home)]))
    XCTAssertEqual(status, 0)
    for path in [home, stray, manifestStray, project.appendingPathComponent("components/player.json")] {
      XCTAssertEqual(server.projectRoot(for: path.path), project.path, path.path)
    }
    XCTAssertEqual(server.sessions.keys.sorted(), [project.path])
    let published = published(messages, in: project)
    XCTAssertEqual(published["screens/home.json"], ["ZL0304"], "\(published)")
    XCTAssertEqual(published["screens/zlc.json"], ["ZL0202"], "\(published)")
    XCTAssertEqual(Set(published["components/zlc.json"] ?? []), ["ZL0601", "ZL0602"], "\(published)")
  }

  /// A `zlc.json` without screens in a folder of an input folder (`screens/sub/zlc.json`,
  /// `components/app/zlc.json`) makes no project there: the folder's files are the project
  /// above's, with the findings `zlc check` of it gives them, the stray settings files' too.
  func testAZlcJsonWithoutScreensInAnInputFolderLeavesItsFolderToTheProjectAbove() throws {
    let (_, project) = try demoCopy()
    let home = project.appendingPathComponent("screens/home.json")
    let stray = try write(#"{"app": "Sub"}"#, "screens/sub/zlc.json", in: project)
    let screen = try write(
      #"[{"id": "extra", "name": "E", "type": "general_content", "data": {"connected": true}, "ui_components": []}]"#,
      "screens/sub/new.json", in: project)
    let manifestStray = try write(#"{"app": "X"}"#, "components/app/zlc.json", in: project)
    let (server, status, messages) = try serve(try session(rootedAt: project, [try didOpen(screen), checked(screen)]))
    XCTAssertEqual(status, 0)
    for path in [home, stray, screen, manifestStray] {
      XCTAssertEqual(server.projectRoot(for: path.path), project.path, path.path)
    }
    XCTAssertEqual(server.sessions.keys.sorted(), [project.path])
    let published = published(messages, in: project)
    XCTAssertEqual(Set(published["screens/sub/new.json"] ?? []), ["ZL0408", "ZL0415"], "\(published)")
    XCTAssertEqual(published["screens/sub/zlc.json"], ["ZL0202"], "\(published)")
    XCTAssertEqual(Set(published["components/app/zlc.json"] ?? []), ["ZL0601", "ZL0602"], "\(published)")
  }

  /// A project whose settings file and screens folder are named in capitals, in a folder of the
  /// workspace, is the project of its files, as `zlc check` reads it.
  func testAProjectsFilesAreNamedInAnyCase() throws {
    let (workspace, project) = try demoCopy()
    try FileManager.default.moveItem(at: project.appendingPathComponent("zlc.json"), to: project.appendingPathComponent("ZLC.json"))
    try FileManager.default.moveItem(at: project.appendingPathComponent("screens"), to: project.appendingPathComponent("Screens"))
    let home = project.appendingPathComponent("Screens/home.json")
    let (server, status, messages) = try serve(try session(rootedAt: workspace, [try didOpen(home), checked(home)]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(server.projectRoot(for: home.path), project.path)
    XCTAssertEqual(server.sessions.keys.sorted(), [project.path])
    let published = published(messages, in: project)
    XCTAssertFalse(published.values.joined().contains("ZL0112"), "\(published)")
  }
}
