/// Text as a terminal or a CI log shows it: control characters made visible, and widths in columns.
public enum TerminalText {
  /// `text` with every control character written as a visible escape (`\u{1B}`), so that input
  /// cannot recolour a terminal, move its cursor, or split a line of a log or a workflow command.
  /// Escaped: C0 controls (but a tab when `keepTabs`), DEL, C1 controls, the line and paragraph
  /// separators, and the bidirectional overrides and isolates (which reorder what is shown).
  public static func visible(_ text: String, keepTabs: Bool = false) -> String {
    // Printable ASCII, the common case, is returned as it is.
    var text = text
    if text.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
    guard text.unicodeScalars.contains(where: { isEscaped($0, keepTabs: keepTabs) }) else { return text }
    // UTF-8 bytes appended to one buffer, so the cost is linear in the text: appending to a
    // `String.UnicodeScalarView` copies it each time.
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 64)
    for scalar in text.unicodeScalars {
      if isEscaped(scalar, keepTabs: keepTabs) {
        out += escape(scalar).utf8
      } else {
        UTF8.encode(scalar) { out.append($0) }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `visible` escapes a scalar.
  public static func isEscaped(_ scalar: Unicode.Scalar, keepTabs: Bool = false) -> Bool {
    switch scalar.value {
    case 0x09: return !keepTabs
    case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// `text` with each scalar beyond ASCII as its code point in lower-case hexadecimal
  /// (`cafe\u{301}`, `caf\u{e9}`): two texts that read alike but differ in their scalars, told apart.
  package static func codePoints(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
  }

  /// For a name `written` that reads as `earlier`: nothing when the two are the same bytes, else
  /// both by their code points (`: 'cafe\u{301}' is 'caf\u{e9}' in another Unicode form`).
  package static func inAnotherForm(_ written: String, _ earlier: String) -> String {
    if written.utf8.elementsEqual(earlier.utf8) { return "" }
    return ": '\(codePoints(written))' is '\(codePoints(earlier))' in another Unicode form"
  }

  package static func escape(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  /// `value` in upper-case hexadecimal, at least `digits` long.
  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// The columns a character takes in a terminal: 2 for East Asian wide and fullwidth characters
  /// and emoji, 0 for combining marks and other zero-width scalars alone, else 1. A grapheme
  /// cluster (an emoji sequence, a letter with accents) takes the width of its widest scalar.
  public static func width(_ character: Character) -> Int {
    var widest = 0
    for scalar in character.unicodeScalars {
      if scalar.value == 0xFE0F { return 2 }  // emoji presentation selector
      widest = max(widest, scalarWidth(scalar))
    }
    return widest
  }

  /// The columns of one scalar (see `width(_:)`).
  package static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0 { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if v == 0x200B || (0xFE00...0xFE0F).contains(v) || (0x1160...0x11FF).contains(v) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    if isWide(v) { return 2 }
    return 1
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, in blocks.
  private static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
      0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// The columns `text` takes once made `visible` (tabs excepted: they are kept and count as one).
  public static func width(of text: String) -> Int {
    visible(text, keepTabs: true).reduce(0) { $0 + width($1) }
  }

  /// Whether output to a stream is coloured when the user chose neither way: on a terminal, unless
  /// `NO_COLOR` is set to a value (set and empty, it asks for nothing, as no-color.org says) or
  /// the terminal says it has no colours (`TERM=dumb`, as an editor's shell buffer does).
  public static func colorsByDefault(environment: [String: String], isTerminal: Bool) -> Bool {
    isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// A folder as given, without the slashes it ends with ("out/" → "out", "/" stays), for a path
  /// made by appending "/name".
  public static func folder(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }

  /// `word` as a POSIX shell reads it back as one argument, for a command a person copies: as is
  /// when it holds only safe characters, else in single quotes; `./` goes before a relative path
  /// that starts with `-`, so that it is not read as an option. A word that starts with `=` (zsh
  /// expands `=cmd`) is quoted too. A word with a character `visible` escapes (a line break, an
  /// ESC) is written `$'…'` (bash, zsh, ksh), those characters as their UTF-8 bytes, `\xHH`, which
  /// read back alike in every locale (`\uHHHH` needs a UTF-8 one).
  public static func shellWord(_ word: String) -> String {
    let word = word.hasPrefix("-") ? "./" + word : word
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+=,-")
    if !word.isEmpty, !word.hasPrefix("="), word.allSatisfy({ safe.contains($0) }) { return word }
    if word.unicodeScalars.contains(where: { isEscaped($0) }) {
      var quoted = "$'"
      for scalar in word.unicodeScalars {
        switch scalar {
        case "\\", "'": quoted += "\\" + String(scalar)
        case _ where !isEscaped(scalar): quoted.unicodeScalars.append(scalar)
        default: for byte in String(scalar).utf8 { quoted += "\\x" + hex(UInt32(byte), digits: 2) }
        }
      }
      return quoted + "'"
    }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}

extension SourceFile {
  /// The number of scalars of the token that starts at byte `offset`, on its line: a quoted string
  /// up to its closing quote, a number, a name (`true`, an XML attribute name), an XML element's
  /// tag (`<Cell`, `</Cell`), or one character (a bracket, a comma). Diagnostics underline the
  /// whole token.
  public func tokenLength(at offset: Int) -> Int {
    guard offset >= 0, offset < bytes.count else { return 1 }
    let first = bytes[offset]
    // A sequence that is not UTF-8 is one character (one U+FFFD), not the start of a word.
    if first >= 0x80, Self.invalidUTF8End(bytes, at: offset) != nil { return 1 }
    var end = offset + 1
    func isLineEnd(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      var escaped = false
      while end < bytes.count, !isLineEnd(bytes[end]) {
        let b = bytes[end]
        end += 1
        if escaped {
          escaped = false
        } else if b == UInt8(ascii: "\\") && first == UInt8(ascii: "\"") {
          escaped = true
        } else if b == first {
          break
        }
      }
    } else if Self.isWordByte(first) {
      while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
    } else if first == UInt8(ascii: "<"), end < bytes.count, bytes[end] == UInt8(ascii: "/") || Self.isWordByte(bytes[end]) {
      end += 1
      while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
    } else {
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }  // the rest of one scalar
    }
    // As an editor shows it: one U+FFFD per sequence that is not UTF-8, as columns count them.
    return String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.count
  }

  /// The end of the sequence at `offset` when it is not UTF-8: its maximal subpart (a lead byte
  /// and the continuation bytes it may take before the one that breaks it; one byte for a byte no
  /// sequence starts with), as a decoder shows one U+FFFD for. Nil for a valid sequence.
  public static func invalidUTF8End(_ bytes: [UInt8], at offset: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      switch sequence(buffer, at: offset) {
      case .valid: return nil
      case .invalid(let end): return end
      }
    }
  }

  /// The end of the UTF-8 sequence at `offset` (at or past `0x80`) when it is valid, else nil.
  static func validSequenceEnd(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    if case .valid(let end) = sequence(buffer, at: offset) { return end }
    return nil
  }

  private enum UTF8Sequence {
    case valid(end: Int)
    /// Not UTF-8, through its maximal subpart.
    case invalid(end: Int)
  }

  /// The sequence at `offset`, by the well-formed byte sequences of the Unicode Standard
  /// (table 3-7): no overlong form, surrogate or scalar past U+10FFFF.
  private static func sequence(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> UTF8Sequence {
    let first = buffer[offset]
    guard first >= 0x80 else { return .valid(end: offset + 1) }
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: length = 3
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    case 0xF1...0xF3: length = 4
    default: return .invalid(end: offset + 1)
    }
    for k in 1..<length {
      let allowed = k == 1 ? second : 0x80...0xBF
      guard offset + k < buffer.count, allowed.contains(buffer[offset + k]) else { return .invalid(end: offset + k) }
    }
    return .valid(end: offset + length)
  }

  /// Bytes of a number or a name: ASCII letters and digits, `_ - + . :`, and any non-ASCII byte.
  /// The language server's ranges end a bare token where the terminal's carets do, by this.
  public static func isWordByte(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
    case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: ":"): return true
    default: return b >= 0x80
    }
  }
}
