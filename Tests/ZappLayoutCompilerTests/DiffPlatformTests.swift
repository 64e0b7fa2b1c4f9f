import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler

/// `zlc diff` of an app of several platforms: a change names the platforms of each of its screens.
final class DiffPlatformTests: XCTestCase {
  /// The multi-platform starter where the promo banner's manifests give `banner_text` (iOS) and
  /// `subtitle` and `banner_text` (Android) the value `banner` (Android's `androidBanner` when
  /// given), beside a second root screen `show2` whose promo sets `subtitle`; the home screen's id
  /// is `homeID`, `iOSSDK` is iOS's `min_zapp_sdk` (none when nil; the promo banner's iOS manifest
  /// gives 20.0.0), and `iOSPromoUntil` the `unsupported_since_zapp_sdk` of that manifest.
  func project(
    banner: String, androidBanner: String? = nil, homeID: String = "home", onlyIOS: Bool = false, iOSLacksThePromo: Bool = false,
    iOSSDK: String? = "20.0.0", iOSPromoUntil: String? = nil
  ) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let field = { (key: String, value: String) in
      #"{"key": "\#(key)", "type": "text_input", "label": "\#(key)", "initial_value": "\#(value)"}"#
    }
    let fields = [
      "ios": field("banner_text", banner),
      "android_for_quickbrick": field("subtitle", "S") + ", " + field("banner_text", androidBanner ?? banner),
    ]
    let show2 = #"""
      [{"id": "show2", "name": "Show 2", "type": "general_content", "styles": {"family": "STARTER"}, "ui_components": [
        {"id": "show2-promo", "component_type": "promo_banner", "styles": {"cell_styles": ["PROMO"], "subtitle": "S"}}]}]
      """#
    for (path, text) in StarterTemplate.multiPlatform.files(app: "Diff") + [("screens/show2.json", show2)] {
      var text = text
      if let platform = fields.keys.first(where: { path == "components/promo_banner/\($0).json" }),
        let start = text.range(of: #""fields": ["#),
        let end = text[start.upperBound...].range(of: "\n    ]")
      {
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: fields[platform] ?? "")
      }
      if onlyIOS, path == "zlc.json", let android = text.range(of: #",\s*"android_for_quickbrick": \{[^}]*\}"#, options: .regularExpression)
      {
        text.removeSubrange(android)
      }
      if path == "zlc.json" {
        text = text.replacingOccurrences(
          of: #""ios": { "min_zapp_sdk": "20.0.0" }"#, with: #""ios": {\#(iOSSDK.map { #" "min_zapp_sdk": "\#($0)" "# } ?? "")}"#)
      }
      if let iOSPromoUntil, path == "components/promo_banner/ios.json" {
        text = text.replacingOccurrences(
          of: #""min_zapp_sdk": "20.0.0","#, with: #""min_zapp_sdk": "20.0.0", "unsupported_since_zapp_sdk": "\#(iOSPromoUntil)","#)
      }
      if iOSLacksThePromo, path == "registries/ios.json" {
        text = text.replacingOccurrences(of: #", "promo_banner"]"#, with: #"], "applies_fallbacks": true"#)
      }
      if path == "screens/home.json" {
        text = text.replacingOccurrences(of: #""id": "home""#, with: #""id": "\#(homeID)""#)
      }
      if path == "screens/home.json" || path == "screens/show2.json" {
        text = text.replacingOccurrences(
          of: #""component_type": "promo_banner","#, with: #""component_type": "promo_banner", "fallback": "hide","#)
      }
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  /// A default changed in both manifests: on iOS the home promo has no `subtitle`, on Android
  /// both promos have the manifest's; each change names its own screens and platforms.
  func testAChangeNamesThePlatformsOfEachOfItsScreens() throws {
    let outcome = Driver.diff(base: try project(banner: "A"), head: try project(banner: "B"))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(
      changes.map { "\($0.screens) \($0.platforms) \($0.components) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [
        #"["home"] ["ios"] ["home-promo"] {"banner_text":"A"} → {"banner_text":"B"}"#,
        #"["home", "show2"] ["android_for_quickbrick"] ["home-promo", "show2-promo"] "#
          + #"{"subtitle":"S","banner_text":"A"} → {"subtitle":"S","banner_text":"B"}"#,
        #"["show2"] ["ios"] ["show2-promo"] {"subtitle":"S","banner_text":"A"} → "#
          + #"{"subtitle":"S","banner_text":"B"}"#,
      ])
  }

  /// An app of iOS alone is compared as its iOS manifests have it, though Android's comes first in
  /// file order.
  func testAnAppOfOnePlatformIsComparedWithThatPlatformsManifests() throws {
    let outcome = Driver.diff(base: try project(banner: "A", onlyIOS: true), head: try project(banner: "B", onlyIOS: true))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(
      changes.map { "\($0.screens) \($0.platforms) \($0.components) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [
        #"["home"] [] ["home-promo"] {"banner_text":"A"} → {"banner_text":"B"}"#,
        #"["show2"] [] ["show2-promo"] {"subtitle":"S","banner_text":"A"} → "#
          + #"{"subtitle":"S","banner_text":"B"}"#,
      ])
  }

  /// A platform dropped (or added) changes no screen of the platform both apps keep: iOS's promo
  /// is compared as iOS's manifests have it on both sides.
  func testAPlatformDroppedIsNoChangeOfTheScreensOfTheOthers() throws {
    let (both, iOS) = (try project(banner: "A"), try project(banner: "A", onlyIOS: true))
    for (base, head) in [(both, iOS), (iOS, both)] {
      let outcome = Driver.diff(base: base, head: head)
      assertSameAsByDigests(base: base, head: head)
      XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
      let changes = try XCTUnwrap(outcome.report).changes
      XCTAssertEqual(Set(changes.map(\.kind)).subtracting([.requiredRenderers]), [.platform], "\(changes.map(DiffWording.line))")
      XCTAssertTrue(changes.allSatisfy { $0.platforms == ["android_for_quickbrick"] }, "\(changes.map(DiffWording.line))")
    }
  }

  /// A platform added and one removed list the same changes the other way round: targeted, its
  /// `min_zapp_sdk`, and each list of renderers it needs.
  func testAPlatformAddedOrRemovedListsWhatItNeeds() throws {
    let (both, iOS) = (try project(banner: "A"), try project(banner: "A", onlyIOS: true))
    func lines(_ base: String, _ head: String) throws -> [String] {
      try XCTUnwrap(assertSameAsByDigests(base: base, head: head)).changes.map { DiffWording.line($0).text }
    }
    let android = "on android_for_quickbrick"
    XCTAssertEqual(
      try lines(iOS, both),
      [
        "now targeted \(android)", "min_zapp_sdk \(android) none → 6.1.0", "component_types \(android): +grid +hero +list +promo_banner",
        "cell_layouts \(android): +starter_grid_poster +starter_hero +starter_list_row +starter_promo",
        "layout_kinds \(android): +flow +linear +paged",
      ])
    XCTAssertEqual(
      try lines(both, iOS),
      [
        "no longer targeted \(android)", "min_zapp_sdk \(android) 6.1.0 → none",
        "component_types \(android): -grid -hero -list -promo_banner",
        "cell_layouts \(android): -starter_grid_poster -starter_hero -starter_list_row -starter_promo",
        "layout_kinds \(android): -flow -linear -paged",
      ])
  }

  /// A manifest edited on one platform or both, beside screens that do not use its plugin: on each
  /// platform, what hashing every screen finds, and only the promo's screens are resolved again.
  func testAManifestEditedOnOnePlatformResolvesOnlyItsScreens() throws {
    let base = try project(banner: "A")
    for head in [try project(banner: "A", androidBanner: "B"), try project(banner: "B")] {
      XCTAssertEqual(assertSameAsByDigests(base: base, head: head)?.changes.isEmpty, false)
      let sides = [base, head].map { DiffSide(project: Driver.check($0).project) }
      let surroundings = SurroundingChanges(sides[0].project, sides[1].project)
      XCTAssertEqual(surroundings.types, ["promo_banner"])
      let pairs = ScreenMatching(base: sides[0], head: sides[1]).pairs
      let resolved = ProjectDiff.candidates(sides[0], sides[1], pairs: pairs, surroundings: surroundings).map { sides[1].ids[$0.head] }
      XCTAssertEqual(Set(resolved), ["home", "show2"])
      XCTAssertLessThan(resolved.count, pairs.count)
    }
  }

  /// A change of the platform both apps keep names it: it does not hold on the one dropped.
  func testAChangeOnThePlatformKeptNamesIt() throws {
    let outcome = Driver.diff(base: try project(banner: "A"), head: try project(banner: "B", onlyIOS: true))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes.filter { $0.kind == .componentChanged }
    XCTAssertEqual(changes.map { "\($0.screens) \($0.platforms)" }, [#"["home"] ["ios"]"#, #"["show2"] ["ios"]"#])
  }

  /// A new id over the same screen as written is a rename, whatever a manifest edited beside it
  /// changes on one platform or the other: that change is listed on the renamed screen, naming
  /// its platform, alike for iOS and Android (and with `--platform`, naming none).
  func testARenamedScreenShowsTheChangesOfEachPlatform() throws {
    let base = try project(banner: "A")
    let heads = [
      "ios": try project(banner: "B", androidBanner: "A", homeID: "main"),
      "android_for_quickbrick": try project(banner: "A", androidBanner: "B", homeID: "main"),
    ]
    for (platform, head) in heads.sorted(by: { $0.key < $1.key }) {
      for only in [nil, platform] {
        let outcome = Driver.diff(base: base, head: head, platform: only)
        XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
        let changes = try XCTUnwrap(outcome.report).changes
        let named = only == nil ? [platform] : []
        // On Android both promos set a subtitle: their styles changed alike.
        let promos =
          platform == "ios"
          ? [#"component_changed ["main"] \#(named) ["home-promo"]"#, #"component_changed ["show2"] \#(named) ["show2-promo"]"#]
          : [#"component_changed ["main", "show2"] \#(named) ["home-promo", "show2-promo"]"#]
        XCTAssertEqual(
          changes.map { "\($0.kind.rawValue) \($0.screens) \($0.platforms) \($0.components)" },
          [#"screen_renamed ["main"] [] []"#] + promos, "\(platform) \(only ?? "")")
      }
    }
  }

  /// A folder holding `files` (path → text).
  func folder(_ files: [String: String]) throws -> String {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  /// A TV app of tvOS and Android TV, each with its default TV, given one `tv` 1280 wide: tvOS's
  /// `tv` is narrower, and its grid with it; Android TV gains `tv` and loses `android-tv`.
  func testDevicesAreComparedOnEachPlatform() throws {
    let screen = #"""
      [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [{"id": "g", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
          "styles": {"cell_styles": ["GRID_1"]}}]}]
      """#
    let settings = { (devices: String) in #"{"app": "TV", "platforms": {"tvos": {}, "android_tv": {}}\#(devices)}"# }
    let base = try folder(["zlc.json": settings(""), "screens/home.json": screen])
    let head = try folder([
      "zlc.json": settings(#", "devices": [{"name": "tv", "class": "tablet", "width": 1280}]"#), "screens/home.json": screen,
    ])
    let outcome = Driver.diff(base: base, head: head)
    assertSameAsByDigests(base: base, head: head)
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(
      changes.map { "\($0.kind.rawValue) \($0.device ?? "") \($0.platforms) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [
        #"layout tv ["tvos"] {"item.width":466,"item.height":698.97} → {"item.width":306,"item.height":458.98}"#,
        #"device tv ["tvos"] {"class":"tablet","width":1920,"size_class":"XL"} → {"class":"tablet","width":1280,"size_class":"XL"}"#,
        #"device tv ["android_tv"] none → {"class":"tablet","width":1280,"size_class":"XL"}"#,
        #"device android-tv ["android_tv"] {"class":"tablet","width":960,"size_class":"L"} → none"#,
      ])
    let text = DiffPrinter(format: .text, color: false).render(try XCTUnwrap(outcome.report))
    XCTAssertTrue(text.contains("device: android-tv on android_tv {"), text)
  }

  /// bundle.json's `fallbacks` are each platform's bundle's: a change of the iOS registry is a
  /// change of iOS's alone.
  func testAChangeOfOnePlatformsFallbacksNamesIt() throws {
    let outcome = Driver.diff(base: try project(banner: "A"), head: try project(banner: "A", iOSLacksThePromo: true))
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let changes = try XCTUnwrap(outcome.report).changes.filter { $0.kind == .bundleIndex }
    XCTAssertEqual(
      changes.map { "\($0.field ?? "") \($0.platforms) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))" },
      [
        #"fallbacks ["ios"] none → [{"platform":"ios","client_version":"20.0.0..<21.0.0","sections":"#
          + #"[{"screen_id":"home","section":1},{"screen_id":"show2","section":0}]}]"#
      ])
    // The text names the platform too.
    let text = DiffPrinter(format: .text, color: false).render(try XCTUnwrap(outcome.report))
    XCTAssertTrue(text.contains("fallbacks on ios none → "), text)
  }

  /// A platform's `min_zapp_sdk` raised or lowered, or its `unsupported_since_zapp_sdk` added or
  /// removed, is a `platform` change naming that platform, in an app of several platforms or of one;
  /// raised past the 20.x client's registry, that client is named as refusing the bundle.
  func testAChangedMinZappSDKNamesItsPlatform() throws {
    let leftBehind = #"min_zapp_sdk ["ios"] 20.0.0 → 21.0.0 client 20.0.0..<21.0.0"#
    for onlyIOS in [false, true] {
      let base = try project(banner: "A", onlyIOS: onlyIOS)
      let cases: [(base: String, head: String, expected: String)] = [
        (base, try project(banner: "A", onlyIOS: onlyIOS, iOSSDK: "21.0.0"), #"min_zapp_sdk ["ios"] 20.0.0 → 21.0.0"#),
        (try project(banner: "A", onlyIOS: onlyIOS, iOSSDK: "21.0.0"), base, #"min_zapp_sdk ["ios"] 21.0.0 → 20.0.0"#),
        (base, try project(banner: "A", onlyIOS: onlyIOS, iOSPromoUntil: "22.0.0"), #"unsupported_since_zapp_sdk ["ios"] none → 22.0.0"#),
        (try project(banner: "A", onlyIOS: onlyIOS, iOSPromoUntil: "22.0.0"), base, #"unsupported_since_zapp_sdk ["ios"] 22.0.0 → none"#),
      ]
      for (base, head, expected) in cases {
        let outcome = Driver.diff(base: base, head: head)
        assertSameAsByDigests(base: base, head: head)
        XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
        let report = try XCTUnwrap(outcome.report)
        let raised = expected.hasSuffix("→ 21.0.0")
        XCTAssertEqual(
          report.changes.map {
            "\($0.field ?? "") \($0.platforms) \(DiffWording.value($0.old)) → \(DiffWording.value($0.new))"
              + ($0.client.map { " client " + $0 } ?? "")
          },
          raised ? [expected, leftBehind] : [expected], "onlyIOS: \(onlyIOS)")
        XCTAssertEqual(report.changes.map(\.kind), raised ? [.platform, .clientRefuses] : [.platform])
        let text = DiffPrinter(format: .text, color: false).render(report)
        XCTAssertTrue(text.contains(expected.replacingOccurrences(of: #" ["ios"]"#, with: " on ios")), text)
      }
      // The same version written otherwise supports the same clients, and so does none where the
      // promo banner's manifest still needs 20.0.0: no change.
      for iOSSDK in ["20.0", nil] {
        let same = Driver.diff(base: base, head: try project(banner: "A", onlyIOS: onlyIOS, iOSSDK: iOSSDK))
        XCTAssertEqual(try XCTUnwrap(same.report).changes.map(\.kind), [], "onlyIOS: \(onlyIOS)")
      }
    }
  }

  /// `zlc diff --html` of an app of iOS and Android (Quick Brick) draws the iOS bundle, the first
  /// platform: the screen's family, changed from FAMILY_2 to FAMILY_1, is the one iOS draws the
  /// grid with (insets of 16, then 12, on a phone), while Android draws the grid's own FAMILY_2.
  func testTheHTMLDrawsTheFirstPlatformsBundle() throws {
    let project = { (family: String) in
      try makeProject([
        "zlc.json": #"{"platforms": {"ios": {}, "android_for_quickbrick": {}}}"#,
        "screens/home.json": """
        [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "\(family)"},
          "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"},
            "styles": {"family": "FAMILY_2", "cell_styles": ["GRID_1"]}}]}]
        """,
      ])
    }
    let (base, head) = (try project("FAMILY_2"), try project("FAMILY_1"))
    let out = base + "-html"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: out) }
    let outcome = Driver.diff(base: base, head: head, html: out)
    XCTAssertEqual(outcome.status, .success, "\(outcome.failedChecks.flatMap(\.check.diagnostics).map(\.message))")
    let page = try String(contentsOfFile: out + "/home.html", encoding: .utf8)
    XCTAssertTrue(
      page.contains(
        #"<p class="drawn">Wireframes of the ios bundle, the first of the platforms both projects have (ios, android_for_quickbrick).</p>"#),
      page)
    // The phone's pair: before, then after.
    let phone = try XCTUnwrap(page.components(separatedBy: #"<div class="pair" data-device="phone">"#).dropFirst().first)
      .components(separatedBy: #"<div class="pair""#)[0]
    let drawn = phone.matches(of: #/data-layout-id="([^"]*)" style="padding: (\d+)px/#).map { "\($0.1) \($0.2)" }
    XCTAssertEqual(drawn, ["flow_grid_poster 16", "layout_01_grid_01 12"])
    XCTAssertEqual(phone.matches(of: #/2 col · ([\d.]+ × [\d.]+)/#).map { String($0.1) }, ["167.5 × 251.24", "169.5 × 254.24"])
  }

  /// Changes merge across platforms only when they name the same screens, and list the screens in
  /// project order.
  func testChangesOfTheSameScreensMergeAcrossPlatforms() {
    let change = { (screens: [String], platform: String) in
      DiffChange(kind: .componentChanged, screens: screens, platforms: [platform], component: "c", field: "styles")
    }
    let changes = [change(["b"], "ios"), change(["b", "a"], "android"), change(["a", "b"], "web")]
    let report = DiffReport.grouped(changes, screenOrder: ["a", "b"])
    XCTAssertEqual(report.changes.map(\.screens), [["a", "b"], ["b"]])
    XCTAssertEqual(report.changes.map(\.platforms), [["android", "web"], ["ios"]])
  }

  /// Within a kind, changes come in the order of their screens, whichever platform each was found
  /// on first (platforms are compared one after the other); changes of no screen in the order found.
  func testChangesOfAKindAreInTheOrderOfTheScreens() {
    let change = { (screens: [String], platform: String, field: String) in
      DiffChange(kind: .componentChanged, screens: screens, platforms: [platform], component: "c", field: field)
    }
    let changes = [
      change(["later"], "ios", "styles"), DiffChange(kind: .device, device: "tv"), change(["home"], "android", "styles"),
      change(["home", "later"], "android", "name"), DiffChange(kind: .device, device: "phone"),
    ]
    let report = DiffReport.grouped(changes, screenOrder: ["home", "later"])
    XCTAssertEqual(
      report.changes.map { "\($0.kind.rawValue) \($0.screens) \($0.field ?? "") \($0.device ?? "")" },
      [
        #"component_changed ["home"] styles "#, #"component_changed ["home", "later"] name "#,
        #"component_changed ["later"] styles "#, "device []  tv", "device []  phone",
      ])
  }

  /// A binding change on platforms that draw the component with different families is one change
  /// of no family; a layout change stays one per family.
  func testAChangeOfTwoFamiliesMergesButForItsLayout() {
    let change = { (kind: DiffChange.Kind, family: String, platform: String) in
      DiffChange(kind: kind, screens: ["home"], platforms: [platform], component: "l", family: family, field: "data")
    }
    let changes = [
      change(.binding, "F2", "ios"), change(.binding, "F1", "android"), change(.layout, "F2", "ios"), change(.layout, "F1", "android"),
      change(.target, "F1", "ios"), change(.target, "F1", "android"),
    ]
    let report = DiffReport.grouped(changes, screenOrder: ["home"])
    XCTAssertEqual(
      report.changes.map { "\($0.kind.rawValue) \($0.family ?? "-") \($0.platforms.joined(separator: ","))" },
      ["layout F2 ios", "layout F1 android", "binding - ios,android", "target F1 ios,android"])
  }
}
