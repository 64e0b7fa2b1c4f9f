import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Misspellings in plugin manifests that change a bundle without any screen naming them: a
/// misspelled `data_types` entry (ZL0402).
final class ManifestTypoTests: XCTestCase {
  /// The diagnostics of a project of `files` (over nothing), with `codes` only.
  func check(_ files: [String: String], codes: Set<String> = ["ZL0616", "ZL0402"]) throws -> (dir: String, diagnostics: [Diagnostic]) {
    let dir = try makeProject(files)
    return (dir, Driver.check(dir).diagnostics.filter { codes.contains($0.code) })
  }

  /// The multi-platform starter with `banner_text` misspelled in the iOS manifest only: each
  /// manifest's key is reported with a note at the other's, and since either may be the
  /// Of three platforms' manifests, the key two spell alike is the likely one: only the third's
  /// A real plugin (parent lock) whose iOS manifest misspells `instructions_text`: reported at the
  /// Differences a plugin means: a key only one platform has (far from the others'), keys that
  /// differ in a platform's name or a number, a group's fields, and a second manifest of the same
  /// The demo's search bar with `APPLICASTER_COLLECTION` misspelled in its manifest's
  /// `data_types`: an error at the entry, with the fix.
  func testAMisspelledManifestDataType() throws {
    let demo = repositoryRoot.appendingPathComponent("manifests")
    var files: [String: String] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: demo.path) where path.hasSuffix(".json") {
      files[path] = try String(contentsOf: demo.appendingPathComponent(path), encoding: .utf8)
    }
    let clean = try check(files)
    defer { try? FileManager.default.removeItem(atPath: clean.dir) }
    XCTAssertEqual(clean.diagnostics.map(\.message), [], "the demo as it is")
    let path = "components/search_bar.json"
    let text = try XCTUnwrap(files[path])
    files[path] = text.replacingOccurrences(
      of: #""data_types": ["APPLICASTER_ATOM_FEED", "APPLICASTER_COLLECTION"]"#,
      with: #""data_types": ["APPLICASTER_ATOM_FEED", "APPLICASTER_COLECTION"]"#)
    XCTAssertNotEqual(files[path], text)
    let (dir, found) = try check(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0402", file: path, line: 14, column: 43,
          message: "unknown data source type 'APPLICASTER_COLECTION' in the data_types of the 'search_bar' manifest",
          fixIt: #""APPLICASTER_COLLECTION""#)
      ])
    XCTAssertEqual(found.first?.severity, .error)
    XCTAssertEqual(found.first?.fixIt?.range?.text, #""APPLICASTER_COLECTION""#)
  }

  /// A type of the app's own in `data_types` is not reported; one near a type zlc.json declares is,
  /// with a note there and a hint, since either may be the misspelled one.
  func testManifestDataTypesOfTheAppsOwn() throws {
    let manifest = Example.manifest(#", "data_types": ["JW_PLAYLIST", ⟦ZL0402⟧"RIVERFLIX_RECOMENDATIONS"]"#, identifier: "rail")
    let marked = Marked(manifest)
    let (dir, found) = try check([
      "screens/home.json": Example.home, "zlc.json": #"{"data_types": ["RIVERFLIX_RECOMMENDATIONS"]}"#, "components/r.json": marked.text,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let marker = try XCTUnwrap(marked.markers.first)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0402", file: "components/r.json", line: marker.line, column: marker.column,
          message: "unknown data source type 'RIVERFLIX_RECOMENDATIONS' in the data_types of the 'rail' manifest",
          notes: ["'RIVERFLIX_RECOMMENDATIONS' is declared in zlc.json here; if it is the misspelled one, fix it there"],
          fixIt: #""RIVERFLIX_RECOMMENDATIONS""#)
      ])
    XCTAssertNil(found.first?.fixIt?.range, "a declared type may be the misspelled one: a hint")
  }

  /// Both starters and the real manifests side by side (their platforms' manifests of one plugin
  /// differ for real) raise neither rule.
  func testStartersAndRealManifestsRaiseNeither() throws {
    for template in StarterTemplate.allCases {
      let (dir, found) = try check(Dictionary(uniqueKeysWithValues: template.files(app: "a").map { ($0.path, $0.contents) }))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(found.map(\.message), [], template.rawValue)
    }
    let folder = sharedFolder.appendingPathComponent("zapp-samples/real-manifests")
    guard FileManager.default.fileExists(atPath: folder.path) else { throw XCTSkip("\(folder.path) is not beside the repository") }
    var files = ["screens/home.json": ConformanceTests.home]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
      files["components/" + name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    let (dir, found) = try check(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(found.map(\.message), [])
  }
}
