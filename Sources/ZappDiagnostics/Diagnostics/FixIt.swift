/// A structured fix attached to a diagnostic: the source range to replace, the text to put there,
/// and a short message ("did you mean 'grid'?"). Printers render it; it is never part of the
/// diagnostic's message.
public struct FixIt: Sendable {
  /// What the fix does, in a few words.
  public var message: String
  /// The text that replaces the range.
  public var replacement: String
  /// The source range replaced, or nil when the finding has no position (a command-line value).
  public var range: SourceRange?
  /// Whether the fix picks none of the names the project defines — it writes the value itself in
  /// another form (`"5"` for `"+5"`, a name without the spaces at its ends) or deletes a trailing
  /// comma — so errors that may leave some of them unread do not hold it back.
  public var namesNothing = false

  public init(message: String, replacement: String, range: SourceRange?) {
    self.message = message
    self.replacement = replacement
    self.range = range
  }

  /// A did-you-mean that writes the value at `spot` in another form, `text` (see `namesNothing`).
  public static func rewriting(as text: String, at spot: SourceSpot?) -> FixIt {
    var fix = didYouMean(text, at: spot)
    fix.namesNothing = true
    return fix
  }

  /// The fix that writes the name at `spot` without the spaces at its ends, `trimmed`, which must
  /// stay unique among the names beside it; nil when they `take` it (`SiblingNames`): the fix
  /// would make it a duplicate, and the finding stays a finding without one.
  public static func trimming(to trimmed: String, at spot: SourceSpot?, taken: Bool) -> FixIt? {
    guard !taken, !trimmed.isEmpty else { return nil }
    let fix: FixIt = didYouMean(trimmed, at: spot)
    return fix
  }

  /// The fix as the text and GitHub printers show it: `did you mean 'grid'? replace '"gridd"' with '"grid"'`,
  /// or, for a fix that deletes its range, `remove it: delete ','`; a hint without a range whose
  /// message ends in a colon, with the text it writes after it (`move it to component 'grid', …:
  /// "scale": 2`).
  public var summary: String {
    guard let range else { return message.hasSuffix(":") && !replacement.isEmpty ? message + " " + replacement : message }
    if replacement.isEmpty { return message + ": delete '\(range.text)'" }
    // A question or a lead-in ends in its own mark; other words get a colon before the edit.
    let lead = message.hasSuffix("?") || message.hasSuffix(":") ? message : message + ":"
    var (before, after) = (range.text, replacement)
    // Texts that read alike but differ in their scalars (`é` as one, or as `e` and an accent) are
    // spelled out, so that the edit does not read as replacing a text with itself.
    if before == after, !before.utf8.elementsEqual(after.utf8) {
      (before, after) = (TerminalText.codePoints(before), TerminalText.codePoints(after))
    }
    return lead + " replace '\(before)' with '\(after)'"
  }

