import Foundation
import XCTest

/// A tab bar's body (`cell_body`) in the preview, measured in headless Chromium: below the tabs, a
/// section of the body's type at the body layout's sizes on each device that draws it, and none
/// where the tab bar's size class hides it.
final class TabBarBodyPreviewTests: XCTestCase {
  /// Two tab bars on a phone (size class S) and a pad (L): one whose tabs hold a `list` of
  /// `LIST_2`, one hidden on S whose tabs hold a `grid` of `GRID_1`.
  static let files: [String: String] = [
    "zlc.json": #"""
    {"app": "Tabs", "devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}],
     "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}
    """#,
    "screens/home.json": #"""
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"}, "ui_components": [
      {"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
       "styles": {"layout": "TABS_1", "cell_styles": ["TABS_CELL_1"], "cell_body_component_type": "list", "cell_body_styles": ["LIST_2"]}},
      {"component_type": "tab_bar", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "size_class_mapping": {"S": "hide"},
       "styles": {"layout": "TABS_1", "cell_styles": ["TABS_CELL_1"], "cell_body_component_type": "grid", "cell_body_styles": ["GRID_1"]}}]}]
    """#,
  ]

  /// scripts/preview_check.py measures each body against the bundle's `cell_body` layout: its
  /// items' count, sizes, columns and inset, below the tabs; on the phone, the hidden tab bar
  /// draws no body.
  func testTheBodiesAreLaidOutInChromium() throws {
    let project = temporary()
    let artefacts = temporary()
    addTeardownBlock {
      try? FileManager.default.removeItem(at: project)
      try? FileManager.default.removeItem(at: artefacts)
    }
    for (path, text) in Self.files {
      let url = project.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let out = try previewCheck(["--project", project.path, "--artefacts", artefacts.path])
    // The list on both devices and the grid on the pad, on the written page and on the served one.
    XCTAssertTrue(out.contains("6 tab bar bodies measured"), out)
  }
}
