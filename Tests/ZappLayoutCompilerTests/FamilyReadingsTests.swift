import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// An app that targets `ios` and another platform draws a component whose own family differs from
/// its screen's with each: the family rules check it under both readings, and what only the `ios`
/// bundle's reading finds carries a note that says so.
final class FamilyReadingsTests: XCTestCase {
  /// The multi-platform starter (`ios` and `android_for_quickbrick`, or `platforms`) with a family
  /// `OTHER`, a copy of `STARTER` whose hero cell is `HERO_ALT` (layout id `other_hero`, which the
  /// Android registry lists), and the home hero's `styles` replaced by the marked `styles`;
  /// `starter` edits `STARTER.json` and `other` `OTHER.json`.
  func starter(
    styles: String, platforms: String? = nil, starter: (String) -> String = { $0 }, other: (String) -> String = { $0 }
  ) throws -> (dir: String, home: Marked) {
    let dir = scratchRoot.appendingPathComponent("zlc-test-\(UUID().uuidString)").path
    XCTAssertEqual(Driver.initialize(dir, template: .multiPlatform).status, .success)
    let family = try String(contentsOfFile: dir + "/families/STARTER.json", encoding: .utf8)
    XCTAssertTrue(family.contains(#""name": "HERO_WIDE", "layoutId": "starter_hero""#))
    try starter(family).write(toFile: dir + "/families/STARTER.json", atomically: true, encoding: .utf8)
    let otherFamily = family.replacingOccurrences(of: #""name": "STARTER""#, with: #""name": "OTHER""#)
      .replacingOccurrences(of: #""name": "HERO_WIDE", "layoutId": "starter_hero""#, with: #""name": "HERO_ALT", "layoutId": "other_hero""#)
    try other(otherFamily).write(toFile: dir + "/families/OTHER.json", atomically: true, encoding: .utf8)
    let registryPath = dir + "/registries/android_for_quickbrick.json"
    let registry = try String(contentsOfFile: registryPath, encoding: .utf8)
    XCTAssertTrue(registry.contains(#""starter_promo"]"#))
    try registry.replacingOccurrences(of: #""starter_promo"]"#, with: #""starter_promo", "other_hero"]"#)
      .write(toFile: registryPath, atomically: true, encoding: .utf8)
    let homePath = dir + "/screens/home.json"
    let home = try String(contentsOfFile: homePath, encoding: .utf8)
    let heroStyles = #""styles": { "cell_styles": ["HERO_WIDE"] }"#
    XCTAssertTrue(home.contains(heroStyles))
    let marked = Marked(home.replacingOccurrences(of: heroStyles, with: #""styles": "# + styles))
    try marked.text.write(toFile: homePath, atomically: true, encoding: .utf8)
    if let platforms {
      try #"{"app": "rd", "platforms": {\#(platforms)}}"#.write(toFile: dir + "/zlc.json", atomically: true, encoding: .utf8)
    }
    return (dir, marked)
  }

  /// The line and column of the first `text` in a project's file.
  func position(of text: String, in file: String, of dir: String) throws -> (line: Int, column: Int) {
    let contents = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
    let before = try XCTUnwrap(contents.range(of: text)).lowerBound
    let lines = contents[..<before].split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.count, lines.last!.unicodeScalars.count + 1)
  }

  /// ZL0302 at the marked family, with its note.
  func mismatch(_ home: Marked) -> DiagnosticSpec {
    DiagnosticSpec(
      code: "ZL0302", file: "screens/home.json", line: home.markers[0].line, column: home.markers[0].column,
      message: "component family 'OTHER' differs from its screen's family 'STARTER'; iOS uses the screen's", notes: ["the screen's family"])
  }

  static let iosNote = "the ios bundle draws the components of screen 'home' with the screen's family 'STARTER' (ZL0302)"

  func testACellStyleOfTheComponentsFamilyAloneIsReportedForTheIOSBundle() throws {
    let (dir, home) = try starter(styles: #"{"family": ⟦⟧"OTHER", "cell_styles": [⟦⟧"HERO_ALT"]}"#)
    let outcome = Driver.check(dir)
    let message = "cell style 'HERO_ALT' is not in family 'STARTER' for 'hero' (the family offers HERO_WIDE for 'hero')"
    let cellStyle = DiagnosticSpec(
      code: "ZL0304", file: "screens/home.json", line: home.markers[1].line, column: home.markers[1].column, message: message,
      notes: [Self.iosNote])
    assertDiagnostics(outcome.diagnostics, in: dir, [mismatch(home), cellStyle])
    // The note is at the screen's family.
    let note = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0304" }?.notes.first?.spot?.location)
    let screenFamily = try position(of: #""STARTER""#, in: "screens/home.json", of: dir)
    XCTAssertEqual([note.line, note.column], [screenFamily.line, screenFamily.column])
    // `--platform ios` finds the same, without the note.
    var alone = cellStyle
    alone.notes = []
    assertDiagnostics(Driver.check(dir, platform: "ios").diagnostics, in: dir, [mismatch(home), alone])
  }

  func testACellStyleOfBothFamiliesIsNoFinding() throws {
    let (dir, home) = try starter(
      styles: #"{"family": ⟦⟧"OTHER", "cell_styles": ["HERO_WIDE"]}"#, other: { $0.replacingOccurrences(of: "HERO_ALT", with: "HERO_WIDE") }
    )
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, [mismatch(home)])
  }

  /// A finding both readings make is reported once; findings that differ (they name their
  /// family) are both reported, the `ios` bundle's with the note.
  func testAFindingOfBothReadingsIsReportedOnce() throws {
    let (dir, home) = try starter(
      styles: #"{"family": ⟦⟧"OTHER", "cell_styles": [⟦⟧"HERO_NONE"], "cell_body_component_type": ⟦⟧"lisst"}"#)
    let at = { (i: Int) in (home.markers[i].line, home.markers[i].column) }
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code != "ZL0313" }, in: dir,
      [
        mismatch(home),
        DiagnosticSpec(
          code: "ZL0304", file: "screens/home.json", line: at(1).0, column: at(1).1,
          message: "cell style 'HERO_NONE' is not in family 'OTHER' for 'hero' (the family offers HERO_ALT for 'hero')"),
        DiagnosticSpec(
          code: "ZL0304", file: "screens/home.json", line: at(1).0, column: at(1).1,
          message: "cell style 'HERO_NONE' is not in family 'STARTER' for 'hero' (the family offers HERO_WIDE for 'hero')",
          notes: ["cell style 'HERO_WIDE' is defined here", Self.iosNote]),
        DiagnosticSpec(
          code: "ZL0303", file: "screens/home.json", line: at(2).0, column: at(2).1,
          message: "unknown cell body component type 'lisst'", fixIt: #""list""#),
      ])
  }

  /// A cell style of the component's family a letter away from one of the screen's: the `ios`
  /// reading's did-you-mean would break the other reading, which would ask for it back, so a
  /// finding of one reading has no fix-it and `--fix` leaves the file as it is.
  func testAFindingOfOneReadingOffersNoFixTheOtherWouldUndo() throws {
    let (dir, home) = try starter(
      styles: #"{"family": ⟦⟧"OTHER", "cell_styles": [⟦⟧"XHERO_WIDE"]}"#,
      other: { $0.replacingOccurrences(of: #""HERO_ALT""#, with: #""XHERO_WIDE""#) })
    let starterCell = try position(of: #""HERO_WIDE""#, in: "families/STARTER.json", of: dir)
    XCTAssertGreaterThan(starterCell.line, 0)
    let cellStyle = DiagnosticSpec(
      code: "ZL0304", file: "screens/home.json", line: home.markers[1].line, column: home.markers[1].column,
      message: "cell style 'XHERO_WIDE' is not in family 'STARTER' for 'hero' (the family offers HERO_WIDE for 'hero')",
      notes: ["cell style 'HERO_WIDE' is defined here", Self.iosNote])
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, [mismatch(home), cellStyle])
    let before = try String(contentsOfFile: dir + "/screens/home.json", encoding: .utf8)
    let outcome = Driver.fix(dir, dryRun: false)
    XCTAssertEqual(outcome.fixed.map(\.path), [])
    XCTAssertEqual(try String(contentsOfFile: dir + "/screens/home.json", encoding: .utf8), before)
  }

  /// A misspelled cell style both families lack, one letter from a cell both define: both
  /// readings offer the same fix, so it is reported once, with the fix and a note of the `ios`
  /// bundle's finding; `--fix` applies it and nothing is left to fix.
  func testAFindingOfBothReadingsWithOneFixIsReportedOnceWithIt() throws {
    let (dir, home) = try starter(
      styles: #"{"family": ⟦⟧"OTHER", "cell_styles": [⟦⟧"HERO_WIDEE"]}"#,
      other: {
        let wide = #"{ "name": "HERO_WIDE", "layoutId": "other_hero", "cellWidth": 16, "cellHeight": 9 }, "#
        return $0.replacingOccurrences(of: #"{ "name": "HERO_ALT""#, with: wide + #"{ "name": "HERO_ALT""#)
      })
    let cellStyle = DiagnosticSpec(
      code: "ZL0304", file: "screens/home.json", line: home.markers[1].line, column: home.markers[1].column,
      message: "cell style 'HERO_WIDEE' is not in family 'OTHER' for 'hero' (the family offers HERO_WIDE, HERO_ALT for 'hero')",
      notes: [
        "cell style 'HERO_WIDE' is defined here",
        Self.iosNote
          + ", where too: cell style 'HERO_WIDEE' is not in family 'STARTER' for 'hero' (the family offers HERO_WIDE for 'hero')",
      ], fixIt: #""HERO_WIDE""#)
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, [mismatch(home), cellStyle])
    let outcome = Driver.fix(dir, dryRun: false)
    XCTAssertEqual(outcome.fixed.map(\.path), [dir + "/screens/home.json"])
    XCTAssertTrue(try String(contentsOfFile: dir + "/screens/home.json", encoding: .utf8).contains(#"["HERO_WIDE"]"#))
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, [mismatch(home)])
  }

  /// The screen's family lays the cell out without a height: only the `ios` bundle draws it so.
  func testAMissingItemHeightOfTheScreensFamilyIsReportedForTheIOSBundle() throws {
    let noHeight = { (family: String) in family.replacingOccurrences(of: #""cellWidth": 16, "cellHeight": 9"#, with: #""cellWidth": 16"#) }
    let (dir, home) = try starter(
      styles: #"{"family": ⟦⟧"OTHER", "cell_styles": ["HERO_WIDE"]}"#, starter: noHeight,
      other: { $0.replacingOccurrences(of: "HERO_ALT", with: "HERO_WIDE") })
    let cell = try position(of: #""HERO_WIDE""#, in: "families/STARTER.json", of: dir)
    let hero = try position(of: #""hero""#, in: "screens/home.json", of: dir)
    XCTAssertLessThan(hero.line, home.markers[0].line)
    let height = DiagnosticSpec(
      code: "ZL0511", file: "families/STARTER.json", line: cell.line, column: cell.column,
      message:
        "cell style 'HERO_WIDE' of family 'STARTER' has no item height on device 'phone' (375 wide): its items would be 343 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight",
      notes: ["used by component 'hero' of screen 'home'", "device 'phone' is declared here", Self.iosNote])
    let outcome = Driver.check(dir)
    assertDiagnostics(outcome.diagnostics, in: dir, [mismatch(home), height])
    let used = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0511" }?.notes.first?.spot?.location)
    XCTAssertEqual([used.line, used.column], [hero.line, hero.column])
  }

  /// An app of one reading checks its components with the family it draws them with alone: an
  /// app of no iOS bundle, with the component's, is not warned that its screen's differs (ZL0302).
  func testAnAndroidAppHasNoSecondReading() throws {
    let (dir, _) = try starter(
      styles: #"{"family": ⟦⟧"OTHER", "cell_styles": [⟦⟧"HERO_ALT"]}"#, platforms: #""android_for_quickbrick": {}"#)
    let outcome = Driver.check(dir)
    XCTAssertFalse(outcome.project.mixesFamilyReadings)
    assertDiagnostics(outcome.diagnostics, in: dir, [])
  }

  /// The starter whose `STARTER` maps the hero to a plugin `spotlight` at size class L (`OTHER`
  /// maps nothing), the home hero drawn with `OTHER`, and a manifest of `spotlight` for `platform`
  /// alone (a copy of the promo banner's).
  func spotlightProject(manifestFor platform: String) throws -> String {
    let mapping = { (family: String) in
      family.replacingOccurrences(
        of: #""type": "hero", "layout": "paged","#,
        with: #""type": "hero", "layout": "paged", "sizeClassMapping": {"L": {"component_type": "spotlight"}},"#)
    }
    let (dir, _) = try starter(
      styles: #"{"family": ⟦⟧"OTHER", "cell_styles": ["HERO_WIDE"]}"#, starter: mapping,
      other: { $0.replacingOccurrences(of: "HERO_ALT", with: "HERO_WIDE") })
    let banner = try String(contentsOfFile: dir + "/components/promo_banner/\(platform).json", encoding: .utf8)
    try FileManager.default.createDirectory(atPath: dir + "/components/spotlight", withIntermediateDirectories: true)
    try banner.replacingOccurrences(of: #""promo_banner""#, with: #""spotlight""#)
      .write(toFile: dir + "/components/spotlight/\(platform).json", atomically: true, encoding: .utf8)
    return dir
  }

  /// A plugin that the screen's family's size class mapping brings in is used: by the `ios` bundle.
  func testAPluginOfTheScreensFamilysMappingNeedsAnIOSManifest() throws {
    let dir = try spotlightProject(manifestFor: "android_for_quickbrick")
    let use = try position(of: #""spotlight""#, in: "families/STARTER.json", of: dir)
    let manifest = try position(of: #""spotlight""#, in: "components/spotlight/android_for_quickbrick.json", of: dir)
    let outcome = Driver.check(dir)
    assertDiagnostics(
      outcome.diagnostics.filter { $0.code == "ZL0610" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0610", file: "families/STARTER.json", line: use.line, column: use.column,
          message: "plugin 'spotlight' has no manifest for platform 'ios' (it has android_for_quickbrick)",
          notes: ["manifest for 'android_for_quickbrick'"])
      ])
    let note = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0610" }?.notes.first?.spot?.location)
    XCTAssertEqual([note.line, note.column], [manifest.line, manifest.column])
  }

  /// The same plugin with an `ios` manifest alone: only the `ios` bundle uses it (the Android one
  /// draws the hero with `OTHER`, which maps nothing), so no platform lacks its manifest.
  func testAPluginOnlyTheIOSReadingUsesNeedsNoOtherManifest() throws {
    let outcome = Driver.check(try spotlightProject(manifestFor: "ios"))
    XCTAssertEqual(outcome.project.targetPlatforms(drawing: "spotlight"), ["ios"])
    XCTAssertEqual(outcome.project.targetPlatforms(drawing: "promo_banner"), outcome.project.targetPlatforms)
    assertDiagnostics(outcome.diagnostics.filter { ["ZL0610", "ZL0611"].contains($0.code) }, in: outcome.project.directory, [])
  }
}
