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
    var out = ""
    out.reserveCapacity(4096)
    write(into: &out, indent: 0, pretty: pretty)
    if pretty { out += "\n" }
    return out
  }

  func write(into out: inout String, indent: Int, pretty: Bool) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += format(n)
    case .numberText(let t): out += t
    case .string(let s): JSONOut.escape(s, into: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        if pretty { newline(&out, indent + 1) }
        item.write(into: &out, indent: indent + 1, pretty: pretty)
      }
      if pretty { newline(&out, indent) }
      out += "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += "," }
        if pretty { newline(&out, indent + 1) }
        JSONOut.escape(member.0, into: &out)
        out += pretty ? ": " : ":"
        member.1.write(into: &out, indent: indent + 1, pretty: pretty)
      }
      if pretty { newline(&out, indent) }
      out += "}"
    case .source(let value): JSONOut.from(value).write(into: &out, indent: indent, pretty: pretty)
    }
  }

  private func newline(_ out: inout String, _ indent: Int) {
    out += "\n"
    out += String(repeating: "  ", count: indent)
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

  static func escape(_ s: String, into out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
          out += "\\u" + hex(scalar.value).lowercased()
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }

  /// The value of an object member, if this is an object.
  public subscript(key: String) -> JSONOut? {
    if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
    return nil
  }
}
