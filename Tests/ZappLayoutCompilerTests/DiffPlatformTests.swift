import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler

/// `zlc diff` of an app of several platforms: a change names the platforms of each of its screens.
final class DiffPlatformTests: XCTestCase {
  /// The multi-platform starter where the promo banner's manifests give `banner_text` (iOS) and
  /// `subtitle` and `banner_text` (Android) the value `banner`, beside a second root screen
  /// `show2` whose promo sets `subtitle`; `iOSSDK` is iOS's `min_zapp_sdk` (none when nil).
  func project(banner: String, onlyIOS: Bool = false, iOSLacksThePromo: Bool = false, iOSSDK: String? = "20.0.0") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let field = { (key: String, value: String) in
      #"{"key": "\#(key)", "type": "text_input", "label": "\#(key)", "initial_value": "\#(value)"}"#
    }
    let fields = [
      "ios": field("banner_text", banner), "android_for_quickbrick": field("subtitle", "S") + ", " + field("banner_text", banner),
    ]
    let show2 = #"""
      [{"id": "show2", "name": "Show 2", "type": "general_content", "styles": {"family": "STARTER"}, "ui_components": [
        {"id": "show2-promo", "component_type": "promo_banner", "styles": {"cell_styles": ["PROMO"], "subtitle": "S"}}]}]
      """#
    for (path, text) in StarterTemplate.multiPlatform.files(app: "Diff") + [("screens/show2.json", show2)] {
      var text = text
      if let platform = fields.keys.first(where: { path == "components/promo_banner/\($0).json" }),
        let start = text.range(of: #""fields": ["#),
        let end = text[start.upperBound...].range(of: "\n    ]")
      {
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: fields[platform] ?? "")
      }
      if onlyIOS, path == "zlc.json", let android = text.range(of: #",\s*"android_for_quickbrick": \{[^}]*\}"#, options: .regularExpression)
      {
        text.removeSubrange(android)
      }
      if path == "zlc.json" {
        text = text.replacingOccurrences(
          of: #""ios": { "min_zapp_sdk": "20.0.0" }"#, with: #""ios": {\#(iOSSDK.map { #" "min_zapp_sdk": "\#($0)" "# } ?? "")}"#)
      }
      if iOSLacksThePromo, path == "registries/ios.json" {
        text = text.replacingOccurrences(of: #", "promo_banner"]"#, with: #"], "applies_fallbacks": true"#)
      }
      if path == "screens/home.json" || path == "screens/show2.json" {
        text = text.replacingOccurrences(
          of: #""component_type": "promo_banner","#, with: #""component_type": "promo_banner", "fallback": "hide","#)
      }
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  /// A default changed in both manifests: on iOS the home promo has no `subtitle`, on Android
  /// both promos have the manifest's; each change names its own screens and platforms.
  func testAChangeNamesThePlatformsOfEachOfItsScreens() throws {
    let outcome = Driver.diff(base: try project(banner: "A"), head: try project(banner: "B"))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(
      changes.map { "\($0.screens) \($0.platforms) \($0.components) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [
        #"["home"] ["ios"] ["home-promo"] {"cell_styles":["PROMO"],"banner_text":"A"} → {"cell_styles":["PROMO"],"banner_text":"B"}"#,
        #"["show2"] ["ios"] ["show2-promo"] {"cell_styles":["PROMO"],"subtitle":"S","banner_text":"A"} → "#
          + #"{"cell_styles":["PROMO"],"subtitle":"S","banner_text":"B"}"#,
        #"["home", "show2"] ["android_for_quickbrick"] ["home-promo", "show2-promo"] "#
          + #"{"cell_styles":["PROMO"],"subtitle":"S","banner_text":"A"} → {"cell_styles":["PROMO"],"subtitle":"S","banner_text":"B"}"#,
      ])
  }

  /// An app of iOS alone is compared as its iOS manifests have it, though Android's comes first in
  /// file order.
  func testAnAppOfOnePlatformIsComparedWithThatPlatformsManifests() throws {
    let outcome = Driver.diff(base: try project(banner: "A", onlyIOS: true), head: try project(banner: "B", onlyIOS: true))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(
      changes.map { "\($0.screens) \($0.platforms) \($0.components) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [
        #"["home"] [] ["home-promo"] {"cell_styles":["PROMO"],"banner_text":"A"} → {"cell_styles":["PROMO"],"banner_text":"B"}"#,
        #"["show2"] [] ["show2-promo"] {"cell_styles":["PROMO"],"subtitle":"S","banner_text":"A"} → "#
          + #"{"cell_styles":["PROMO"],"subtitle":"S","banner_text":"B"}"#,
      ])
  }

  /// bundle.json's `fallbacks` are each platform's bundle's: a change of the iOS registry is a
  /// change of iOS's alone.
  func testAChangeOfOnePlatformsFallbacksNamesIt() throws {
    let outcome = Driver.diff(base: try project(banner: "A"), head: try project(banner: "A", iOSLacksThePromo: true))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes.filter { $0.kind == .bundleIndex }
    XCTAssertEqual(
      changes.map { "\($0.field ?? "") \($0.platforms) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [
        #"fallbacks ["ios"] none → [{"platform":"ios","client_version":"20.0.0..<21.0.0","sections":"#
          + #"[{"screen_id":"home","section":1},{"screen_id":"show2","section":0}]}]"#
      ])
    // The text names the platform too.
    let text = DiffPrinter(format: .text, color: false).render(try XCTUnwrap(outcome.report))
    XCTAssertTrue(text.contains("fallbacks on ios none → "), text)
  }

  /// A platform's `min_zapp_sdk` raised, added or removed is a change of bundle.json naming that
  /// platform, in an app of several platforms or of one.
  func testAChangedMinZappSDKNamesItsPlatform() throws {
    for onlyIOS in [false, true] {
      let base = try project(banner: "A", onlyIOS: onlyIOS)
      for (head, expected) in [
        ("21.0.0", #"min_zapp_sdk ["ios"] 20.0.0 → 21.0.0"#), (nil, #"min_zapp_sdk ["ios"] 20.0.0 → none"#),
      ] {
        let outcome = Driver.diff(base: base, head: try project(banner: "A", onlyIOS: onlyIOS, iOSSDK: head))
        XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
        let report = try XCTUnwrap(outcome.report)
        XCTAssertEqual(
          report.changes.map { "\($0.field ?? "") \($0.platforms) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
          [expected], "onlyIOS: \(onlyIOS)")
        let text = DiffPrinter(format: .text, color: false).render(report)
        XCTAssertTrue(text.contains("min_zapp_sdk on ios 20.0.0 → "), text)
      }
    }
  }

  /// Changes merge across platforms only when they name the same screens, and list the screens in
  /// project order.
  func testChangesOfTheSameScreensMergeAcrossPlatforms() {
    let change = { (screens: [String], platform: String) in
      DiffChange(kind: .componentChanged, screens: screens, platforms: [platform], component: "c", field: "styles")
    }
    let changes = [change(["b"], "ios"), change(["b", "a"], "android"), change(["a", "b"], "web")]
    let report = DiffReport.grouped(changes, screenOrder: ["a", "b"])
    XCTAssertEqual(report.changes.map(\.screens), [["b"], ["a", "b"]])
    XCTAssertEqual(report.changes.map(\.platforms), [["ios"], ["android", "web"]])
  }
}
