import ZappLayout

extension FeedReader {
  /// The largest significand a `Decimal` holds (2^128 − 1), in digits: a number's digits past it
  /// are dropped as `Decimal` drops them when it reads the number.
  private static let largestSignificand = Array("340282366920938463463374607431768211455".utf8)

  /// The whole number `Int` holds that the JSON number `text` is, read as the runtime's decoder
  /// reads it (as a `Decimal`: its first 38 or 39 significant digits, the rest dropped), or nil
  /// when it is no such number (`4.0` and `1e2` are; `4.5`, `2^63` and `1e-300` are not), or one a
  /// `Decimal` cannot read (its exponent past -128...127 while it reads the digits).
  static func wholeNumber(numberText text: String) -> Int? {
    if let whole = Int(text) { return whole }  // an integer literal, as it is written
    var digits: [UInt8] = []  // the significand, without leading zeros
    var exponent = 0
    var negative = false
    var inFraction = false
    var bytes = Substring(text).utf8[...]
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes = bytes.dropFirst()
    }
    while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if byte == UInt8(ascii: ".") {
        inFraction = true
        continue
      }
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      if digits.isEmpty && byte == UInt8(ascii: "0") {
        if inFraction { exponent -= 1 }
      } else if fits(digits, byte) {
        digits.append(byte)
        if inFraction { exponent -= 1 }
      } else if !inFraction {
        exponent += 1
      }
      guard (-128...127).contains(exponent) else { return nil }
    }
    if !bytes.isEmpty {
      guard let written = Int(String(Substring(bytes.dropFirst()))), abs(written) < 100_000 else { return nil }
      exponent += written
    }
    while digits.last == UInt8(ascii: "0") {
      digits.removeLast()
      exponent += 1
    }
    if digits.isEmpty { return 0 }
    guard exponent >= 0, digits.count + exponent <= 19 else { return nil }
    let whole = String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: exponent)
    return Int((negative ? "-" : "") + whole)
  }

  /// Whether `digits` (no leading zero) followed by `next` make a significand a `Decimal` holds.
  private static func fits(_ digits: [UInt8], _ next: UInt8) -> Bool {
    guard digits.count + 1 == largestSignificand.count else { return digits.count + 1 < largestSignificand.count }
    return !largestSignificand.lexicographicallyPrecedes(digits + [next])
  }
}
