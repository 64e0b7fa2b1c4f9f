import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// Facts of a section a client needs from the bundle: a hidden header or footer has no height,
/// and a fallback carries its cell's card style as a size class replacement does.
final class SectionFactsTests: XCTestCase {
  /// Builds `files` into the expanded form and returns the home screen's sections as written,
  /// after `zlc verify` passes and the runtime decodes and encodes the screen to the same bytes.
  func builtSections(_ files: [String: String]) throws -> [JSON] {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let build = Driver.build(dir, output: out, bundle: BundleWriter.Options(form: .expanded))
    XCTAssertTrue(build.written, build.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
    XCTAssertEqual(BundleVerifier.verify(out).problems.map(\.message), [String]())
    let data = try Data(contentsOf: URL(fileURLWithPath: out + "/screens/home.json"))
    let screen = try ResolvedScreen(data: data)
    XCTAssertEqual(try ResolvedScreen(data: Data(screen.json.encoded())).json.encodedString(), screen.json.encodedString())
    return try XCTUnwrap(JSON.parse(data)["resolved"]?["sections"]?.arrayValue)
  }

  static func home(_ components: [String]) -> String {
    """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [\(components.joined(separator: ", "))]}]
    """
  }

  static func grid(styles: String) -> String {
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]\#(styles)}}"#
  }

  func testAHiddenHeaderOrFooterHasNoHeight() throws {
    let sections = try builtSections([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "screens/home.json": Self.home([
        Self.grid(
          styles: #", "header": {"visible": false, "style": "HEADER_1"}, "footer": {"visible": "false", "style": "HEADER_2"}"#),
        Self.grid(styles: #", "header": {"visible": true, "style": "HEADER_1"}, "footer": {"visible": true, "style": "HEADER_2"}"#),
      ]),
    ])
    XCTAssertEqual(sections.count, 2)
    let heights = ["header_height", "header_height_variants", "footer_height", "footer_height_variants"]
    XCTAssertEqual(heights.compactMap { sections[0]["geometry"]?[$0] }, [])
    XCTAssertEqual(sections[0]["layout"]?["phone"]?["header_height"], nil)
    XCTAssertEqual(sections[0]["layout"]?["phone"]?["footer_height"], nil)
    // Shown (`visible` true): the family's heights. (The `ios` client hides one whose `visible` is
    // left out: PlatformTruthTests.)
    XCTAssertEqual(sections[1]["layout"]?["phone"]?["header_height"], .int(44))
    XCTAssertEqual(sections[1]["layout"]?["phone"]?["footer_height"], .int(36))
    XCTAssertEqual(sections[1]["geometry"]?["header_height"], .object([("phone", .int(44)), ("tablet", .int(52))]))
  }

  func testAFallbackCarriesTheCardStyleOfItsCellAsASizeClassReplacementDoes() throws {
    let promo = """
      {"component_type": "promo", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"},
       "styles": {"backgroundColor": "#ff0000", "cornerRadius": 8},
       "size_class_mapping": {"L": {"component_type": "grid", "cell_style": "GRID_1"}},
       "fallback": {"component_type": "grid", "cell_style": "GRID_1"}}
      """
    let sections = try builtSections([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "components/promo/manifests/ios.json": PlatformTests.manifest("promo", platform: "ios"),
      "screens/home.json": Self.home([promo]),
    ])
    let card = JSON.object([("background_color", .string("#ff0000")), ("corner_radius", .int(8))])
    XCTAssertEqual(sections[0]["size_class_mapping"]?.arrayValue?.first?["card_style"], card)
    XCTAssertEqual(sections[0]["fallback"]?["card_style"], card)
    XCTAssertEqual(
      sections[0]["fallback"]?.objectValue?.map(\.0), ["component_type", "cell_style", "layout_id", "card_style", "geometry"])
    // The compact form writes it too, and the runtime reads it back.
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/home.json": Self.home([promo]),
      "components/promo/manifests/ios.json": PlatformTests.manifest("promo", platform: "ios"),
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertTrue(Driver.build(dir, output: dir + "/out").written)
    XCTAssertEqual(BundleVerifier.verify(dir + "/out").problems.map(\.message), [String]())
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"))
    let section = try XCTUnwrap(bundle.screen(id: "home")?.resolved.sections.first)
    XCTAssertEqual(section.fallback?.cardStyle, CardStyle(backgroundColor: "#ff0000", cornerRadius: 8))
    XCTAssertEqual(section.fallback?.cardStyle, section.sizeClassMapping.first?.cardStyle)
  }
}
