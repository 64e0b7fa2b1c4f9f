import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A family or a plugin manifest in a screens file (ZL0128): one error at its value, which is not
/// read as screens.
final class MisplacedInputTests: XCTestCase {
  static let family = #"{"name": "F", "version": "1.0", "components": [{"type": "grid", "cells": [{"name": "G", "aspectCellRatio": 1}]}]}"#
  static let manifest =
    #"{"name": "Banner", "identifier": "banner", "manifest_version": "1.0.0", "type": "ui_component", "platform": "ios", "fields": []}"#

  func testAFamilyOrAManifestInScreensIsOneErrorEach() throws {
    try assertFindings(
      ["screens/family.json": "⟦ZL0128⟧" + Self.family, "screens/banner.json": "⟦ZL0128⟧" + Self.manifest],
      [
        "screens/family.json": [
          ("this file holds a family ('components'), not screens: zlc reads families from families/; move it there", [], nil)
        ],
        "screens/banner.json": [
          (
            "this file holds a plugin manifest ('identifier', 'manifest_version'), not a screen: zlc reads manifests from components/; move it there",
            [], nil
          )
        ],
      ])
  }

  /// A map of screens by id whose screen is named `components`, and a family and a manifest where
  /// they are read, are no misplaced files: the screen is read, and so are the family and plugin.
  func testScreensAndManifestsWhereTheyBelongPass() throws {
    func screen(_ id: String) -> String { #"{"id": "\#(id)", "type": "general_content", "ui_components": []}"# }
    var files = Example.baseProject
    files["screens/map.json"] = #"{"components": \#(screen("components")), "elsewhere": \#(screen("elsewhere"))}"#
    files["components/banner.json"] = Self.manifest
    files["families/F.json"] = Self.family
    // A screen without an id whose `ui_components` is misspelled is a screen, not a family.
    files["screens/extras.json"] =
      #"{"name": "Extras", "type": "general_content", "components": [{"component_type": "grid", "data": {"source": "1"}}]}"#
    files["screens/extras2.json"] = #"{"name": "Extras", "components": [{"component_type": "grid"}]}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0128" }.map(\.message), [])
    // Read as one screen, whose `id` is missing and whose `components` is a misspelling.
    let extras2 = outcome.diagnostics.filter { $0.location?.file.hasSuffix("screens/extras2.json") == true }.map(\.message)
    XCTAssertTrue(extras2.contains("screen is missing required key 'id'"), "\(extras2)")
    XCTAssertFalse(extras2.contains { $0.hasPrefix("a screen is an object") }, "\(extras2)")
    XCTAssertNotNil(outcome.project.screen(id: "components"))
    XCTAssertNotNil(outcome.project.families["F"])
    XCTAssertNotNil(outcome.project.manifest(for: "banner"))
  }
}
