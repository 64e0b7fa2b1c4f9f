import Foundation
import XCTest

/// `zlc verify` holds each screen file to its `sha256` in `bundle.json`: another hash is named,
/// and so is an entry that gives none to check the file against.
final class VerifyHashTests: XCTestCase, BundleEditing {
  func testAHashOtherThanTheFilesIsNamedAndAnEmptyOneSaysSo() throws {
    let out = try builtDemo()
    let show = out.appendingPathComponent("screens/show.json")
    let hash = try XCTUnwrap(sha256Hex(show))
    let index = out.appendingPathComponent("bundle.json")
    let other = String(repeating: "0", count: 64)
    try edit(index, hash, other)
    var result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(show.path): error: its SHA-256 is \(hash), not \(other) as bundle.json says\n")

    try edit(index, other, "")
    result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(show.path): error: its SHA-256 is \(hash), but bundle.json gives no hash to check it against\n")
  }
}
