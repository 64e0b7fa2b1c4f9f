import Foundation
import XCTest
import ZappReaders

@testable import ZappLanguageServer

/// Findings on the project itself (no screens, too many files), which `zlc check` reports at the
/// project's folder, are published on a file the editor shows: `zlc.json`, else an open file.
final class ProjectFindingsTests: XCTestCase {
  /// Each publication in order: the file's name, then each diagnostic's start, code and message.
  func publications(_ messages: [JSONObject]) -> [String] {
    messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.map { message in
      let params = message["params"] as? JSONObject ?? [:]
      let file = ((params["uri"] as? String ?? "") as NSString).lastPathComponent
      let diagnostics = (params["diagnostics"] as? [JSONObject] ?? []).map { d in
        let start = (d["range"] as? JSONObject)?["start"] as? JSONObject
        return "\(start?["line"] ?? "?"):\(start?["character"] ?? "?") \(d["code"] ?? "?") \(d["message"] ?? "?")"
      }
      return ([file] + diagnostics).joined(separator: " | ")
    }
  }

  /// Screens files without a screen: the finding stands on the first of them, until it has one.
  func testAProjectWithoutScreensIsReportedOnItsEmptyScreensFileUntilItHasOne() throws {
    let project = try emptyProject()
    let file = try write("[]\n", "screens/a.json", in: project)
    let screen = Self.screen
    let uri = FileURI.uri(file.path)
    let hover: JSONObject = ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]]
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(file),
          ["id": "first check", "method": "textDocument/hover", "params": hover],
          [
            "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": screen]]],
          ],
          ["id": "second check", "method": "textDocument/hover", "params": hover],
        ]))
    XCTAssertEqual(status, 0)
    let noScreens =
      "no screens in '\(project.path)': zlc expected at least one screen in screens/a.json, and found none"
      + "\nnote: screens/a.json holds an empty list of screens"
    XCTAssertEqual(publications(messages), ["a.json | 0:0 ZL0112 \(noScreens)", "a.json"])
  }

  /// A screen that gives no finding of its own, and a misnamed family folder (ZL0122, found at
  /// the folder's path).
  static let screen = #"""
    [{"id": "home", "type": "general_content", "home": true,
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]}]
    """#
  static let misnamed = "0:0 ZL0122 'familes/' is not read: zlc reads 'families/', which the project lacks"

  /// Without `zlc.json`, the project's findings go on the open file.
  func testWithoutZlcJSONTheOpenFileShowsTheProjectsFindings() throws {
    let project = try emptyProject()
    try FileManager.default.removeItem(at: project.appendingPathComponent("zlc.json"))
    let file = try write(Self.screen, "screens/a.json", in: project)
    try write("{}", "familes/FAMILY_9.json", in: project)
    let hover: JSONObject = ["textDocument": ["uri": FileURI.uri(file.path)], "position": ["line": 0, "character": 0]]
    let (_, status, messages) = try serve(
      try session(rootedAt: project, [try didOpen(file), ["id": "check", "method": "textDocument/hover", "params": hover]]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(publications(messages), ["a.json | \(Self.misnamed)"])
  }

  /// An open file that is no project input (an editor's own settings beside the project) is
  /// passed over for an open input file, even one later by name.
  func testWithoutZlcJSONAnOpenInputFileIsPreferredToAnotherOpenFile() throws {
    let project = try emptyProject()
    try FileManager.default.removeItem(at: project.appendingPathComponent("zlc.json"))
    let other = try write("{}\n", ".vscode/settings.json", in: project)
    let file = try write(Self.screen, "screens/a.json", in: project)
    try write("{}", "familes/FAMILY_9.json", in: project)
    let hover: JSONObject = ["textDocument": ["uri": FileURI.uri(file.path)], "position": ["line": 0, "character": 0]]
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project, [try didOpen(other), try didOpen(file), ["id": "check", "method": "textDocument/hover", "params": hover]]))
    XCTAssertEqual(status, 0)
    // The server may check between the two opens, while the settings file is the only open file
    // (it carries the finding then); once both are open, each file's last publication says where
    // the finding stands.
    var last: [String: String] = [:]
    for publication in publications(messages) { last[String(publication.prefix { $0 != " " })] = publication }
    XCTAssertEqual(last["a.json"], "a.json | \(Self.misnamed)")
    XCTAssertFalse(last["settings.json"]?.contains("ZL0122") ?? false, last["settings.json"] ?? "")
  }

  /// A project of more files than the limit is reported on `zlc.json` too, as `zlc check` reports
  /// it at the project folder.
  func testTooManyFilesIsReportedOnZlcJSON() throws {
    let project = try emptyProject()
    let screen = #"[{"id": "a", "type": "general_content", "home": true, "ui_components": []}]"#
    let file = try write(screen, "screens/a.json", in: project)
    try write(screen.replacingOccurrences(of: "\"a\"", with: "\"b\""), "screens/b.json", in: project)
    var limits = ReaderLimits()
    limits.maxFiles = 2
    let hover: JSONObject = ["textDocument": ["uri": FileURI.uri(file.path)], "position": ["line": 0, "character": 0]]
    let (_, status, messages) = try serve(
      try session(rootedAt: project, [try didOpen(file), ["id": "check", "method": "textDocument/hover", "params": hover]]),
      limits: limits)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      publications(messages).filter { $0.hasPrefix("zlc.json") }, ["zlc.json | 0:0 ZL0117 the project has more than 2 input files"])
  }

  /// A misnamed input folder (ZL0122), found at the folder's path, is published on `zlc.json`, as
  /// other findings on a folder are; a misnamed file, on the file itself.
  func testAMisnamedInputIsPublishedOnZlcJSONOrItsFile() throws {
    let project = try emptyProject()
    let screen = #"[{"id": "a", "type": "general_content", "home": true, "ui_components": []}]"#
    let file = try write(screen, "screens/a.json", in: project)
    try write("{}", "familes/FAMILY_9.json", in: project)
    try write(screen, "screens/b.jsn", in: project)
    let hover: JSONObject = ["textDocument": ["uri": FileURI.uri(file.path)], "position": ["line": 0, "character": 0]]
    let (_, status, messages) = try serve(
      try session(rootedAt: project, [try didOpen(file), ["id": "check", "method": "textDocument/hover", "params": hover]]))
    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      publications(messages).filter { $0.contains("ZL0122") },
      [
        "b.jsn | 0:0 ZL0122 'screens/b.jsn' is not read: files in screens/ end in .json, and no 'b.json' stands beside it",
        "zlc.json | 0:0 ZL0122 'familes/' is not read: zlc reads 'families/', which the project lacks",
      ])
  }
}
