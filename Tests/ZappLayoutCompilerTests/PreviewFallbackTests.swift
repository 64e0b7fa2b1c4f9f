import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// A screen some of whose sections a registered client draws with their fallbacks (it lacks a
/// renderer) says so on its page: the client, its platform, each section and what it draws
/// instead; a screen without one says nothing of the kind.
final class PreviewFallbackTests: XCTestCase {
  /// The line under a page's title about the clients that draw fallbacks there, marks removed.
  func fallbackLines(_ fallback: String) throws -> [String] {
    let marked = Marked(FleetTests.project(fallback: fallback)["screens/home.json"]!)
    var files = FleetTests.project(fallback: fallback)
    files["screens/home.json"] = marked.text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try XCTUnwrap(PreviewRenderer(project: Driver.check(dir).project).page(named: "home.html"))
    return page.components(separatedBy: "<p class=\"facts fallbacks\">").dropFirst().map {
      String($0.prefix { $0 != "\n" }).replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
    }
  }

  func testAPageNamesTheClientsThatDrawFallbacksAndWhatTheyDraw() throws {
    XCTAssertEqual(
      try fallbackLines(#"{"component_type": "grid", "cell_style": "GRID_1"}"#),
      ["Client <b>19.0.0..&lt;20.0.0</b> on ios lacks a renderer here and draws section 0 (promo) as grid GRID_1</p>"])
    XCTAssertEqual(
      try fallbackLines(#""hide""#),
      ["Client <b>19.0.0..&lt;20.0.0</b> on ios lacks a renderer here and draws section 0 (promo) hidden</p>"])
  }

  func testAPageWithoutFallbacksSaysNothingOfThem() throws {
    var files = FleetTests.project(registries: [FleetTests.client20])
    files["screens/home.json"] = Marked(files["screens/home.json"]!).text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try XCTUnwrap(PreviewRenderer(project: Driver.check(dir).project).page(named: "home.html"))
    XCTAssertFalse(page.contains("fallbacks"), page)
  }
}
