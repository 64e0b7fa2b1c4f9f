extension TerminalText {
  /// `text` made `visible`, and the characters that show nothing escaped too (a zero-width space,
  /// a directional mark, a soft hyphen, a joiner or variation selector after an ASCII character,
  /// a tag), so that two names that differ only by such characters read differently where a
  /// reviewer compares them: `shows\u{200B}` beside `shows`. A joiner, a variation selector or a
  /// tag after another character (an emoji sequence, a Persian word) is kept, as it shows.
  public static func distinct(_ text: String) -> String {
    var text = text
    if text.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
    var out = String.UnicodeScalarView()
    var joins = false  // whether the scalar before shows and is not ASCII: a joiner after it is kept
    for scalar in text.unicodeScalars {
      if isEscaped(scalar) || isInvisible(scalar.value) || (isJoining(scalar.value) && !joins) {
        out.append(contentsOf: escape(scalar).unicodeScalars)
        joins = false
      } else {
        out.append(scalar)
        joins = scalar.value >= 0x80
      }
    }
    return String(out)
  }

  /// Characters that never show: zero-width spaces, directional marks, soft hyphens, Hangul
  /// fillers, invisible operators, interlinear annotation and shorthand format controls.
  private static func isInvisible(_ v: UInt32) -> Bool {
    switch v {
    case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B, 0x200E, 0x200F, 0x2060...0x2064,
      0x206A...0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000, 0xE0001:
      return true
    default: return false
    }
  }

  /// Characters that show nothing of their own but join or vary the one before: the zero-width
  /// joiner and non-joiner, variation selectors and tags.
  private static func isJoining(_ v: UInt32) -> Bool {
    v == 0x200C || v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0xE0020...0xE007F).contains(v) || (0xE0100...0xE01EF).contains(v)
  }
}
