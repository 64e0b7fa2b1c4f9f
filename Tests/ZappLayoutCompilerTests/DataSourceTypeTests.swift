import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// A root screen's data: the types whose data the client holds need no source (ZL0401).
final class DataSourceTypeTests: XCTestCase {
  static let sourceAndType = #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "select"}]}"#
  static let sourceOnly = #", "data": {"fields": [{"key": "source", "type": "text_input"}]}"#

  /// The base project with `files`, whose screen `other` holds `components` (marked).
  func check(_ components: String, _ files: [String: String] = [:], platform: String? = nil) throws -> (String, [Diagnostic], Marked) {
    let marked = Marked(Example.screen(components))
    let dir = try makeProject(Example.baseProject.merging(files) { $1 }.merging(["screens/o.json": marked.text]) { $1 })
    return (dir, Driver.check(dir, platform: platform).diagnostics, marked)
  }

  func spec(_ code: String, _ marked: Marked, _ i: Int, _ message: String, notes: [String] = [], fixIt: String? = nil) -> DiagnosticSpec {
    DiagnosticSpec(
      code: code, file: "screens/o.json", line: marked.markers[i].line, column: marked.markers[i].column, message: message, notes: notes,
      fixIt: fixIt)
  }

  /// Favorites, downloads and the user's account are the client's own data: a component of one of
  /// these types has no source, and is clean; one with another type, or with no data, has none to show.
  func testTypesWhoseDataTheClientHoldsNeedNoSource() throws {
    let components = [
      #"{"component_type": "grid", "data": {"source": "", "type": "APPLICASTER_FAVORITES"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      #"{"component_type": "list", "data": {"type": "DOWNLOADS"}, "styles": {"cell_styles": ["LIST_1"]}}"#,
      #"{"component_type": "list", "data": {"source": " ", "type": "USER_ACCOUNT_COMPONENT"}, "styles": {"cell_styles": ["LIST_1"]}}"#,
      #"{"component_type": "grid", "data": {"source": ⟦⟧"", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
      #"⟦⟧{"component_type": "list", "styles": {"cell_styles": ["LIST_1"]}}"#,
    ]
    let (dir, found, marked) = try check(components.joined(separator: ", "))
    assertDiagnostics(
      found, in: dir,
      [
        spec("ZL0401", marked, 0, "'grid' component on root screen 'other' has no data source"),
        spec("ZL0401", marked, 1, "'list' component on root screen 'other' has no data source"),
      ])
  }

  /// The section of a favorites component binds its own data with no source and its type: the
  /// map says so, and the preview names the type where a source would be.
  func testASourcelessSectionBindsItsType() throws {
    let favorites = #"{"component_type": "grid", "data": {"type": "APPLICASTER_FAVORITES"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let (dir, found, _) = try check(favorites)
    XCTAssertEqual(found.map(\.message), [])
    let outcome = Driver.check(dir)
    let screen = try XCTUnwrap(outcome.project.screen(id: "other"))
    var sections: [ResolvedSection] = []
    Resolver(project: outcome.project).forEachSection(of: screen) { section, _ in sections.append(section) }
    XCTAssertEqual(sections.map(\.data), [DataBinding(binding: .own, source: nil, type: "APPLICASTER_FAVORITES")])
    let page = try XCTUnwrap(PreviewRenderer(project: outcome.project).page(named: "other.html"))
    XCTAssertTrue(page.contains("data APPLICASTER_FAVORITES"), page)
    XCTAssertFalse(page.contains("data ?"), page)
  }
}
