import ZappLayout

/// The JSON the compiler writes: the runtime's `JSON`, so that the bundle, the diagnostics and the
/// schemas all go through its one deterministic encoder.
public typealias JSONOut = JSON

extension JSON {
  /// A number written exactly as this text (numbers copied from inputs).
  public static func numberText(_ text: String) -> JSON { .number(text) }

  /// An input value as written: keys in their order, numbers as their text.
  public init(_ value: JSONValue) {
    switch value.kind {
    case .null: self = .null
    case .bool: self = .bool(value.bool ?? false)
    case .number: self = .number(value.numberText ?? "0")
    case .string: self = .string(value.string ?? "")
    case .array: self = .array(value.elements.map(JSON.init))
    case .object: self = .object(value.members.map { ($0.key.string ?? "", JSON($0.value)) })
    }
  }

  /// An input value as written (see `init(_:)`).
  public static func from(_ value: JSONValue) -> JSON { JSON(value) }

  /// Serialises with 2-space indentation and a final newline (or compact).
  public func serialized(pretty: Bool = true) -> String { encodedString(pretty: pretty) }

  /// The UTF-8 bytes of `serialized(pretty:)`.
  public func serializedBytes(pretty: Bool = true) -> [UInt8] { encoded(pretty: pretty) }
}

extension JSONWriter {
  /// An input value as written (the bytes `JSON(value)` encodes to), straight from the reader's
  /// tape: keys in their order, numbers as their text, plain strings copied without decoding.
  public mutating func value(_ value: JSONValue) {
    switch value.kind {
    case .null: null()
    case .bool: bool(value.bool ?? false)
    case .number: numberText(value.numberText ?? "0")
    case .string: string(of: value)
    case .array:
      beginArray()
      value.forEachElement { self.value($0) }
      endArray()
    case .object:
      beginObject()
      value.forEachMember { key, member in
        if key.withPlainStringBytes({ self.key(utf8: $0) }) == nil { self.key(key.string ?? "") }
        self.value(member)
      }
      endObject()
    }
  }

  private mutating func string(of value: JSONValue) {
    if value.withPlainStringBytes({ string(utf8: $0) }) == nil { string(value.string ?? "") }
  }
}
