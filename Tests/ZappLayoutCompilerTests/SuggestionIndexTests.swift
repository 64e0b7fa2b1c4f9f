import XCTest

@testable import ZappLayoutCompiler

/// Did-you-mean suggestions from an index agree with the plain definition (the nearest candidate
/// within the limit, the earliest on a tie), and repeated questions are answered from the cache.
final class SuggestionIndexTests: XCTestCase {
  /// The definition, by brute force over every candidate.
  func bruteForce(_ word: String, _ candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates where candidate != word {
      let d = editDistance(word.lowercased(), candidate.lowercased())
      let limit = SuggestionIndex.limit(word.unicodeScalars.count, candidate.unicodeScalars.count)
      if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
  }

  func testAgreesWithTheDefinitionOnRandomVocabularies() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("abcde-_1")
    func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
    for _ in 0..<200 {
      let candidates = (0..<Int.random(in: 1...40)).map { _ in word(Int.random(in: 1...9)) }
      let index = SuggestionIndex(candidates)
      for _ in 0..<20 {
        let asked = Bool.random() ? word(Int.random(in: 0...10)) : String(candidates.randomElement()!.dropLast())
        XCTAssertEqual(index.suggestion(for: asked), bruteForce(asked, candidates), "\(asked) in \(candidates)")
      }
    }
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
}
