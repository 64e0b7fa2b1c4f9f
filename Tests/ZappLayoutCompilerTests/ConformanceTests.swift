import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

/// Every real file of `../shared/zapp-samples/` (published Applicaster docs examples and 48 real
/// manifests, see its SOURCES.md) read as zlc reads it, expecting exactly its true findings: each
/// listed with the reason it is a real fault. Fails under CI=true when `../shared` is absent.
final class ConformanceTests: XCTestCase {
  /// A clean home screen that manifests are checked beside (a project needs a screen).
  static let home = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
    """

  /// Screen files (rivers format), checked alone as `screens/<file>`.
  static let screenFiles: Set<String> = [
    "devdocs-uibuilder-api-home-screen-example.json", "devdocs-rivers-connected-screen-example.json",
    "devdocs-rivers-screen-plugin-entry.json",
  ]
  /// Files that are no zlc project input (a feed, its schema, a client's styles.json): JSON only.
  static let otherFiles: Set<String> = [
    "android-fixture-styles.json", "devdocs-applicaster-feed-v1.schema.json", "devdocs-zapp-feed-example.json",
  ]

  static let missingUIBuilderSupport =
    "zappifest publish requires ui_builder_support (\"Manifest missing mandatory keys\"); this manifest predates it"

  /// The true findings of each file, `CODE@line:column`, with why each is a real fault. A file
  /// not listed has none.
  static let findings: [String: (codes: [String], reason: String)] = [
    "devdocs-uibuilder-api-home-screen-example.json": (
      ["ZL0401@86:14"], "the grid at position 8 has `data.source: \"\"` on a root screen: it can show nothing"
    ),
    "devdocs-rivers-connected-screen-example.json": (
      ["ZL0407@7:26", "ZL0307@8:23"],
      "alone, the connected screen is the app's one screen, its home, which nothing opens with data; the example's parent screen is not in the file"
    ),
    "devdocs-rivers-screen-plugin-entry.json": (
      ["ZL0312@4:17"], "the screen plugin 'settings_contact_us_legacy' has no manifest beside the example"
    ),
    "devdocs-plugin-manifest-example-family-conditional-cell-styles.json": (
      ["ZL0601@1:1", "ZL0615@75:26"],
      missingUIBuilderSupport + "; `background_type`'s initial value \"Color\" is not one of its options `color` and `image`"
    ),
    "android-fixture-plugin_configurations.json": (
      [],
      "what an app receives from the build pipeline: manifests published already, delivered with the keys the pipeline keeps (its own `react_packages` among them), so not held to publish's keys"
    ),
    "DataProtectionScreen-RN__plugin-manifest.android.json": (
      ["ZL0107@56:9", "ZL0107@77:9"],
      "two fields write `label` twice: a warning, the last label read as Zapp's publishing tool and clients read it"
    ),
    "DataProtectionScreen-RN__plugin-manifest.ios.json": (
      ["ZL0107@56:9", "ZL0107@77:9"],
      "two fields write `label` twice: a warning, the last label read as Zapp's publishing tool and clients read it"
    ),
    "Stories-iOS__Stories__pc0_stories.json": (["ZL0601@1:1"], missingUIBuilderSupport),
    "quick-__demo-typescript-dsp__ios.json": (["ZL0601@1:1"], "the file is `{}`: a placeholder with none of the keys publish requires"),
    "zapp-plugins-examples__AnalyticsPlugin__pc0_TestAnalyticsProvider_iOS.json": (["ZL0601@1:1"], missingUIBuilderSupport),
    "zapp-plugins-examples__FullScreen__pc0_example_full_screen_android.json": (["ZL0601@1:1"], missingUIBuilderSupport),
    "zapp-plugins-examples__LoginPlugin__pc0_FacebookLoginPlugin.json": (["ZL0601@1:1"], missingUIBuilderSupport),
    "zapp-plugins-examples__VideoPlayer__pc0_Test_Player.json": (["ZL0601@1:1"], missingUIBuilderSupport),
    "zapp-plugins-examples__VideoPlayer__pc0_ZappPlayerAdapter-iOS.json": (["ZL0601@1:1"], missingUIBuilderSupport),
  ]

  var samples: URL { sharedFolder.appendingPathComponent("zapp-samples") }

  /// As the end-to-end tests' `requireShared`: a skip beside no `../shared`, a failure under CI=true.
  func requireShared(_ url: URL) throws {
    guard !FileManager.default.fileExists(atPath: url.path) else { return }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      XCTFail("\(url.path) is missing: CI runs with ../shared beside the repository")
      throw CocoaError(.fileNoSuchFile)
    }
    throw XCTSkip("\(url.path) is not beside the repository")
  }

  func jsonFiles(_ folder: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "json" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// The findings of a project, `CODE@line:column` in `file` (relative to the project).
  func findings(_ files: [String: String], in file: String) throws -> [String] {
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    for d in outcome.diagnostics where d.location?.file != dir + "/" + file {
      XCTFail("\(file): a finding outside the file: \(d.code) \(d.message)")
    }
    return outcome.diagnostics.map { "\($0.code)@\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
  }

  func testEverySampleReadsWithOnlyItsTrueFindings() throws {
    try requireShared(samples)
    let all = try jsonFiles(samples) + jsonFiles(samples.appendingPathComponent("real-manifests"))
    XCTAssertGreaterThanOrEqual(all.count, 57, "the samples and the 48 real manifests")
    var seen: Set<String> = []
    for url in all {
      let name = url.lastPathComponent
      seen.insert(name)
      let text = try String(contentsOf: url, encoding: .utf8)
      let expected = Self.findings[name]?.codes ?? []
      if Self.otherFiles.contains(name) {
        XCTAssertEqual(JSONReader.read(SourceFile(path: name, bytes: Array(text.utf8))).diagnostics.map(\.message), [], name)
      } else if Self.screenFiles.contains(name) {
        XCTAssertEqual(try findings(["screens/" + name: text], in: "screens/" + name), expected, name)
      } else {
        XCTAssertEqual(
          try findings(["components/" + name: text, "screens/home.json": Self.home], in: "components/" + name), expected, name)
      }
    }
    XCTAssertEqual(Set(Self.findings.keys).subtracting(seen), [], "every listed file exists")
  }

  /// The docs' connected screen beside the docs' home screen, given the id its `data.parent`
  /// names: the parent opens it (ZL0408), and its hero's `"source": "source_url", "type": ""` is
  /// the docs' placeholder, no source of its own (ZL0403). The home screen's own grid without a
  /// source (ZL0401) remains.
  func testTheConnectedExampleBesideItsParent() throws {
    try requireShared(samples)
    let home = try String(contentsOf: samples.appendingPathComponent("devdocs-uibuilder-api-home-screen-example.json"), encoding: .utf8)
      .replacingOccurrences(
        of: #""id": "65878854-9119-4e26-83f1-8f02c9769ca2","#, with: #""id": "9bd8db4b-dc8e-4133-aedd-63135e02c31d", "home": true,"#)
    let show = try String(contentsOf: samples.appendingPathComponent("devdocs-rivers-connected-screen-example.json"), encoding: .utf8)
    let dir = try makeProject(["screens/home.json": home, "screens/show.json": show])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(
      Driver.check(dir).diagnostics.map {
        "\($0.code)@\($0.location.map { "\($0.file.dropFirst(dir.count + 1)):\($0.line):\($0.column)" } ?? "")"
      },
      ["ZL0401@screens/home.json:86:14"])
  }

  /// The real manifests side by side, as a multi-platform project holds them: one plugin's
  /// manifests for several platforms are no duplicates; the two Stories manifests, both iOS with
  /// identifier 'stories', are.
  func testTheRealManifestsSideBySide() throws {
    try requireShared(samples)
    var files = ["screens/home.json": Self.home]
    for url in try jsonFiles(samples.appendingPathComponent("real-manifests")) {
      files["components/" + url.lastPathComponent] = try String(contentsOf: url, encoding: .utf8)
    }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let duplicates = outcome.diagnostics.filter { $0.code == "ZL0606" }.map(\.message)
    XCTAssertEqual(duplicates, ["identifier 'stories' is declared by another manifest for platform 'ios'"])
    let perFile = Self.findings.filter { $0.key.contains("__") }.reduce(0) { $0 + $1.value.codes.count }
    XCTAssertEqual(outcome.diagnostics.count, perFile + 1)
  }
}
