extension TerminalText {
  /// `text` made `visible`, and the characters that show nothing escaped too (a zero-width space,
  /// a directional mark, a soft hyphen, a default-ignorable or blank character, a joiner or
  /// variation selector that joins or varies nothing), so that two names that differ only by such
  /// characters read differently where a reviewer compares them: `shows\u{200B}` beside `shows`.
  /// A joiner, variation selector or tag is kept only where it shows: in an emoji sequence
  /// (`👨‍👩‍👧`, `1️⃣`, a subdivision flag), after a virama, between two joining letters
  /// (Persian `می‌خواهم`), after a CJK ideograph.
  public static func distinct(_ text: String) -> String {
    var text = text
    if text.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var kept = false  // whether the scalar before is printed as it is
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      if isTag(scalar.value) {
        var end = i
        while end < scalars.count && isTag(scalars[end].value) { end += 1 }
        kept = kept && scalars[i - 1].value == 0x1F3F4 && spellsSubdivision(scalars[i..<end].map(\.value))
        for tag in scalars[i..<end] { append(tag, kept: kept, to: &out) }
        i = end
        continue
      }
      if isJoining(scalar.value) {
        kept = kept && shows(scalars, joinerAt: i)
      } else {
        kept = !isEscaped(scalar) && !isInvisible(scalar)
      }
      append(scalar, kept: kept, to: &out)
      i += 1
    }
    return String(out)
  }

  private static func append(_ scalar: Unicode.Scalar, kept: Bool, to out: inout String.UnicodeScalarView) {
    if kept { out.append(scalar) } else { out.append(contentsOf: escape(scalar).unicodeScalars) }
  }

  /// Whether the joiner or variation selector at `i`, after a scalar printed as it is, joins or
  /// varies what is around it.
  private static func shows(_ scalars: [Unicode.Scalar], joinerAt i: Int) -> Bool {
    guard i > 0 else { return false }
    let previous = scalars[i - 1]
    let next = i + 1 < scalars.count ? scalars[i + 1] : nil
    switch scalars[i].value {
    case 0x200D:  // an emoji ZWJ sequence, or an Indic conjunct after a virama
      guard let next, next.value >= 0x80 else { return false }
      if isVirama(previous) { return next.properties.isAlphabetic && previous.value >> 7 == next.value >> 7 }
      let emoji = previous.value == 0xFE0F || (previous.value >= 0x80 && previous.properties.isEmoji)
      return emoji && next.properties.isEmoji
    case 0x200C:  // between two joining letters, or after an Indic virama
      guard let next, next.value >= 0x80, next.properties.isAlphabetic else { return false }
      if isVirama(previous) { return (0x900...0xDFF).contains(previous.value) && previous.value >> 7 == next.value >> 7 }
      guard let base = scalars[..<i].last(where: { $0.properties.canonicalCombiningClass == .notReordered }),
        base.properties.isAlphabetic, !joinsOnlyBefore(base.value), let script = zwnjScript(base.value)
      else { return false }
      return zwnjScript(next.value) == script
    case 0xFE0E:  // text presentation, of an emoji shown as one by default
      return previous.properties.isEmojiPresentation
    case 0xFE0F:  // emoji presentation, of an emoji shown as text by default; after 0-9, # or *, a keycap
      guard previous.properties.isEmoji, !previous.properties.isEmojiPresentation else { return false }
      return previous.value >= 0x80 || next?.value == 0x20E3
    default:  // standardized and ideographic variation sequences
      return previous.properties.isIdeographic
    }
  }

  private static func isVirama(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.canonicalCombiningClass == .virama
  }

  /// The scripts whose letters a zero-width non-joiner keeps apart: Arabic, Syriac, N'Ko and
  /// Mongolian (presentation forms, already shaped, are not among them).
  private static func zwnjScript(_ v: UInt32) -> Int? {
    switch v {
    case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF: return 1
    case 0x0700...0x074F, 0x0860...0x086F: return 2
    case 0x07C0...0x07FF: return 3
    case 0x1800...0x18AF: return 4
    default: return nil
    }
  }

  /// Arabic and Syriac letters that join only the letter before them, or none (Unicode's
  /// ArabicShaping.txt, types R and U): a non-joiner after one changes nothing.
  private static func joinsOnlyBefore(_ v: UInt32) -> Bool {
    switch v {
    case 0x0621...0x0625, 0x0627, 0x0629, 0x062F...0x0632, 0x0648, 0x0671...0x0677, 0x0688...0x0699, 0x06C0,
      0x06C3...0x06CB, 0x06CD, 0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF, 0x0759...0x075B, 0x076B, 0x076C,
      0x0771, 0x0773, 0x0774, 0x0778, 0x0779, 0x0870...0x0882, 0x08AA...0x08AC, 0x08AE, 0x08B1, 0x08B2, 0x08B9,
      0x0710, 0x0715...0x0719, 0x071E, 0x0728, 0x072A, 0x072C, 0x072F, 0x074D:
      return true
    default: return false
    }
  }

  /// Characters that never show: default-ignorable code points (zero-width spaces, directional
  /// marks, soft hyphens, Hangul fillers, unassigned ones), interlinear annotation controls and
  /// the blank braille pattern.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0, 0xFFF9...0xFFFB: return true
    default: return scalar.properties.isDefaultIgnorableCodePoint
    }
  }

  /// Characters that show nothing of their own but join or vary the one before: the zero-width
  /// joiner and non-joiner and variation selectors.
  private static func isJoining(_ v: UInt32) -> Bool {
    v == 0x200C || v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
  }

  /// Tag characters, which spell a subdivision flag after U+1F3F4 and end with U+E007F.
  private static func isTag(_ v: UInt32) -> Bool { (0xE0020...0xE007F).contains(v) }

  /// Whether a run of tags spells a subdivision flag's code, then ends it: two lowercase letters
  /// (the country), one to four lowercase letters or digits, U+E007F (`gbsct` for Scotland).
  private static func spellsSubdivision(_ run: [UInt32]) -> Bool {
    let letter: ClosedRange<UInt32> = 0xE0061...0xE007A
    guard (4...7).contains(run.count), run.last == 0xE007F, run.prefix(2).allSatisfy(letter.contains) else { return false }
    return run.dropFirst(2).dropLast().allSatisfy { letter.contains($0) || (0xE0030...0xE0039).contains($0) }
  }
}
