import XCTest
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// Manifests of one plugin that number a field differently per platform (`image_1` on iOS,
/// `image_2` on Android): a component writes each platform's key, and neither is a misspelling on
/// the other platform. A key no manifest declares stays one.
final class NumberedManifestKeyTests: XCTestCase {
  /// An iOS and Android app whose `promo` component plugin declares `image_1` (iOS) or `image_2`
  /// (Android) in `section`, and a home screen whose promo writes `values` there.
  /// `ios` and `android` are the keys each platform's manifest declares there (nil: none, and no
  /// such section); `elsewhere`, a section the iOS manifest declares `image_1` in instead.
  private func check(
    section: String, values: String, ios: [String]? = ["image_1", "title"], android: [String]? = ["image_2", "title"],
    elsewhere: String? = nil
  ) throws -> (dir: String, found: [Diagnostic], marked: Marked) {
    var files: [String: String] = [
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}, "android": {"min_zapp_sdk": "20.0.0"}}}"#
    ]
    for (platform, keys) in [("ios", ios), ("android", android)] {
      var sections = keys.map { [(section, $0)] } ?? []
      if platform == "ios", let elsewhere { sections.append((elsewhere, ["image_1"])) }
      let fields = sections.map { name, keys in
        #", "\#(name)": {"fields": ["# + keys.map { #"{"key": "\#($0)", "type": "text_input"}"# }.joined(separator: ", ") + "]}"
      }.joined()
      files["components/promo/manifests/\(platform).json"] = PlatformTests.manifest("promo", platform: platform, extra: fields)
    }
    let marked = Marked(
      """
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "promo", "\(section)": {\(values)}}]}]
      """)
    files["screens/home.json"] = marked.text
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == "ZL0206" }, marked)
  }

  /// Each platform's key written: no finding, and the build passes.
  func testEachPlatformsNumberedKeyIsNotAMisspelling() throws {
    for section in ["general", "styles"] {
      let (dir, found, _) = try check(section: section, values: #""image_1": "a.png", "image_2": "b.png", "title": "T""#)
      XCTAssertEqual(found.map(\.message), [], section)
      XCTAssertEqual(Driver.check(dir).diagnostics.map(\.message), [], section)
      XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success, section)
    }
  }

  /// One platform's key alone: no misspelling, but a warning (ZL0204) that the other platform
  /// reads its own key, which takes its default; the build passes.
  func testOnePlatformsNumberedKeyAloneIsAWarning() throws {
    for section in ["general", "styles"] {
      for (written, reads, other, platform) in [("image_1", "ios", "image_2", "android"), ("image_2", "android", "image_1", "ios")] {
        let (dir, found, marked) = try check(section: section, values: #"⟦⟧"\#(written)": "a.png""#)
        XCTAssertEqual(found.map(\.message), [], section)
        assertDiagnostics(
          Driver.check(dir).diagnostics, in: dir,
          [
            DiagnosticSpec(
              code: "ZL0204", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
              message:
                "key '\(written)' is read on \(reads) only: the manifests of \(platform) number this field '\(other)', which is not written here"
            )
          ])
        XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success, section)
      }
    }
  }

  /// Manifests that name a field otherwise per platform (`logo` on iOS, `logo2` on Android): each
  /// platform's key written checks clean; one alone is still a misspelling on the other platform
  /// (either manifest may hold it), said to be that platform's alone.
  func testAKeyAnotherPlatformNamesOtherwiseWrittenBesideItsOwnIsNoMisspelling() throws {
    let (both, found, _) = try check(section: "styles", values: #""logo": "a.png", "logo2": "b.png""#, ios: ["logo"], android: ["logo2"])
    XCTAssertEqual(found.map(\.message), [])
    // The manifests that differ are warned at (ZL0616); the screen is not.
    XCTAssertEqual(Driver.check(both).diagnostics.filter { $0.path?.hasSuffix("home.json") == true }.map(\.message), [])
    let (_, alone, _) = try check(section: "styles", values: #""logo": "a.png""#, ios: ["logo"], android: ["logo2"])
    XCTAssertEqual(alone.count, 1, "\(alone.map(\.message))")
    XCTAssertTrue(
      alone.first?.message.hasSuffix("(on android only: the manifests of ios declare it otherwise)") == true, "\(alone.map(\.message))")
  }

  /// A key no platform's manifest declares (`image_3`, `titel`) is still a misspelling on both.
  func testAKeyNoManifestDeclaresIsStillAMisspelling() throws {
    let names = ["general": "component plugin general", "styles": "component styles"]
    for section in ["general", "styles"] {
      let (dir, found, marked) = try check(section: section, values: #"⟦⟧"titel": "T", "image_1": "a.png""#)
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0206", file: "screens/home.json", line: marked.markers[0].line, column: marked.markers[0].column,
            message: "misspelled key 'titel' in \(names[section]!): clients ignore it", fixIt: #""title""#)
        ])
      let (_, numbered, _) = try check(section: section, values: #""image_3": "a.png""#)
      // Near a different key on each platform: one finding per platform, as for any key.
      XCTAssertEqual(numbered.count, 2, "\(section): \(numbered.map(\.message))")
      XCTAssertTrue(
        numbered.allSatisfy { $0.message.hasPrefix("misspelled key 'image_3' in \(names[section]!)") }, "\(numbered.map(\.message))")
    }
  }

  /// A numbered key no other platform's manifest declares in that section of that plugin stays a
  /// misspelling: the iOS manifest declaring no `general` at all (iOS then checks no `general`), or
  /// declaring `image_1` in `styles` alone; and two numbered misspellings of a key beside each other.
  func testANumberedKeyDeclaredNowhereThereIsStillAMisspelling() throws {
    let cases: [(values: String, ios: [String]?, elsewhere: String?, misspelt: [String])] = [
      (#""image_1": "a.png""#, nil, nil, ["image_1"]),
      (#""image_1": "a.png""#, nil, "styles", ["image_1"]),
      (#""titl1": "a", "titl2": "b""#, nil, nil, ["titl1", "titl2"]),
      (#""titl1": "a", "titl2": "b""#, ["title"], nil, ["titl1", "titl2"]),
    ]
    for c in cases {
      let (dir, found, _) = try check(section: "general", values: c.values, ios: c.ios, elsewhere: c.elsewhere)
      XCTAssertEqual(
        Set(found.map { String($0.message.prefix { $0 != ":" }) }),
        Set(c.misspelt.map { "misspelled key '\($0)' in component plugin general" }),
        "\(c)")
      XCTAssertNotEqual(Driver.build(dir, output: dir + "/out").status, .success, "\(c)")
    }
  }
  /// A navigation plugin numbered per platform too: a nav bar writing each platform's key checks
  /// clean; one platform's manifest alone, a key one edit from a declared numbered key is a
  /// misspelling whose did-you-mean is a hint, which `--fix` does not apply.
  func testANavigationPluginsNumberedKeysAreEachPlatformsOwn() throws {
    var files: [String: String] = [
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}, "android": {"min_zapp_sdk": "20.0.0"}}}"#
    ]
    for (platform, key) in [("ios", "image_1"), ("android", "image_2")] {
      files["components/my_bar/manifests/\(platform).json"] = PlatformTests.manifest(
        "my_bar", platform: platform, type: "nav_bar", extra: #", "assets": {"fields": [{"key": "\#(key)", "type": "uploader"}]}"#)
    }
    let screen = { (assets: String) in
      #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
        "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
        "navigations": [{"id": "nb", "category": "nav_bar", "navigation_type": "my_bar", "assets": \#(assets)}]}]
      """#
    }
    files["screens/home.json"] = screen(#"{"image_1": "a.png", "image_2": "b.png"}"#)
    let both = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: both) }
    XCTAssertEqual(Driver.check(both).diagnostics.filter { $0.code == "ZL0206" }.map(\.message), [])
    files["components/my_bar/manifests/android.json"] = nil
    files["screens/home.json"] = screen(#"{"image_2": "b.png"}"#)
    let one = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: one) }
    let found = Driver.check(one).diagnostics.filter { $0.code == "ZL0206" }
    XCTAssertEqual(found.map(\.message), ["misspelled key 'image_2' in assets of navigation plugin 'my_bar': clients ignore it"])
    XCTAssertEqual(found.first?.fixIt?.replacement, #""image_1""#)
    XCTAssertNil(found.first?.fixIt?.range, "numbered siblings may be two fields: a hint")
  }
}
