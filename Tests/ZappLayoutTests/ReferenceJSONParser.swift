// A copy of the runtime's JSON parser before its containers went on stacks, for differential tests.
import Foundation
@testable import ZappLayout

/// The runtime's parser as it was before it kept its containers on stacks and scanned strings by
/// words: what `JSON.parse` must still give, value for value and error for error.
struct ReferenceJSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var pos = 0
  var depth = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  func fail(_ message: String, at offset: Int? = nil) -> JSON.ParseError {
    let at = min(offset ?? pos, bytes.count)
    var line = 1
    var lineStart = 0
    for i in 0..<at where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return JSON.ParseError(message: message, line: line, column: at - lineStart + 1)
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
    if depth > JSON.maxDepth { throw fail("nested more than \(JSON.maxDepth) levels") }
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

extension ReferenceJSONParser {
  /// The value, or the error, the reference parser gives for the bytes.
  static func parse(_ bytes: [UInt8]) -> Result<JSON, JSON.ParseError> {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = ReferenceJSONParser(bytes: buffer)
      return Result { try parser.document() }.mapError { $0 as! JSON.ParseError }
    }
  }
}
