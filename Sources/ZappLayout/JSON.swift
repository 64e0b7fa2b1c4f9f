import Foundation

/// A JSON value as the bundle holds it: objects keep their members in their written order and
/// numbers keep their text, so a bundle decoded and encoded again gives the same bytes.
///
/// Every file zlc writes is encoded by `JSONWriter` (a tree through `encoded()`): two-space
/// indentation, one member or element per line, `": "` between key and value, and strings escaped
/// the same way everywhere (control characters, U+007F, U+2028, U+2029 and U+FEFF as `\u` escapes).
public enum JSON: Sendable {
  case null
  case bool(Bool)
  /// A number as its JSON text.
  case number(String)
  case string(String)
  case array([JSON])
  /// Members in their order; a key appears at most once.
  case object([(String, JSON)])
}

/// Values are equal when they hold the same data, strings and keys by their bytes: `é` written as
/// one scalar and as `e` with a combining accent are two values, as a client comparing the
/// bytes (or a screen's `sha256`) tells them apart, though Swift's `String` reads them as one.
extension JSON: Hashable {
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return sameBytes(a, b)
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { sameBytes($0.0, $1.0) && $0.1 == $1.1 }
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(b)
    case .number(let n): hasher.combine(n)
    case .string(let s): Self.hashBytes(s, into: &hasher)
    case .array(let a): hasher.combine(a)
    case .object(let members):
      for (key, value) in members {
        Self.hashBytes(key, into: &hasher)
        hasher.combine(value)
      }
    }
  }

  /// Whether two strings are the same UTF-8 bytes.
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    a.hasSameUTF8(as: b)
  }

  /// Hashes a string by its UTF-8 bytes, as `==` compares them.
  private static func hashBytes(_ s: String, into hasher: inout Hasher) {
    var s = s
    hasher.combine(s.utf8.count)
    s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

// MARK: Building and reading values

extension JSON {
  /// A length or other computed number: rounded to 0.01 and written without trailing zeros
  /// (`351`, `197.44`). A value that is not finite is written as `null`, so a file is always JSON.
  public static func number(_ value: Double) -> JSON { NumberForm.rounded(value).json }

  /// How a computed number is written: `null` when it is not finite, else a whole number or a
  /// fraction (Swift's shortest text of the double). `JSON` and `JSONWriter` both write through it.
  enum NumberForm {
    case null
    case whole(Int)
    case fraction(Double)

    /// Rounded to 0.01 (`JSON.number(_:)`).
    static func rounded(_ value: Double) -> NumberForm {
      guard value.isFinite else { return .null }
      // A number too large to scale has no hundredths to round (1e308 stays 1e308, not null).
      let scaled = value * 100
      return exact(scaled.isFinite ? scaled.rounded() / 100 : value)
    }

    /// As the arithmetic reads it (`JSON.exact(_:)`).
    static func exact(_ value: Double) -> NumberForm {
      guard value.isFinite else { return .null }
      if value == value.rounded(), abs(value) < 1e15 { return .whole(Int(value)) }
      return .fraction(value)
    }

    var json: JSON {
      switch self {
      case .null: return .null
      case .whole(let n): return .number(String(n))
      case .fraction(let d): return .number(String(d))
      }
    }
  }

  /// A whole number.
  public static func int(_ value: Int) -> JSON { .number(String(value)) }

  /// A string, or `null`.
  public static func optional(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }

  /// The value of an object member, if this is an object that has it.
  public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
    return nil
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  public var doubleValue: Double? {
    if case .number(let text) = self { return Double(text) }
    return nil
  }

  /// The value as an `Int`, when it is a whole number that fits.
  public var intValue: Int? {
    guard case .number(let text) = self else { return nil }
    if let i = Int(text) { return i }
    guard let d = Double(text), d == d.rounded(), abs(d) < 9e15 else { return nil }
    return Int(d)
  }

  public var arrayValue: [JSON]? {
    if case .array(let a) = self { return a }
    return nil
  }

  public var objectValue: [(String, JSON)]? {
    if case .object(let m) = self { return m }
    return nil
  }
}

// MARK: Encoding

extension JSON {
  /// The UTF-8 bytes of the value: pretty (two-space indentation, a final newline) or compact.
  /// `JSONWriter` writes them, as it writes the contract types without a tree.
  public func encoded(pretty: Bool = true) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.value(self)
    writer.finish()
    return writer.bytes
  }

  /// The encoded text, as `encoded(pretty:)`.
  public func encodedString(pretty: Bool = true) -> String { String(decoding: encoded(pretty: pretty), as: UTF8.self) }

  /// The escape of a quote, a backslash, a control character or U+007F.
  static func appendEscape(forASCII byte: UInt8, into out: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): out += #"\""#.utf8
    case UInt8(ascii: "\\"): out += #"\\"#.utf8
    case 0x0A: out += #"\n"#.utf8
    case 0x0D: out += #"\r"#.utf8
    case 0x09: out += #"\t"#.utf8
    case 0x08: out += #"\b"#.utf8
    case 0x0C: out += #"\f"#.utf8
    default: appendEscape(forScalar: UInt32(byte), into: &out)
    }
  }

  /// A `\u` escape of four hex digits.
  static func appendEscape(forScalar scalar: UInt32, into out: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    out += #"\u"#.utf8
    for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((scalar >> UInt32(shift)) & 0xF)]) }
  }
}

// MARK: Decoding

extension JSON {
  /// Why bytes are not the JSON a bundle holds.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based line and column (in bytes) of the problem.
    public var line: Int
    public var column: Int

    public var description: String { "\(line):\(column): \(message)" }
  }

  /// How deep the inputs zlc reads may nest their values (`ReaderLimits.maxDepth`'s default).
  public static let maxInputDepth = 512
  /// How many levels deeper than in its input file a bundle may hold a value it copies from the
  /// project: a screen plugin's `styles` sit at `resolved.plugin_values.styles` of a screen file,
  /// one level deeper than in the screens file, and `rivers.json` lists the screens, one more; a
  /// section's cells and a size class replacement's add a few. A generous margin, so that a bundle
  /// built from any input within the limit reads back.
  package static let bundleWrapperDepth = 16
  /// How deep `parse` lets objects and arrays nest: what a bundle built from any valid input needs.
  public static let maxDepth = maxInputDepth + bundleWrapperDepth

  /// Parses RFC 8259 JSON, keeping object members in their order and numbers as written. Objects
  /// and arrays may nest at most `maxDepth` deep; a duplicate key is an error.
  public static func parse(_ bytes: [UInt8]) throws -> JSON {
    try bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      defer { parser.release() }
      return try parser.document()
    }
  }

  /// Parses RFC 8259 JSON from `data`, as `parse(_:)` parses bytes.
  public static func parse(_ data: Data) throws -> JSON {
    try data.withUnsafeBytes { raw in
      var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
      defer { parser.release() }
      return try parser.document()
    }
  }
}
