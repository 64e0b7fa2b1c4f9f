import Foundation
import XCTest

@testable import ZappLayout

/// Ids, keys and names a client compares byte for byte are compared by their UTF-8 bytes, never by
/// canonical equivalence, whatever a string's storage.
final class UTF8BytesTests: XCTestCase {
  func testCanonicallyEquivalentStringsOfOtherBytesDiffer() {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    XCTAssertEqual(composed, decomposed, "Swift's == says they are equal")
    XCTAssertFalse(composed.hasSameUTF8(as: decomposed))
    // Reordered combining marks: the same byte count, other bytes.
    XCTAssertFalse("a\u{301}\u{316}".hasSameUTF8(as: "a\u{316}\u{301}"))
  }

  func testTheSameBytesAreTheSameInEveryStorage() {
    let long = String(repeating: "screen-", count: 20) + "\u{1F3AC}"
    let copied = String(decoding: Array(long.utf8), as: UTF8.self)
    XCTAssertTrue(long.hasSameUTF8(as: copied))
    XCTAssertTrue("".hasSameUTF8(as: ""))
    XCTAssertTrue("home".hasSameUTF8(as: String("xhome".dropFirst())))
    // A bridged string, whose UTF-8 may not be stored contiguously.
    let bridged = NSString(string: long) as String
    XCTAssertTrue(bridged.hasSameUTF8(as: long))
    XCTAssertFalse(bridged.hasSameUTF8(as: long + " "))
  }

  func testOneDifferingByteDiffers() {
    XCTAssertFalse("home".hasSameUTF8(as: "Home"))
    XCTAssertFalse("home".hasSameUTF8(as: "hom"))
    XCTAssertFalse("".hasSameUTF8(as: " "))
    let long = String(repeating: "x", count: 64)
    XCTAssertFalse((long + "a").hasSameUTF8(as: long + "b"))
  }
}
