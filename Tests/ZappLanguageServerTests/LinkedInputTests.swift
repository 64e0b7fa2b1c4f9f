import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLanguageServer
@testable import ZappModel

/// A file reached by several paths (a link to it, a hard link) is read once: at the path an editor
/// has open, so that its edits are checked and its diagnostics published on it; else, as
/// `zlc check` reads it, at the path through no link.
final class LinkedInputTests: XCTestCase {
  static let screen = #"""
    [{"id": "home", "type": "general_content", "home": true,
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]}]
    """#

  /// The diagnostics published last on the file at `relative` in the project, each as
  /// `line:character code message`.
  func lastPublication(on relative: String, in messages: [JSONObject]) -> [String]? {
    let published = messages.filter { message in
      let uri = (message["params"] as? JSONObject)?["uri"] as? String ?? ""
      return message["method"] as? String == "textDocument/publishDiagnostics" && uri.hasSuffix("/" + relative)
    }
    return published.last.map { message in
      ((message["params"] as? JSONObject)?["diagnostics"] as? [JSONObject] ?? []).map { d in
        let start = (d["range"] as? JSONObject)?["start"] as? JSONObject
        return "\(start?["line"] ?? "?"):\(start?["character"] ?? "?") \(d["code"] ?? "?") \(d["message"] ?? "?")"
      }
    }
  }

  /// Opens `alias`, made by `link` (given the paths of the alias and of `home`), adds an unknown
  /// key to it and returns the diagnostics published last on the alias and on `home`.
  func edit(
    _ alias: String = "screens/alias.json", of home: String = "screens/home.json", _ link: (String, String) throws -> Void
  ) throws -> (alias: [String]?, home: [String]?) {
    let project = try emptyProject()
    let homeFile = try write(Self.screen, home, in: project)
    let aliasFile = project.appendingPathComponent(alias)
    try link(aliasFile.path, homeFile.path)
    let uri = FileURI.uri(aliasFile.path)
    let edited = Self.screen.replacingOccurrences(of: #"[{"id": "home","#, with: #"[{"id": "home", "bogus_key": 1,"#)
    let (_, status, messages) = try serve(
      try session(
        rootedAt: project,
        [
          try didOpen(aliasFile),
          [
            "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": edited]]],
          ],
          checked(aliasFile),
        ]))
    XCTAssertEqual(status, 0)
    return (lastPublication(on: alias, in: messages), lastPublication(on: home, in: messages))
  }

  func testAnEditToAnOpenSymbolicLinkIsCheckedAtItsPath() throws {
    let published = try edit { alias, _ in try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: "home.json") }
    XCTAssertEqual(published.alias?.count, 1, "\(String(describing: published.alias))")
    XCTAssertTrue(published.alias?.first?.contains("bogus_key") ?? false, "\(String(describing: published.alias))")
    XCTAssertNil(published.home)
  }

  /// Both paths go through no link: the open one is read though it is walked second.
  func testAnEditToAnOpenHardLinkIsCheckedAtItsPath() throws {
    let published = try edit("screens/z_alias.json") { try FileManager.default.linkItem(atPath: $1, toPath: $0) }
    XCTAssertEqual(published.alias?.count, 1, "\(String(describing: published.alias))")
    XCTAssertTrue(published.alias?.first?.contains("bogus_key") ?? false, "\(String(describing: published.alias))")
  }

  /// A file under a linked folder also reached directly: the open path through the link is read.
  func testAnEditUnderAnOpenLinkedFolderIsCheckedAtItsPath() throws {
    let published = try edit("screens/linked/home.json", of: "screens/real/home.json") { alias, _ in
      let link = (alias as NSString).deletingLastPathComponent
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real")
    }
    XCTAssertEqual(published.alias?.count, 1, "\(String(describing: published.alias))")
    XCTAssertTrue(published.alias?.first?.contains("bogus_key") ?? false, "\(String(describing: published.alias))")
  }

  /// Without an editor (`zlc check`), the path through no link is kept, whatever the walk order.
  func testWithoutABufferThePathThroughNoLinkIsKept() throws {
    let project = try emptyProject()
    try write(Self.screen, "screens/home.json", in: project)
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("screens/alias.json").path, withDestinationPath: "home.json")
    let found = ProjectLoader().discover(project.path, bag: DiagnosticBag()).entries.map(\.relative)
    XCTAssertEqual(found, ["screens/home.json", "zlc.json"])
  }
}
