extension PageBytes {
  /// Text from the project shown inside an element, escaped as `text` escapes it, and kept from
  /// reordering what the page writes around it: text that can reorder (`reorders`: a right-to-left
  /// letter, `U+202E` in a screen id) is isolated between `U+2068` and `U+2069`, its
  /// own embeddings and isolates closed before the end and its unmatched closers left out (an
  /// unmatched `U+2069` would end the isolation early), and a paragraph separator shown as a space.
  /// Text of none is written as `text` writes it.
  package mutating func isolated(_ text: String) { self.text(Self.bidiIsolated(text)) }

  /// `text` as `isolated(_:)` writes it, before escaping: between `U+2068` and `U+2069`, balanced,
  /// when it can reorder the text around it; as it is otherwise. `leftToRight` isolates it between
  /// `U+2066` and `U+2069` instead, laid out left to right whatever its first letter: for text
  /// whose order is its meaning, such as JSON (`{"שם":"x","id":1}` read right to left would put
  /// its keys on the wrong side of their values).
  package static func bidiIsolated(_ text: String, leftToRight: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { reorders($0.value) }) else { return text }
    var balanced = String.UnicodeScalarView()
    balanced.append(leftToRight ? "\u{2066}" : "\u{2068}")
    var open: [Bool] = []  // the embeddings (false) and isolates (true) open, innermost last
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x202A, 0x202B, 0x202D, 0x202E: open.append(false)
      case 0x2066, 0x2067, 0x2068: open.append(true)
      case 0x202C:
        guard open.last == false else { continue }
        open.removeLast()
      case 0x2069:
        guard let isolate = open.lastIndex(of: true) else { continue }
        open.removeSubrange(isolate...)
      case let value where Self.isParagraphSeparator(value):
        balanced.append(" ")
        continue
      default: break
      }
      balanced.append(scalar)
    }
    for isolate in open.reversed() { balanced.append(isolate ? "\u{2069}" : "\u{202C}") }
    balanced.append("\u{2069}")
    return String(balanced)
  }

  /// Whether a scalar can reorder text around it: a right-to-left letter (Hebrew, Arabic, Syriac,
  /// Thaana, N'Ko, their presentation forms, and the right-to-left scripts beyond the first plane),
  /// a directional mark or control, or a paragraph separator.
  private static func reorders(_ value: UInt32) -> Bool {
    switch value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return isParagraphSeparator(value)
    }
  }

  /// Whether a scalar ends a paragraph for the bidirectional algorithm where HTML does not make
  /// it a space: `U+001C`–`U+001E`, `U+0085` and `U+2029`.
  private static func isParagraphSeparator(_ value: UInt32) -> Bool {
    (0x1C...0x1E).contains(value) || value == 0x85 || value == 0x2029
  }
}
