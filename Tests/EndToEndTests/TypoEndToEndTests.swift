import Foundation
import XCTest

/// One-letter typos fail `zlc build` through the shipped binary: errors with their fixes, and no
/// bundle written.
final class TypoEndToEndTests: XCTestCase {
  /// A screen with `ui_component` and `stlyes`: two misspelled-key errors with fix-its, and the
  /// screen without sections, which notes the key.
  func testMisspelledScreenKeysFailTheBuild() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    try #"""
    [{"id": "typo", "type": "general_content", "stlyes": {"family": "FAMILY_1"},
      "ui_component": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}]
    """#.write(to: project.appendingPathComponent("screens/typo.json"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let r = try zlc(["build", "manifests", "-o", out.path], cwd: dir)
    XCTAssertEqual(r.status, 1, r.err)
    for line in [
      "manifests/screens/typo.json:1:44: error: misspelled key 'stlyes' in screen: clients ignore it [ZL0206]",
      #"  = fix-it: did you mean 'styles'? replace '"stlyes"' with '"styles"'"#,
      "manifests/screens/typo.json:2:3: error: misspelled key 'ui_component' in screen: clients ignore it [ZL0206]",
      #"  = fix-it: did you mean 'ui_components'? replace '"ui_component"' with '"ui_components"'"#,
      "manifests/screens/typo.json:1:9: error: screen 'typo' has no ui_components: it opens without sections [ZL0415]",
      "manifests/screens/typo.json:2:3: note: 'ui_component' would hold them if it were named 'ui_components'",
    ] {
      XCTAssertTrue(r.err.contains(line + "\n"), "missing: \(line)\n\(r.err)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "a failed build writes no bundle")
  }

  /// `aspectCelRatio` in a family cell leaves its grid items without a height: an error at the
  /// attribute with its fix.
  func testMisspelledCellMetricFailsTheBuild() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    // The project's own FAMILY_2 (replacing the built-in, a warning) with the typo.
    let family = project.appendingPathComponent("families/FAMILY_2.json")
    try FileManager.default.createDirectory(at: family.deletingLastPathComponent(), withIntermediateDirectories: true)
    let original = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_2.json"), encoding: .utf8)
    let poster = #"{ "name": "GRID_1", "layoutId": "flow_grid_poster", "aspectCellRatio": 0.6667 }"#
    XCTAssertTrue(original.contains(poster))
    try original.replacingOccurrences(of: poster, with: poster.replacingOccurrences(of: "aspectCellRatio", with: "aspectCelRatio"))
      .write(to: family, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let r = try zlc(["build", "manifests", "-o", out.path], cwd: dir)
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(
      r.err.contains(
        "error: misspelled 'aspectCelRatio' leaves cell style 'GRID_1' of family 'FAMILY_2' with a width and no height [ZL0510]\n"), r.err)
    XCTAssertTrue(
      r.err.contains(#"  = fix-it: did you mean 'aspectCellRatio'? replace '"aspectCelRatio"' with '"aspectCellRatio"'"#), r.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "a failed build writes no bundle")
  }

  /// An app of two platforms whose manifests of one plugin disagree (`button_txt` on iOS,
  /// `button_text` on Android): a screen is checked against each, the finding says which platform
  /// reads the key otherwise, its did-you-mean is a hint that `--fix` leaves, and nothing builds.
  func testAScreenIsCheckedAgainstEveryPlatformsManifest() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path, "--template", "multi-platform"]).status, 0)
    let ios = project.appendingPathComponent("components/promo_banner/ios.json")
    try String(contentsOf: ios, encoding: .utf8).replacingOccurrences(of: #""key": "button_text""#, with: #""key": "button_txt""#)
      .write(to: ios, atomically: true, encoding: .utf8)
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: #""styles": { "cell_styles": ["PROMO"] }"#, with: #""styles": { "cell_styles": ["PROMO"], "button_text": "Go" }"#)
    XCTAssertNotEqual(edited, text)
    try edited.write(to: home, atomically: true, encoding: .utf8)
    let fixed = try zlc(["check", "app", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertTrue(
      fixed.err.contains(
        "misspelled key 'button_text' in component styles: clients ignore it (on ios only: the manifests of android_for_quickbrick declare it otherwise) [ZL0206]"
      ), fixed.err)
    XCTAssertEqual(try String(contentsOf: home, encoding: .utf8), edited, "--fix leaves a key the manifests disagree on")
    XCTAssertEqual(try zlc(["build", "app", "-o", "out"], cwd: dir).status, 1)
    // One platform named: its manifest alone; the did-you-mean stays the hint it is across the
    // platforms, as `--fix --platform ios` leaves it (renaming the key would break Android's).
    let narrowed = try zlc(["check", "app", "--platform", "ios"], cwd: dir)
    XCTAssertTrue(narrowed.err.contains("misspelled key 'button_text' in component styles: clients ignore it [ZL0206]"), narrowed.err)
    XCTAssertTrue(narrowed.err.contains("= fix-it: did you mean 'button_txt'?\n"), narrowed.err)
    XCTAssertFalse(narrowed.err.contains("replace"), narrowed.err)
    XCTAssertEqual(try zlc(["check", "app", "--platform", "android_for_quickbrick"], cwd: dir).status, 0)
    // A key near a different field on each platform: each platform's did-you-mean is a hint.
    try edited.replacingOccurrences(of: #""button_text": "Go""#, with: #""button_tex": "Go""#).write(
      to: home, atomically: true, encoding: .utf8)
    let both = try zlc(["check", "app", "--fix", "--dry-run"], cwd: dir)
    XCTAssertEqual(both.status, 1, both.err)
    XCTAssertEqual(both.out, "", "no fix applies")
    XCTAssertTrue(both.err.contains("'button_tex' in component styles: clients ignore it (on ios only"), both.err)
    XCTAssertTrue(both.err.contains("'button_tex' in component styles: clients ignore it (on android_for_quickbrick only"), both.err)
  }

  /// A plugin's value is checked against the field of every platform's manifest: a value the iOS
  /// manifest's switch cannot take is an error on iOS, though Android's declares a text.
  func testAPluginValueIsCheckedAgainstEveryPlatformsManifest() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path, "--template", "multi-platform"]).status, 0)
    let ios = project.appendingPathComponent("components/promo_banner/ios.json")
    let manifest = try String(contentsOf: ios, encoding: .utf8)
    let switched = manifest.replacingOccurrences(
      of: #""key": "banner_text", "type": "text_input""#, with: #""key": "banner_text", "type": "switch""#)
    XCTAssertNotEqual(switched, manifest)
    try switched.replacingOccurrences(of: #""initial_value": "New this week""#, with: #""initial_value": false"#)
      .write(to: ios, atomically: true, encoding: .utf8)
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: #""styles": { "cell_styles": ["PROMO"] }"#, with: #""styles": { "cell_styles": ["PROMO"], "banner_text": "Hello" }"#)
    XCTAssertNotEqual(edited, text)
    try edited.write(to: home, atomically: true, encoding: .utf8)
    let checked = try zlc(["check", "app"], cwd: dir)
    XCTAssertEqual(checked.status, 1, checked.err)
    XCTAssertTrue(
      checked.err.contains(
        #"'styles.banner_text' is a switch field: expected true or false, found "Hello" (on ios only: the manifests of android_for_quickbrick accept it) [ZL0614]"#
      ), checked.err)
    XCTAssertTrue(checked.err.contains("app/components/promo_banner/ios.json"), "the note is at the iOS manifest: \(checked.err)")
    let onIOS = try zlc(["check", "app", "--platform", "ios"], cwd: dir)
    XCTAssertTrue(
      onIOS.err.contains(#"'styles.banner_text' is a switch field: expected true or false, found "Hello" [ZL0614]"#), onIOS.err)
    XCTAssertEqual(try zlc(["check", "app", "--platform", "android_for_quickbrick"], cwd: dir).status, 0)
    // Refused by both manifests, each for its own reason: each finding names its platform, and
    // neither says the other accepts the value.
    let android = project.appendingPathComponent("components/promo_banner/android_for_quickbrick.json")
    let number = try String(contentsOf: android, encoding: .utf8).replacingOccurrences(
      of: #""key": "banner_text", "type": "text_input""#, with: #""key": "banner_text", "type": "number_input""#)
    try number.replacingOccurrences(of: #""initial_value": "New this week""#, with: #""initial_value": 1"#)
      .write(to: android, atomically: true, encoding: .utf8)
    let both = try zlc(["check", "app"], cwd: dir)
    XCTAssertTrue(both.err.contains(#"expected true or false, found "Hello" (on ios) [ZL0614]"#), both.err)
    XCTAssertTrue(both.err.contains(#"expected a number, found "Hello" (on android_for_quickbrick) [ZL0614]"#), both.err)
    XCTAssertFalse(both.err.contains("accept it"), both.err)
    // A manifest with no such field does not accept the value: it reports the key on its own.
    try number.replacingOccurrences(of: #""initial_value": "New this week""#, with: #""initial_value": 1"#)
      .replacingOccurrences(of: #""key": "banner_text""#, with: #""key": "banner_title""#)
      .write(to: android, atomically: true, encoding: .utf8)
    let undeclared = try zlc(["check", "app"], cwd: dir)
    XCTAssertTrue(undeclared.err.contains(#"expected true or false, found "Hello" (on ios) [ZL0614]"#), undeclared.err)
    XCTAssertFalse(undeclared.err.contains("accept it"), undeclared.err)
  }

  /// A field key misspelled in one platform's manifest of the multi-platform starter
  /// (`baner_text` on iOS), which no screen sets: a warning at each spelling, which fails
  /// `--warnings-as-errors`; either may be the misspelled one, so `--fix` changes nothing.
  func testAManifestFieldKeyOnePlatformSpellsOtherwise() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path, "--template", "multi-platform"]).status, 0)
    XCTAssertEqual(try zlc(["check", "app", "--warnings-as-errors"], cwd: dir).status, 0)
    let ios = project.appendingPathComponent("components/promo_banner/ios.json")
    let manifest = try String(contentsOf: ios, encoding: .utf8)
    let mutated = manifest.replacingOccurrences(of: #""key": "banner_text""#, with: #""key": "baner_text""#)
    XCTAssertNotEqual(mutated, manifest)
    try mutated.write(to: ios, atomically: true, encoding: .utf8)
    let r = try zlc(["check", "app", "--warnings-as-errors", "--fix"], cwd: dir)
    XCTAssertEqual(r.status, 1, r.err)
    for line in [
      "app/components/promo_banner/ios.json:17:16: error: field 'styles.baner_text' of the 'promo_banner' manifest for ios is not in its manifest for android_for_quickbrick, which has 'banner_text' [ZL0616]",
      "app/components/promo_banner/android_for_quickbrick.json:17:16: note: 'styles.banner_text' in the manifest for android_for_quickbrick",
      "  = fix-it: did you mean 'banner_text'?",
    ] {
      XCTAssertTrue(r.err.contains(line + "\n"), "missing: \(line)\n\(r.err)")
    }
    XCTAssertEqual(try String(contentsOf: ios, encoding: .utf8), mutated, "--fix leaves a key either platform may misspell")
  }

  /// The demo's search bar with `APPLICASTER_COLECTION` in its manifest's `data_types`: an error
  /// at the entry, whose did-you-mean `--fix` leaves to the plugin's author (a hint).
  func testAMisspelledManifestDataTypeFailsTheCheck() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let manifest = project.appendingPathComponent("components/search_bar.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let mutated = text.replacingOccurrences(of: #", "APPLICASTER_COLLECTION"]"#, with: #", "APPLICASTER_COLECTION"]"#)
    XCTAssertNotEqual(mutated, text)
    try mutated.write(to: manifest, atomically: true, encoding: .utf8)
    let r = try zlc(["check", "manifests"], cwd: dir)
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(
      r.err.contains(
        "manifests/components/search_bar.json:14:43: error: unknown data source type 'APPLICASTER_COLECTION' in the data_types of the 'search_bar' manifest [ZL0402]\n"
      ), r.err)
    XCTAssertEqual(try zlc(["check", "manifests", "--fix"], cwd: dir).status, 1)
    XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), mutated, "--fix leaves the plugin's manifest")
  }

  /// A misspelled input folder, settings-like file and family extension in the demo: `zlc check
  /// --format json` reports each path, with the name zlc reads as a hint (no range). Beside the
  /// input each is near (`families/`, `screen_types.json`), a warning; a family file with no
  /// `FAMILY_3.json` beside it, an error: the project lacks that family, and the check fails.
  func testMisnamedInputsAreWarnedAt() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let family = try Data(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_2.json"))
    for path in ["familes/FAMILY_2.json", "families/FAMILY_3.jsn"] {
      let file = project.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try family.write(to: file)
    }
    try FileManager.default.copyItem(
      at: project.appendingPathComponent("screen_types.json"), to: project.appendingPathComponent("screen_type.json"))
    let r = try zlc(["check", "manifests", "--format", "json"], cwd: dir)
    XCTAssertEqual(r.status, 1, r.err)
    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let found = (report["diagnostics"] as? [[String: Any]] ?? []).map { d -> String in
      let fix = (d["fixits"] as? [[String: Any]])?.first
      let place = "\(d["file"] ?? "-"):\(d["line"] ?? "-"):\(d["column"] ?? "-")"
      return
        "\(d["severity"] ?? "-") \(d["code"] ?? "-") \(place) \(d["message"] ?? "-") | \(fix?["message"] ?? "-") \(fix?["line"] ?? "-")"
    }
    XCTAssertEqual(
      found,
      [
        "warning ZL0122 manifests/familes:<null>:<null> 'familes/' is not read: zlc reads 'families/' | did you mean 'families'? <null>",
        "error ZL0122 manifests/families/FAMILY_3.jsn:<null>:<null> 'families/FAMILY_3.jsn' is not read: files in families/ end in .xml or .json, and no 'FAMILY_3.json' stands beside it | did you mean 'FAMILY_3.json'? <null>",
        "warning ZL0122 manifests/screen_type.json:<null>:<null> 'screen_type.json' is not read: zlc reads 'screen_types.json' | did you mean 'screen_types.json'? <null>",
      ], r.out)
  }

  /// Names beside a project's inputs that are no input (a README, `docs/`, `.git`, `node_modules`,
  /// the `feeds/` zlc map reads senders from) and unrelated files in an input folder stay silent.
  func testOtherNamesBesideTheInputsStaySilent() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    XCTAssertTrue(FileManager.default.fileExists(atPath: project.appendingPathComponent("feeds").path))
    for path in [
      "README.md", "docs/screens.md", ".git/HEAD", "node_modules/x/package.json", "package.json", "screens/README.md",
      "screens/.DS_Store", "families/notes.txt", "screens/home.json.bak",
    ] {
      let file = project.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("x\n".utf8).write(to: file)
    }
    let r = try zlc(["check", "manifests"], cwd: dir)
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertTrue(r.err.hasSuffix("\nmanifests: ok, 0 errors, 0 warnings in 13 files\n"), r.err)
    XCTAssertFalse(r.err.contains("ZL0122"), r.err)
  }
}
