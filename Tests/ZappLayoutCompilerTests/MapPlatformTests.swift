import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// `zlc map` and `zlc preview` without `--platform` in an app whose platforms' manifests disagree
/// on which plugins take data: each platform's bundle numbers the sender's children its own way.
final class MapPlatformTests: XCTestCase {
  /// A ui_component manifest of `identifier` for `platform`, with data fields when `takesData`.
  static func manifest(_ identifier: String, _ platform: String, takesData: Bool) -> String {
    let data = takesData ? #", "data": {"fields": [{"key": "source", "type": "select"}, {"key": "type", "type": "select"}]}"# : ""
    return Example.manifest(#", "platform": "\#(platform)""# + data, identifier: identifier)
  }

  /// `pa` takes data on iOS only, `pb` on Android only; `detail` is connected and holds
  /// `components` (home opens it).
  func project(detail components: String, sender: String) throws -> String {
    let screens = """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "detail"}, "styles": {"cell_styles": ["GRID_1"]}}]},
       {"id": "detail", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [\(components)]}]
      """
    return try makeProject([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/pa-ios.json": Self.manifest("pa", "ios", takesData: true),
      "components/pa-android.json": Self.manifest("pa", "android", takesData: false),
      "components/pb-ios.json": Self.manifest("pb", "ios", takesData: false),
      "components/pb-android.json": Self.manifest("pb", "android", takesData: true),
      "screens/s.json": screens, "sender.json": sender,
    ])
  }

  static let grid = #"{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}"#
  static let threeChildren =
    #"{"id": "s", "entry": [{"id": "c0", "title": "C0"}, {"id": "c1", "title": "C1"}, {"id": "c2", "title": "C2"}]}"#

  /// Each platform's map is shown, naming its platform, and is the one `--platform` shows; no
  /// map binds both plugins, which no bundle does.
  func testAMapThatDiffersByPlatformIsShownPerPlatform() throws {
    let dir = try project(detail: #"{"component_type": "pa"}, {"component_type": "pb"}, "# + Self.grid, sender: Self.threeChildren)
    let outcome = Driver.map(screen: "detail", project: dir, sender: dir + "/sender.json", device: nil)
    XCTAssertEqual(outcome.status, .success)
    XCTAssertNil(outcome.result, "no one map stands for every platform")
    XCTAssertEqual(outcome.byPlatform.map(\.platforms), [["ios"], ["android"]])
    XCTAssertEqual(
      outcome.byPlatform.map { $0.result.sections.map(\.status.word) }, [["bound", "none", "bound"], ["none", "bound", "bound"]])
    XCTAssertEqual(outcome.byPlatform.map { $0.result.sections.map(\.child) }, [[0, nil, 1], [nil, 0, 1]])
    for (i, platform) in ["ios", "android"].enumerated() where i < outcome.byPlatform.count {
      let one = Driver.map(screen: "detail", project: dir, sender: dir + "/sender.json", device: nil, platform: platform)
      XCTAssertEqual(one.result, outcome.byPlatform[i].result, platform)
    }
    let tables = Driver.mapTables(outcome)
    XCTAssertTrue(tables.hasPrefix("screen detail on phone for ios\n"), tables)
    XCTAssertTrue(tables.contains("\n\nscreen detail on phone for android\n"), tables)
    let json = try XCTUnwrap(Driver.mapJSON(outcome))
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let maps = try XCTUnwrap(object["by_platform"] as? [[String: Any]])
    XCTAssertEqual(maps.map { $0["platforms"] as? [String] }, [["ios"], ["android"]])
    XCTAssertEqual(
      maps.map { ($0["sections"] as? [[String: Any]])?.map { $0["status"] as? String } },
      [["bound", "none", "bound"], ["none", "bound", "bound"]])
  }

  /// A finding of one platform's map names that platform; one of every map is reported once.
  func testAFindingOfSomePlatformsNamesThem() throws {
    let sender = Marked(#"{"id": "s", "entry": [{"id": "c0", "title": "C0"}, ⟦⟧{"id": "c1", "title": "C1"}]}"#)
    let dir = try project(detail: #"{"component_type": "pa"}, "# + Self.grid, sender: sender.text)
    let outcome = Driver.map(screen: "detail", project: dir, sender: dir + "/sender.json", device: nil)
    assertDiagnostics(
      outcome.diagnostics, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0701", file: "sender.json", line: sender.markers[0].line, column: sender.markers[0].column,
          message: "the sender has 2 children but the screen takes 1; not shown: 1 ('C1') (on android)")
      ])
    XCTAssertEqual(
      outcome.byPlatform.map { $0.diagnostics.map(\.message) },
      [[], ["the sender has 2 children but the screen takes 1; not shown: 1 ('C1')"]])
  }

  /// Platforms that map the screen alike print one map, as an app of one platform does.
  func testAMapAlikeOnEveryPlatformIsShownOnce() throws {
    let dir = try project(detail: Self.grid, sender: Self.threeChildren)
    let outcome = Driver.map(screen: "detail", project: dir, sender: dir + "/sender.json", device: nil)
    XCTAssertEqual(outcome.byPlatform.count, 0)
    let result = try XCTUnwrap(outcome.result)
    XCTAssertTrue(Driver.mapTables(outcome).hasPrefix("screen detail on phone\n"))
    XCTAssertEqual(outcome.diagnostics.map(\.message), ["the sender has 3 children but the screen takes 1; not shown: 1 ('C1'), 2 ('C2')"])
    XCTAssertEqual(result.sections.map(\.child), [0])
  }

  /// Without `--platform`, the preview draws the first platform's bundle, as `zlc serve` does,
  /// and says so; with it, that platform's.
  func testThePreviewDrawsTheFirstPlatformsBundle() throws {
    let dir = try project(detail: #"{"component_type": "pa"}, {"component_type": "pb"}, "# + Self.grid, sender: Self.threeChildren)
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    let outcome = Driver.preview(dir, output: out)
    XCTAssertEqual(outcome.status, .success)
    XCTAssertEqual(outcome.previewedPlatform, "ios")
    XCTAssertEqual(
      Driver.previewedPlatformNote(outcome),
      "note: the preview draws the ios bundle, the first of the app's 2 platforms (ios, android); --platform ID draws another")
    // Each section's caption: its number, component type and binding.
    func captions(_ folder: String) throws -> [String] {
      let page = try String(contentsOfFile: folder + "/detail.html", encoding: .utf8)
      return page.components(separatedBy: "<div class=\"cap\"><span class=\"num\">").dropFirst().prefix(3).map { caption in
        let text = caption.components(separatedBy: "</span></div>")[0]
        let number = text.prefix { $0 != "<" }
        let type = text.components(separatedBy: "<b>")[1].prefix { $0 != "<" }
        let binding = text.components(separatedBy: " · ").last?.components(separatedBy: "<span>").last ?? ""
        return "\(number) \(type) \(binding)"
      }
    }
    XCTAssertEqual(try captions(out), ["0 pa sender child 0", "1 pb no data", "2 grid sender child 1"])
    let android = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    let narrowed = Driver.preview(dir, output: android, platform: "android")
    XCTAssertNil(narrowed.previewedPlatform)
    XCTAssertNil(Driver.previewedPlatformNote(narrowed))
    XCTAssertEqual(try captions(android), ["0 pa no data", "1 pb sender child 0", "2 grid sender child 1"])
  }

  /// An app of a phone and a TV platform: each platform's bundle is mapped on its own first device
  /// (the TV's on the TV), and a device only some bundles have is refused with the platforms.
  func testEachPlatformIsMappedOnItsOwnDevices() throws {
    let dir = try makeProject(Example.baseProject.merging(["zlc.json": #"{"platforms": {"ios": {}, "tvos": {}}}"#]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.map(screen: "other", project: dir, sender: nil, device: nil)
    XCTAssertEqual(outcome.status, .success)
    XCTAssertEqual(outcome.byPlatform.map { "\($0.platforms) \($0.result.device)" }, [#"["ios"] phone"#, #"["tvos"] tv"#])
    let refused = Driver.map(screen: "other", project: dir, sender: nil, device: "tv")
    XCTAssertEqual(refused.status, .usage)
    XCTAssertEqual(
      refused.diagnostics.map { "\($0.code) \($0.message)" },
      [
        "ZL0113 device 'tv' is in the bundle of tvos only (map it with --platform tvos); the others have theirs (ios: phone, tablet-portrait, tablet-landscape)"
      ])
    XCTAssertEqual(Driver.map(screen: "other", project: dir, sender: nil, device: "tv", platform: "tvos").result?.device, "tv")
    // The platforms without it, grouped by the devices their bundles have.
    let three = try makeProject(
      Example.baseProject.merging(["zlc.json": #"{"platforms": {"ios": {}, "android_tv": {}, "tvos": {}, "android": {}}}"#]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: three) }
    XCTAssertEqual(
      Driver.map(screen: "other", project: three, sender: nil, device: "tv").diagnostics.map(\.message),
      [
        "device 'tv' is in the bundle of tvos only (map it with --platform tvos); the others have theirs (ios, android: phone, tablet-portrait, tablet-landscape; android_tv: android-tv)"
      ])
  }
}
