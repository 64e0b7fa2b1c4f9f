import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayout
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// A device's or size class's `class` written `""` is absent, as the shape check reads it (and as
/// `null` is): the device is laid out with its size class's class, not left out of the bundle.
final class EmptyClassTests: XCTestCase {
  func testADeviceOfAnEmptyClassIsKeptWithItsSizeClassesClass() throws {
    for empty in [#""""#, "null"] {
      let settings =
        #"{"devices": [{"name": "pixel", "class": \#(empty), "width": 412}, {"name": "tab", "class": \#(empty), "width": 1024}]}"#
      let dir = try makeProject(["screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), "zlc.json": settings])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.check(dir, warningsAsErrors: true)
      XCTAssertEqual(outcome.diagnostics.map(\.message), [], empty)
      let devices = outcome.project.settings.devices
      XCTAssertEqual(devices.map(\.name), ["pixel", "tab"], empty)
      XCTAssertEqual(devices.map(\.deviceClass), [.phone, .tablet], empty)
    }
  }

  func testASizeClassOfAnEmptyClassTakesItsClassFromItsWidth() throws {
    let settings = """
      {"size_classes": [{"name": "S", "min_width": 0, "max_width": 600, "class": ""}, {"name": "L", "min_width": 600, "class": ""}],
       "devices": [{"name": "phone", "width": 375}, {"name": "tablet", "width": 1024}]}
      """
    let dir = try makeProject(["screens/home.json": Example.home, "screens/o.json": Example.screen(Example.grid), "zlc.json": settings])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir, warningsAsErrors: true)
    XCTAssertEqual(outcome.diagnostics.map(\.message), [])
    XCTAssertEqual(outcome.project.settings.sizeClasses.map(\.name), ["S", "L"])
    XCTAssertEqual(outcome.project.settings.devices.map(\.deviceClass), [.phone, .tablet])
  }
}
