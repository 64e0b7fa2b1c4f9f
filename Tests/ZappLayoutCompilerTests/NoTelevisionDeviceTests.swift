import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// An app that names its devices and targets TV platforms is told when none is as wide as their
/// TVs (ZL0526): its TV bundles would hold no layout of a TV's width.
final class NoTelevisionDeviceTests: XCTestCase {
  /// ZL0526's findings for an app of these platforms and devices (their JSON lists).
  func findings(platforms: [String], devices: String) throws -> (dir: String, found: [Diagnostic]) {
    let settings = #"{"platforms": {\#(platforms.map { "\"\($0)\": {}" }.joined(separator: ", "))},\#n "devices": \#(devices)}"#
    let dir = try makeProject(Example.baseProject.merging(["zlc.json": settings]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == "ZL0526" })
  }

  /// TV platforms are grouped by the width of their TV: tvOS and Samsung's 1920 wide one, Android
  /// TV's 960 wide one; each group is reported at `devices` when no device is as wide.
  func testEachGroupOfTVPlatformsWithoutADeviceAsWideAsItsTVIsReported() throws {
    let (dir, found) = try findings(
      platforms: ["ios", "tvos", "samsung_tv", "android_tv"], devices: #"[{"name": "phone", "width": 375}, {"name": "tab", "width": 768}]"#)
    let tail = "laid out and checked for these devices alone; name a TV among them"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0526", file: "zlc.json", line: 2, column: 13,
          message:
            "the app targets TV platforms 'tvos', 'samsung_tv', but none of zlc.json's devices is as wide as their TV (1920; the widest, 'tab', is 768 wide): their bundles are \(tail) ({\"name\": \"tv\", \"width\": 1920})"
        ),
        DiagnosticSpec(
          code: "ZL0526", file: "zlc.json", line: 2, column: 13,
          message:
            "the app targets TV platform 'android_tv', but none of zlc.json's devices is as wide as its TV (960; the widest, 'tab', is 768 wide): its bundle is \(tail) ({\"name\": \"android-tv\", \"width\": 960})"
        ),
      ])
    XCTAssertEqual(found.map(\.severity), [.warning, .warning])
  }

  /// A device as wide as a platform's TV covers it; an app of no TV platform, or one that names no
  /// devices (zlc adds each TV platform's TV), is not told.
  func testADeviceAsWideAsTheTVOrNoTVPlatformOrDefaultDevicesPass() throws {
    let tablet = #"[{"name": "phone", "width": 375}, {"name": "tab", "width": 1024}]"#
    XCTAssertEqual(try findings(platforms: ["ios", "android_tv"], devices: tablet).found.map(\.message), [])
    XCTAssertEqual(try findings(platforms: ["ios", "android"], devices: tablet).found.map(\.message), [])
    XCTAssertEqual(
      try findings(platforms: ["ios", "tvos"], devices: #"[{"name": "phone", "width": 375}, {"name": "tv", "width": 1920}]"#).found.map(
        \.message), [])
    let dir = try makeProject(Example.baseProject.merging(["zlc.json": #"{"platforms": {"ios": {}, "tvos": {}}}"#]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0526" }.map(\.message), [])
  }
}
