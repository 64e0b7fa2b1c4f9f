import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappModel

/// `zlc diff` on a screen's `navigations`: each navigation and nav item is compared on its own, each
/// changed field a change of its own, so that no change hides another.
final class DiffNavigationTests: XCTestCase {
  /// The starter project with the home screen's `ui_components` replaced by `components` and its
  /// `navigations` set to `navigations` (JSON text), in a fresh folder.
  static func project(components: String? = nil, navigations: String? = nil, test: XCTestCase) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)")
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in StarterTemplate.basic.files(app: "Diff") {
      var text = text
      if path == "screens/home.json" {
        if let components, let start = text.range(of: #""ui_components": ["#) {
          text = String(text[..<start.lowerBound]) + #""ui_components": "# + components + "\n  }\n]\n"
        }
        if let navigations {
          text = text.replacingOccurrences(of: #""home": true,"#, with: #""home": true, "navigations": \#(navigations),"#)
        }
      }
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  /// Home's navigations: a top bar, and a menu of three items.
  static func navigations(styles: String = "{}", showTarget: String = "show", moreTitle: String = "More") -> String {
    """
    [ { "id": "top", "category": "nav_bar", "navigation_type": "navigation_bar", "styles": \(styles), "nav_items": [] },
      { "id": "menu", "category": "menu", "navigation_type": "navigation_bar", "nav_items": [
        { "id": "menu-home", "title": "Home", "type": "label", "data": { "target": "home" } },
        { "id": "menu-show", "title": "Show", "type": "label", "data": { "target": "\(showTarget)" } },
        { "id": "menu-more", "title": "\(moreTitle)", "type": "label", "data": { "target": "show" } } ] } ]
    """
  }

  /// The changes of `zlc diff` from `base` to `head`, as text prints them (the lines after the summary).
  static func lines(_ base: String, _ head: String) throws -> [String] {
    let outcome = Driver.diff(base: base, head: head)
    XCTAssertEqual(outcome.message, nil)
    let report = try XCTUnwrap(outcome.report)
    return DiffPrinter(format: .text).render(report).split(separator: "\n").dropFirst(2).map(String.init)
  }

  /// A new style of one navigation, a nav item's new target and another's new title are three
  /// changes, each shown in full: before, one `navigations` change cut to its first 200
  /// characters showed none of the nav items' changes.
  func testEachChangedFieldOfANavigationOrNavItemIsShown() throws {
    let base = try Self.project(navigations: Self.navigations(), test: self)
    let head = try Self.project(
      navigations: Self.navigations(styles: #"{ "foo": "bar" }"#, showTarget: "home", moreTitle: "Extra"), test: self)
    XCTAssertEqual(
      try Self.lines(base, head),
      [
        "navigation changed: top styles.foo none → bar on home",
        "navigation changed: menu nav item menu-show data.target show → home on home",
        "navigation changed: menu nav item menu-more title More → Extra on home",
      ])
    let report = try XCTUnwrap(Driver.diff(base: base, head: head).report)
    let target = try XCTUnwrap(report.changes.first { $0.field == "data.target" })
    XCTAssertEqual(target.json["kind"], .string("navigation_changed"))
    XCTAssertEqual(target.json["component"], .string("menu"))
    XCTAssertEqual(target.json["key"], .string("menu-show"))
    XCTAssertEqual(target.json["old"], .string("show"))
    XCTAssertEqual(target.json["new"], .string("home"))
    let markdown = DiffPrinter(format: .markdown).render(report)
    XCTAssertTrue(
      markdown.contains("| navigation changed | home | menu nav item menu-show |  |  | data.target | show | home |"), markdown)
  }

  /// A nav item added, one removed, and the items left in another order.
  func testNavItemsAddedRemovedAndReordered() throws {
    let base = try Self.project(navigations: Self.navigations(), test: self)
    let head = try Self.project(
      navigations: """
        [ { "id": "top", "category": "nav_bar", "navigation_type": "navigation_bar", "styles": {}, "nav_items": [] },
          { "id": "menu", "category": "menu", "navigation_type": "navigation_bar", "nav_items": [
            { "id": "menu-more", "title": "More", "type": "label", "data": { "target": "show" } },
            { "id": "menu-home", "title": "Home", "type": "label", "data": { "target": "home" } },
            { "id": "menu-new", "title": "New", "type": "label", "data": { "target": "home" } } ] } ]
        """, test: self)
    XCTAssertEqual(
      try Self.lines(base, head),
      [
        "navigation changed: menu nav item menu-show removed on home",
        "navigation changed: menu nav item menu-new added on home",
        "navigation changed: menu nav_items.order: menu-home, menu-more → menu-more, menu-home on home",
      ])
  }
}
