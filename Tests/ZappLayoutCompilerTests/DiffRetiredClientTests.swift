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
