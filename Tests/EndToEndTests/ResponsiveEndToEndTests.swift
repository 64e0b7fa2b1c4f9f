import Foundation
import XCTest
import ZappLayout

/// The issue's acceptance through the binary: a phone-only hero, hidden on S at 320 pt and drawn as a
/// grid cell on L and XL, in the built bundle and in `zlc map --device`.
final class ResponsiveEndToEndTests: XCTestCase {
  func testBuildAndMapApplyTheSizeClassMapping() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    try FileManager.default.createDirectory(at: project.appendingPathComponent("screens"), withIntermediateDirectories: true)
    try #"{"devices": [{"name": "se", "width": 320}, {"name": "pad", "width": 768}, {"name": "pro", "width": 1366}]}"#
      .write(to: project.appendingPathComponent("zlc.json"), atomically: true, encoding: .utf8)
    try #"""
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_2"}, "ui_components": [
      {"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]},
       "size_class_mapping": {"S": "hide", "L": {"component_type": "grid", "cell_style": "GRID_1"}, "XL": {"component_type": "grid", "cell_style": "GRID_1"}}}]}]
    """#.write(to: project.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(build.status, 0, build.err)
    let bundle = try ScreenBundle.load(from: out)
    XCTAssertEqual(bundle.index.devices.map { $0.sizeClass ?? "-" }, ["S", "L", "XL"])
    let hero = try XCTUnwrap(bundle.screen(id: "home")?.resolved.sections.first)
    XCTAssertEqual(hero.drawn.map { $0.drawn.hidden ? "hidden" : $0.drawn.componentType }, ["hidden", "grid", "grid"])
    XCTAssertNil(hero.layout(on: "se"))
    XCTAssertEqual(hero.layout(on: "pro")?.columns, 5, "floor(1366 / 264)")
    for (device, type, status) in [("se", "hero", "hidden"), ("pad", "grid", "own"), ("pro", "grid", "own")] {
      let map = try zlc(["map", "home", "--project", project.path, "--device", device])
      XCTAssertEqual(map.status, 0, map.err)
      let row = try XCTUnwrap(map.out.split(separator: "\n").first { $0.hasPrefix("0 ") }, map.out)
      XCTAssertEqual(Array(row.split(separator: " ").prefix(4)), ["0", Substring(type), "[0]", Substring(status)], map.out)
    }
  }

  /// A device just below a size class's bound (599.999 pt, under L's 600) keeps its width in the
  /// bundle, so the runtime, given that width, draws what the compiler wrote for it.
  func testADeviceWidthIsWrittenExactlySoTheRuntimeAgrees() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    try #"{"devices": [{"name": "narrow", "width": 599.999}, {"name": "wide", "width": 600}], "data_types": ["RIVERFLIX_RECOMMENDATIONS"]}"#
      .write(to: project.appendingPathComponent("zlc.json"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(build.status, 0, build.err)
    let bundle = try ScreenBundle.load(from: out)
    XCTAssertEqual(bundle.index.devices.map(\.width), [599.999, 600])
    XCTAssertEqual(bundle.index.devices.map { $0.sizeClass ?? "-" }, ["S", "L"])
    for screen in try bundle.screens {
      for section in screen.resolved.sections {
        for device in bundle.index.devices {
          let drawn = section.drawn(forWidth: device.width, sizeClasses: bundle.index.sizeClasses)
          XCTAssertEqual(drawn.sizeClass, device.sizeClass, "\(screen.id) \(device.name)")
          XCTAssertEqual(drawn.layout, section.layout(on: device.name), "\(screen.id) section \(section.section) \(device.name)")
        }
      }
    }
  }
}
