import ZappLayout

/// A JSON value to write. Objects keep their members in the order given, so output is
/// deterministic; `.source` embeds a value of an input file as it was (keys in their order).
public indirect enum JSONOut {
  case null
  case bool(Bool)
  case number(Double)
  /// A number written exactly as this text (numbers copied from inputs).
  case numberText(String)
  case string(String)
  case array([JSONOut])
  case object([(String, JSONOut)])
  case source(JSONValue)

  public static func int(_ value: Int) -> JSONOut { .numberText(String(value)) }
  public static func optional(_ value: String?) -> JSONOut { value.map { .string($0) } ?? .null }

  /// Serialises with 2-space indentation and a final newline.
  public func serialized(pretty: Bool = true) -> String {
    String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
  }

  /// The UTF-8 bytes of `serialized(pretty:)`, written without an intermediate String.
  public func serializedBytes(pretty: Bool = true) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    write(into: &out, indent: 0, pretty: pretty)
    if pretty { out.append(0x0A) }
    return out
  }

  func write(into out: inout [UInt8], indent: Int, pretty: Bool) {
    switch self {
    case .null: out += "null".utf8
    case .bool(let b): out += (b ? "true" : "false").utf8
    case .number(let n): out += format(n).utf8
    case .numberText(let t): out += t.utf8
    case .string(let s): JSONOut.escape(s, into: &out)
    case .array(let items):
      JSONOut.writeContainer("[", "]", count: items.count, into: &out, indent: indent, pretty: pretty) { i, out in
        items[i].write(into: &out, indent: indent + 1, pretty: pretty)
      }
    case .object(let members):
      JSONOut.writeContainer("{", "}", count: members.count, into: &out, indent: indent, pretty: pretty) { i, out in
        JSONOut.escape(members[i].0, into: &out)
        out += (pretty ? ": " : ":").utf8
        members[i].1.write(into: &out, indent: indent + 1, pretty: pretty)
      }
    case .source(let value): JSONOut.write(value, into: &out, indent: indent, pretty: pretty)
    }
  }

  /// Writes an input value as `from(value)` would, without building the intermediate tree.
  static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int, pretty: Bool) {
    switch value.kind {
    case .null: out += "null".utf8
    case .bool: out += ((value.bool ?? false) ? "true" : "false").utf8
    case .number: out += (value.numberText ?? "0").utf8
    case .string: escape(value.string ?? "", into: &out)
    case .array:
      let elements = value.elements
      writeContainer("[", "]", count: elements.count, into: &out, indent: indent, pretty: pretty) { i, out in
        write(elements[i], into: &out, indent: indent + 1, pretty: pretty)
      }
    case .object:
      let members = value.members
      writeContainer("{", "}", count: members.count, into: &out, indent: indent, pretty: pretty) { i, out in
        escape(members[i].key.string ?? "", into: &out)
        out += (pretty ? ": " : ":").utf8
        write(members[i].value, into: &out, indent: indent + 1, pretty: pretty)
      }
    }
  }

  /// Writes `count` elements (or members) between `open` and `close`, one per line when pretty.
  private static func writeContainer(
    _ open: String, _ close: String, count: Int, into out: inout [UInt8], indent: Int, pretty: Bool,
    element: (Int, inout [UInt8]) -> Void
  ) {
    out += open.utf8
    if count == 0 {
      out += close.utf8
      return
    }
    for i in 0..<count {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      if pretty { newline(&out, indent + 1) }
      element(i, &out)
    }
    if pretty { newline(&out, indent) }
    out += close.utf8
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int) {
    out.append(0x0A)
    for _ in 0..<(indent * 2) { out.append(0x20) }
  }

  /// Converts an input value, keeping keys in their written order and numbers as written.
  public static func from(_ value: JSONValue) -> JSONOut {
    switch value.kind {
    case .null: return .null
    case .bool: return .bool(value.bool ?? false)
    case .number: return .numberText(value.numberText ?? "0")
    case .string: return .string(value.string ?? "")
    case .array: return .array(value.elements.map(from))
    case .object: return .object(value.members.map { ($0.key.string ?? "", from($0.value)) })
    }
  }

  /// Writes `s` as a JSON string: quotes, backslashes and control characters escaped, and U+007F,
  /// U+2028 and U+2029 too (JavaScript clients), everything else as UTF-8.
  static func escape(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var utf8 = s.utf8.makeIterator()
    while let byte = utf8.next() {
      switch byte {
      case UInt8(ascii: "\""): out += #"\""#.utf8
      case UInt8(ascii: "\\"): out += #"\\"#.utf8
      case 0x0A: out += #"\n"#.utf8
      case 0x0D: out += #"\r"#.utf8
      case 0x09: out += #"\t"#.utf8
      case 0x08: out += #"\b"#.utf8
      case 0x0C: out += #"\f"#.utf8
      case 0..<0x20, 0x7F: out += ("\\u" + hex(UInt32(byte)).lowercased()).utf8
      case 0xE2:
        // A String is valid UTF-8: E2 starts a three-byte sequence. U+2028 is E2 80 A8, U+2029 E2 80 A9.
        let second = utf8.next() ?? 0
        let third = utf8.next() ?? 0
        if second == 0x80, third == 0xA8 || third == 0xA9 {
          out += ("\\u" + hex(0x2000 + UInt32(third) - 0x80).lowercased()).utf8
        } else {
          out += [byte, second, third]
        }
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// The value of an object member, if this is an object.
  public subscript(key: String) -> JSONOut? {
    if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
    return nil
  }
}
