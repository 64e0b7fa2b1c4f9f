import Foundation
import XCTest
import ZappLayout

/// Every cell style of a section reaches the client: the demo's home grid lists
/// `["GRID_1", "GRID_2"]`, and the bundle `zlc build` writes carries both renderers and both
/// styles' geometry on every device, in the compact form and the expanded one.
final class CellStylesEndToEndTests: XCTestCase {
  func testTheHomeGridCarriesBothCellStylesOnEveryDevice() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    for flags in [[], ["--expanded"]] {
      let out = dir.appendingPathComponent(flags.isEmpty ? "compact" : "expanded")
      let build = try zlc(["build", "manifests/", "-o", out.path] + flags)
      XCTAssertEqual(build.status, 0, build.err)
      let bundle = try ScreenBundle.load(from: out)
      let home = try XCTUnwrap(bundle.screen(id: "home"))
      let grid = try XCTUnwrap(home.resolved.sections.first { $0.componentID == "home-popular" })
      XCTAssertEqual(grid.cellStyles, ["GRID_1", "GRID_2"])
      // Old readers keep the first style's renderer; `cells` names both, in order.
      XCTAssertEqual(grid.renderer.layoutID, "layout_01_grid_01")
      XCTAssertEqual(grid.cells.map(\.cellStyle), ["GRID_1", "GRID_2"])
      XCTAssertEqual(grid.cells.map(\.layoutID), ["layout_01_grid_01", "layout_01_grid_02"])
      XCTAssertEqual(grid.geometry?.styles.map(\.style), ["GRID_1", "GRID_2"])
      XCTAssertEqual(bundle.index.devices.map(\.name), ["phone", "tablet-portrait", "tablet-landscape"])
      for device in bundle.index.devices {
        let layout = try XCTUnwrap(grid.layout(on: device.name), device.name)
        let cells = try XCTUnwrap(layout.cells, device.name)
        XCTAssertEqual(cells.map(\.style), ["GRID_1", "GRID_2"], device.name)
        // Each style's size is its own geometry's on that device (the runtime's arithmetic).
        for (i, style) in (grid.geometry?.styles ?? []).enumerated() {
          let own = style.layout(kind: layout.kind, responsive: grid.geometry?.responsive, device: device)
          XCTAssertEqual(cells[i].item, own.item, "\(device.name) \(style.style ?? "")")
          XCTAssertEqual(cells[i].columns, own.columns, "\(device.name) \(style.style ?? "")")
        }
        // GRID_1 is a poster (width ÷ 0.6667), GRID_2 a 16:9 tile: the items differ.
        XCTAssertNotEqual(cells[0].item, cells[1].item, device.name)
        // The first item is GRID_1's; the second and every one after it GRID_2's.
        XCTAssertEqual(layout.cell(forItem: 0).style, "GRID_1")
        XCTAssertEqual(layout.cell(forItem: 5).style, "GRID_2")
      }
      XCTAssertEqual(grid.cellStyle(forItem: 9)?.layoutID, "layout_01_grid_02")
    }
  }
}
