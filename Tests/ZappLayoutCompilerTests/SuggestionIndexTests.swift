import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappReaders

/// Did-you-mean suggestions from an index agree with the plain definition (the nearest candidate
/// within the limit, the earliest on a tie), and repeated questions are answered from the cache.
final class SuggestionIndexTests: XCTestCase {
  /// Optimal string alignment distance from its textbook definition: the whole table, no bound.
  static func osa(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { d[i][0] = i }
    for j in 0...y.count { d[0][j] = j }
    for i in stride(from: 1, through: x.count, by: 1) {
      for j in stride(from: 1, through: y.count, by: 1) {
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
      }
    }
    return d[x.count][y.count]
  }

  /// The definition, by brute force over every candidate: the nearest within the limit, the
  /// earliest of those as near, tied when another (distinct) candidate is as near.
  func bruteForce(_ word: String, _ candidates: [String]) -> Suggestion? {
    var best: (String, Int)?
    var nearest: Set<String> = []
    for candidate in candidates where candidate != word {
      let d = Self.osa(word.lowercased(), candidate.lowercased())
      let limit = SuggestionIndex.limit(word.unicodeScalars.count, candidate.unicodeScalars.count)
      guard d <= limit else { continue }
      if best == nil || d < best!.1 {
        best = (candidate, d)
        nearest = [candidate]
      } else if d == best!.1 {
        nearest.insert(candidate)
      }
    }
    return best.map { Suggestion(text: $0.0, isTied: nearest.count > 1) }
  }

