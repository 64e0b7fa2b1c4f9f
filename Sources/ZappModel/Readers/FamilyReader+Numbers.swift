import ZappDiagnostics
import ZappLayout

extension FamilyReader {
  /// ZL0202 for an attribute that takes a number but holds none (`decimalNumber`): a number with
  /// another space at its ends than a plain one or a tab (a no-break, a zero-width, an ideographic
  /// space, a line break) is said so, shown by its code points as it reads like a number, with the
  /// number as its fix.
  static func notANumber(_ a: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot)) -> Diagnostic {
    let scalars = a.value.unicodeScalars
    let isSpace = { (s: Unicode.Scalar) in s.properties.isWhitespace || s.properties.generalCategory == .format }
    let start = scalars.firstIndex { !isSpace($0) } ?? scalars.endIndex
    let end = scalars.lastIndex { !isSpace($0) }.map { scalars.index(after: $0) } ?? start
    let number = String(scalars[start..<max(start, end)])
    guard number.utf8.count < a.value.utf8.count, decimalNumber(number) != nil else {
      return WrongTypeRule.Message.takesANumber(a.name, found: a.value).diagnostic(at: a.spot)
    }
    // Every scalar but printable ASCII by its code point: a line break too, which would cut the value.
    let shown = scalars.map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    return WrongTypeRule.Message.takesANumber(a.name, paddedNumber: shown).diagnostic(at: a.spot, fixIt: .rewriting(as: number, at: a.spot))
  }
}
