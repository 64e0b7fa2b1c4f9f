import XCTest
import ZappLayout

@testable import ZappLayoutCompiler

/// `zlc diff` pairs the components that a longest common subsequence leaves by their keys; the
/// pairs are those of a scan of every component left, on screens too long for the subsequence.
final class DiffLeftoverPairingTests: XCTestCase {
  typealias Written = ComponentKeyComparison.Written
  typealias SplitMix = ResponsiveTests.SplitMix

  /// The pairing as a scan of the whole other list for each item left: the first not used that
  /// is the same.
  static func scanned(_ a: [Int], _ b: [Int], same: (Int, Int) -> Bool) -> [(Int, Int)] {
    var pairs = ComponentKeyComparison.commonSubsequence(a, b, same: same)
    var used = Set(pairs.map(\.1))
    let paired = Set(pairs.map(\.0))
    for i in a where !paired.contains(i) {
      guard let j = b.first(where: { !used.contains($0) && same(i, $0) }) else { continue }
      used.insert(j)
      pairs.append((i, j))
    }
    return pairs
  }

  /// A random component: few types, sources and limits (many written alike), an id now and then,
  /// members in either order, a limit written `3` or `3.0`, and now and then a key written twice.
  static func component(_ random: inout SplitMix) -> Written {
    let type = ["grid", "list", "hero"][random.next(3)]
    let limit = random.next(3) + 1
    var data: [(String, JSON)] = [("source", .string("s\(random.next(4))")), ("type", .string("FEED"))]
    if random.next(2) == 0 { data.reverse() }
    var members: [(String, JSON)] = [
      ("component_type", .string(type)), ("data", .object(data)),
      ("rules", .object([("item_limit", .number(random.next(2) == 0 ? "\(limit)" : "\(limit).0"))])),
    ]
    if random.next(2) == 0 { members.reverse() }
    if random.next(8) == 0 { members.append(("id", .string("c\(random.next(40))"))) }
    if random.next(10) == 0 { members.append(("name", .string("n"))) }
    if random.next(12) == 0 { members.append(("name", .string("m"))) }
    return Written(path: [0], members: members)
  }

  /// On screens of 1,100 to 1,300 components (beyond the subsequence's bound, so that every pair is
  /// found among the components left), the keyed pairing gives the pairs of the scan, both of
  /// components written alike and of those of one signature.
  func testKeyedPairingGivesThePairsOfAScanOnALargeScreen() {
    var random = SplitMix(state: 20_261_201)
    for round in 0..<2 {
      let base = (0..<(1_100 + random.next(200))).map { _ in Self.component(&random) }
      let head = (0..<(1_100 + random.next(200))).map { _ in Self.component(&random) }
      let (bs, hs) = (Array(base.indices), Array(head.indices))
      XCTAssertGreaterThan(bs.count * hs.count, 1 << 20, "the subsequence is left out")
      let alike = ComponentKeyComparison.alike(base, head, bs, hs)
      let idsAgree = { (b: Int, h: Int) in base[b].id == nil || head[h].id == nil || base[b].id == head[h].id }
      let same = { (b: Int, h: Int) in idsAgree(b, h) && alike(b, h) }
      let keyed = ComponentKeyComparison.pairedAlike(bs, hs, keys: ComponentKeyComparison.contentKeys(base, head), same: same)
      let expected = Self.scanned(bs, hs, same: same)
      XCTAssertGreaterThan(expected.count, 500, "round \(round) pairs many")
      XCTAssertEqual(keyed.map { [$0.0, $0.1] }, expected.map { [$0.0, $0.1] }, "round \(round), written alike")
      // Those of one signature, by a key of the signature alone.
      let signature = { (b: Int, h: Int) in base[b].signature == head[h].signature }
      let bySignature = { (side: [Written]) in { (i: Int) -> Int? in side[i].signature.hashValue } }
      XCTAssertEqual(
        ComponentKeyComparison.pairedAlike(bs, hs, keys: (bySignature(base), bySignature(head)), same: signature).map { [$0.0, $0.1] },
        Self.scanned(bs, hs, same: signature).map { [$0.0, $0.1] }, "round \(round), by signature")
    }
  }

  /// The whole diff of a large screen, components without an id shuffled and some edited, pairs
  /// each component with the one written alike: only moves and the edits are listed.
  func testALargeShuffledScreenIsMovesAndEdits() {
    var random = SplitMix(state: 7)
    let base = (0..<1_200).map { n in
      Written(
        path: [n], members: [("component_type", .string("grid")), ("data", .object([("source", .string("s\(n)"))]))])
    }
    var head = base.shuffled(using: &random)
    for n in head.indices { head[n].path = [n] }
    head[5].members.append(("name", .string("Edited")))
    let pairs = ComponentKeyComparison.pairs(base, head)
    XCTAssertEqual(pairs.count, 1_200)
    XCTAssertTrue(pairs.allSatisfy { base[$0.0].signature == head[$0.1].signature }, "each with its own source")
  }
}

extension ResponsiveTests.SplitMix {
  /// A number below `bound`.
  mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
