import Foundation
import ZappLayout

/// A message body as the kinds `JSONSerialization` gives (`NSNumber` for numbers and booleans,
/// `String`, `NSNull`, `[Any]` and `[String: Any]`), read by the runtime's parser: a change to a
/// large document is a body of its whole text, and Foundation's parser reads it some eight times
/// slower. A body that parser refuses (a key twice, say), or with a number the two would read
/// differently (a whole number beyond `Int` and `UInt64`; a fraction or exponent written with more
/// than 17 characters before its exponent, which `JSONSerialization` keeps as an exact
/// `NSDecimalNumber`), is read by `JSONSerialization`, so every body means what it always meant.
enum MessageBody {
  /// The body's value; nil when it is not JSON.
  static func value(_ body: Data) -> Any? {
    if let json = try? JSON.parse(body), let value = try? foundationValue(json) { return value }
    if let value = try? JSONSerialization.jsonObject(with: body) { return value }
    // A client written in JavaScript sends a lone surrogate of a document's text as an escape
    // (`"\ud800"`), which is no text: read as U+FFFD, as an editor shows it, the message stands.
    guard let repaired = replacingLoneSurrogates(body) else { return nil }
    return value(repaired)
  }

  /// The body with each `\u` escape of a lone surrogate written as `\ufffd`; nil when it holds none.
  static func replacingLoneSurrogates(_ body: Data) -> Data? {
    let bytes = [UInt8](body)
    var out: [UInt8] = []
    var replaced = false
    var i = 0
    func unit(at k: Int) -> UInt32? {
      guard k + 6 <= bytes.count, bytes[k] == UInt8(ascii: "\\"), bytes[k + 1] == UInt8(ascii: "u") else { return nil }
      return UInt32(String(decoding: bytes[(k + 2)..<(k + 6)], as: UTF8.self), radix: 16)
    }
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count else {
        out.append(bytes[i])
        i += 1
        continue
      }
      guard let code = unit(at: i) else {
        out += bytes[i..<min(bytes.count, i + 2)]  // another escape, `\\` among them: kept whole
        i += 2
        continue
      }
      if (0xD800..<0xDC00).contains(code), let low = unit(at: i + 6), (0xDC00..<0xE000).contains(low) {
        out += bytes[i..<(i + 12)]
        i += 12
      } else if (0xD800..<0xE000).contains(code) {
        out += Array("\\ufffd".utf8)
        replaced = true
        i += 6
      } else {
        out += bytes[i..<(i + 6)]
        i += 6
      }
    }
    return replaced ? Data(out) : nil
  }

  /// The body as a JSON-RPC message; nil when it is not a JSON object.
  static func object(_ body: Data) -> JSONObject? { value(body) as? JSONObject }

  /// A number `JSONSerialization` reads otherwise: a whole number neither `Int` nor `UInt64`
  /// holds, or a long fraction or exponent it keeps as a decimal.
  struct ReadOtherwise: Error {}

  static func foundationValue(_ json: JSON) throws(ReadOtherwise) -> Any {
    switch json {
    case .null: return NSNull()
    case .bool(let b): return NSNumber(value: b)
    case .string(let s): return s
    case .number(let text): return try number(text)
    case .array(let items):
      var array: [Any] = []
      array.reserveCapacity(items.count)
      for item in items { array.append(try foundationValue(item)) }
      return array
    case .object(let members):
      var object: JSONObject = Dictionary(minimumCapacity: members.count)
      for (key, value) in members { object[key] = try foundationValue(value) }
      return object
    }
  }

  /// A whole number in `Int`'s range as an integer, one in `UInt64`'s as an unsigned integer, a
  /// fraction or exponent as a `Double`, as `JSONSerialization` reads numbers. It reads a fraction
  /// or exponent whose text before the exponent is longer than 17 characters as a decimal
  /// (`9007199254740993.0` stays 9007199254740993, which a `Double` rounds to ...992): such a
  /// number is left to it.
  private static func number(_ text: String) throws(ReadOtherwise) -> NSNumber {
    if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      if let whole = Int(text) { return NSNumber(value: whole) }
      if let unsigned = UInt64(text) { return NSNumber(value: unsigned) }
      throw ReadOtherwise()
    }
    let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
    guard mantissa.count <= 17 else { throw ReadOtherwise() }
    return NSNumber(value: Double(text) ?? .nan)
  }
}

extension MessageBody {
  /// The body's top-level `method` as JSON decodes it (`"$\/cancelRequest"` is `$/cancelRequest`);
  /// nil when the body is no object, its members before `method` are not well formed, or the method
  /// is not a string. Reads only up to the member: a large change whose `method` comes before its
  /// `params`, as clients write them, is not read through, and nothing is parsed but strings' ends.
  static func topLevelMethod(_ body: Data) -> String? {
    body.withUnsafeBytes { bytes in
      var scanner = MemberScanner(bytes: bytes)
      return scanner.method()
    }
  }
}

/// Walks the members of a JSON object, skipping each value by its brackets and strings.
private struct MemberScanner {
  let bytes: UnsafeRawBufferPointer
  var i = 0

  private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

  init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  mutating func method() -> String? {
    guard take(UInt8(ascii: "{")) else { return nil }
    while true {
      skipSpace()
      guard let key = string() else { return nil }
      guard take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      if decoded(key) == "method" { return string().flatMap(decoded) }
      guard skipValue(), take(UInt8(ascii: ",")) else { return nil }
    }
  }

  /// Passes over white space and `byte`; false when `byte` is not next.
  private mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard i < bytes.count, bytes[i] == byte else { return false }
    i += 1
    return true
  }

  private mutating func skipSpace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return
      }
    }
  }

  /// The string literal that starts here, quotes included, passed over; nil when none does or it
  /// does not end.
  private mutating func string() -> Range<Int>? {
    guard i < bytes.count, bytes[i] == Self.quote else { return nil }
    let start = i
    i += 1
    while i < bytes.count {
      switch bytes[i] {
      case Self.quote:
        i += 1
        return start..<i
      case Self.backslash: i += 2
      default: i += 1
      }
    }
    return nil
  }

  /// A string literal's text, its escapes decoded; nil when it is not valid JSON.
  private func decoded(_ literal: Range<Int>) -> String? {
    let text = UnsafeRawBufferPointer(rebasing: bytes[literal])
    guard text.contains(Self.backslash) else { return String(decoding: text.dropFirst().dropLast(), as: UTF8.self) }
    return (try? JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed)) as? String
  }

  /// Passes over a member's value, up to the `,` or `}` after it; false when the body ends first.
  private mutating func skipValue() -> Bool {
    var depth = 0
    while i < bytes.count {
      switch bytes[i] {
      case Self.quote:
        guard string() != nil else { return false }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        i += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return true }
        depth -= 1
        i += 1
      case UInt8(ascii: ","):
        if depth == 0 { return true }
        i += 1
      default: i += 1
      }
    }
    return false
  }
}
