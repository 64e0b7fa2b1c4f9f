import Foundation

/// A did-you-mean between names an author gives (screen ids, families, cell styles, layouts,
/// plugin identifiers, size classes) is a fix only when the written name looks like the suggested
/// one mistyped. Names that look like two names of two things — numbered siblings (`GRID_1`,
/// `GRID_2`), one the other with a word more (`promo_banner`, `promo_banner_tv`) or a plural's
/// `s`, another word in its place (`adobe-auth-qb`, `adobe-tv-qb`), a letter changed in a short
/// word (`shop`, `show`) or in a name of one or two letters (`XL`, `L`) — make it a hint: during
/// a rename, the written name is often a real one whose thing was renamed, deleted or not made yet.
/// Each rule whose did-you-mean names such a name calls `forName` (or `FixIt.didYouMean(_:forName:
/// except:at:)`); closed vocabularies (format keys, enum words, built-in types) do not.
extension Suggestion {
  /// This suggestion for `word`, a hint (tied) when the two look like two names
  /// (`looksLikeAnotherName`); as it is when it names one of `builtins`, a name zlc gives.
  public func forName(_ word: String, except builtins: Set<String> = []) -> Suggestion {
    var copy = self
    if !builtins.contains(text), Self.looksLikeAnotherName(text, than: word) { copy.isTied = true }
    return copy
  }

  /// Whether `candidate` and `word` look like two names rather than one name mistyped; case,
  /// spaces at their ends and separators (`FAMILY1`, `FAMILY_1`; `videodetial` for
  /// `video_detail`) are a typo's.
  public static func looksLikeAnotherName(_ candidate: String, than word: String) -> Bool {
    let (a, b) = (candidate.trimmingCharacters(in: .whitespacesAndNewlines), word.trimmingCharacters(in: .whitespacesAndNewlines))
    guard a.lowercased() != b.lowercased() else { return false }
    // Numbered siblings, or a number added or dropped.
    guard a.filter(\.isNumber) == b.filter(\.isNumber) else { return true }
    let (wordsA, wordsB) = (words(a), words(b))
    guard Array(wordsA.joined()) != Array(wordsB.joined()) else { return false }
    guard wordsA.count == wordsB.count else {
      // A word more or fewer (`promo_banner_tv`); else words parted otherwise (`videodetial`),
      // their letters alone mistyped or not.
      let (joinedA, joinedB) = (Array(wordsA.joined()), Array(wordsB.joined()))
      if joinedA.starts(with: joinedB) || joinedB.starts(with: joinedA) { return true }
      return !isTypo(joinedA, joinedB)
    }
    let differing = zip(wordsA, wordsB).filter { $0 != $1 }
    guard differing.count == 1, let (x, y) = differing.first else { return true }
    return !isTypo(x, y)
  }

  /// The characters that part the words of a name.
  static let separators: Set<Character> = ["-", "_", ".", "/", ":", " ", "\u{00A0}"]

  /// Whether a word written (`y`) is a word of the suggestion (`x`) mistyped: a letter added,
  /// dropped or swapped with the next (two in a word of more than seven letters), or changed
  /// inside a word of eight letters or more. At a word's end, only a last letter dropped (`hom`
  /// for `home`) or doubled (`homee`) or two last letters swapped (`hoem`) is a typo; a word of one
  /// or two letters, a word written with more letters at its end (`wider` for `wide`, `parental`,
  /// `shows`), an ending dropped (`wide` for `wider`, `feature` for `featured`, `show` for `shows`)
  /// and another last letter (`featurd` for `features`; `sports`, `shorts` in a shorter word) make
  /// another word.
  static func isTypo(_ x: [Character], _ y: [Character]) -> Bool {
    let (short, long) = x.count <= y.count ? (x, y) : (y, x)
    guard short.count > 2, let lastX = x.last, let lastY = y.last else { return false }
    if long.starts(with: short) {
      guard long.count - short.count == 1 else { return false }
      // Written longer: a doubled last letter. Written shorter: a dropped one, not an ending.
      guard x.count > y.count else { return lastY == lastX }
      return lastX != "s" && !(["d", "r"].contains(lastX) && lastY == "e")
    }
    let limit = long.count > 7 ? 2 : 1
    let scalars = { (word: [Character]) in Array(String(word).unicodeScalars) }
    guard SuggestionIndex.distance(scalars(x), scalars(y), atMost: limit) != nil else { return false }
    let mismatches = x.count == y.count ? x.indices.filter { x[$0] != y[$0] } : []
    // A swap of two neighbours is a typo, at the end too.
    if mismatches.count == 2, mismatches[1] == mismatches[0] + 1, x[mismatches[0]] == y[mismatches[1]],
      x[mismatches[1]] == y[mismatches[0]]
    {
      return true
    }
    // Another last letter is another word (`featured`, `features`).
    guard lastX == lastY else { return false }
    // A letter added or dropped inside; a changed one only inside a long word.
    return x.count != y.count || x.count >= 8
  }

  /// The words of a name, lowercased: parted at `-`, `_`, `.`, `/`, `:`, spaces, and where a
  /// capital follows a small letter (`VideoDetailScreen`); a separator doubled or at an end parts
  /// no more words.
  package static func words(_ name: String) -> [[Character]] {
    var words: [[Character]] = [[]]
    var previous: Character?
    for character in name {
      if separators.contains(character) {
        if words[words.count - 1].isEmpty == false { words.append([]) }
      } else {
        if character.isUppercase, previous?.isLowercase == true { words.append([]) }
        words[words.count - 1].append(contentsOf: character.lowercased())
      }
      previous = character
    }
    return words.filter { !$0.isEmpty }
  }
}

/// How the words of two names differ (`Suggestion.words(_:)`), for rules that weigh a rename by
/// its words: a word mistyped, or a word more, fewer or in another's place.
package enum WordDifference: Equatable {
  /// The same letters, in other case or parted otherwise (`interitemSpacing`, `interItemSpacing`).
  case sameLetters
  /// The one's words are the other's with words more (`padding`, `paddingTop`).
  case wordsAdded
  /// Other numbers of words, not the one's with words more.
  case regrouped
  /// One word differs, the first name's and the second's.
  case oneWord([Character], [Character])
  /// Several words differ.
  case severalWords

  /// How the words of `a` differ from those of `b`.
  package init(_ a: String, _ b: String) {
    let (x, y) = (Suggestion.words(a), Suggestion.words(b))
    guard Array(x.joined()) != Array(y.joined()) else {
      self = .sameLetters
      return
    }
    guard x.count == y.count else {
      let (fewer, more) = x.count < y.count ? (x, y) : (y, x)
      var rest = more[...]
      for word in fewer {
        guard let at = rest.firstIndex(of: word) else {
          self = .regrouped
          return
        }
        rest = rest[rest.index(after: at)...]
      }
      self = .wordsAdded
      return
    }
    let differing = zip(x, y).filter { $0 != $1 }
    self = differing.count == 1 ? .oneWord(differing[0].0, differing[0].1) : .severalWords
  }
}

extension FixIt {
  /// The did-you-mean of a name an author gives: a hint when the two look like two names
  /// (`Suggestion.forName(_:)`), else as `didYouMean(_:at:)` makes it.
  public static func didYouMean(
    _ suggestion: Suggestion?, forName word: String, except builtins: Set<String> = [], at spot: SourceSpot?
  ) -> FixIt? {
    didYouMean(suggestion?.forName(word, except: builtins), at: spot)
  }
}
