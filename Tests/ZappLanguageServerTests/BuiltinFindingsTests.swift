import Foundation
import XCTest

@testable import ZappLanguageServer

/// Findings in a built-in family, which the editor cannot open, are published on what in the
/// project causes them (the device in `zlc.json`), each once, naming the built-in file and line.
final class BuiltinFindingsTests: XCTestCase {
  func testFindingsInABuiltinFamilyAreShownWhereTheProjectCausesThem() throws {
    let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("manifests")
    let project = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-builtin-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: demo, to: project)
    addTeardownBlock { try? FileManager.default.removeItem(at: project) }
    let settings = project.appendingPathComponent("zlc.json")
    let text = try String(contentsOf: settings, encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""width": 1024"#, with: #""width": 5"#).utf8).write(to: settings)
    let home = project.appendingPathComponent("screens/home.json")
    let (_, status, messages) = try serve(
      try session(rootedAt: project, [try didOpen(settings), try didOpen(home), checked(settings)]))
    XCTAssertEqual(status, 0)
    var published: [String: [JSONObject]] = [:]
    for message in messages where message["method"] as? String == "textDocument/publishDiagnostics" {
      let params = try XCTUnwrap(message["params"] as? JSONObject)
      published[try XCTUnwrap(params["uri"] as? String)] = params["diagnostics"] as? [JSONObject] ?? []
    }
    XCTAssertFalse(published.keys.contains { $0.contains("built-in") }, "\(published.keys)")
    let onSettings = published[FileURI.uri(settings.path)] ?? []
    // As `zlc check` finds them: 20 cell styles of the built-in families with no room on the device.
    XCTAssertEqual(onSettings.count, 20, "\(onSettings)")
    for d in onSettings {
      XCTAssertEqual(d["code"] as? String, "ZL0503")
      XCTAssertEqual(range(["uri": "zlc.json", "range": d["range"] ?? [:]]), "zlc.json 5:14-5:32")
    }
    let messagesShown = onSettings.compactMap { $0["message"] as? String }
    XCTAssertEqual(Set(messagesShown).count, messagesShown.count, "each finding once")
    let first = try XCTUnwrap(messagesShown.first { $0.contains("'LIST_1' of family 'FAMILY_1'") }, "\(messagesShown)")
    XCTAssertTrue(first.hasSuffix("(<built-in>/FAMILY_1.xml:13:18)"), first)
    XCTAssertEqual(published[FileURI.uri(home.path)]?.count ?? 0, 0)
  }
}
