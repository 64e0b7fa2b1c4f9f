import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// Old clients the head's SDK range leaves behind: named as refusing the bundle, not as lacking
/// what the bundle they refuse needs.
final class DiffRetiredClientTests: XCTestCase {
  /// The 20.0 client's registry: all the starter's renderers but the promo banner's.
  static let oldClient = """
    { "platform": "ios", "client_version": "20.0.0..<20.5.0", "component_types": ["grid", "hero", "list"],
      "cell_layouts": ["starter_grid_poster", "starter_hero", "starter_list_row"], "layout_kinds": ["flow", "linear", "paged"] }
    """

  static let promo = """
          {
            "id": "home-promo",
            "component_type": "promo_banner",
            "styles": { "cell_styles": ["PROMO"] }
          },

    """

  /// The starter project with the 20.0 client's registry (when `oldClient`) beside the 20.5 one's,
  /// its home promo banner only with `promo`, the app's `min_zapp_sdk` at `minimum`.
  func project(promo: Bool, minimum: String, oldClient: Bool = true) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-retired-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in StarterTemplate.basic.files(app: "Diff") + (oldClient ? [("registries/ios-20.0.json", Self.oldClient)] : []) {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      var written = text.replacingOccurrences(of: "20.0.0..<21.0.0", with: "20.5.0..<21.0.0")
        .replacingOccurrences(of: #""min_zapp_sdk": "20.0.0""#, with: "\"min_zapp_sdk\": \"\(minimum)\"")
      if !promo, path == "screens/home.json" {
        XCTAssertTrue(written.contains(Self.promo))
        written = written.replacingOccurrences(of: Self.promo, with: "")
      }
      try written.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  /// The promo banner added as `min_zapp_sdk` goes past the 20.0 client: that client refuses the
  /// head's bundle and keeps the one it has, which it draws; it is named once as refusing it.
  func testAClientLeftBehindIsNamedAsRefusingTheBundle() throws {
    let base = try project(promo: false, minimum: "20.0.0")
    let head = try project(promo: true, minimum: "20.5.0")
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(text.contains("component added: home-promo (promo_banner) on home\n"), text)
    XCTAssertTrue(text.contains("platform: min_zapp_sdk on ios 20.0.0 → 20.5.0\n"), text)
    XCTAssertTrue(text.hasSuffix("client refuses: 20.0.0..<20.5.0 on ios keeps the bundle it has: min_zapp_sdk 20.0.0 → 20.5.0\n"), text)
    XCTAssertFalse(text.contains("can no longer draw"), text)
    let registry = try XCTUnwrap(report.changes.last)
    XCTAssertEqual(registry.kind, .clientRefuses)
    XCTAssertEqual(registry.client, "20.0.0..<20.5.0")
    XCTAssertEqual(registry.platforms, ["ios"])
    XCTAssertEqual(registry.screens, [])
    XCTAssertEqual(registry.field, "min_zapp_sdk")
    XCTAssertEqual(registry.old, .string("20.0.0"))
    XCTAssertEqual(registry.new, .string("20.5.0"))
    XCTAssertTrue(
      DiffPrinter(format: .markdown).render(report).contains(
        "| client refuses |  |  |  | ios | client 20.0.0..&lt;20.5.0: min\\_zapp\\_sdk | 20.0.0 | 20.5.0 |"))
    XCTAssertTrue(DiffPrinter(format: .json).render(report).contains(#""kind": "client_refuses""#))
  }

  /// The reverse: `min_zapp_sdk` lowered back to the 20.0 client, which refused the base's bundle
  /// and takes the head's, whose project no longer registers it (so its check cannot say what
  /// the client lacks). What it lacks of the head is named, as for a client that lacked nothing
  /// before: the builds in the field draw the head's screens without the promo banner.
  func testAClientLetBackInIsNamedForWhatItCannotDraw() throws {
    let base = try project(promo: true, minimum: "20.5.0")
    let head = try project(promo: true, minimum: "20.0.0", oldClient: false)
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(text.contains("platform: min_zapp_sdk on ios 20.5.0 → 20.0.0\n"), text)
    let registry = report.changes.filter { $0.kind == .registry }
    XCTAssertEqual(registry.map(\.client), ["20.0.0..<20.5.0", "20.0.0..<20.5.0"])
    XCTAssertEqual(registry.map(\.platforms), [["ios"], ["ios"]])
    XCTAssertEqual(registry.map(\.screens), [["home"], ["home"]])
    XCTAssertEqual(registry.map(\.field), ["component_types", "cell_layouts"])
    XCTAssertEqual(registry.map(\.old), [.array([]), .array([])])
    XCTAssertEqual(registry.map(\.new), [.array([.string("promo_banner")]), .array([.string("starter_promo")])])
    XCTAssertEqual(report.changes.count, 3, text)
    XCTAssertFalse(text.contains("client refuses"), text)
    XCTAssertTrue(
      text.contains(
        "registry: client 20.0.0..<20.5.0 on ios, which took no bundle of the base, cannot draw: component_types promo_banner on home\n"),
      text)
    XCTAssertFalse(text.contains("no longer"), text)
    // The JSON says so too: the client took no bundle of the base, so `old: []` is no loss.
    let json = try JSON.parse(Data(DiffPrinter(format: .json).render(report).utf8))
    let registryJSON = json["changes"]?.arrayValue?.filter { $0["kind"] == .string("registry") } ?? []
    XCTAssertEqual(registryJSON.map { $0["took_base"] }, [.bool(false), .bool(false)])
    XCTAssertTrue(
      json["changes"]?.arrayValue?.filter { $0["kind"] != .string("registry") }.allSatisfy { $0["took_base"] == .null } ?? false)
  }

  /// A client let back in that draws every screen of the head is not named.
  func testAClientLetBackInThatDrawsEverythingIsNotNamed() throws {
    let base = try project(promo: false, minimum: "20.5.0")
    let head = try project(promo: false, minimum: "20.0.0", oldClient: false)
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    XCTAssertEqual(report.changes.map(\.kind), [.platform])
  }

  /// The starter project with its promo banner's manifest for every platform, an Android client's
  /// registry without the banner's renderers (when `registry`), and Android targeted or not.
  func androidProject(targeted: Bool, registry: Bool) throws -> String {
    let folder = try project(promo: true, minimum: "20.0.0", oldClient: false)
    let manifest = URL(fileURLWithPath: folder).appendingPathComponent("components/promo_banner.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    XCTAssertTrue(text.contains(#""platform": "ios",\#n"#))
    try text.replacingOccurrences(of: #""platform": "ios",\#n"#, with: "").write(to: manifest, atomically: true, encoding: .utf8)
    if registry {
      let android = Self.oldClient.replacingOccurrences(of: #""ios""#, with: #""android""#)
      try android.write(toFile: folder + "/registries/android.json", atomically: true, encoding: .utf8)
    }
    if targeted {
      let settings = folder + "/zlc.json"
      let text = try String(contentsOfFile: settings, encoding: .utf8)
      let platforms = #""platforms": {"#
      XCTAssertTrue(text.contains(platforms))
      try text.replacingOccurrences(of: platforms, with: platforms + #" "android": { "min_zapp_sdk": "20.0.0" },"#)
        .write(toFile: settings, atomically: true, encoding: .utf8)
    }
    return folder
  }

  /// A registry of a platform the base did not target is of clients that took no bundle of the
  /// base: once the head targets it, what they cannot draw of the head is named.
  func testAClientOfANewlyTargetedPlatformIsNamedForWhatItCannotDraw() throws {
    let base = try androidProject(targeted: false, registry: true)
    let head = try androidProject(targeted: true, registry: false)
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let registry = report.changes.filter { $0.kind == .registry }
    XCTAssertEqual(registry.map(\.platforms), [["android"], ["android"]])
    XCTAssertEqual(registry.map(\.screens), [["home"], ["home"]])
    XCTAssertEqual(registry.map(\.new), [.array([.string("promo_banner")]), .array([.string("starter_promo")])])
  }

  /// A registry only the head has is of no client that took the base's bundle: though the head's
  /// SDK range leaves it behind, it is not named as refusing the bundle.
  func testARegistryNewInTheHeadIsNotNamedAsRefusing() throws {
    let base = try project(promo: false, minimum: "20.0.0", oldClient: false)
    let head = try project(promo: true, minimum: "20.5.0")
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    XCTAssertEqual(report.changes.filter { $0.kind == .clientRefuses || $0.kind == .registry }, [])
    XCTAssertTrue(report.changes.contains { $0.kind == .componentAdded })
  }
}
