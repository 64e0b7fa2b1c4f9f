import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// The coverage of every registry of the app, worked out once for all of a platform's registries
/// (the names the screens need, then their needs component by component), is what walking every
/// screen for each registry alone gives: the same gaps, in the same order, with the same fallbacks.
final class FleetCoverageTests: XCTestCase {
  func registry(_ version: String, types: [String], layouts: [String], extra: String = "") -> String {
    let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
    return """
      {"platform": "ios", "client_version": "\(version)", "component_types": [\(quoted(types))],
       "cell_layouts": [\(quoted(layouts))], "layout_kinds": ["flow", "paged", "linear", "horizontal"]\(extra)}
      """
  }

  func testEachRegistrysCoverageIsWhatWalkingTheScreensGives() throws {
    let all = ["layout_01_grid_01", "layout_01_list_01", "layout_01_hero_01"]
    var files = Example.baseProject
    files["zlc.json"] = #"{"platforms": {"ios": {}}}"#
    files["screens/more.json"] = """
      [{"id": "more", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [
        {"component_type": "list", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["LIST_1"]},
         "fallback": {"component_type": "grid", "cell_style": "GRID_1"}},
        {"component_type": "hero", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_1"]}},
        {"component_type": "grid", "data": {"source": "3", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
      """
    files["registries/a.json"] = registry("20.0.0", types: ["grid", "list", "hero"], layouts: all)
    files["registries/b.json"] = registry("19.0.0", types: ["grid", "hero"], layouts: all, extra: #", "applies_fallbacks": true"#)
    files["registries/c.json"] = registry("18.0.0", types: ["grid", "list"], layouts: ["layout_01_grid_01"])
    files["registries/d.json"] = registry("17.0.0", types: ["grid"], layouts: all)
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let project = Driver.check(dir).project
    let described = { (coverage: RegistryCoverage) in
      coverage.gaps.map { gap in
        "\(gap.screen.id.value) \(gap.component?.path.map(String.init).joined(separator: ".") ?? "-") "
          + gap.lacking.map(\.name).joined(separator: ",") + (gap.appliesFallback ? " fallback" : "")
      }
    }
    let coverages = project.targetCoverages
    XCTAssertEqual(coverages.count, 4)
    XCTAssertEqual(coverages.filter { !$0.gaps.isEmpty }.count, 3, "three registries lack something")
    for coverage in coverages {
      XCTAssertEqual(described(coverage), described(project.coverage(of: coverage.registry)), coverage.registry.clientName)
    }
    XCTAssertTrue(described(coverages[1]).contains("more 0 list fallback"), "\(described(coverages[1]))")
  }
}
