import XCTest
import ZappLayout

@testable import ZappWriters

/// `zlc verify` on bundles far larger than zlc writes: what it compares stays linear in their size.
final class VerifyScaleTests: XCTestCase {
  /// An object of `count` members `k0` … `k<count - 1>`, each 0 but the last, which is `last`.
  func object(_ count: Int, last: Int) -> JSON {
    .object((0..<count).map { ("k\($0)", .number(String($0 == count - 1 ? last : 0))) })
  }

  /// Two objects of 100,000 members that differ in their last are compared member by member through
  /// a table: a scan of each object per key made it 10¹⁰ comparisons, a `zlc verify` of a 2 MB
  /// screen file and rivers.json that ran for hours.
  func testObjectsOfManyMembersAreComparedInLinearTime() throws {
    let count = 100_000
    let start = ContinuousClock.now
    let found = try XCTUnwrap(BundleVerifier.firstDifference(object(count, last: 1), object(count, last: 2), at: "x"))
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(30), "a hang guard, not a speed goal")
    XCTAssertEqual(found.0, "x.k99999")
    XCTAssertEqual(found.1, .number("1"))
    XCTAssertEqual(found.2, .number("2"))
  }

  /// A member one object lacks is `null` there, found in the first object's order, then the
  /// second's.
  func testAMemberOneObjectLacksIsNullThere() throws {
    let a = JSON.object([("a", .number("1")), ("b", .number("2"))])
    let b = JSON.object([("b", .number("2")), ("c", .number("3"))])
    let first = try XCTUnwrap(BundleVerifier.firstDifference(a, b, at: ""))
    XCTAssertEqual([first.0], ["a"])
    XCTAssertEqual([first.1, first.2], [.number("1"), .null])
    let second = try XCTUnwrap(BundleVerifier.firstDifference(b, .object([("b", .number("2"))]), at: "s"))
    XCTAssertEqual([second.0], ["s.c"])
    XCTAssertEqual([second.1, second.2], [.number("3"), .null])
  }
}
