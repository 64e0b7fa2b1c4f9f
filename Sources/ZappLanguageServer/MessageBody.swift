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
    return try? JSONSerialization.jsonObject(with: body)
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
