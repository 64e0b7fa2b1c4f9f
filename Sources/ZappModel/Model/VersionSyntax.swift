/// The syntax of versions: plugin versions as `zappifest` accepts them, and the Zapp SDK versions
/// zlc compares (`ZappSDKVersion.compare`).
package enum VersionSyntax {
  /// Whether a byte is an ASCII digit.
  package static func isDigit(_ byte: UInt8) -> Bool { VersionScanner.isDigit(byte) }

  /// A version as `zappifest` accepts it: numbers separated by dots, optionally a pre-release tag.
  /// Scanned by hand, as the regular expression it stands for,
  /// `^[0-9]+(\.[0-9]+){0,3}([.-]?[A-Za-z][A-Za-z0-9]*(\.?[0-9]+)*)?$`, matches (a line break may
  /// end the text, as `$` allows): the first regular expression of a run sets up ICU's Unicode
  /// sets, a quarter of a short `zlc check`.
  package static func isVersion(_ s: String) -> Bool {
    var scanner = VersionScanner(Array(s.utf8))
    return scanner.numbers() && scanner.tag() && scanner.atEnd
  }

  /// A version as `isVersion` reads it whose numbers before a pre-release tag are two at least,
  /// and whose tag is no lone letter after a dot: `20.0.0-beta`, but not `2O.0.0`, `20.O.0` or
  /// `20.0.O`, a letter typed for a digit, which clients compare as 2, 20 and 20.0. A SemVer build
  /// tag may end it (`20.0.0+5`, `20.0.0-beta+exp.1`), which `ZappSDKVersion.compare` ignores.
  /// Each number fits a 64-bit integer (`numberPastLimit`): clients compare a larger one as 0.
  package static func isSDKVersion(_ s: String) -> Bool {
    var scanner = VersionScanner(Array(s.utf8))
    guard scanner.numbers() else { return false }
    let core = scanner.index
    guard numberPastLimit(s) == nil else { return false }
    let numbers = 1 + scanner.bytes[..<core].filter { $0 == UInt8(ascii: ".") }.count
    guard scanner.tag(), scanner.build(), scanner.atEnd else { return false }
    let tag = scanner.bytes[core..<scanner.tagEnd]
    let isLetter = { (b: UInt8) in (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
    let loneLetterAfterDot = tag.first == UInt8(ascii: ".") && tag.filter(isLetter).count == 1
    return tag.isEmpty || (numbers >= 2 && !loneLetterAfterDot)
  }
}

extension VersionSyntax {
  /// The first number of a version's dotted numbers that no 64-bit integer holds
  /// (`18446744073709551616` of `18446744073709551616.0.0`), which clients compare as 0; nil when
  /// every one fits.
  package static func numberPastLimit(_ s: String) -> Substring? {
    let numbers = s.prefix { $0 == "." || ("0"..."9").contains($0) }
    return numbers.split(separator: ".").first { Int($0) == nil }
  }
}

/// Reads a version's parts from the start of its UTF-8 bytes.
private struct VersionScanner {
  let bytes: [UInt8]
  var index = 0
  /// Where the pre-release tag ends: the end of the text, or the `+` of a build tag.
  var tagEnd = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// `[0-9]+(\.[0-9]+){0,3}`.
  mutating func numbers() -> Bool {
    guard digits() else { return false }
    var dotted = 0
    while dotted < 3, dotDigits() { dotted += 1 }
    return true
  }

  /// `([.-]?[A-Za-z][A-Za-z0-9]*(\.?[0-9]+)*)?`: nothing when the text ends here or a build tag
  /// (`+`) begins.
  mutating func tag() -> Bool {
    guard !atEnd, peek(0) != UInt8(ascii: "+") else { return true }
    if peek(0) == UInt8(ascii: ".") || peek(0) == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(0), Self.isLetter(first) else { return false }
    while let byte = peek(0), Self.isLetter(byte) || Self.isDigit(byte) { index += 1 }
    while dotDigits() {}
    return true
  }

  /// `(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?`, SemVer's build metadata: nothing when no `+` comes next.
  mutating func build() -> Bool {
    tagEnd = index
    guard peek(0) == UInt8(ascii: "+") else { return true }
    repeat {
      index += 1
      let start = index
      while let byte = peek(0), Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "-") { index += 1 }
      guard index > start else { return false }
    } while peek(0) == UInt8(ascii: ".")
    return true
  }

  /// The end of the text, or one line break that ends it (`\n`, `\r\n`, `\r`, `\u{0B}`, `\u{0C}`,
  /// `\u{85}`, `\u{2028}`, `\u{2029}`), where `$` matches.
  var atEnd: Bool {
    let rest = bytes[index...]
    return rest.isEmpty || Self.lineBreaks.contains { $0.elementsEqual(rest) }
  }

  static let lineBreaks: [[UInt8]] = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].map { Array($0.utf8) }

  /// `[0-9]+`: false, reading nothing, when no digit comes next.
  mutating func digits() -> Bool {
    let start = index
    while let byte = peek(0), Self.isDigit(byte) { index += 1 }
    return index > start
  }

  /// `\.[0-9]+`: false, reading nothing, unless a dot and a digit come next.
  mutating func dotDigits() -> Bool {
    guard peek(0) == UInt8(ascii: "."), let next = peek(1), Self.isDigit(next) else { return false }
    index += 1
    return digits()
  }

  func peek(_ ahead: Int) -> UInt8? { index + ahead < bytes.count ? bytes[index + ahead] : nil }

  static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}
