import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// The range of clients a plugin runs on against the app's: a plugin that stops running inside it
/// (ZL0623), and pre-release versions compared by SemVer precedence (ZL0611).
final class PlatformClientRangeTests: XCTestCase {
  /// A project whose `ios` clients start at `oldest`, with the `promo` plugin of `manifest` on its home screen.
  func project(oldest: String, manifest: String) throws -> String {
    try makeProject([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "\#(oldest)"}}}"#,
      "screens/home.json": PlatformSDKRangeTests.home.replacingOccurrences(
        of: #""component_type": "banner""#, with: #""component_type": "promo""#),
      "components/promo.json": manifest,
    ])
  }

  /// A plugin unsupported since a version newer than the app's oldest client: a warning at that
  /// version, so that the check does not pass clean while those clients refuse the bundle.
  func testAPluginUnsupportedInsideTheAppsRangeWarns() throws {
    let manifest = Marked(
      PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "20.0.0").replacingOccurrences(
        of: #""platform": "ios""#, with: #""platform": "ios", "unsupported_since_zapp_sdk": ⟦⟧"20.5.0""#))
    let dir = try project(oldest: "20.0.0", manifest: manifest.text)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let marker = manifest.markers[0]
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0623" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0623", file: "components/promo.json", line: marker.line, column: marker.column,
          message:
            "plugin 'promo' is unsupported since Zapp SDK 20.5.0 on 'ios', which the app supports from 20.0.0: clients from 20.5.0 on cannot draw the screens that use it",
          notes: ["its first use", "the app's oldest client"])
      ])
    XCTAssertTrue(outcome.diagnostics.contains { $0.severity == .warning }, "the summary counts the warning")
    XCTAssertFalse(outcome.diagnostics.contains { $0.severity == .error }, "\(outcome.diagnostics.map(\.message))")
  }

  /// At or below the oldest client it is ZL0611's error alone; with no end, nothing is said.
  func testAPluginUnsupportedOutsideTheAppsRangeIsNotWarned() throws {
    for (oldest, until, code) in [("20.5.0", "20.5.0", "ZL0611"), ("20.0.0", nil, nil), ("20.0.0-beta", "20.0.0-beta", "ZL0611")] {
      let dir = try project(oldest: oldest, manifest: PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "1.0.0", until: until))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let codes = Driver.check(dir).diagnostics.filter { $0.code == "ZL0623" || $0.code == "ZL0611" }.map(\.code)
      XCTAssertEqual(codes, code.map { [$0] } ?? [], "\(oldest) \(until ?? "-")")
    }
  }

  /// With registries listing the client builds in the field, an end after all of them concerns no
  /// client yet; one some build reaches is warned at.
  func testAnEndPastEveryRegisteredClientIsNotWarned() throws {
    for (client, warned) in [("20.0.0..<20.5.0", false), ("20.0.0...20.4.9", false), ("20.0.0..<21.0.0", true), ("20.5.0", true)] {
      let dir = try project(
        oldest: "20.0.0", manifest: PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "1.0.0", until: "20.5.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      try FileManager.default.createDirectory(atPath: dir + "/registries", withIntermediateDirectories: true)
      try Data(#"{"platform": "ios", "client_version": "\#(client)", "component_types": ["promo"]}"#.utf8)
        .write(to: URL(fileURLWithPath: dir + "/registries/ios.json"))
      let codes = Driver.check(dir).diagnostics.filter { $0.code == "ZL0623" }.map(\.code)
      XCTAssertEqual(codes, warned ? ["ZL0623"] : [], client)
    }
  }

  /// A registry at or past the end (ZL0327's, unchecked) lists clients it concerns: the end is
  /// warned at, beside a registry of older clients or alone, and whatever its file's name.
  func testAnEndARegisteredClientIsPastIsWarnedBesideOlderClients() throws {
    let older = #"{"platform": "ios", "client_version": "20.0.0..<20.5.0", "component_types": ["promo"]}"#
    let past = #"{"platform": "ios", "client_version": "20.5.0..<21.0.0", "component_types": ["promo"]}"#
    let retired = #"{"platform": "ios", "client_version": "19.0.0..<20.0.0", "component_types": ["promo"]}"#
    for registries in [[past], [past, older], [older, past], [retired, past], [retired, older]] {
      let dir = try project(
        oldest: "20.0.0", manifest: PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "1.0.0", until: "20.5.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      try FileManager.default.createDirectory(atPath: dir + "/registries", withIntermediateDirectories: true)
      for (i, registry) in registries.enumerated() {
        try Data(registry.utf8).write(to: URL(fileURLWithPath: dir + "/registries/ios-\(i).json"))
      }
      let codes = Driver.check(dir).diagnostics.filter { $0.code == "ZL0623" }.map(\.code)
      XCTAssertEqual(codes, registries.contains(past) ? ["ZL0623"] : [], "\(registries)")
    }
  }

  /// With no oldest client in `zlc.json`, the registries alone say whether an end concerns the
  /// app's clients: one whose builds reach it is warned at, with a note at those builds (as the
  /// fleet line counts them among those that cannot draw every screen); builds all older, or no
  /// registry, are not.
  func testAnEndARegistryReachesIsWarnedWithoutAnOldestClient() throws {
    defer { XCTAssertEqual(try? endNoClientTakes(), [], "ZL0611's alone") }
    // Builds all at or past the end refuse the bundle (ZL0327 says so at the registry), as builds
    // all older are not concerned.
    for (client, warned) in [
      ("20.0.0..<21.0.0", true), ("20.4.0...20.5.0", true), ("20.5.0", false), ("20.0.0..<20.5.0", false), (nil, false),
    ] {
      let registry = Marked(#"{"platform": "ios", "client_version": ⟦⟧"\#(client ?? "")", "component_types": ["promo"]}"#)
      let dir = try makeProject(
        [
          "zlc.json": #"{"platforms": {"ios": {}}}"#,
          "screens/home.json": PlatformSDKRangeTests.home,
          "components/promo.json": PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "13.0.0", until: "20.5.0"),
        ].merging(client == nil ? [:] : ["registries/ios.json": registry.text]) { a, _ in a })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.check(dir)
      let found = outcome.diagnostics.filter { $0.code == "ZL0623" }
      guard warned, let client else {
        XCTAssertEqual(found.map(\.message), [], client ?? "no registry")
        continue
      }
      let manifest = try String(contentsOfFile: dir + "/components/promo.json", encoding: .utf8)
      let end = try XCTUnwrap(manifest.range(of: #""20.5.0""#))
      let line = manifest[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
      let column = manifest[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).last!.count + 1
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0623", file: "components/promo.json", line: line, column: column,
            message:
              "plugin 'promo' is unsupported since Zapp SDK 20.5.0 on 'ios', where the app has clients \(client): clients from 20.5.0 on cannot draw the screens that use it",
            notes: ["its first use", "the clients a registry lists"])
        ])
      let note = try XCTUnwrap(found.first?.notes.last?.spot?.location)
      XCTAssertEqual(note.file, dir + "/registries/ios.json")
      XCTAssertEqual(note.line, registry.markers[0].line, client)
      XCTAssertEqual(note.column, registry.markers[0].column, client)
    }
  }

  /// The ZL0623 findings of a project where a plugin's `min_zapp_sdk` is at its end: no client
  /// takes the bundle (ZL0611), whatever a registry lists.
  func endNoClientTakes() throws -> [String] {
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "screens/home.json": PlatformSDKRangeTests.home,
      "components/promo.json": PlatformSDKRangeTests.manifest("promo", platform: "ios", min: "20.5.0", until: "20.5.0"),
      "registries/ios.json": #"{"platform": "ios", "client_version": "20.0.0..<21.0.0", "component_types": ["promo"]}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let codes = Driver.check(dir).diagnostics.map(\.code)
    XCTAssertTrue(codes.contains("ZL0611"), "\(codes)")
    return codes.filter { $0 == "ZL0623" }
  }

  /// A client of a pre-release is older than that release, and pre-releases compare by SemVer
  /// precedence: a plugin needing 20.0.0 does not run on the app's 20.0.0-beta clients.
  func testAPreReleaseClientIsOlderThanThePluginNeeds() throws {
    let cases: [(oldest: String, needs: String, fails: Bool)] = [
      ("20.0.0-beta", "20.0.0", true), ("20.0.0-beta.2", "20.0.0-beta.10", true), ("1.0.0-alpha", "1.0.0-alpha.1", true),
      ("12.0.0-RC", "12.0.0-RC", false), ("20.0.0", "20.0.0-Dev", false), ("20.0.0-beta.10", "20.0.0-beta.2", false),
    ]
    for c in cases {
      let dir = try project(oldest: c.oldest, manifest: PlatformSDKRangeTests.manifest("promo", platform: "ios", min: c.needs))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let messages = Driver.check(dir).diagnostics.filter { $0.code == "ZL0611" }.map(\.message)
      XCTAssertEqual(
        messages,
        c.fails ? ["plugin 'promo' needs Zapp SDK \(c.needs) or later on 'ios', but the app supports clients from \(c.oldest)"] : [],
        "\(c.oldest) against \(c.needs)")
    }
  }
}
