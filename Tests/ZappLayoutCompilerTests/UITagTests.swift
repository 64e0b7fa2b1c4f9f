import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappReaders
@testable import ZappRules

/// A screen's `ui_tag` opens it from tagged feed items: the bundle maps each tag to its screen, and a
/// tagged screen counts as opened.
final class UITagTests: XCTestCase {
  static let guide =
    #"[{"id": "guide", "name": "EPG", "type": "general_content", "ui_tag": "epg", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]"#

  func testATaggedScreenIsOpenedByItsTagAndTheBundleMapsIt() throws {
    var files = Example.baseProject
    files["screens/guide.json"] = Self.guide
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    let outcome = Driver.build(dir, output: out)
    // Nothing but the tag opens the screen, and no warning says it is never opened.
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let index = try ScreenBundle.load(from: URL(fileURLWithPath: out)).index
    XCTAssertEqual(index.uiTags, [BundleIndex.Mapping(key: "epg", screen: "guide")])
    XCTAssertEqual(index.screenID(forUITag: "epg"), "guide")
    let text = try String(contentsOfFile: out + "/bundle.json", encoding: .utf8)
    XCTAssertTrue(text.contains(#""ui_tags":{"epg":"guide"}"#), text)

    // Without the tag, the same screen is one nothing opens.
    files["screens/guide.json"] = Self.guide.replacingOccurrences(of: #""ui_tag": "epg", "#, with: "")
    let untagged = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: untagged) }
    XCTAssertEqual(Driver.check(untagged).diagnostics.map(\.code), ["ZL0409"])
  }
}
