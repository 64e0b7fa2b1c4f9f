import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders

/// A key written twice in one object (ZL0107): in a plugin manifest, a warning and the last value
/// read, as Zapp's publishing tool and clients read it; in the project's own files, an error.
final class ManifestDuplicateKeyTests: XCTestCase {
  static let lastValueUsed = DuplicateKeyRule.Message.lastValueUsed.message

  /// Read keeping the last value: each overridden member (a scalar, a container, one holding an
  /// overridden member of its own, a key written three times, a key of an object of 16 keys or
  /// more) is left off the tape, and the document reads whole: members, lookups, pointers, ends.
  /// Read as the project's own files, the same key is an error and every member is kept.
  func testReadingKeepingTheLastValueLeavesTheOverriddenMembersOff() throws {
    let m = Marked(
      #"{"a": 1, "b": {"c": [1, 2], "d": {"c": 0}, ⟦ZL0107⟧"c": 3}, ⟦ZL0107⟧"a": {"x": {"y": 1, ⟦ZL0107⟧"y": 2}}, "e": [{}], ⟦ZL0107⟧"a": 5}"#
    )
    let result = JSONReader.read(SourceFile(path: "t.json", text: m.text), duplicateKeys: .lastWins)
    let notes = { (key: String) in ["'\(key)' is first defined here", Self.lastValueUsed] }
    assertDiagnostics(
      result.diagnostics, m, messages: ["duplicate key 'c'", "duplicate key 'a'", "duplicate key 'y'", "duplicate key 'a'"],
      notes: [notes("c"), notes("a"), notes("y"), notes("a")])
    XCTAssertEqual(result.diagnostics.map(\.severity), [.warning, .warning, .warning, .warning])
    XCTAssertEqual(result.diagnostics.map(\.pointer), ["/b/c", "/a", "/a/x/y", "/a"])
    let document = try XCTUnwrap(result.document)
    let root = try XCTUnwrap(document.root)
    XCTAssertEqual(root.members.map(\.key.string), ["b", "e", "a"])
    XCTAssertEqual(root["a"]?.number, 5)
    XCTAssertEqual(root["b"]?.members.map(\.key.string), ["d", "c"])
    XCTAssertEqual(root["b"]?["c"]?.number, 3)
    XCTAssertEqual(root["b"]?["d"]?["c"]?.number, 0)
    XCTAssertEqual(root["b"]?.sourceText, #"{"c": [1, 2], "d": {"c": 0}, "c": 3}"#)
    XCTAssertEqual(root["e"]?.elements.map(\.kind), [.object])
    XCTAssertEqual(document.nodeCount, 14, "the root and the 13 nodes of b, e and the last a")
    XCTAssertEqual(document.end(of: 0), m.text.utf8.count)
    let e = try XCTUnwrap(root["e"]?.elements.first)
    XCTAssertEqual(document.pointer(to: e.index), "/e/0")
    XCTAssertEqual(document.walkPointer(to: try XCTUnwrap(root["a"]).index), "/a")

    // An object of 16 keys or more finds its keys by hash.
    let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let large = try XCTUnwrap(
      JSONReader.read(SourceFile(path: "l.json", text: "{\(keys), \"k7\": \"last\", \"k7\": \"later\"}"), duplicateKeys: .lastWins)
        .document?.root)
    XCTAssertEqual(large["k7"]?.string, "later")
    XCTAssertEqual(large.members.count, 20)
    XCTAssertEqual(large.members.last?.key.string, "k7")
    XCTAssertEqual(large["k19"]?.number, 19)

    // The project's own files read as before: an error, with no note of the last value, and every
    // member kept, a lookup finding the first.
    let own = Marked(#"{"a": 1, "b": 2, ⟦ZL0107⟧"a": 3}"#)
    let asOwn = readJSON(own)
    assertDiagnostics(asOwn.diagnostics, own, messages: ["duplicate key 'a'"], notes: [["'a' is first defined here"]])
    XCTAssertEqual(asOwn.diagnostics.map(\.severity), [.error])
    let ownRoot = try XCTUnwrap(asOwn.document?.root)
    XCTAssertEqual(ownRoot.members.map(\.key.string), ["a", "b", "a"])
    XCTAssertEqual(ownRoot["a"]?.number, 1)
  }

  /// A published manifest (DataProtectionScreen-RN) writes `label` twice in two fields: two
  /// warnings, no error, and its fields carry their last labels, as Zapp's tools read them.
  func testTheRealManifestWithALabelTwiceChecksWithWarningsAndTheLastLabels() throws {
    let url = sharedFolder.appendingPathComponent("zapp-samples/real-manifests/DataProtectionScreen-RN__plugin-manifest.ios.json")
    guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("\(url.path) is not beside the repository") }
    let text = try String(contentsOf: url, encoding: .utf8)
    let dir = try makeProject(["components/dp.json": text, "screens/home.json": ConformanceTests.home])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let notes = ["'label' is first defined here", Self.lastValueUsed]
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(code: "ZL0107", file: "components/dp.json", line: 56, column: 9, message: "duplicate key 'label'", notes: notes),
        DiagnosticSpec(code: "ZL0107", file: "components/dp.json", line: 77, column: 9, message: "duplicate key 'label'", notes: notes),
      ])
    XCTAssertEqual(outcome.diagnostics.map(\.severity), [.warning, .warning])
    XCTAssertEqual(outcome.diagnostics.compactMap { $0.notes.first?.spot?.location.line }, [54, 75])
    let fields = try XCTUnwrap(outcome.project.manifests.first?.fields)
    let label = { (key: String) in fields.first { $0.key == key }?.value["label"]?.string }
    XCTAssertEqual(label("switchPanelColor"), "Switch panel background color")
    XCTAssertEqual(label("switchPanelTextSize"), "Switch panel text size")
  }

  /// An editor's check (`zlc lsp`) reads a manifest's unsaved buffer as `zlc check` reads the file:
  /// a warning, and the last value read.
  func testAnEditorsCheckReadsAManifestsDuplicateKeyAsCheckDoes() throws {
    let path = "components/m.json"
    let disk = try makeProject(Example.baseProject.merging([path: Example.manifest("")]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(checker.check().diagnostics.map(\.message), [])
    buffers.setBuffer(SourceFile(path: disk + "/" + path, text: Example.manifest(#", "description": "A banner""#)), for: disk + "/" + path)
    let outcome = checker.check()
    XCTAssertEqual(
      outcome.diagnostics.map { "\($0.code) \($0.severity.rawValue) \(place($0, in: disk)) \($0.message)" },
      ["ZL0107 warning ZL0107@components/m.json:1:203 duplicate key 'description'"])
    XCTAssertEqual(outcome.project.manifests.first?.value["description"]?.string, "A banner")
  }
}
