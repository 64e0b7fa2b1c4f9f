import Foundation

/// A JSON value as the bundle holds it: objects keep their members in their written order and
/// numbers keep their text, so a bundle decoded and encoded again gives the same bytes.
///
/// Every file zlc writes is encoded by `JSONWriter` (a tree through `encoded()`): two-space
/// indentation, one member or element per line, `": "` between key and value, and strings escaped
/// the same way everywhere (control characters, U+007F, U+2028 and U+2029 as `\u` escapes).
public indirect enum JSON: Sendable {
  case null
  case bool(Bool)
  /// A number as its JSON text.
  case number(String)
  case string(String)
  case array([JSON])
  /// Members in their order; a key appears at most once.
  case object([(String, JSON)])
}

extension JSON: Hashable {
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(b)
    case .number(let n): hasher.combine(n)
    case .string(let s): hasher.combine(s)
    case .array(let a): hasher.combine(a)
    case .object(let members):
      for (key, value) in members {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
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
      return exact((value * 100).rounded() / 100)
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

  /// Parses RFC 8259 JSON, keeping object members in their order and numbers as written. Objects
  /// and arrays may nest at most 512 deep; a duplicate key is an error.
  public static func parse(_ bytes: [UInt8]) throws -> JSON {
    try bytes.withUnsafeBufferPointer { buffer in
      var parser = Parser(bytes: buffer)
      return try parser.document()
    }
  }

  public static func parse(_ data: Data) throws -> JSON {
    try data.withUnsafeBytes { raw in
      var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
      return try parser.document()
    }
  }

  /// Reads the bytes in place: every index is checked against `count` before it is read.
  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ message: String, at offset: Int? = nil) -> ParseError {
      let at = min(offset ?? pos, bytes.count)
      var line = 1
      var lineStart = 0
      for i in 0..<at where bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      return ParseError(message: message, line: line, column: at - lineStart + 1)
    }

    mutating func document() throws -> JSON {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
      let value = try self.value()
      skipSpace()
      guard pos == bytes.count else { throw fail("unexpected text after the value") }
      return value
    }

    mutating func skipSpace() {
      while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x0A || bytes[pos] == 0x0D || bytes[pos] == 0x09 { pos += 1 }
    }

    mutating func value() throws -> JSON {
      skipSpace()
      guard pos < bytes.count else { throw fail("unexpected end of the file") }
      switch bytes[pos] {
      case UInt8(ascii: "{"): return try object()
      case UInt8(ascii: "["): return try array()
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw fail("unexpected character")
      }
    }

    mutating func literal(_ word: StaticString, _ value: JSON) throws -> JSON {
      let count = word.utf8CodeUnitCount
      guard bytes.count - pos >= count, (0..<count).allSatisfy({ bytes[pos + $0] == word.utf8Start[$0] }) else {
        throw fail("expected '\(word)'")
      }
      pos += count
      return value
    }

    mutating func enter() throws {
      depth += 1
      if depth > 512 { throw fail("nested more than 512 levels") }
    }

    mutating func object() throws -> JSON {
      try enter()
      pos += 1
      var members: [(String, JSON)] = []
      var keys: Set<String> = []
      skipSpace()
      if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") {
        pos += 1
        depth -= 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let keyStart = pos
        let key = try string()
        // A few keys are compared one by one; a set is made once an object has more.
        if members.count < 12 {
          if members.contains(where: { $0.0 == key }) { throw fail("duplicate key '\(key)'", at: keyStart) }
        } else {
          if keys.isEmpty { keys = Set(members.map(\.0)) }
          guard keys.insert(key).inserted else { throw fail("duplicate key '\(key)'", at: keyStart) }
        }
        skipSpace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw fail("expected ':'") }
        pos += 1
        members.append((key, try value()))
        skipSpace()
        guard pos < bytes.count else { throw fail("unexpected end of the file") }
        if bytes[pos] == UInt8(ascii: ",") {
          pos += 1
          continue
        }
        guard bytes[pos] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
        pos += 1
        depth -= 1
        return .object(members)
      }
    }

    mutating func array() throws -> JSON {
      try enter()
      pos += 1
      var items: [JSON] = []
      skipSpace()
      if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") {
        pos += 1
        depth -= 1
        return .array(items)
      }
      while true {
        items.append(try value())
        skipSpace()
        guard pos < bytes.count else { throw fail("unexpected end of the file") }
        if bytes[pos] == UInt8(ascii: ",") {
          pos += 1
          continue
        }
        guard bytes[pos] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
        pos += 1
        depth -= 1
        return .array(items)
      }
    }

    mutating func number() throws -> JSON {
      let start = pos
      func digits() -> Bool {
        let from = pos
        while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 { pos += 1 }
        return pos > from
      }
      if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
      let integerStart = pos
      guard digits() else { throw fail("expected a digit") }
      if bytes[integerStart] == UInt8(ascii: "0"), pos - integerStart > 1 { throw fail("leading zero", at: integerStart) }
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
        pos += 1
        guard digits() else { throw fail("expected a digit after '.'") }
      }
      if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
        pos += 1
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard digits() else { throw fail("expected a digit in the exponent") }
      }
      let text = String(decoding: bytes[start..<pos], as: UTF8.self)
      guard let value = Double(text), value.isFinite else { throw fail("number beyond a 64-bit float", at: start) }
      return .number(text)
    }

    mutating func string() throws -> String {
      pos += 1
      // Most strings are ASCII without escapes: one scan, and their bytes are the string.
      let start = pos
      while pos < bytes.count {
        let b = bytes[pos]
        if b == UInt8(ascii: "\"") {
          pos += 1
          return String(decoding: bytes[start..<(pos - 1)], as: UTF8.self)
        }
        if b < 0x20 || b >= 0x80 || b == UInt8(ascii: "\\") { break }
        pos += 1
      }
      pos = start
      var out: [UInt8] = []
      while true {
        guard pos < bytes.count else { throw fail("unterminated string") }
        let b = bytes[pos]
        if b == UInt8(ascii: "\"") {
          pos += 1
          break
        }
        if b < 0x20 { throw fail("control character in a string") }
        guard b == UInt8(ascii: "\\") else {
          out.append(b)
          pos += 1
          continue
        }
        guard pos + 1 < bytes.count else { throw fail("unterminated string") }
        let escaped = bytes[pos + 1]
        pos += 2
        switch escaped {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
              throw fail("lone surrogate")
            }
            pos += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00..<0xE000).contains(scalar) {
            throw fail("lone surrogate")
          }
          out += Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
        default: throw fail("invalid escape")
        }
      }
      guard let text = String(bytes: out, encoding: .utf8) else { throw fail("invalid UTF-8 in a string") }
      return text
    }

    mutating func hex4() throws -> UInt32 {
      guard pos + 4 <= bytes.count else { throw fail("invalid \\u escape") }
      var value: UInt32 = 0
      for b in bytes[pos..<(pos + 4)] {
        let digit: UInt32
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - 0x41 + 10)
        default: throw fail("invalid \\u escape")
        }
        value = value << 4 | digit
      }
      pos += 4
      return value
    }
  }
}
