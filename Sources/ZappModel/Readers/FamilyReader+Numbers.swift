import ZappDiagnostics
import ZappLayout

extension FamilyReader {
  /// ZL0202 for an attribute that takes a number but holds none (`decimalNumber`): a padded
  /// number as `paddedNumber(_:_:at:)` says it, else the value found.
  static func notANumber(_ a: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot)) -> Diagnostic {
    paddedNumber(a.name, a.value, at: a.spot)
      ?? WrongTypeRule.Message.takesANumber(a.name, found: a.value).diagnostic(at: a.spot)
  }

  /// ZL0202 for a value of `name` that is a number with another space at its ends than a plain
  /// one or a tab (a no-break, a zero-width, an ideographic space, a line break): shown by its code
  /// points, as it reads like a number, with the number as its fix; nil for any other value.
  static func paddedNumber(_ name: String, _ value: String, at spot: SourceSpot) -> Diagnostic? {
    let scalars = value.unicodeScalars
    let isSpace = { (s: Unicode.Scalar) in s.properties.isWhitespace || s.properties.generalCategory == .format }
    let start = scalars.firstIndex { !isSpace($0) } ?? scalars.endIndex
    let end = scalars.lastIndex { !isSpace($0) }.map { scalars.index(after: $0) } ?? start
    let number = String(scalars[start..<max(start, end)])
    guard number.utf8.count < value.utf8.count, decimalNumber(number) != nil, decimalNumber(value) == nil else { return nil }
    // Every scalar but printable ASCII by its code point: a line break too, which would cut the value.
    let shown = scalars.map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    return WrongTypeRule.Message.takesANumber(name, paddedNumber: shown).diagnostic(at: spot, fixIt: .rewriting(as: number, at: spot))
  }
}
