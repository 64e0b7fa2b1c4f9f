import Foundation
import XCTest
import ZappLayout

/// `zlc verify` holds a platform's `navigation_plugins` to the screens' navigations: each plugin a
/// navigation is drawn with (its `navigation_type`) is listed, and the list is one of strings.
final class VerifyNavigationPluginsTests: XCTestCase, BundleEditing {
  /// The demo's `bundle.json` with its one entry's `navigation_plugins` made `value` (nil: left out).
  func replacingNavigationPlugins(in out: URL, with value: JSON?) throws -> URL {
    let index = out.appendingPathComponent("bundle.json")
    let tree = try JSON.parse(try Data(contentsOf: index))
    let needs = try XCTUnwrap(tree["required_renderers"]?.arrayValue?.first?.objectValue)
    let edited = needs.compactMap { key, old in key == "navigation_plugins" ? value.map { (key, $0) } : (key, old) }
    try Data(tree.replacing("required_renderers", with: .array([.object(edited)])).encoded(pretty: false)).write(to: index)
    return index
  }

  /// The demo's menu (`TwoLevelRNMenu`) and nav bar (`navigation_bar`) are listed; the bundle verifies.
  func testTheDemoListsItsNavigationPlugins() throws {
    let out = try builtDemo()
    let bundle = try ScreenBundle.load(from: out)
    XCTAssertEqual(bundle.index.requiredRenderers.map(\.renderers.navigationPlugins), [["TwoLevelRNMenu", "navigation_bar"]])
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 0, result.err)
  }

  /// A navigation plugin left out is named with the first navigation drawn with it, in the order
  /// of the screens and their navigations: a client checking `missingRenderers` would take the
  /// bundle and draw no navigation there.
  func testEveryNavigationsPluginIsListed() throws {
    let out = try builtDemo()
    let bundle = try ScreenBundle.load(from: out)
    var firstUse: [String: (screen: String, navigation: Int)] = [:]
    for screen in try bundle.screens {
      for (i, navigation) in screen.navigations.enumerated() {
        guard let type = navigation.navigationType, firstUse[type] == nil else { continue }
        firstUse[type] = (screen.id, i)
      }
    }
    XCTAssertEqual(firstUse.keys.sorted(), ["TwoLevelRNMenu", "navigation_bar"])
    let cases: [(value: JSON?, left: [String])] = [
      (.array([.string("navigation_bar")]), ["TwoLevelRNMenu"]), (nil, ["navigation_bar", "TwoLevelRNMenu"]),
    ]
    for (value, left) in cases {
      let index = try replacingNavigationPlugins(in: out, with: value)
      // Left out, the errors are at the entry, which has no such key.
      let at = try position(after: value == nil ? #""required_renderers":["# : #""navigation_plugins":"#, in: index)
      let expected = try left.map { plugin in
        let use = try XCTUnwrap(firstUse[plugin])
        return
          "\(index.path):\(at.line):\(at.column): error: required_renderers of platform 'ios' leave out navigation plugin '\(plugin)', which navigation \(use.navigation) of screen '\(use.screen)' is drawn with: a client without it would take the bundle and draw no navigation there"
      }
      let result = try zlc(["verify", out.path])
      XCTAssertEqual(result.status, 1, result.err)
      XCTAssertEqual(result.err.split(separator: "\n").map(String.init), expected, "\(String(describing: value))")
    }
  }

  /// A bundle of an earlier release, which did not write the key, states no navigation plugins:
  /// without it, verify does not hold it to the navigations; with it, it does.
  func testABundleOfAnEarlierReleaseWithoutTheKeyVerifies() throws {
    let out = try builtDemo()
    let index = try replacingNavigationPlugins(in: out, with: .array([.string("navigation_bar")]))
    let tree = try JSON.parse(try Data(contentsOf: index))
    XCTAssertNotNil(tree["zlc_version"]?.stringValue)
    try Data(tree.replacing("zlc_version", with: .string("0.9.0")).encoded(pretty: false)).write(to: index)
    // With a list that leaves the menu out, it is refused, whatever release wrote it.
    let refused = try zlc(["verify", out.path])
    XCTAssertEqual(refused.status, 1, refused.err)
    XCTAssertTrue(refused.err.contains("leave out navigation plugin 'TwoLevelRNMenu'"), refused.err)
    // Without the list, it verifies.
    _ = try replacingNavigationPlugins(in: out, with: nil)
    XCTAssertEqual(try JSON.parse(try Data(contentsOf: index))["zlc_version"], .string("0.9.0"))
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertFalse(result.err.contains("navigation plugin"), result.err)
  }

  /// A value of another type at the key is refused at the value, or at the item, with where it is.
  func testAListOfAnotherTypeIsRefusedWhereItIs() throws {
    let cases: [(value: JSON, at: String, message: String)] = [
      (.number("7"), #""navigation_plugins":"#, "required_renderers[0].navigation_plugins: expected an array"),
      (
        .array([.string("TwoLevelRNMenu"), .number("7")]), #""navigation_plugins":["TwoLevelRNMenu","#,
        "required_renderers[0].navigation_plugins[1]: expected a string"
      ),
    ]
    for (value, after, message) in cases {
      let out = try builtDemo()
      let index = try replacingNavigationPlugins(in: out, with: value)
      let at = try position(after: after, in: index)
      let result = try zlc(["verify", out.path])
      XCTAssertEqual(result.status, 1, result.err)
      XCTAssertEqual(result.err, "\(index.path):\(at.line):\(at.column): error: \(message)\n")
    }
  }
}
