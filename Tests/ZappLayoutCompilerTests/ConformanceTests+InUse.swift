import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// The real Quick Brick manifests used as an app uses them, on the two platforms they are
/// published for: a screen plugin as a screen's type, a ui_component in a screen, a nav_item
/// plugin in a nav bar, a login plugin as a screen's hook.
extension ConformanceTests {
  /// The manifests of each plugin, by the folder they go in.
  static let inUseManifests = [
    "lock": ["quick-__quick-brick-parent-lock__ios_for_quickbrick.json", "quick-__quick-brick-parent-lock__android_for_quickbrick.json"],
    "banner": [
      "quick-__quick-brick-google-admob-inline-banner__ios_qb.json", "quick-__quick-brick-google-admob-inline-banner__android_qb.json",
    ],
    "mvpd": [
      "quick-__quick-brick-adobe-mvpd-navbar__ios_for_quickbrick.json",
      "quick-__quick-brick-adobe-mvpd-navbar__android_for_quickbrick.json",
    ],
    "auth": [
      "quick-__quick-brick-adobe-primetime-auth__ios_for_quickbrick.json",
      "quick-__quick-brick-adobe-primetime-auth__android_for_quickbrick.json",
    ],
  ]

  static let inUseScreens = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "hooks": {"preload_plugins": [{"identifier": "adobe-primetime-auth-qb", "type": "login", "weight": 1}]},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}},
        {"component_type": "google-admob-inline-banner-qb", "styles": {"banner_ad_unit": "/6499/example/banner"}}],
      "navigations": [
        {"id": "bar", "category": "nav_bar", "navigation_type": "quick-brick-navbar",
         "assets": {"app_logo": "https://a.example.com/logo.png"},
         "nav_items": [{"id": "mvpd", "title": "TV Provider", "type": "adobe_mvpd_navbar_icon", "data": {"source": "lock"}}]},
        {"id": "menu", "category": "menu", "navigation_type": "quick_brick_side_menu",
         "nav_items": [{"id": "lock-item", "title": "Lock", "type": "label", "data": {"target": "lock"}}]}]},
     {"id": "lock", "name": "Lock", "type": "parent-lock-qb", "styles": {"family": "FAMILY_1"}}]
    """

  /// The manifest's `initial_value` of `key` in `section` (in a group too).
  func initialValue(_ key: String, in section: String, of manifest: [String: Any]) -> String? {
    func find(_ fields: [[String: Any]]) -> String? {
      for field in fields {
        if field["key"] as? String == key { return field["initial_value"] as? String }
        if let inner = field["fields"] as? [[String: Any]], let found = find(inner) { return found }
      }
      return nil
    }
    return find(((manifest[section] as? [String: Any])?["fields"] as? [[String: Any]]) ?? [])
  }

  func json(_ path: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any], path)
  }

  /// The app checks clean and each platform's bundle carries what its client needs: the
  /// plugins' renderers (the nav item and nav bar among the navigation plugins), the client SDKs
  /// they need, a component's and a screen plugin's values over their manifest's initial values.
  func testTheRealQuickBrickManifestsInUse() throws {
    try requireShared(samples)
    let folder = samples.appendingPathComponent("real-manifests")
    var files = [
      "zlc.json": #"{"platforms": {"ios_for_quickbrick": {}, "android_for_quickbrick": {}}}"#, "screens/screens.json": Self.inUseScreens,
    ]
    for (plugin, names) in Self.inUseManifests {
      for name in names {
        files["components/\(plugin)/\(name)"] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      }
    }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success)
    for (index, platform) in ["ios_for_quickbrick", "android_for_quickbrick"].enumerated() {
      let entry = try XCTUnwrap((try json("\(dir)/out/\(platform)/bundle.json")["required_renderers"] as? [[String: Any]])?.first)
      XCTAssertEqual(entry["platform"] as? String, platform)
      XCTAssertEqual(entry["navigation_plugins"] as? [String], ["adobe_mvpd_navbar_icon", "quick-brick-navbar", "quick_brick_side_menu"])
      XCTAssertEqual(entry["screen_plugins"] as? [String], ["parent-lock-qb"])
      XCTAssertEqual(entry["component_types"] as? [String], ["google-admob-inline-banner-qb", "grid"])
      let versions = try Self.inUseManifests.values.map {
        try json(folder.appendingPathComponent($0[index]).path)["min_zapp_sdk"] as? String
      }
      // Every plugin needs the same client SDK here: the entry gives it.
      XCTAssertEqual(Set(versions), [entry["min_zapp_sdk"] as? String], platform)
      // The banner's own ad unit, and its manifest's initial value for a style it leaves out.
      let banner = try json(folder.appendingPathComponent(Self.inUseManifests["banner"]![index]).path)
      let home = try json("\(dir)/out/\(platform)/screens/home.json")
      let sections = try XCTUnwrap((home["resolved"] as? [String: Any])?["sections"] as? [[String: Any]])
      let styles = try XCTUnwrap(sections.last?["styles"] as? [String: Any])
      XCTAssertEqual(styles["banner_ad_unit"] as? String, "/6499/example/banner")
      XCTAssertEqual(styles["title_text"] as? String, try XCTUnwrap(initialValue("title_text", in: "styles", of: banner)))
      // The screen plugin's general, from its manifest alone.
      let lock = try json(folder.appendingPathComponent(Self.inUseManifests["lock"]![index]).path)
      let values = try json("\(dir)/out/\(platform)/screens/lock.json")
      let general = try XCTUnwrap(
        ((values["resolved"] as? [String: Any])?["plugin_values"] as? [String: Any])?["general"] as? [String: Any])
      XCTAssertEqual(general["instructions_text"] as? String, try XCTUnwrap(initialValue("instructions_text", in: "general", of: lock)))
    }
  }
}
