import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// A shipped client that drew a component's fallback: what it loses when the fallback changes is
/// named, not what it lacked before and the fallback covered.
final class DiffFallbackRegistryTests: XCTestCase {
  /// The starter project whose 20.0 client lacks the promo banner and applies fallbacks; the promo
  /// falls back to a grid cell of layout `layout`, and the registry lists `registered`.
  func project(layout: String, registered: [String]) throws -> String {
    let layouts = (["starter_grid_poster", "starter_hero", "starter_list_row"] + registered).map { "\"\($0)\"" }
    return try starterProject(.basic, app: "Diff") { path in
      switch path {
      case "families/STARTER.json":
        return [
          (
            #"{ "name": "GRID_POSTER", "layoutId": "starter_grid_poster", "aspectCellRatio": 0.6667 }"#,
            #"{ "name": "GRID_POSTER", "layoutId": "starter_grid_poster", "aspectCellRatio": 0.6667 }, "#
              + #"{ "name": "GRID_ALT", "layoutId": "\#(layout)", "aspectCellRatio": 1.5 }"#
          )
        ]
      case "screens/home.json":
        return [
          (
            #""styles": { "cell_styles": ["PROMO"] }"#,
            #""styles": { "cell_styles": ["PROMO"] }, "fallback": { "component_type": "grid", "cell_style": "GRID_ALT" }"#
          )
        ]
      case "registries/ios.json":
        return [
          (#""20.0.0..<21.0.0""#, #""20.0.0..<20.1.0", "applies_fallbacks": true"#),
          (#"["grid", "hero", "list", "promo_banner"]"#, #"["grid", "hero", "list"]"#),
          (#"["starter_grid_poster", "starter_hero", "starter_list_row", "starter_promo"]"#, "[\(layouts.joined(separator: ", "))]"),
        ]
      default: return []
      }
    }
  }

  /// The fallback's cell layout renamed to one the shipped client lacks: it can no longer draw
  /// the promo, for want of the fallback's layout; the promo's own renderers, which it lacked
  /// before too, are not named as lost.
  func testAFallbackTheClientCannotDrawNamesTheFallbacksRenderer() throws {
    let base = try project(layout: "starter_grid_alt", registered: ["starter_grid_alt"])
    let head = try project(layout: "starter_grid_alt2", registered: ["starter_grid_alt", "starter_grid_alt2"])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(
      text.contains("registry: client 20.0.0..<20.1.0 on ios can no longer draw: cell_layouts starter_grid_alt2 on home\n"), text)
    XCTAssertFalse(text.contains("promo_banner on home"), text)
    XCTAssertFalse(text.contains("starter_promo"), text)
    let registry = report.changes.filter { $0.kind == .registry }
    XCTAssertEqual(registry.map(\.field), ["cell_layouts"])
    XCTAssertEqual(registry.map(\.old), [.array([])])
    XCTAssertEqual(registry.map(\.new), [.array([.string("starter_grid_alt2")])])
    // A client that took the base's bundle: what it lacks now it could draw before.
    let json = DiffPrinter(format: .json).render(report)
    let changes = try JSON.parse(Data(json.utf8))["changes"]?.arrayValue ?? []
    XCTAssertEqual(changes.filter { $0["kind"] == .string("registry") }.map { $0["took_base"] }, [.bool(true)])
    XCTAssertTrue(json.contains(#""starter_grid_alt2""#), json)
    XCTAssertFalse(json.contains(#""promo_banner""#) && json.contains(#""field": "component_types""#), json)
  }
}
