import Foundation
import XCTest
import ZappLayout

/// A bundle another release wrote holds that release's arithmetic: `zlc verify` takes its layouts
/// as written (sizes above zero), where a bundle of this release must hold the very layouts this
/// release's runtime lays out.
final class VerifyOtherReleaseTests: XCTestCase, BundleEditing {
  func testAnotherReleasesLayoutIsTakenAsWritten() throws {
    let out = try builtDemo([])
    let index = out.appendingPathComponent("bundle.json")
    // The demo's one_and_n hero on the phone: its second small item 0.5 pt higher than this release's.
    try edit(index, #""height":88\}\]"#, #""height":88.5}]"#)
    let own = try zlc(["verify", out.path])
    XCTAssertEqual(own.status, 1, own.err)
    XCTAssertTrue(own.err.contains("gives small[1].height 88 there, but its layout holds 88.5"), own.err)
    try edit(index, #""zlc_version":"[^"]*""#, #""zlc_version":"99.0.0""#)
    let other = try zlc(["verify", out.path])
    XCTAssertEqual(other.status, 0, other.err)
    XCTAssertEqual(other.err, "\(out.path): ok, 10 screens load\n")
    // A size at zero is refused all the same: no client draws it.
    try edit(index, #""height":88.5\}\]"#, #""height":0}]"#)
    let zero = try zlc(["verify", out.path])
    XCTAssertEqual(zero.status, 1, zero.err)
    XCTAssertTrue(
      zero.err.contains("its layout, of kind 'one_and_n', gives small[1].height 0.0 there; a size must be above zero"), zero.err)
  }

  /// Another release may count the items a section shows otherwise, but not for a device the bundle
  /// does not list.
  func testAnotherReleasesItemCountForADeviceTheBundleLacksIsRefused() throws {
    let out = try builtDemo([])
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, #""zlc_version":"[^"]*""#, #""zlc_version":"99.0.0""#)
    let home = out.appendingPathComponent("screens/home.json")
    let tree = try JSON.parse(try Data(contentsOf: home))
    let sections = try XCTUnwrap(tree["resolved"]?["sections"]?.arrayValue)
    let limited = try XCTUnwrap(sections.firstIndex { $0["items_shown"] != nil })
    let counted = try editingSection(tree, limited) { members in
      members = members.map { key, value in
        guard key == "items_shown", case .object(let counts) = value else { return (key, value) }
        return (key, .object(counts.map { ($0.0, .int(1)) } + [("watch", .int(3))]))
      }
    }
    try rewrite(home, counted, in: out)
    try mirrorInRivers(home, in: out)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertTrue(result.err.contains("device 'watch': items_shown gives 3, but the bundle lists no such device"), result.err)
    XCTAssertFalse(result.err.contains("the runtime shows"), "another release's counts are taken as written: \(result.err)")
  }
}
