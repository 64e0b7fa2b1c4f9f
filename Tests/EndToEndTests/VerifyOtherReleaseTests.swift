import Foundation
import XCTest

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
    XCTAssertTrue(zero.err.contains("small[1].height 0"), zero.err)
  }
}
