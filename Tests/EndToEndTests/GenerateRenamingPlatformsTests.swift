import Foundation
import XCTest

/// A renaming (ZL0121) of one platform's code alone says whose: the other platforms' code keeps
/// the shared identifier, which a developer of theirs goes on using.
final class GenerateRenamingPlatformsTests: XCTestCase {
  /// iOS draws a component with the screen's family, tvOS with the component's own: on iOS the
  /// hero's `scr_hero` meets the list's `Scr-Hero`, on tvOS the hero is `cmp_hero`.
  func testARenamingOfSomePlatformsNamesThem() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    func family(_ name: String, hero: String, list: String) -> String {
      #"{"name": "\#(name)", "screens": [{"type": "default"}], "components": ["#
        + #"{"type": "hero", "cells": [{"name": "H", "layoutId": "\#(hero)", "cellHeight": 100}]}, "#
        + #"{"type": "list", "cells": [{"name": "L", "layoutId": "\#(list)", "cellHeight": 50}]}]}"#
    }
    let source = #""data": {"source": "x", "type": "APPLICASTER_COLLECTION"}"#
    try write(
      [
        "zlc.json": #"{"app": "p", "platforms": {"ios": {}, "tvos": {}}}"#,
        "families/SCR.json": family("SCR", hero: "scr_hero", list: "Scr-Hero"),
        "families/CMP.json": family("CMP", hero: "cmp_hero", list: "cmp_list"),
        "screens/home.json": #"{"id": "home", "type": "general_content", "home": true, "styles": {"family": "SCR"}, "ui_components": ["#
          + #"{"id": "b", "component_type": "hero", \#(source), "styles": {"family": "CMP", "cell_styles": ["H"]}}, "#
          + #"{"id": "c", "component_type": "list", \#(source), "styles": {"cell_styles": ["L"]}}]}"#,
      ], to: project)
    let out = dir.appendingPathComponent("out")
    let r = try zlc(["generate", "swift", project.path, "-o", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    let warnings = r.err.split(separator: "\n").filter { $0.contains("[ZL0121]") }
    XCTAssertEqual(warnings.count, 1, r.err)
    XCTAssertTrue(warnings.first?.hasSuffix("(in the code for ios only) [ZL0121]") == true, r.err)
    let ios = try String(contentsOf: out.appendingPathComponent("ios/ZappClient.swift"), encoding: .utf8)
    let tvos = try String(contentsOf: out.appendingPathComponent("tvos/ZappClient.swift"), encoding: .utf8)
    XCTAssertTrue(ios.contains("case scrHero_"), "iOS's code carries the hashes")
    XCTAssertTrue(tvos.contains("case scrHero\n") || tvos.contains("case scrHero "), "tvOS's keeps the shared identifier")

    // Renamed on both platforms, the warning names none.
    let both = family("CMP", hero: "scr_hero", list: "cmp_list")
    try both.write(to: project.appendingPathComponent("families/CMP.json"), atomically: true, encoding: .utf8)
    let again = try zlc(["generate", "swift", project.path, "-o", out.path])
    XCTAssertEqual(again.status, 0, again.err)
    let named = again.err.split(separator: "\n").filter { $0.contains("[ZL0121]") }
    XCTAssertEqual(named.count, 1, again.err)
    XCTAssertFalse(named.first?.contains("in the code for") ?? true, again.err)
  }

  func write(_ files: [String: String], to folder: URL) throws {
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
  }
}
