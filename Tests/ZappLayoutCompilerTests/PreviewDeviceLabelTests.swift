import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// A device's label in the preview gives its width as `zlc.json` and the bundle do: rounded, a
/// width just under a size class's bound read as the next size class's.
final class PreviewDeviceLabelTests: XCTestCase {
  func testTheLabelGivesTheWidthUnrounded() throws {
    var files = Example.baseProject
    files["zlc.json"] =
      #"{"devices": [{"name": "edge", "width": 599.999}, {"name": "pad", "width": 1024.5}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let renderer = PreviewRenderer(project: Driver.check(dir).project)
    let index = try XCTUnwrap(renderer.page(named: "index.html"))
    XCTAssertTrue(index.contains("edge 599.999 pt · pad 1024.5 pt"), index)
    let page = try XCTUnwrap(renderer.page(named: "home.html"))
    let labels = page.components(separatedBy: "<div class=\"device\" data-device=\"").dropFirst().map {
      String($0.prefix { $0 != "\n" }).replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
    }
    XCTAssertEqual(
      labels,
      [
        #"edge" data-width="599.999"><h2><b>edge</b> 599.999 pt · phone · size class S</h2>"#,
        #"pad" data-width="1024.5"><h2><b>pad</b> 1024.5 pt · tablet · size class L</h2>"#,
      ])
  }

  /// Two devices of one width and class that differ by their window state say which they are:
  /// the bundle lays them out apart (a family's `landscape` values).
  func testTheLabelGivesTheWindowState() throws {
    var files = Example.baseProject
    files["zlc.json"] =
      #"{"devices": [{"name": "ipad", "class": "tablet", "width": 1024, "state": "portrait"}, {"name": "ipad-l", "class": "tablet", "width": 1024, "state": "landscape"}, {"name": "ipad-s", "class": "tablet", "width": 1024, "state": "split_view"}]}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try XCTUnwrap(PreviewRenderer(project: Driver.check(dir).project).page(named: "home.html"))
    let headings = page.components(separatedBy: "<h2><b>").dropFirst().map {
      String($0.prefix(while: { $0 != "\n" }))
        .replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
    }
    XCTAssertEqual(
      headings,
      [
        "ipad</b> 1024 pt · tablet · size class L · portrait</h2>",
        "ipad-l</b> 1024 pt · tablet · size class L · landscape</h2>",
        "ipad-s</b> 1024 pt · tablet · size class L · split view</h2>",
      ])
  }
}
