import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin a screen uses on a platform whose clients are other devices than its manifest's
/// `targets` name is a warning (ZL0617) naming those platforms, with a note at each `targets`.
final class DeviceTargetTests: XCTestCase {
  private func check(platforms: String, _ manifests: [String: String]) throws -> (String, [Diagnostic], Marked) {
    try checkUsingPluginX(platforms: platforms, manifests)
  }

  private static func manifest(_ platform: String, targets: String?) -> String {
    Example.manifest(#", "platform": "\#(platform)""# + (targets.map { #", "targets": \#($0)"# } ?? ""))
  }

  func testAPluginForOtherDevicesIsNamedWithItsPlatforms() throws {
    let manifests = [
      "components/x_ios.json": Self.manifest("ios", targets: #"["tv"]"#),
      "components/x_android.json": Self.manifest("android", targets: #"["tv"]"#),
      "components/x_tvos.json": Self.manifest("tvos", targets: #"["mobile", ""]"#),
    ]
    let (dir, all, marked) = try check(platforms: #""ios": {}, "android": {}, "tvos": {}"#, manifests)
    let found = all.filter { $0.code == "ZL0617" }  // the tvos manifest's "" is ZL0604's
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0617", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message:
            "plugin 'x' is not made for the devices of 'ios' (mobile; the manifest used there targets tv), 'tvos' (tv; the manifest used there targets mobile)",
          notes: ["targets of the manifest 'ios' uses", "targets of the manifest 'tvos' uses"])
      ])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.file, dir + "/components/x_ios.json")
    XCTAssertEqual(found.first?.severity, .warning)
  }

  func testTargetsThatHoldThePlatformsDevicesOrNoneAreQuiet() throws {
    for targets in [#"["mobile", "tv"]"#, #"["mobile"]"#, "[]", nil] {
      let (_, found, _) = try check(
        platforms: #""ios": {}, "web": {}"#,
        ["components/x.json": Example.manifest(targets.map { #", "targets": \#($0)"# } ?? "")])
      XCTAssertEqual(found.map { "\($0.code) \($0.message)" }, [], targets ?? "no targets")
    }
    let (_, mobileOnTV, _) = try check(
      platforms: #""samsung_tv": {}"#, ["components/x.json": Self.manifest("samsung_tv", targets: #"["mobile"]"#)])
    XCTAssertEqual(
      mobileOnTV.map { "\($0.code) \($0.message)" },
      ["ZL0617 plugin 'x' is not made for the devices of 'samsung_tv' (tv; the manifest used there targets mobile)"])
  }
}
