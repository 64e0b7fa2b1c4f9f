import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Misspellings in plugin manifests that change a bundle without any screen naming them: a field
/// key one platform's manifest spells otherwise (ZL0616), and a misspelled `data_types` entry
/// (ZL0402).
final class ManifestTypoTests: XCTestCase {
  /// The diagnostics of a project of `files` (over nothing), with `codes` only.
  func check(_ files: [String: String], codes: Set<String> = ["ZL0616", "ZL0402"]) throws -> (dir: String, diagnostics: [Diagnostic]) {
    let dir = try makeProject(files)
    return (dir, Driver.check(dir).diagnostics.filter { codes.contains($0.code) })
  }

  /// The multi-platform starter's files, with a replacement in one of them.
  func multiPlatform(_ path: String, _ old: String, _ new: String) throws -> [String: String] {
    var files = Dictionary(uniqueKeysWithValues: StarterTemplate.multiPlatform.files(app: "multi").map { ($0.path, $0.contents) })
    let text = try XCTUnwrap(files[path], path)
    files[path] = text.replacingOccurrences(of: old, with: new)
    XCTAssertNotEqual(files[path], text, "\(path) holds \(old)")
    return files
  }

  /// The multi-platform starter with `banner_text` misspelled in the iOS manifest only: each
  /// manifest's key is reported with a note at the other's, and since either may be the
  /// misspelled one, the did-you-mean is a hint that `--fix` does not apply.
  func testAFieldKeyTheOtherPlatformSpellsOtherwise() throws {
    let files = try multiPlatform("components/promo_banner/ios.json", #""key": "banner_text""#, #""key": "baner_text""#)
    let (dir, found) = try check(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let ios = "components/promo_banner/ios.json"
    let android = "components/promo_banner/android_for_quickbrick.json"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0616", file: ios, line: 17, column: 16,
          message:
            "field 'styles.baner_text' of the 'promo_banner' manifest for ios is not in its manifest for android_for_quickbrick, which has 'banner_text'",
          notes: ["'styles.banner_text' in the manifest for android_for_quickbrick"], fixIt: #""banner_text""#),
        DiagnosticSpec(
          code: "ZL0616", file: android, line: 17, column: 16,
          message:
            "field 'styles.banner_text' of the 'promo_banner' manifest for android_for_quickbrick is not in its manifest for ios, which has 'baner_text'",
          notes: ["'styles.baner_text' in the manifest for ios"], fixIt: #""baner_text""#),
      ])
    XCTAssertEqual(found.map { $0.severity }, [.warning, .warning])
    XCTAssertEqual(found.compactMap { $0.fixIt?.range }.count, 0, "either may be misspelled: hints only")
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [17, 17])
    XCTAssertTrue(found.allSatisfy { $0.fixIt?.message.hasPrefix("did you mean '") == true })
  }

