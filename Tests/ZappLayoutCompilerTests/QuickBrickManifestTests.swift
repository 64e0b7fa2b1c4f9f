import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// The platforms a manifest serves are decided by `platform` and `ui_frameworks`: a Quick Brick
/// manifest of a base platform (`ios` with `["quickbrick"]`) serves `ios_for_quickbrick` too, each
/// after a manifest written for that platform.
final class QuickBrickManifestTests: XCTestCase {
  /// A manifest of plugin `x` for `platform` with `ui_frameworks` (nil: none written), whose
  /// `count` field takes at most `max`.
  static func manifest(_ platform: String, _ frameworks: [String]?, max: Int = 50, identifier: String = "x") -> String {
    let written = frameworks.map { #", "ui_frameworks": [\#($0.map { "\"\($0)\"" }.joined(separator: ", "))]"# } ?? ""
    return Example.manifest(
      #", "platform": "\#(platform)""# + written + #", "styles": {"fields": [\#(PlatformManifestTests.count(max))]}"#,
      identifier: identifier)
  }

  static let use = #"{"component_type": ⟦⟧"x", "styles": {"count": 20}}"#

  /// The diagnostics of the base project with these platforms in `zlc.json` and these files, whose
  /// screen `o` holds `component` (marked).
  func check(_ platforms: [String], _ files: [String: String], component: String = use, platform: String? = nil) throws -> (
    String, [Diagnostic], Marked
  ) {
    let marked = Marked(Example.screen(component))
    let zlc = #"{"platforms": {\#(platforms.map { "\"\($0)\": {}" }.joined(separator: ", "))}}"#
    let all = Example.baseProject.merging(files) { $1 }.merging(["zlc.json": zlc, "screens/o.json": marked.text]) { $1 }
    let dir = try makeProject(all)
    return (dir, Driver.check(dir, platform: platform).diagnostics, marked)
  }

  func testAQuickBrickManifestOfABasePlatformServesItsQuickBrickVariant() throws {
    let files = ["components/x/ios.json": Self.manifest("ios", ["quickbrick"])]
    let (_, clean, _) = try check(["ios_for_quickbrick"], files)
    XCTAssertEqual(clean.map { "\($0.code) \($0.message)" }, [])
    // The app is checked with that manifest: its bound on `count`.
    let (dir, found, marked) = try check(["ios_for_quickbrick"], files, component: #"{"component_type": "x", "styles": {"count": ⟦⟧60}}"#)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'styles.count' is a number_input field: expected a number of at most 50, found 60",
          notes: ["the x manifest declares it here"])
      ])
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    XCTAssertEqual(project.targetPlatforms, ["ios_for_quickbrick"])
    XCTAssertEqual(project.manifest(for: "x")?.servedPlatforms, ["ios", "ios_for_quickbrick"])
    XCTAssertEqual(ClientAPI.plugins(of: project, platform: "ios_for_quickbrick").map(\.name.wire), ["x"], "generate --platform")
  }

  /// It serves the platform it names too (a Quick Brick app of the `ios` id); a manifest without
  /// `ui_frameworks`, or with `native` alone, serves that platform alone.
  func testAQuickBrickManifestOfABasePlatformAlsoServesThatPlatform() throws {
    let files = ["components/x/ios.json": Self.manifest("ios", ["quickbrick"])]
    XCTAssertEqual(try check(["ios"], files).1.map { "\($0.code) \($0.message)" }, [])
    for frameworks in [nil, ["native"]] {
      let native = ["components/x/ios.json": Self.manifest("ios", frameworks)]
      XCTAssertEqual(try check(["ios"], native).1.map { "\($0.code) \($0.message)" }, [], "\(frameworks ?? [])")
      let (dir, found, marked) = try check(["ios_for_quickbrick"], native)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0610", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
            message: "plugin 'x' has no manifest for platform 'ios_for_quickbrick' (it has ios)", notes: ["manifest for 'ios'"])
        ])
    }
  }

  func testAManifestOfBothFrameworksServesBoth() throws {
    let files = ["components/x/ios.json": Self.manifest("ios", ["native", "quickbrick"])]
    let (dir, found, _) = try check(["ios", "ios_for_quickbrick"], files)
    XCTAssertEqual(found.map { "\($0.code) \($0.message)" }, [])
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    XCTAssertEqual(project.manifests(for: "x").first?.servedPlatforms, ["ios", "ios_for_quickbrick"])
    // A platform with no Quick Brick variant zlc knows serves its own id, and an explicit one stays.
    XCTAssertEqual(Platforms.served(by: "samsung_tv", uiFrameworks: ["quickbrick"]), ["samsung_tv"])
    XCTAssertEqual(Platforms.served(by: "android_for_quickbrick", uiFrameworks: ["quickbrick"]), ["android_for_quickbrick"])
    XCTAssertEqual(Platforms.served(by: "android_tv", uiFrameworks: ["quickbrick"]), ["android_tv", "android_tv_for_quickbrick"])
    XCTAssertEqual(Platforms.served(by: nil, uiFrameworks: ["quickbrick"]), [])
  }

  /// An app without `platforms` targets the platform each manifest is written for, its `platform`,
  /// whatever its `ui_frameworks`.
  func testAnAppWithoutPlatformsTargetsThePlatformsItsManifestsAreWrittenFor() throws {
    let dir = try makeProject(
      Example.baseProject.merging([
        "zlc.json": "{}", "components/x/ios.json": Self.manifest("ios", ["quickbrick"]),
        "components/y/android.json": Self.manifest("android", ["native", "quickbrick"], identifier: "y"),
      ]) { $1 })
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    XCTAssertEqual(project.targetPlatforms, ["android", "ios"])
  }

  /// A plugin that ships both forms for one platform (as published plugins do) is no duplicate,
  /// and its manifest that names the platform is used there, whatever the file order. An `ios`
  /// manifest for native clients and one for Quick Brick are no duplicate either; two Quick Brick
  /// manifests of `ios` are.
  func testManifestsServingOnePlatformAndDuplicates() throws {
    let both = [
      "components/x/a_ios.json": Self.manifest("ios", ["quickbrick"], max: 5),
      "components/x/b_ios_for_quickbrick.json": Self.manifest("ios_for_quickbrick", ["quickbrick"]),
    ]
    XCTAssertEqual(try check(["ios_for_quickbrick"], both).1.map { "\($0.code) \($0.message)" }, [])

    let split = [
      "components/x/native.json": Self.manifest("ios", ["native"], max: 5), "components/x/qb.json": Self.manifest("ios", ["quickbrick"]),
    ]
    let twenty = #"{"component_type": "x", "styles": {"count": ⟦⟧20}}"#
    XCTAssertEqual(try check(["ios_for_quickbrick"], split, component: twenty).1.map { "\($0.code) \($0.message)" }, [])
    let (dir, found, marked) = try check(["ios"], split, component: twenty)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0614", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "'styles.count' is a number_input field: expected a number of at most 5, found 20",
          notes: ["the x manifest declares it here"])
      ])

    let second = Marked(Self.manifest("ios", ["native", "quickbrick"], identifier: "⟦⟧x"))
    let twice = ["components/x/a.json": Self.manifest("ios", ["quickbrick"]), "components/x/b.json": second.text]
    let (dir2, found2, _) = try check(["ios_for_quickbrick"], twice)
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0606", file: "components/x/b.json", line: second.markers[0].line, column: second.markers[0].column,
          message: "identifier 'x' is declared by another manifest that serves platform 'ios_for_quickbrick' through its ui_frameworks",
          notes: ["first declared here"])
      ])
  }

  /// The published parent lock plugin's `ios` and `android` manifests, both Quick Brick only, as
  /// an app's screen plugin: they serve Quick Brick apps of both ids, and their `min_zapp_sdk`, a
  /// version of the iOS and Android SDKs, holds on `ios` and `android` alone.
  func testARealPublishedQuickBrickPluginOfBasePlatforms() throws {
    let folder = sharedFolder.appendingPathComponent("zapp-samples/real-manifests")
    guard FileManager.default.fileExists(atPath: folder.path) else { throw XCTSkip("\(folder.path) is not beside the repository") }
    func read(_ platform: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent("quick-__quick-brick-parent-lock__\(platform).json"), encoding: .utf8)
    }
    let marked = Marked(#"[{"id": "other", "name": "Lock", "type": ⟦⟧"parent-lock-qb"}]"#)
    let files = [
      "screens/home.json": Example.home, "screens/lock.json": marked.text, "components/lock/ios.json": try read("ios"),
      "components/lock/android.json": try read("android"),
    ]
    func check(_ platforms: String) throws -> (String, [Diagnostic]) {
      let dir = try makeProject(files.merging(["zlc.json": #"{"platforms": {\#(platforms)}}"#]) { $1 })
      return (dir, Driver.check(dir).diagnostics)
    }
    let quickBrick = try check(#""ios_for_quickbrick": {"min_zapp_sdk": "0.1.0"}, "android": {}"#)
    XCTAssertEqual(quickBrick.1.map { "\($0.code) \($0.message)" }, [])
    let (dir, found) = try check(#""ios": {"min_zapp_sdk": "19.0.0"}, "android_for_quickbrick": {}"#)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0611", file: "screens/lock.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "plugin 'parent-lock-qb' needs Zapp SDK 20.0.0-Dev or later on 'ios', but the app supports clients from 19.0.0",
          notes: ["min_zapp_sdk of its 'ios' manifest", "the app's oldest client"])
      ])
  }
}
