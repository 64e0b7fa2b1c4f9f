import Foundation
import XCTest

@testable import ZappLayout

/// A platform's `navigation_plugins` in `required_renderers`: written when there are any, read
/// back to the same bytes, and counted in what a client lacks.
final class NavigationPluginsTests: XCTestCase {
  /// An index whose iOS entry needs two navigation plugins and whose Android entry needs none.
  func index() -> BundleIndex {
    var index = BundleIndex.blank
    index.formatVersion = 2
    index.requiredRenderers = [
      PlatformRenderers(
        platform: "ios", renderers: RendererSet(componentTypes: ["grid"], navigationPlugins: ["side_menu", "TwoLevelRNMenu", "side_menu"])),
      PlatformRenderers(platform: "android", renderers: RendererSet(componentTypes: ["grid"])),
    ]
    return index
  }

  func testTheListIsSortedWrittenWhenNotEmptyAndReadBackToTheSameBytes() throws {
    XCTAssertEqual(index().requiredRenderers[0].renderers.navigationPlugins, ["TwoLevelRNMenu", "side_menu"], "sorted, once each")
    for form in [BundleForm.compact, .expanded] {
      let bytes = index().encoded(pretty: false, form: form)
      let text = String(decoding: bytes, as: UTF8.self)
      XCTAssertTrue(
        text.contains(
          #"{"platform":"ios","component_types":["grid"],"cell_layouts":[],"layout_kinds":[],"screen_plugins":[],"navigation_plugins":["TwoLevelRNMenu","side_menu"]}"#
        ), text)
      XCTAssertTrue(
        text.contains(#"{"platform":"android","component_types":["grid"],"cell_layouts":[],"layout_kinds":[],"screen_plugins":[]}"#),
        "left out when none: \(text)")
      let read = try BundleIndex(json: try JSON.parse(bytes))
      XCTAssertEqual(read.requiredRenderers.map(\.renderers.navigationPlugins), [["TwoLevelRNMenu", "side_menu"], nil])
      XCTAssertEqual(read.requiredRenderers, index().requiredRenderers)
      XCTAssertEqual(read.encoded(pretty: false, form: form), bytes, "decode, encode: the same bytes")
    }
  }

  /// A value at the key that is not a list of strings is refused with its path, as the other
  /// lists are: read as the strings alone, a client would take a bundle it cannot draw.
  func testAListThatIsNotStringsIsRefusedWithItsPath() throws {
    let text = String(decoding: index().encoded(pretty: false, form: .compact), as: UTF8.self)
    for (bad, why) in [(#"["side_menu",7]"#, "navigation_plugins[1]"), (#""side_menu""#, "navigation_plugins")] {
      let edited = text.replacingOccurrences(of: #"["TwoLevelRNMenu","side_menu"]"#, with: bad)
      XCTAssertNotEqual(edited, text)
      XCTAssertThrowsError(try BundleIndex(json: try JSON.parse(Array(edited.utf8)))) { error in
        let failure = error as? BundleDecodingError
        XCTAssertEqual(failure?.path, "required_renderers[0].\(why)", "\(error)")
      }
    }
  }

  func testTheSchemaDescribesAnOptionalListOfStrings() throws {
    let definition = try XCTUnwrap(BundleSchema.json["definitions"]?["platform_renderers"])
    XCTAssertEqual(definition["properties"]?["navigation_plugins"]?["type"], .string("array"))
    XCTAssertEqual(definition["properties"]?["navigation_plugins"]?["items"]?["type"], .string("string"))
    let required = definition["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
    XCTAssertFalse(required.contains("navigation_plugins"), "\(required)")
    XCTAssertEqual(PlatformRenderers.key(\.renderers.navigationPlugins), "navigation_plugins")
  }

  /// An empty list that a bundle writes is read back as stated, and written back to the same bytes.
  func testAnEmptyListIsReadBackToTheSameBytes() throws {
    let text = String(decoding: index().encoded(pretty: false, form: .compact), as: UTF8.self)
    let edited = text.replacingOccurrences(of: #""screen_plugins":[]}"#, with: #""screen_plugins":[],"navigation_plugins":[]}"#)
    XCTAssertNotEqual(edited, text)
    let read = try BundleIndex(json: try JSON.parse(Array(edited.utf8)))
    XCTAssertEqual(read.requiredRenderers.map(\.renderers.navigationPlugins), [["TwoLevelRNMenu", "side_menu"], []])
    XCTAssertEqual(String(decoding: read.encoded(pretty: false, form: .compact), as: UTF8.self), edited)
  }

  /// A client's set made without navigation plugins (as one made before there were any) states
  /// none: nothing is counted missing of them, as of a registry without the list. One that states
  /// its list, empty too, is told each it lacks.
  func testAClientThatStatesNoNavigationPluginsLacksNone() {
    let index = index()
    let old = RendererSet(componentTypes: ["grid"])
    XCTAssertNil(old.navigationPlugins)
    XCTAssertEqual(index.missingRenderers(for: "ios", available: old), RendererSet())
    XCTAssertEqual(index.missingRenderers(for: "ios", available: old)?.isEmpty, true)
    XCTAssertEqual(
      index.missingRenderers(for: "ios", available: RendererSet(componentTypes: ["grid"], navigationPlugins: [])),
      RendererSet(navigationPlugins: ["TwoLevelRNMenu", "side_menu"]))
    XCTAssertNotEqual(RendererSet(navigationPlugins: []), RendererSet(), "stated and not stated differ")
    XCTAssertEqual(RendererSet(navigationPlugins: []).isEmpty, true)
    XCTAssertNil(RendererSet().union(RendererSet(componentTypes: ["grid"])).navigationPlugins)
    XCTAssertEqual(RendererSet().union(RendererSet(navigationPlugins: [])).navigationPlugins, [])
  }

  /// What a client lacks includes the navigation plugins it does not have, by exact name.
  func testAClientWithoutANavigationPluginLacksIt() {
    let index = index()
    let mine = RendererSet(componentTypes: ["grid"], navigationPlugins: ["side_menu", "twolevelrnmenu"])
    XCTAssertEqual(index.missingRenderers(for: "ios", available: mine), RendererSet(navigationPlugins: ["TwoLevelRNMenu"]))
    XCTAssertEqual(
      index.missingRenderers(
        for: "ios", available: RendererSet(componentTypes: ["grid"], navigationPlugins: ["TwoLevelRNMenu", "side_menu"])),
      RendererSet())
    XCTAssertEqual(index.missingRenderers(for: "android", available: RendererSet(componentTypes: ["grid"])), RendererSet())
    XCTAssertFalse(RendererSet(navigationPlugins: ["side_menu"]).isEmpty)
    XCTAssertNotEqual(RendererSet(navigationPlugins: ["side_menu"]), RendererSet(screenPlugins: ["side_menu"]))
    XCTAssertEqual(
      RendererSet(navigationPlugins: ["b"]).union(RendererSet(navigationPlugins: ["a", "b"])), RendererSet(navigationPlugins: ["a", "b"]))
  }
}
