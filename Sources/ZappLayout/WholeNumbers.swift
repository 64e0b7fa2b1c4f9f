import Foundation

/// The whole number a string holds when it is written as JSON writes one: digits alone, with a
/// minus sign before a negative one and no leading zero (`"12"`, `"-3"`, `"0"`; not `" 12"`,
/// `"+12"`, `"012"`, `"12.0"`), and it fits an `Int`.
package func canonicalWholeNumber(_ s: String) -> Int? {
  let digits = s.utf8.first == UInt8(ascii: "-") ? s.utf8.dropFirst() : s.utf8[...]
  guard let first = digits.first, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
  guard first != 0x30 || (digits.count == 1 && s.utf8.count == 1) else { return nil }
  return Int(s)
}

/// The canonical form of a whole number written with spaces, a plus sign or leading zeros
/// (`" 12"`, `"+12"`, `"012"` → `"12"`), or nil when the string is canonical or holds no whole number.
package func wholeNumberFix(_ s: String) -> String? {
  guard canonicalWholeNumber(s) == nil, let n = Int(s.trimmingSpaces) else { return nil }
  return String(n)
}

/// The canonical form of a whole number a string holds in any other form: with spaces, a plus
/// sign or leading zeros (`wholeNumberFix`), or with a decimal point or an exponent (`"2.0"`,
/// `"1e1"` → `"2"`, `"10"`); nil when the string is canonical or holds no whole number (`"2.5"`).
package func wholeNumberDigitsFix(_ s: String) -> String? {
  if let fix = wholeNumberFix(s) { return fix }
  guard canonicalWholeNumber(s) == nil, let value = decimalNumber(s), value == value.rounded(), abs(value) < 9e15 else { return nil }
  return String(Int(value))
}

/// The finite number a string holds when it is written in decimal, spaces and tabs around it
/// allowed (`"12"`, `"-0.5"`, `".5"`, `"1e3"`); nil for what Swift's `Double(_:)` reads besides:
/// hexadecimal (`"0x10"`, `"0x1p4"`), `"nan"`, `"inf"`, `"infinity"`; and nil with any other
/// space around it (a no-break or a zero-width space), which a client's number parser refuses.
package func decimalNumber(_ s: String) -> Double? {
  let bytes = s.utf8
  let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
  guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return nil }
  let text = Substring(bytes[first...last])
  let isDecimal = text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 }
  guard isDecimal, let value = Double(text), value.isFinite else { return nil }
  return value
}

extension String {
  /// The string without leading and trailing spaces and tabs (`.whitespaces`); most strings have
  /// none, and those are returned without calling into Foundation.
  package var trimmingSpaces: String {
    guard let first = utf8.first, let last = utf8.last else { return self }
    let plain: (UInt8) -> Bool = { $0 > 0x20 && $0 < 0x80 }
    return plain(first) && plain(last) ? self : trimmingCharacters(in: .whitespaces)
  }
}