  func testAgreesWithTheDefinitionOnRandomVocabularies() {
    var generator = ResponsiveTests.SplitMix(state: 0x5EED_2026)  // seeded: a failure repeats
    let alphabet = Array("abcde-_1")
    func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
    for _ in 0..<200 {
      let candidates = (0..<Int.random(in: 1...40, using: &generator)).map { _ in word(Int.random(in: 1...9, using: &generator)) }
      let index = SuggestionIndex(candidates)
      for _ in 0..<20 {
        let asked: String
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: asked = word(Int.random(in: 0...10, using: &generator))
        case 1: asked = String(candidates.randomElement(using: &generator)!.dropLast())
        default: asked = swapped(candidates.randomElement(using: &generator)!, using: &generator)
        }
        XCTAssertEqual(index.nearest(to: asked), bruteForce(asked, candidates), "\(asked) in \(candidates)")
      }
    }
  }

  /// The trie, asked directly (the index asks it only when many names pass the character-set
  /// test), agrees with the definition on random vocabularies, ties and case twins included.
  func testTheTrieAgreesWithTheDefinition() {
    var generator = ResponsiveTests.SplitMix(state: 0x7121_2026)  // seeded: a failure repeats
    let alphabet = Array("abcdE-_1é")
    func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
    for _ in 0..<200 {
      let candidates = (0..<Int.random(in: 1...40, using: &generator)).map { _ in word(Int.random(in: 0...12, using: &generator)) }
      let trie = SuggestionTrie(candidates, longest: SuggestionIndex.trigramLength + 2)
      for _ in 0..<20 {
        let asked: String
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: asked = word(Int.random(in: 0...13, using: &generator))
        case 1: asked = String(candidates.randomElement(using: &generator)!.dropLast())
        case 2: asked = candidates.randomElement(using: &generator)!.uppercased()
        default: asked = swapped(candidates.randomElement(using: &generator)!, using: &generator)
        }
        XCTAssertEqual(
          trie.nearest(to: asked, Array(asked.lowercased().unicodeScalars)), bruteForce(asked, candidates), "\(asked) in \(candidates)")
      }
    }
  }

  /// Random ids of a wide alphabet: few pass the character-set test, so each is compared one by
  /// one, as the definition says; names of one pattern pass it by hundreds and go to the trie.
  func testRandomIdsAreScannedAndAgreeWithTheDefinition() {
    var generator = ResponsiveTests.SplitMix(state: 0x1D5_2026)  // seeded: a failure repeats
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_")
    func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
    let ids = (0..<2_000).map { _ in word(Int.random(in: 15...27, using: &generator)) }
    let index = SuggestionIndex(ids)
    for _ in 0..<100 {
      let asked = Bool.random(using: &generator) ? swapped(ids.randomElement(using: &generator)!, using: &generator) : word(20)
      XCTAssertEqual(index.nearest(to: asked), bruteForce(asked, ids), asked)
    }
    XCTAssertFalse(index.hasSearchedTrie, "random ids are compared one by one")
    let pattern = SuggestionIndex((0..<1_000).map { "FAM_\($0)" })
    XCTAssertEqual(pattern.suggestion(for: "FMA_123"), "FAM_123")
    XCTAssertTrue(pattern.hasSearchedTrie, "names of one pattern pass the character-set test by hundreds")
  }

  /// Names of one pattern (`FAM_0` to `FAM_999`), which share their lengths and characters, asked
  /// with their letters swapped and a character added, changed or dropped: the trie suggests what
  /// the definition does, ties included, and never a name for itself.
  func testNamesOfOnePatternAgreeWithTheDefinition() {
    var generator = ResponsiveTests.SplitMix(state: 0x5EED_2026)  // seeded: a failure repeats
    let names = (0..<1_000).map { "FAM_\($0)" } + ["Fam_7", "fam_7", ""]
    let index = SuggestionIndex(names)
    for _ in 0..<150 {
      let n = Int.random(in: 0..<1_000, using: &generator)
      for asked in ["FMA_\(n)x", "FAM_\(n)", "fam_\(n)", "FAM\(n)", "FAM_\(n)_\(n % 7)", swapped("FAM_\(n)", using: &generator)] {
        XCTAssertEqual(index.nearest(to: asked), bruteForce(asked, names), asked)
      }
    }
    for asked in ["", "F", "fam_7", "Fam_7", "FAM_7"] { XCTAssertEqual(index.nearest(to: asked), bruteForce(asked, names), asked) }
    XCTAssertEqual(index.nearest(to: "FMA_123"), Suggestion(text: "FAM_123", isTied: false))
  }

  /// Long words (UUID-shaped ids) go through the trigram index: it suggests exactly what the
  /// definition does, for words a few edits from a candidate and for strangers.
  func testLongIdsAgreeWithTheDefinition() {
    var generator = ResponsiveTests.SplitMix(state: 0x5EED_2026)  // seeded: a failure repeats
    let alphabet = Array("0123456789abcdef-")
    func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
    func edited(_ word: String) -> String {
      var characters = Array(word)
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let i = Int.random(in: 0..<characters.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: characters.insert(alphabet.randomElement(using: &generator)!, at: i)
        case 1: if characters.count > 1 { characters.remove(at: i) }
        case 2: characters[i] = alphabet.randomElement(using: &generator)!
        default: if i + 1 < characters.count { characters.swapAt(i, i + 1) }
        }
      }
      return String(characters)
    }
    for _ in 0..<100 {
      let candidates = (0..<Int.random(in: 1...60, using: &generator)).map { _ in word(Int.random(in: 16...44, using: &generator)) }
      let index = SuggestionIndex(candidates)
      for _ in 0..<20 {
        let asked =
          Bool.random(using: &generator)
          ? edited(candidates.randomElement(using: &generator)!) : word(Int.random(in: 19...44, using: &generator))
        XCTAssertEqual(index.nearest(to: asked), bruteForce(asked, candidates), "\(asked) in \(candidates)")
      }
    }
    // A UUID one swap from a screen's id, among 2,000 others of the same shape.
    let uuids = (0..<2_000).map { n in String(format: "%08x-4b1d-4c2e-8f3a-%012x", n &* 2_654_435_761 % 4_294_967_296, n) }
    let typo = String(
      Array(uuids[1_234]).enumerated().map {
        $0.offset == 3 ? Array(uuids[1_234])[4] : $0.offset == 4 ? Array(uuids[1_234])[3] : $0.element
      })
    XCTAssertEqual(SuggestionIndex(uuids).suggestion(for: typo), uuids[1_234])
  }

  /// Object ids of 24 hex digits, which share their length and characters: a stale one goes
  /// through the 4-gram index, not the trie (whose bound of 3 edits lets most of a vocabulary of
  /// 16 letters through), and a typo of one is suggested as the definition says.
  func testHexObjectIDsGoThroughTheGramIndex() {
    var generator = ResponsiveTests.SplitMix(state: 0x0B1E_C7ED)
    let hex = Array("0123456789abcdef")
    func id() -> String { String((0..<24).map { _ in hex.randomElement(using: &generator)! }) }
    let ids = (0..<2_000).map { _ in id() }
    let index = SuggestionIndex(ids)
    let stale = (0..<200).map { _ in id() }
    index.prepare(stale)
    for word in stale.prefix(20) { XCTAssertEqual(index.nearest(to: word), bruteForce(word, ids), word) }
    let typo = String(ids[777].dropLast()) + (ids[777].last == "0" ? "1" : "0")
    XCTAssertEqual(index.suggestion(for: typo), ids[777])
    XCTAssertFalse(index.hasSearchedTrie)
  }

  /// Vocabularies of 64 long ids and more that share most of their grams (one skeleton, a few
  /// characters apart): the word's common grams are not counted, candidates are counted from the
  /// rare ones, and those that share none of them are compared too. Each agrees with the definition.
  func testLongIdsSharingMostGramsAgreeWithTheDefinition() {
    var generator = ResponsiveTests.SplitMix(state: 0x5EED_2026)  // seeded: a failure repeats
    let skeleton = Array("screen-0000-home-0000-river-0000")
    let digits = Array("0123456789")
    func variant() -> String {
      var characters = skeleton
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let i = Int.random(in: 0..<characters.count, using: &generator)
        if characters[i] == "0" { characters[i] = digits.randomElement(using: &generator)! }
      }
      return String(characters)
    }
    for _ in 0..<20 {
      let candidates = (0..<Int.random(in: 64...200, using: &generator)).map { _ in variant() }
      let index = SuggestionIndex(candidates)
      for _ in 0..<10 {
        let asked = Bool.random(using: &generator) ? variant() : swapped(candidates.randomElement(using: &generator)!, using: &generator)
        XCTAssertEqual(index.nearest(to: asked), bruteForce(asked, candidates), asked)
      }
    }
  }

  /// Suggestions worked out ahead in batches on all cores are those asked one by one, short
  /// words and long ones, and a word asked twice in the batch is answered once.
  func testPreparedSuggestionsAreTheOnesAsked() {
    let ids =
      (0..<500).map { n in String(format: "%08x-4b1d-4c2e-8f3a-%012x", n &* 2_654_435_761 % 4_294_967_296, n) } + ["grid", "show-12"]
    var generator = ResponsiveTests.SplitMix(state: 0x5EED_2026)  // seeded: a failure repeats
    let words = ids.map { swapped($0, using: &generator) } + ["gird", "show-1", "gird", "f00"]
    let prepared = SuggestionIndex(ids)
    prepared.prepare(words)
    let asked = SuggestionIndex(ids)
    for word in words { XCTAssertEqual(prepared.nearest(to: word), asked.nearest(to: word), word) }
    XCTAssertEqual(prepared.suggestion(for: "gird"), "grid")
  }

  /// A word as near to two candidates gets the earlier, marked tied; one nearer than the rest is
  /// not tied, however many are within the limit. Long ids tie the same way.
  func testAnEquallyNearCandidateMarksTheSuggestionTied() {
    let ids = ["show-12", "show-14", "show-2"]
    XCTAssertEqual(SuggestionIndex(ids).nearest(to: "show-13"), Suggestion(text: "show-12", isTied: true))
    XCTAssertEqual(SuggestionIndex(ids).nearest(to: "show-144"), Suggestion(text: "show-14", isTied: false))
    XCTAssertEqual(SuggestionIndex(["Home", "home"]).nearest(to: "hom"), Suggestion(text: "Home", isTied: true))
    let long = "0a1b2c3d-4b1d-4c2e-8f3a-00000000000"
    XCTAssertEqual(
      SuggestionIndex([long + "1", long + "2"]).nearest(to: long + "3"), Suggestion(text: long + "1", isTied: true))
    XCTAssertEqual(
      SuggestionIndex([long + "1", long + "2"]).nearest(to: long + "2x"), Suggestion(text: long + "2", isTied: false))
  }

  /// A word asked against a long id of one repeated pattern: each of the word's samples is the
  /// same gram, which the id holds at half its positions. Counting them costs the word's distinct
  /// grams and the candidates holding each, not the id's length once per sample.
  func testRepetitiveLongIdsAreCountedInLinearTime() {
    let id = String(repeating: "ab", count: 50_000)
    let index = SuggestionIndex([id, "grid"])
    let start = ContinuousClock.now
    XCTAssertNil(index.suggestion(for: id), "a word is never suggested for itself")
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
  }

  /// The bounded distance of two long words costs their length times the bound: only the cells
  /// within the bound of the diagonal can hold a distance within it. A long id one edit from a
  /// reference is suggested at once.
  func testTheDistanceOfLongWordsCostsTheirLengthTimesTheBound() {
    let a = Array(String(repeating: "a", count: 60_000).unicodeScalars)
    let start = ContinuousClock.now
    XCTAssertEqual(SuggestionIndex.distance(a, a + ["b"], atMost: 3), 1)
    XCTAssertNil(SuggestionIndex.distance(a, Array(a.dropLast(4)), atMost: 3))
    let id = String(repeating: "x", count: 60_000)
    XCTAssertEqual(SuggestionIndex([id, "grid"]).suggestion(for: id + "y"), id)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
  }

  /// The distance within a bound is the definition's when it is within it, else nil.
  func testTheBoundedDistanceIsTheDefinitionWithinTheBound() {
    var generator = ResponsiveTests.SplitMix(state: 0x5EED_2026)
    let alphabet = Array("abc")
    func word() -> String {
      String((0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }
    for _ in 0..<3_000 {
      let (a, b) = (word(), word())
      let d = Self.osa(a, b)
      for bound in 0...6 {
        XCTAssertEqual(
          SuggestionIndex.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: bound), d <= bound ? d : nil,
          "\(a) \(b) within \(bound)")
      }
    }
  }

  /// The word with two adjacent characters swapped (itself when it is shorter than 2).
  func swapped(_ word: String, using generator: inout ResponsiveTests.SplitMix) -> String {
    var characters = Array(word)
    guard characters.count > 1 else { return word }
    let i = Int.random(in: 0..<(characters.count - 1), using: &generator)
    characters.swapAt(i, i + 1)
    return String(characters)
  }

  /// A swap of two adjacent characters is one edit: short words whose letters are swapped are
  /// suggested (Levenshtein counts two, past a short word's limit of one), and the distance agrees
  /// with the definition.
  func testTranspositionsAreOneEdit() {
    XCTAssertEqual(SuggestionIndex(["grid", "list", "hero"]).suggestion(for: "gird"), "grid")
    XCTAssertEqual(SuggestionIndex(["show", "home", "movie"]).suggestion(for: "shwo"), "show")
    XCTAssertEqual(SuggestionIndex(["styles", "data", "rules"]).suggestion(for: "stlyes"), "styles")
    XCTAssertEqual(editDistance("gird", "grid"), 1)
    XCTAssertEqual(editDistance("ab", "ba"), 1)
    // Optimal string alignment edits no substring twice: "ca" → "abc" is 3, not 2.
    XCTAssertEqual(editDistance("ca", "abc"), 3)
    XCTAssertNil(SuggestionIndex(["grid"]).suggestion(for: "dirg"), "two swaps and more are past a short word's limit")
    for (a, b) in [("aspectCelRatio", "aspectCellRatio"), ("ui_component", "ui_components"), ("ba", "abc"), ("kitten", "sitting")] {
      XCTAssertEqual(editDistance(a, b), Self.osa(a, b), "\(a) \(b)")
    }
  }

  /// The limit: a third of the longer word, at least 1 and at most 3.
  func testLimitByLength() {
    XCTAssertEqual((1...12).map { SuggestionIndex.limit($0, $0) }, [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3])
    XCTAssertEqual(SuggestionIndex.limit(4, 5), 1)
    XCTAssertEqual(SuggestionIndex.limit(20, 20), 3)
  }

  func testSuggestsTyposNotStrangers() {
    let index = SuggestionIndex(["GRID_1", "GRID_2", "LIST_1", "f99b28fb-f472-403b-832d-9731287a3639"])
    XCTAssertEqual(index.suggestion(for: "GIRD_1"), "GRID_1")
    XCTAssertEqual(index.suggestion(for: "grid_2"), "GRID_2", "case is ignored")
    XCTAssertEqual(index.suggestion(for: "f99b28fb-f472-403b-832d-9731287a3638"), "f99b28fb-f472-403b-832d-9731287a3639")
    XCTAssertNil(index.suggestion(for: "HERO_CELL_1"))
    XCTAssertEqual(index.suggestion(for: "GRID_1_"), "GRID_1")
    XCTAssertEqual(SuggestionIndex(["GRID_1"]).suggestion(for: "GRID_1"), nil, "a word is never suggested for itself")
    XCTAssertEqual(editDistance("kitten", "sitting"), 3)
  }

  func testTenThousandIdsAndRepeatedMissesStayCheap() {
    let ids = (0..<10_000).map { "show-\($0)" }
    let index = SuggestionIndex(ids)
    for _ in 0..<10_000 { XCTAssertEqual(index.suggestion(for: "show-1x"), "show-1") }
  }

  /// A small vocabulary asked about one word at a time (a family element's attribute names, once
  /// per attribute) is indexed once; lists of other bytes, the same names in another Unicode form
  /// among them, get their own index, whose answers are in their own form.
  func testASmallVocabularyIsIndexedOnce() {
    let names = ["insetTop", "insetLeft", "caf\u{E9}"]
    XCTAssertTrue(SuggestionIndex.of(names) === SuggestionIndex.of(names))
    let decomposed = ["insetTop", "insetLeft", "cafe\u{301}"]
    XCTAssertFalse(SuggestionIndex.of(names) === SuggestionIndex.of(decomposed))
    XCTAssertEqual(nearest(to: "cafe", in: decomposed)?.text.unicodeScalars.count, 5)
    XCTAssertEqual(nearest(to: "cafe", in: names)?.text.unicodeScalars.count, 4)
    let large = (0...SuggestionIndex.smallVocabulary).map { "name\($0)" }
    XCTAssertFalse(SuggestionIndex.of(large) === SuggestionIndex.of(large), "a large vocabulary is its caller's to keep")
    XCTAssertEqual(nearest(to: "insetTpo", in: names)?.text, "insetTop")
  }

  /// The index's keys come out in the order a comparison sort gives, above and below the size
  /// from which they are counted instead of compared.
  func testRadixSortedIsSorted() {
    var generator = ResponsiveTests.SplitMix(state: 0x5EED_2026)  // seeded: a failure repeats
    for count in [0, 1, 5, 16_383, 16_384, 100_000] {
      var keys = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
      // Repeated keys and keys that differ only in one 16-bit digit.
      if count > 10 {
        keys[1] = keys[0]
        keys[2] = keys[0] ^ (1 << 40)
        keys[3] = keys[0] ^ 1
      }
      XCTAssertEqual(SuggestionIndex.radixSorted(keys), keys.sorted(), "\(count) keys")
    }
  }
}
