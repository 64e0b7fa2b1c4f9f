import Foundation
import XCTest
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// The clients a change leaves behind are listed in the app's platform order, as every other
/// change is, whatever the order of the registry files.
final class DiffRegistryOrderTests: XCTestCase {
  /// The multi-platform starter (ios before android_for_quickbrick; the android registry's file
  /// comes first), its grid cell's layout `layout`, both registries listing `registered` too.
  func project(layout: String, registered: [String]) throws -> String {
    try starterProject(.multiPlatform, app: "Order") { path in
      if path == "families/STARTER.json" { return [(#""layoutId": "starter_grid_poster""#, #""layoutId": "\#(layout)""#)] }
      guard path.hasPrefix("registries/") else { return [] }
      return [(#""starter_grid_poster","#, (["starter_grid_poster"] + registered).map { "\"\($0)\"," }.joined(separator: " "))]
    }
  }

  func testRegistryChangesFollowTheAppsPlatformOrder() throws {
    let base = try project(layout: "starter_grid_poster", registered: [])
    let head = try project(layout: "starter_grid_poster2", registered: ["starter_grid_poster2"])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    let registry = report.changes.filter { $0.kind == .registry }
    XCTAssertEqual(registry.map(\.platforms), [["ios"], ["android_for_quickbrick"]])
    XCTAssertEqual(registry.map(\.client), ["20.0.0..<21.0.0", "6.1.0..<7.0.0"])
    let text = DiffPrinter(format: .text).render(report)
    let ios = try XCTUnwrap(text.range(of: "registry: client 20.0.0..<21.0.0 on ios can no longer draw"), text)
    let android = try XCTUnwrap(text.range(of: "registry: client 6.1.0..<7.0.0 on android_for_quickbrick"), text)
    XCTAssertLessThan(ios.lowerBound, android.lowerBound, text)
  }

  /// Unchanged layouts leave every client drawing what it drew: no registry change at all.
  func testNoChangeLeavesNoClientBehind() throws {
    let base = try project(layout: "starter_grid_poster", registered: [])
    let head = try project(layout: "starter_grid_poster", registered: ["starter_grid_poster2"])
    let report = try XCTUnwrap(assertSameAsByDigests(base: base, head: head))
    XCTAssertEqual(report.changes.filter { $0.kind == .registry }.count, 0)
  }
}