  /// Of three platforms' manifests, the key two spell alike is the likely one: only the third's
  /// is reported, with a fix that renames it, and notes at the other two.
  func testTheSpellingMoreManifestsUseIsTheFix() throws {
    func manifest(_ platform: String, _ key: String) -> String {
      Example.manifest(#", "platform": "\#(platform)", "styles": {"fields": [{"key": "\#(key)", "type": "text_input"}]}"#, identifier: "b")
    }
    let tvos = manifest("tvos", "bannr_text")
    let (dir, found) = try check([
      "screens/home.json": Example.home, "components/b_ios.json": manifest("ios", "banner_text"),
      "components/b_android.json": manifest("android", "banner_text"), "components/b_tvos.json": tvos,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let column = tvos.utf8.distance(from: tvos.startIndex, to: try XCTUnwrap(tvos.range(of: #""bannr_text""#)).lowerBound) + 1
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0616", file: "components/b_tvos.json", line: 1, column: column,
          message:
            "field 'styles.bannr_text' of the 'b' manifest for tvos is not in its manifests for android, ios, which have 'banner_text'",
          notes: ["'styles.banner_text' in the manifest for android", "'styles.banner_text' in the manifest for ios"],
          fixIt: #""banner_text""#)
      ])
    let fix = try XCTUnwrap(found.first?.fixIt)
    XCTAssertNil(fix.range, "a hint: the plugin's code reads the key its manifest has")
  }

  /// A real plugin (parent lock) whose iOS manifest misspells `instructions_text`: reported at the
  /// key, beside the other platform's spelling.
  func testARealManifestsMisspelledFieldKey() throws {
    let folder = sharedFolder.appendingPathComponent("zapp-samples/real-manifests")
    guard FileManager.default.fileExists(atPath: folder.path) else { throw XCTSkip("\(folder.path) is not beside the repository") }
    func read(_ platform: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent("quick-__quick-brick-parent-lock__\(platform).json"), encoding: .utf8)
    }
    let ios = try read("ios_for_quickbrick")
    let mutated = ios.replacingOccurrences(of: #""key": "instructions_text","#, with: #""key": "instuctions_text","#)
    XCTAssertNotEqual(mutated, ios)
    var files = ["screens/home.json": ConformanceTests.home, "components/lock_android.json": try read("android_for_quickbrick")]
    files["components/lock_ios.json"] = ios
    let clean = try check(files)
    defer { try? FileManager.default.removeItem(atPath: clean.dir) }
    XCTAssertEqual(clean.diagnostics.map(\.message), [], "the real manifests as they are")
    files["components/lock_ios.json"] = mutated
    let (dir, found) = try check(files, codes: ["ZL0616"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let mine = found.filter { $0.location?.file.hasSuffix("lock_ios.json") == true }
    XCTAssertEqual(found.count, 2, found.map(\.message).joined(separator: "\n"))
    let finding = try XCTUnwrap(mine.first)
    XCTAssertEqual(finding.location?.line, 90)
    XCTAssertEqual(finding.location?.column, 20)
    XCTAssertEqual(
      finding.message,
      "field 'general.instuctions_text' of the 'parent-lock-qb' manifest for ios_for_quickbrick is not in its manifest for android_for_quickbrick, which has 'instructions_text'"
    )
    XCTAssertEqual(finding.notes.map(\.message), ["'general.instructions_text' in the manifest for android_for_quickbrick"])
    XCTAssertEqual(finding.notes.first?.spot?.location.line, 90)
    XCTAssertEqual(finding.fixIt?.replacement, #""instructions_text""#)
  }

  /// Differences a plugin means: a key only one platform has (far from the others'), keys that
  /// differ in a platform's name or a number, a group's fields, and a second manifest of the same
  /// platform (a duplicate, ZL0606) are no misspelling.
  func testLegitimatePlatformDifferencesAreNotReported() throws {
    func manifest(_ platform: String, styles: String, custom: String = "[]") -> String {
      Example.manifest(
        #", "platform": "\#(platform)", "styles": {"fields": \#(styles)}, "custom_configuration_fields": \#(custom)"#, identifier: "p")
    }
    func fields(_ keys: [String]) -> String { "[" + keys.map { #"{"key": "\#($0)", "type": "text_input"}"# }.joined(separator: ", ") + "]" }
    let ios = manifest(
      "ios", styles: fields(["title_font_ios", "ios_assets_bundle", "image_1", "titleFontIos", "shared"]),
      custom: fields(["base_url_ios"]))
    let android = manifest(
      "android",
      styles: #"[{"group": true, "label": "G", "fields": \#(fields(["title_font_android", "image_2", "titleFontAndroid", "shared"]))}]"#,
      custom: fields(["base_url_android", "deep_link"]))
    let again = manifest("ios", styles: fields(["shard"]))
    let (dir, found) = try check([
      "screens/home.json": Example.home, "components/p_ios.json": ios, "components/p_android.json": android,
      "components/p_ios_again.json": again,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(found.map(\.message), [])
    // The same key written two ways (a separator, a case) is one field spelled otherwise.
    XCTAssertFalse(FieldKeyMismatchRule.isVariant("bannerText", "banner_text"))
    XCTAssertFalse(FieldKeyMismatchRule.isVariant("title_font_iso", "title_font_ios"))
    XCTAssertTrue(FieldKeyMismatchRule.isVariant("title_font_tvos", "title_font_ios"))
    XCTAssertTrue(FieldKeyMismatchRule.isVariant("cell_2_title", "cell_3_title"))
  }

  /// The demo's search bar with `APPLICASTER_COLLECTION` misspelled in its manifest's
  /// `data_types`: an error at the entry, with the fix.
  func testAMisspelledManifestDataType() throws {
    let demo = repositoryRoot.appendingPathComponent("manifests")
    var files: [String: String] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: demo.path) where path.hasSuffix(".json") {
      files[path] = try String(contentsOf: demo.appendingPathComponent(path), encoding: .utf8)
    }
    let clean = try check(files)
    defer { try? FileManager.default.removeItem(atPath: clean.dir) }
    XCTAssertEqual(clean.diagnostics.map(\.message), [], "the demo as it is")
    let path = "components/search_bar.json"
    let text = try XCTUnwrap(files[path])
    files[path] = text.replacingOccurrences(
      of: #""data_types": ["APPLICASTER_ATOM_FEED", "APPLICASTER_COLLECTION"]"#,
      with: #""data_types": ["APPLICASTER_ATOM_FEED", "APPLICASTER_COLECTION"]"#)
    XCTAssertNotEqual(files[path], text)
    let (dir, found) = try check(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0402", file: path, line: 14, column: 43,
          message: "unknown data source type 'APPLICASTER_COLECTION' in the data_types of the 'search_bar' manifest",
          fixIt: #""APPLICASTER_COLLECTION""#)
      ])
    XCTAssertEqual(found.first?.severity, .error)
    XCTAssertNil(found.first?.fixIt?.range, "a hint: the plugin's code reads the types its manifest lists")
  }

  /// A type near a built-in one (`TOP_BANNER`, two edits from `BOX_BANNER`) is a type of the
  /// app's own, as in zlc.json: not reported, whether a screen's `data.type` names it or not.
  func testAManifestDataTypeAScreenNamesIsTheAppsOwn() throws {
    let manifest = Example.manifest(#", "data_types": ["TOP_BANNER"]"#, identifier: "promo")
    let screen = Example.screen(#"{"component_type": "promo", "data": {"source": "top", "type": "TOP_BANNER"}}"#)
    let (dir, found) = try check(["screens/home.json": Example.home, "screens/other.json": screen, "components/promo.json": manifest])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(found.filter { $0.rule.code == "ZL0402" }.map(\.message), [])
    let (unusedDir, unused) = try check(["screens/home.json": Example.home, "components/promo.json": manifest])
    defer { try? FileManager.default.removeItem(atPath: unusedDir) }
    XCTAssertEqual(unused.filter { $0.rule.code == "ZL0402" }.map(\.message), [])
  }

  /// A type of the app's own in `data_types` is not reported; one near a type zlc.json declares is,
  /// with a note there and a hint, since either may be the misspelled one.
  func testManifestDataTypesOfTheAppsOwn() throws {
    let manifest = Example.manifest(#", "data_types": ["JW_PLAYLIST", ⟦ZL0402⟧"RIVERFLIX_RECOMENDATIONS"]"#, identifier: "rail")
    let marked = Marked(manifest)
    let (dir, found) = try check([
      "screens/home.json": Example.home, "zlc.json": #"{"data_types": ["RIVERFLIX_RECOMMENDATIONS"]}"#, "components/r.json": marked.text,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let marker = try XCTUnwrap(marked.markers.first)
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0402", file: "components/r.json", line: marker.line, column: marker.column,
          message: "unknown data source type 'RIVERFLIX_RECOMENDATIONS' in the data_types of the 'rail' manifest",
          notes: ["'RIVERFLIX_RECOMMENDATIONS' is declared in zlc.json here; if it is the misspelled one, fix it there"],
          fixIt: #""RIVERFLIX_RECOMMENDATIONS""#)
      ])
    XCTAssertNil(found.first?.fixIt?.range, "a declared type may be the misspelled one: a hint")
  }

  /// Both starters and the real manifests side by side (their platforms' manifests of one plugin
  /// differ for real) raise neither rule.
  func testStartersAndRealManifestsRaiseNeither() throws {
    for template in StarterTemplate.allCases {
      let (dir, found) = try check(Dictionary(uniqueKeysWithValues: template.files(app: "a").map { ($0.path, $0.contents) }))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(found.map(\.message), [], template.rawValue)
    }
    let folder = sharedFolder.appendingPathComponent("zapp-samples/real-manifests")
    guard FileManager.default.fileExists(atPath: folder.path) else { throw XCTSkip("\(folder.path) is not beside the repository") }
    var files = ["screens/home.json": ConformanceTests.home]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
      files["components/" + name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    let (dir, found) = try check(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(found.map(\.message), [])
  }

  /// Near a built-in type, a manifest's data type of the app's own (`TOP_BANNER`, `WEB_URLS`) is
  /// not reported, used by a screen or not; one in Applicaster's namespace or differing in case
  /// alone is a misspelling.
  func testManifestDataTypesNearBuiltInOnesAreReportedOnlyWhenSurelyMisspelled() throws {
    let marked = Marked(
      Example.manifest(
        #", "data_types": ["TOP_BANNER", "WEB_URLS", ⟦ZL0402⟧"APPLICASTER_CATEGROY", ⟦ZL0402⟧"web_url", ⟦ZL0402⟧"Applicaster_Favorite"]"#,
        identifier: "promo"))
    let (dir, found) = try check(["screens/home.json": Example.home, "components/promo.json": marked.text])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let reported = [
      ("APPLICASTER_CATEGROY", "APPLICASTER_CATEGORY"), ("web_url", "WEB_URL"), ("Applicaster_Favorite", "APPLICASTER_FAVORITES"),
    ]
    assertDiagnostics(
      found, in: dir,
      zip(marked.markers, reported).map { marker, type in
        DiagnosticSpec(
          code: "ZL0402", file: "components/promo.json", line: marker.line, column: marker.column,
          message: "unknown data source type '\(type.0)' in the data_types of the 'promo' manifest", fixIt: "\"\(type.1)\"")
      })
    XCTAssertEqual(found.map { $0.fixIt?.range == nil }, [true, true, true], "hints: the plugin's code reads the types it lists")
  }
}
