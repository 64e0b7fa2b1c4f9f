import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappResolution
@testable import ZappWriters

/// The screens a screen names beyond its sections' targets (navigation items, headers and
/// footers, its parent) are screens of the bundle, as `zlc check` holds the project to (ZL0307):
/// `zlc verify` refuses one that is not, at its value.
final class VerifyReferenceTests: XCTestCase, GoldenBundleEditing {
  /// The golden bundles, whose navigation items, headers and parents name their screens, verify.
  func testTheGoldenBundlesReferencesAreScreensOfTheBundle() {
    for name in ["demo-bundle", "demo-bundle-expanded"] {
      XCTAssertEqual(verified(LoadHardeningTests.golden.appendingPathComponent(name)), [], name)
    }
  }

  /// A navigation item's target, nested in another item, that is no screen id is refused at the
  /// value; ids are compared exactly, so `Live` is not `live`.
  func testANavigationTargetNamingNoScreenIsRefusedAtAnyDepth() throws {
    let dir = try copy()
    try editScreen(
      dir, "screens/home.json", #"{"id":"menu-kids","title":"Kids","type":"label","data":{"target":"kids"}}"#,
      #"{"id":"menu-kids","title":"Kids","type":"label","data":{"target":"kids"},"nav_items":[{"id":"menu-kids-live","title":"Live","type":"label","data":{"target":"Live"}}]}"#
    )
    let at = try column(after: #""menu-kids-live","title":"Live","type":"label","data":{"target":"#, in: dir, "screens/home.json")
    XCTAssertEqual(
      verified(dir),
      [
        "screens/home.json:1:\(at): error: navigations[1].nav_items[3].nav_items[0].data.target: screen 'home', navigation 'main-menu', item 'menu-kids-live': navigation target 'Live' is not a screen of the bundle; a tap on the item would open nothing"
      ])
  }

  /// A header's `data.target` and a nested component's footer `target` that name no screen are
  /// refused at the value, once each (the section that takes the header is not reported again).
  func testAHeaderOrFooterTargetNamingNoScreenIsRefused() throws {
    let dir = try copy()
    try editScreen(
      dir, "screens/home.json", #""cell_styles":["HORIZONTAL_LIST_2"],"header":{"visible":true,"style":"HEADER_1"}"#,
      #""cell_styles":["HORIZONTAL_LIST_2"],"header":{"visible":true,"style":"HEADER_1","data":{"target":"nope"}}"#)
    try editScreen(dir, "screens/home.json", #""cell_styles":["LIST_2"]}"#, #""cell_styles":["LIST_2"],"footer":{"target":"gone"}}"#)
    let header = try column(after: #""style":"HEADER_1","data":{"target":"#, in: dir, "screens/home.json")
    let footer = try column(after: #""footer":{"target":"#, in: dir, "screens/home.json")
    XCTAssertEqual(
      verified(dir),
      [
        "screens/home.json:1:\(header): error: ui_components[3].styles.header.data.target: screen 'home', component 'home-for-you': header target 'nope' is not a screen of the bundle; a tap on the header would open nothing",
        "screens/home.json:1:\(footer): error: ui_components[4].ui_components[1].styles.footer.target: screen 'home', component 'home-featured-list': footer target 'gone' is not a screen of the bundle; a tap on the footer would open nothing",
      ])
  }

  /// A hook's `screen_id` that names no screen is refused at the value; one that names a screen
  /// of the bundle is not.
  func testAHookScreenNamingNoScreenIsRefused() throws {
    let dir = try copy()
    try editScreen(
      dir, "screens/show.json", #""data":{"connected":true,"parent":"shows"}"#,
      #""data":{"connected":true,"parent":"shows"},"hooks":{"preload_plugins":[{"identifier":"age_gate","screen_id":"home"}],"postload_plugins":[{"identifier":"rate_us","screen_id":"nope"}]}"#
    )
    let at = try column(after: #""identifier":"rate_us","screen_id":"#, in: dir, "screens/show.json")
    XCTAssertEqual(
      verified(dir),
      [
        "screens/show.json:1:\(at): error: hooks.postload_plugins[0].screen_id: screen 'show', hook 'rate_us': screen 'nope' is not a screen of the bundle; the hook would open nothing"
      ])
  }

  /// A screen's `data.parent` that names no screen is refused at the value.
  func testAParentNamingNoScreenIsRefused() throws {
    let dir = try copy()
    try editScreen(dir, "screens/show.json", #""data":{"connected":true,"parent":"shows"}"#, #""data":{"connected":true,"parent":"nope"}"#)
    let at = try column(after: #""parent":"#, in: dir, "screens/show.json")
    XCTAssertEqual(
      verified(dir),
      ["screens/show.json:1:\(at): error: data.parent: screen 'show', parent screen 'nope' is not a screen of the bundle"])
  }

  /// A fault in a screen file, repeated in rivers.json, is reported once, at the screen file:
  /// rivers.json is not also held to the schema then (its keys would be named missing in turn).
  func testAScreenFilesFaultIsNotReportedAgainInRivers() throws {
    let dir = try copy()
    // This release's bundle, which verify holds to its schema.
    let index = dir.appendingPathComponent("bundle.json")
    try String(contentsOf: index, encoding: .utf8).replacingOccurrences(of: "<version>", with: zlcVersion)
      .write(to: index, atomically: true, encoding: .utf8)
    try editScreen(
      dir, "screens/home.json",
      #"New this week","show_button":true,"button_color":"rgba(229, 9, 20, 1)"},"layout":{},"layout_absent":"not_in_family"}"#,
      #"New this week","show_button":true,"button_color":"rgba(229, 9, 20, 1)"},"layout":{}}"#)
    let text = try String(contentsOf: dir.appendingPathComponent("screens/home.json"), encoding: .utf8)
    let section = try XCTUnwrap(
      text.range(of: #"{"renderer":{"layout_id":null},"data":{"binding":"none"},"styles":{"cell_styles":["PROMO_WIDE"]"#))
    XCTAssertEqual(
      verified(dir),
      [
        "screens/home.json:1:\(section.lowerBound.utf16Offset(in: text) + 1): error: resolved.sections[1]: screen 'home', section 1 ('promo_banner'): holds no geometry, and the section has no layout_absent to say why; a client could not lay it out"
      ])
  }
}