  /// A did-you-mean fix that replaces the token at `spot` by `suggestion`. A quoted token (a JSON
  /// string or key, an XML attribute value) is replaced by the suggestion in the same quotes, the
  /// parts the token already holds kept as written and the rest escaped as the file's kind
  /// escapes (a `.xml` file's `&amp;`, a JSON file's `\\`, `\u0027` in single quotes); a bare token
  /// (an XML attribute name, a JSON number or literal) by the suggestion itself, quoted in JSON
  /// unless it is a number or literal. A JSON array or object is never a token: no range, a hint.
  public static func didYouMean(_ suggestion: String, at spot: SourceSpot?) -> FixIt {
    let message = "did you mean '\(suggestion)'?"
    guard let spot else { return FixIt(message: message, replacement: suggestion, range: nil) }
    let bytes = spot.file.bytes
    let start = spot.offset
    guard start < bytes.count else {
      return FixIt(message: message, replacement: suggestion, range: SourceRange(spot: spot, length: 0))
    }
    let isXML = spot.file.path.lowercased().hasSuffix(".xml")
    let quote = bytes[start]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      // To the closing quote, across line breaks (an XML attribute may hold them; a JSON string
      // that does is unterminated and gets no suggestion). Without one, no range: a hint. A
      // backslash escapes in JSON only.
      var end = start + 1
      while end < bytes.count, bytes[end] != quote {
        end += !isXML && bytes[end] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard end < bytes.count else { return FixIt(message: message, replacement: suggestion, range: nil) }
      let length = end + 1 - start
      let q = String(UnicodeScalar(quote))
      // What the token holds of the suggestion is kept as written; a hint when the rest cannot be.
      guard let inner = rewrittenInner(bytes[start + 1..<end], to: suggestion, quote: quote, isXML: isXML) else {
        return FixIt(message: message, replacement: q + suggestion + q, range: nil)
      }
      return FixIt(message: message, replacement: q + inner + q, range: SourceRange(spot: spot, length: length))
    }
    var end = start
    let stops: Set<UInt8> =
      isXML
      ? [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'")]
      : [
        0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "["),
        UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "/"),
      ]
    while end < bytes.count, !stops.contains(bytes[end]) { end += 1 }
    guard end > start else { return FixIt(message: message, replacement: suggestion, range: nil) }
    let replacement = isXML || isJSONLiteral(suggestion) ? suggestion : "\"" + jsonEscaped(suggestion) + "\""
    return FixIt(message: message, replacement: replacement, range: SourceRange(spot: spot, length: end - start))
  }

  /// A did-you-mean fix when there is a suggestion, else nil.
  public static func didYouMean(_ suggestion: String?, at spot: SourceSpot?) -> FixIt? {
    suggestion.map { didYouMean($0, at: spot) }
  }

  /// A did-you-mean fix from a suggestion as `didYouMean(_:at:)` makes it, but without a range when
  /// the suggestion is tied (another name is as near): a hint for a person, which `zlc check --fix`
  /// and an editor's quick fix do not apply, since either name would be a guess.
  public static func didYouMean(_ suggestion: Suggestion?, at spot: SourceSpot?) -> FixIt? {
    guard let suggestion else { return nil }
    var fix: FixIt = didYouMean(suggestion.text, at: spot)
    if suggestion.isTied { fix.range = nil }
    return fix
  }

  /// The did-you-mean fix of `word` among `candidates` (`nearest(to:in:)`), nil when none is near.
  public static func didYouMean(for word: String, among candidates: some Sequence<String>, at spot: SourceSpot?) -> FixIt? {
    didYouMean(nearest(to: word, in: candidates), at: spot)
  }

  /// Whether `text` is a JSON number or `true`, `false` or `null`: a bare value in a JSON file.
  static func isJSONLiteral(_ text: String) -> Bool {
    if ["true", "false", "null"].contains(text) { return true }
    var rest = Substring(text)
    /// Takes `prefix` when the text goes on with it.
    func take(_ prefix: String) -> Bool {
      guard rest.hasPrefix(prefix) else { return false }
      rest = rest.dropFirst(prefix.count)
      return true
    }
    /// Takes a run of digits; whether there was one.
    func digits() -> Bool {
      let run = rest.prefix { $0.isASCII && $0.isWholeNumber }
      rest = rest.dropFirst(run.count)
      return !run.isEmpty
    }
    _ = take("-")
    if !take("0") { guard rest.first != "0", digits() else { return false } }
    if take("."), !digits() { return false }
    if take("e") || take("E") {
      _ = take("+") || take("-")
      guard digits() else { return false }
    }
    return rest.isEmpty
  }

  /// `s` as an XML attribute value holds it, in either quotes.
  static func xmlEscaped(_ s: String) -> String {
    if !s.utf8.contains(where: { $0 < 0x20 || [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x22, 0x27].contains($0) }) {
      return s
    }
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default: out += scalar.value < 0x20 ? "&#\(scalar.value);" : String(scalar)
      }
    }
    return out
  }

  static func jsonEscaped(_ s: String) -> String {
    // Most names need no escape: returned as they are, without a copy scalar by scalar.
    if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) { return s }
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 {
          out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// A range of bytes in a file: a spot and a length in bytes.
public struct SourceRange: Sendable {
  public var spot: SourceSpot
  public var length: Int

  public init(spot: SourceSpot, length: Int) {
    self.spot = spot
    self.length = length
  }

  public var start: SourceLocation { spot.location }
  public var end: SourceLocation { spot.file.location(at: min(spot.offset + length, spot.file.bytes.count)) }
  /// The source text the range covers, as the file writes it: a range of a file whose
  /// indentation a check folded out is read back line by line with it (lines joined by `\n`).
  public var text: String {
    let file = spot.file
    let bytes = file.bytes
    let lower = min(spot.offset, bytes.count)
    guard file.foldedIndents != nil else { return String(decoding: bytes[lower..<min(lower + length, bytes.count)], as: UTF8.self) }
    let (start, end) = (self.start, self.end)
    guard end.line >= start.line else { return "" }
    return (start.line...end.line).map { line -> String in
      let scalars = Array(file.lineText(line).unicodeScalars)
      let from = line == start.line ? min(scalars.count, max(0, start.column - 1)) : 0
      let to = line == end.line ? min(scalars.count, max(from, end.column - 1)) : scalars.count
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars[from..<to])
      return String(view)
    }.joined(separator: "\n")
  }
}
