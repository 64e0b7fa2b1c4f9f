import Foundation
import XCTest

@testable import ZappModel

/// Ids are compared by their exact characters, as clients compare them, in tables too.
final class ExactStringTests: XCTestCase {
  func testCanonicallyEquivalentIdsStayDistinct() {
    let composed = ExactString("caf\u{E9}")
    let decomposed = ExactString("cafe\u{301}")
    XCTAssertEqual("caf\u{E9}", "cafe\u{301}", "Swift's own comparison calls them equal")
    XCTAssertNotEqual(composed, decomposed)
    XCTAssertEqual(Set([composed, decomposed]).count, 2)
  }

  func testEqualBytesMeetInATable() {
    let long = "3f2c9a1e-5b7d-4c2a-9e8f-0a1b2c3d4e5f"
    // Made apart, so the two values share no storage.
    let built = String(long.prefix(18)) + String(long.dropFirst(18))
    XCTAssertEqual(ExactString(long), ExactString(built))
    XCTAssertEqual(ExactString(long).hashValue, ExactString(built).hashValue)
    let table = [ExactString(long): 1, ExactString("short"): 2, ExactString(""): 3]
    XCTAssertEqual(table[ExactString(built)], 1)
    XCTAssertEqual(table[ExactString("sho" + "rt")], 2)
    XCTAssertEqual(table[ExactString("")], 3)
    XCTAssertNil(table[ExactString(String(long.dropLast()) + "0")], "one byte apart is another id")
    XCTAssertNil(table[ExactString("Short")])
  }

  func testABridgedStringComparesByItsBytes() {
    let bridged = NSString(string: "caf\u{E9}-\u{1F600}") as String
    XCTAssertEqual(ExactString(bridged), ExactString("caf\u{E9}-\u{1F600}"))
    XCTAssertNotEqual(ExactString(bridged), ExactString("cafe\u{301}-\u{1F600}"))
  }
}
