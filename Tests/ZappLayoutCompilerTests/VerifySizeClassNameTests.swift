import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler
@testable import ZappWriters

/// A section's values kept per size class name size classes of the bundle, and a merge into the
/// next section has one: `zlc verify` refuses a name a client would never apply, at the value.
final class VerifySizeClassNameTests: XCTestCase, GoldenBundleEditing {
  /// Tests/Fixtures/responsive-data built into a folder removed after the test: its `channel`
  /// screen's first section filters and merges on size class L.
  func built() throws -> URL {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/responsive-data")
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-size-class-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: out) }
    XCTAssertEqual(Driver.build(fixture.path, output: out.path).status, .success)
    return out
  }

  func testTheBuiltBundleVerifies() throws {
    XCTAssertEqual(verified(try built()), [])
  }

  func testAFilterOrAMergeNamingNoSizeClassOfTheBundleIsRefused() throws {
    let dir = try built()
    // The section's own values (the component's rules, which a client does not read, end in `}}`).
    let rules = #""filter_by_size_class":{"L":{"exclude_types":["video"]}},"merge_next_by_size_class":["L"],"pad_rows":true},{"data""#
    try editScreen(
      dir, "screens/channel.json", rules,
      rules.replacingOccurrences(of: #"{"L":"#, with: #"{"ZZ":"#).replacingOccurrences(of: #"["L"]"#, with: #"["L","Q"]"#))
    let filter = try column(after: #""filter_by_size_class":{"ZZ":"#, in: dir, "screens/channel.json")
    let merge = try column(after: #""merge_next_by_size_class":["L","#, in: dir, "screens/channel.json")
    let section = "screen 'channel', section 0 ('grid')"
    XCTAssertEqual(
      verified(dir),
      [
        "screens/channel.json:1:\(filter): error: resolved.sections[0].filter_by_size_class.ZZ: \(section): its filter_by_size_class names size class 'ZZ', which is not a size class of the bundle; a client never applies it",
        "screens/channel.json:1:\(merge): error: resolved.sections[0].merge_next_by_size_class[1]: \(section): its merge_next_by_size_class names size class 'Q', which is not a size class of the bundle; a client never applies it",
      ])
  }

  /// The screen's last section has no next section to merge on any size class.
  func testAMergeOnTheLastSectionIsRefused() throws {
    let dir = try built()
    let last = #""child":2},"layout_ref":"#
    try editScreen(dir, "screens/channel.json", last, #""child":2},"merge_next_by_size_class":["L"],"layout_ref":"#)
    let merge = try column(after: #""child":2},"merge_next_by_size_class":"#, in: dir, "screens/channel.json")
    XCTAssertEqual(
      verified(dir),
      [
        "screens/channel.json:1:\(merge): error: resolved.sections[2].merge_next_by_size_class: screen 'channel', section 2 ('grid'): merge_next_by_size_class on the screen's last section, which has no next section to merge"
      ])
  }
}
