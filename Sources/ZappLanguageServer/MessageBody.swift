import Foundation
import ZappLayout

/// A message body as the kinds `JSONSerialization` gives (`NSNumber` for numbers and booleans,
/// `String`, `NSNull`, `[Any]` and `[String: Any]`), read by the runtime's parser: a change to a
/// large document is a body of its whole text, and Foundation's parser reads it some eight times
/// slower. A body that parser refuses (a key twice, say), or with a whole number beyond `Int` and
/// `UInt64` (which the two would read differently), is read by `JSONSerialization`, so every body
/// means what it always meant.
enum MessageBody {
  /// The body's value; nil when it is not JSON.
  static func value(_ body: Data) -> Any? {
    if let json = try? JSON.parse(body), let value = try? foundationValue(json) { return value }
    return try? JSONSerialization.jsonObject(with: body)
  }

  /// The body as a JSON-RPC message; nil when it is not a JSON object.
  static func object(_ body: Data) -> JSONObject? { value(body) as? JSONObject }

  /// A whole number neither `Int` nor `UInt64` holds.
  struct WholeNumberOutOfRange: Error {}

  static func foundationValue(_ json: JSON) throws(WholeNumberOutOfRange) -> Any {
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
  /// fraction or exponent as a `Double`, as `JSONSerialization` reads numbers.
  private static func number(_ text: String) throws(WholeNumberOutOfRange) -> NSNumber {
    if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      if let whole = Int(text) { return NSNumber(value: whole) }
      if let unsigned = UInt64(text) { return NSNumber(value: unsigned) }
      throw WholeNumberOutOfRange()
    }
    return NSNumber(value: Double(text) ?? .nan)
  }
}
