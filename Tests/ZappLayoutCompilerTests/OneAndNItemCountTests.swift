import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayout
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// A `one_and_n` layout has a slot for its large item and each small one, and no more: the
/// bundle's `items_shown`, the runtime's count at any width, the mapper and the preview all show at
/// most 1 + n of a longer limit or feed.
final class OneAndNItemCountTests: XCTestCase, OneFamilyProject {
  static let family = #"""
    {"name": "T", "components": [{"type": "hero", "layout": "one_and_n",
      "layouts": [{"name": "SPLIT", "kind": "one_and_n", "widthRatio": 0.5, "smallItems": 2}],
      "cells": [{"name": "CARD", "layoutId": "card", "aspectCellRatio": 1}]}]}
    """#

  func section(limit: String) throws -> (section: ResolvedSection, index: BundleIndex, outcome: CheckOutcome) {
    let component =
      #"[{"component_type": "hero", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}, "rules": {\#(limit)}}]"#
    let (dir, outcome, _) = try check(family: Self.family, components: component)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let resolver = Resolver(project: outcome.project)
    let index = try BundleIndex(json: try JSON.parse(Data(resolver.bundleIndex().json.encoded())))
    let screen = try ResolvedScreen(data: Data(resolver.resolvedScreen(outcome.project.screens[0]).json.encoded()))
    return (try XCTUnwrap(screen.resolved.sections.first), index, outcome)
  }

  func testALimitAboveTheSlotsShowsTheSlots() throws {
    for (limit, shown) in [(#""item_limit": 5"#, 3), (#""item_limit": 2"#, 2), (#""item_limit": 5, "fill_rows": true"#, 3)] {
      let (section, index, _) = try section(limit: limit)
      XCTAssertEqual(section.layout(on: "phone")?.kind, .oneAndN)
      XCTAssertEqual(Set(section.itemsShown.map(\.count)), [shown], limit)
      XCTAssertEqual(section.itemsShown.count, index.devices.count, limit)
      for device in index.devices {
        XCTAssertEqual(section.itemsShown(of: 6, forWidth: device.width, sizeClasses: index.sizeClasses), shown, device.name)
        XCTAssertEqual(section.itemsShown(of: 6, on: device.name, sizeClass: device.sizeClass), shown, device.name)
        // The preview draws as many.
        let renderer = PreviewRenderer(index: index, screens: [])
        let layout = try XCTUnwrap(section.layout(on: device.name))
        XCTAssertEqual(renderer.sampleItems(section, layout, device: device), shown, device.name)
      }
    }
  }

  /// Without a limit, a feed of six items shows three.
  func testAFeedLongerThanTheSlotsShowsTheSlots() throws {
    let (section, index, _) = try section(limit: "")
    XCTAssertEqual(section.itemsShown.map(\.count), [])
    for device in index.devices {
      XCTAssertEqual(section.itemsShown(of: 6, forWidth: device.width, sizeClasses: index.sizeClasses), 3, device.name)
      XCTAssertEqual(section.itemsShown(of: 1, on: device.name, sizeClass: device.sizeClass), 1, device.name)
    }
  }

  /// Each item's elements are laid out in its own slot's width, in the bundle's runtime and in the
  /// preview, which draws them as it does in every other layout.
  func testElementsAreLaidOutInTheirSlotsWidth() throws {
    let family = Self.family.replacingOccurrences(
      of: #""aspectCellRatio": 1}"#,
      with: #""aspectCellRatio": 1, "widthRatio": 0.6, "elements": [{"style": {"display": "block", "width_height_ratio": 2}}]}"#)
    let component =
      #"[{"component_type": "hero", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}, "rules": {"item_limit": 3}}]"#
    let (dir, outcome, _) = try check(family: family, components: component)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let resolver = Resolver(project: outcome.project)
    let screen = try ResolvedScreen(data: Data(resolver.resolvedScreen(outcome.project.screens[0]).json.encoded()))
    let section = try XCTUnwrap(screen.resolved.sections.first)
    let layout = try XCTUnwrap(section.layout(on: "phone"))
    let (large, small) = (try XCTUnwrap(layout.large).width, try XCTUnwrap(layout.small?.first).width)
    XCTAssertNotEqual(large, small)
    XCTAssertEqual((0..<3).map { layout.itemWidth(forItem: $0) }, [large, small, small])
    let widths = (0..<3).map { layout.elementFrames(forItem: $0, geometry: section.geometry)?.first?.content.width }
    XCTAssertEqual(widths, [large, small, small])
    let out = scratchRoot.appendingPathComponent("preview-\(UUID().uuidString)").path
    _ = Driver.preview(dir, output: out)
    let page = try String(contentsOfFile: out + "/home.html", encoding: .utf8)
    let phone = try XCTUnwrap(page.components(separatedBy: "<div class=\"body one_and_n\"").dropFirst().first)
    let drawn = phone.components(separatedBy: "<i class=\"el\" data-element=\"0\" style=\"").dropFirst().prefix(3).map {
      $0.components(separatedBy: "width: ").dropFirst().first?.components(separatedBy: "px").first
    }
    XCTAssertEqual(drawn, [HTML.px(large), HTML.px(small), HTML.px(small)], phone)
  }

  /// The last small item ends where the large one does, whatever the rounding: each small item's
  /// edges are rounded, not its height (49.856 three times over is 0.01 past the large item's
  /// 111.71).
  func testTheSmallItemsEndWhereTheLargeOneDoes() throws {
    for (width, ratio, count) in [(375.0, 0.6, 2), (320, 0.5, 3), (1024, 0.65, 4), (414, 0.55, 5)] {
      var m = Metrics()
      (m.insetTop, m.insetLeft, m.insetBottom, m.insetRight) = (16, 16, 16, 16)
      (m.interItemSpacing, m.aspectCellRatio, m.widthRatio, m.smallItems) = (12, 16.0 / 9, ratio, count)
      let layout = Geometry.layout(kind: .oneAndN, metrics: m, columns: 1, width: width)
      let large = try XCTUnwrap(layout.large)
      let small = try XCTUnwrap(layout.small)
      XCTAssertEqual(small.count, count)
      XCTAssertEqual(small[count - 1].y + small[count - 1].height, large.y + large.height, accuracy: 1e-9, "\(width) \(ratio)")
      XCTAssertEqual(small[0].y, large.y)
      for (a, b) in zip(small, small.dropFirst()) {
        XCTAssertEqual(b.y - (a.y + a.height), 12, accuracy: 1e-9, "\(width) \(ratio): the spacing between them")
      }
    }
  }
}
