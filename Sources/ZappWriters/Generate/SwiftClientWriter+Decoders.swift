import Foundation
import ZappLayout

extension SwiftClientWriter {
  /// `ZappValue`: how the plugin models' decoders read a value, in the forms zlc accepts (ZL0614).
  package func valueReaders(_ c: inout CodeText) {
    let reader = #"""
      /// How the plugin models read the bundle's values, in the forms zlc accepts: `""` and null leave
      /// a field unset, and a value its type cannot read leaves it nil.
      enum ZappValue {
        /// A switch: `true`, `false`, `1`, `0`, or one of them as a string.
        static func bool(_ value: Any?) -> Bool? {
          switch value {
          case let number as NSNumber:
            if isBoolean(number) { return number.boolValue }
            return double(number) == 1 ? true : double(number) == 0 ? false : nil
          case let text as String:
            return text == "true" || text == "1" ? true : text == "false" || text == "0" ? false : nil
          default: return nil
          }
        }

        /// A number, or a string of a decimal number (`-12`, `3.5`).
        static func number(_ value: Any?) -> Double? {
          switch value {
          case let number as NSNumber:
            return isBoolean(number) || !double(number).isFinite ? nil : double(number)
          case let text as String:
            guard isDecimal(text), let number = Double(text), number.isFinite else { return nil }
            return number
          default: return nil
          }
        }

        /// Text; a number as its text (a whole one as its digits), a boolean as `true` or `false`. A
        /// whole number of 2^53 or more is none: the reader may have rounded it.
        static func text(_ value: Any?) -> String? {
          switch value {
          case let text as String: return text.isEmpty ? nil : text
          case let number as NSNumber:
            if isBoolean(number) { return number.boolValue ? "true" : "false" }
            let value = double(number)
            guard value.isFinite else { return nil }
            guard value == value.rounded() else { return "\(value)" }
            return abs(value) < 9_007_199_254_740_992 ? String(Int64(value)) : nil
          default: return nil
          }
        }

        /// An option's text: a number as the option of the same number (`numbers`: each numeric
        /// option's number and text, so that `1.0` reads as the option `1.0`), unless one is its text.
        static func option(_ value: Any?, _ numbers: [(Double, String)]) -> String? {
          let written = Self.text(value)
          guard let written, let number = value as? NSNumber, !isBoolean(number) else { return written }
          if numbers.contains(where: { $0.1 == written }) { return written }
          return numbers.first { $0.0 == double(number) }?.1 ?? written
        }

        /// A list's options (an element without text left out), or a single value as a list of one.
        static func options(_ value: Any?, _ numbers: [(Double, String)]) -> [String]? {
          if let list = value as? [Any] { return list.compactMap { option($0, numbers) } }
          return option(value, numbers).map { [$0] }
        }

        /// The value of the member `key` of `object`, its name compared by its UTF-8 bytes: a
        /// dictionary of Swift strings takes `café` with `é` and with a combining accent as one key.
        static func member(_ object: [String: Any], _ key: String) -> Any? {
          guard let at = object.index(forKey: key) else { return nil }
          if zappSameName(object[at].key, key) { return object[at].value }
          return object.first { zappSameName($0.key, key) }?.value
        }

        /// A list's texts (an element without one left out), or a single value as a list of one.
        static func texts(_ value: Any?) -> [String]? {
          if let list = value as? [Any] { return list.compactMap(text) }
          return text(value).map { [$0] }
        }

        /// The number's value. JSONSerialization reads a long mantissa (`0.30000000000000004`) as an
        /// NSDecimalNumber, whose `doubleValue` is another number; its text reads as written.
        static func double(_ number: NSNumber) -> Double {
          if let decimal = number as? NSDecimalNumber, let exact = Double(decimal.stringValue) { return exact }
          return number.doubleValue
        }

        /// Whether JSONSerialization read the number as `true` or `false`.
        static func isBoolean(_ number: NSNumber) -> Bool { type(of: number) == type(of: NSNumber(value: true)) }

        /// `-?[0-9]+(\.[0-9]+)?`: no sign but `-`, no exponent, no spaces.
        static func isDecimal(_ text: String) -> Bool {
          let bytes = Array(text.utf8)
          let unsigned = bytes.first == 0x2D ? bytes.dropFirst() : bytes[...]
          let parts = unsigned.split(separator: 0x2E, omittingEmptySubsequences: false)
          return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }
        }
      }
      """#
    for line in reader.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
    c.line()
  }

  /// How deep the generated Swift decoders let objects and arrays nest: JSONSerialization reads 512
  /// levels, fewer than a bundle may hold (`JSON.maxDepth`), and a deeper text is named so, not "no
  /// JSON object".
  static let readableDepth = min(JSON.maxDepth, 512)

  /// `ZappJSONGrammar`: a check of the JSON grammar (RFC 8259) that every `init(json:)` makes before
  /// JSONSerialization reads the text, which lets pass what `zlc verify` and the Kotlin and
  /// TypeScript clients refuse (a comma before `]` or `}`, a byte order mark).
  package func jsonGrammar(_ c: inout CodeText) {
    let checker = #"""
      /// A check of the JSON grammar (RFC 8259) over the bytes of a text, made before JSONSerialization
      /// reads it: JSONSerialization lets pass a comma before `]` or `}` and a byte order mark, which
      /// `zlc verify` and the other clients refuse.
      private enum ZappJSONGrammar {
        /// How deep objects and arrays may nest: as deep as JSONSerialization reads, within zlc's limit.
        static let maxDepth = \#(SwiftClientWriter.readableDepth)

        /// Throws unless `json` is one JSON value with only spaces around it: no comma before `]` or
        /// `}`, no byte order mark, no comments, no `NaN` or `Infinity`, no leading zeros, `+`, `.5` or
        /// `1.`, no escapes other than JSON's, no control characters inside a string, and objects and
        /// arrays nested at most `maxDepth` deep. The error names `name`, what is wrong and its byte.
        static func check(_ json: Data, _ name: String) throws {
          try json.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
            var i = 0
            // The objects and arrays open at `i` that hold a value, innermost last: true for an object.
            var open: [Bool] = []
            func fail(_ why: String) -> ZappBundleError { .malformed(name + ": " + why + " at byte \(i)") }
            func at(_ byte: UInt8) -> Bool { i < b.count && b[i] == byte }
            func atDigit() -> Bool { i < b.count && (0x30...0x39).contains(b[i]) }
            func isHexDigit(_ byte: UInt8) -> Bool {
              (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
            }
            func space() { while at(0x20) || at(0x09) || at(0x0A) || at(0x0D) { i += 1 } }
            func word(_ word: StaticString) throws {
              let count = word.utf8CodeUnitCount
              guard b.count - i >= count, (0..<count).allSatisfy({ b[i + $0] == word.utf8Start[$0] }) else {
                throw fail("unexpected character")
              }
              i += count
            }
            func digits(_ expected: String) throws {
              guard atDigit() else { throw fail("expected " + expected) }
              while atDigit() { i += 1 }
            }
            /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, the JSON grammar's number.
            func number() throws {
              if at(0x2D) { i += 1 }  // `-`
              if at(0x30) {
                i += 1
                if atDigit() { throw fail("leading zero") }
              } else {
                try digits("a digit")
              }
              if at(0x2E) {  // `.`
                i += 1
                try digits("a digit after the decimal point")
              }
              if at(0x65) || at(0x45) {  // `e`, `E`
                i += 1
                if at(0x2B) || at(0x2D) { i += 1 }
                try digits("a digit in the exponent")
              }
            }
            func string() throws {
              i += 1
              while true {
                guard i < b.count else { throw fail("unterminated string") }
                let byte = b[i]
                guard byte >= 0x20 else { throw fail("control character in a string") }
                i += 1
                if byte == 0x22 { return }
                guard byte == 0x5C else { continue }
                guard i < b.count else { throw fail("unterminated string") }
                switch b[i] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 1  // `"`, `\`, `/`, `b`, `f`, `n`, `r`, `t`
                case 0x75:  // `u`
                  i += 1
                  for _ in 0..<4 {
                    guard i < b.count, isHexDigit(b[i]) else { throw fail("expected 4 hex digits after \\u") }
                    i += 1
                  }
                default: throw fail("unknown escape")
                }
              }
            }
            func key() throws {
              space()
              guard at(0x22) else { throw fail("expected a key") }
              try string()
              space()
              guard at(0x3A) else { throw fail("expected :") }
              i += 1
            }
            if b.starts(with: [0xEF, 0xBB, 0xBF]) { throw fail("byte order mark") }
            while true {
              // A value.
              space()
              guard i < b.count else { throw fail("unexpected end") }
              switch b[i] {
              case 0x7B, 0x5B:  // `{`, `[`
                guard open.count < maxDepth else { throw fail("nested more than \(maxDepth) levels") }
                let object = b[i] == 0x7B
                i += 1
                space()
                if at(object ? 0x7D : 0x5D) {  // empty: a whole value, as a string is
                  i += 1
                  break  // out of the switch
                }
                open.append(object)
                if object { try key() }
                continue
              case 0x22: try string()
              case 0x74: try word("true")
              case 0x66: try word("false")
              case 0x6E: try word("null")
              case 0x2D, 0x30...0x39: try number()
              default: throw fail("unexpected character")
              }
              // After a value: a comma and the next one, or the ends of the objects and arrays it closes.
              while true {
                space()
                guard let object = open.last else {
                  guard i == b.count else { throw fail("text after the value") }
                  return
                }
                guard i < b.count else { throw fail(object ? "unterminated object" : "unterminated array") }
                if b[i] == 0x2C {  // `,`
                  i += 1
                  if object { try key() }
                  break  // to the next value
                }
                guard b[i] == (object ? 0x7D : 0x5D) else { throw fail(object ? "expected , or }" : "expected , or ]") }
                i += 1
                open.removeLast()
              }
            }
          }
        }
      }
      """#
    for line in checker.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
    c.line()
  }

  /// `ZappBundleIndex.members(of:in:)`: an object's members with their names as the text writes
  /// them. JSONSerialization's dictionaries (and JSONDecoder's) keep one of two names that Swift's
  /// strings take as equal (`café` with `é`, and with a combining accent). And
  /// `duplicateKey(in:)`: a name written twice in one object, which JSONSerialization lets pass.
  package func objectMembers(_ c: inout CodeText) {
    let scanner = #"""
      /// The members of the object `key` of the JSON object `json`, in the text's order, each name by
      /// its exact text (nil when there is none): JSONSerialization's dictionaries keep one of two
      /// names that Swift's strings take as equal, `café` with `é` and with a combining accent.
      /// `json` is one that `ZappJSONGrammar` has checked, so its grammar is not checked again.
      private static func members(of key: String, in json: Data) -> [(String, Any)]? {
        let b = [UInt8](json)
        var i = 0
        func space() { while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 } }
        func string() -> Range<Int> {
          let start = i
          i += 1
          while i < b.count, b[i] != 0x22 { i += b[i] == 0x5C ? 2 : 1 }
          i = min(i + 1, b.count)
          return start..<i
        }
        func skipValue() {
          var depth = 0
          repeat {
            guard i < b.count else { return }
            switch b[i] {
            case 0x22: _ = string()
            case 0x7B, 0x5B: depth += 1; i += 1
            case 0x7D, 0x5D: depth -= 1; i += 1
            default: i += 1
            }
          } while depth > 0 || (i < b.count && ![0x2C, 0x7D, 0x5D, 0x22, 0x7B, 0x5B].contains(b[i]) && b[i] > 0x20)
        }
        func decoded(_ range: Range<Int>) -> Any? {
          try? JSONSerialization.jsonObject(with: Data(b[range]), options: .fragmentsAllowed)
        }
        func members() -> [(Range<Int>, Range<Int>)]? {
          space()
          guard i < b.count, b[i] == 0x7B else { return nil }
          i += 1
          var out: [(Range<Int>, Range<Int>)] = []
          while true {
            space()
            guard i < b.count, b[i] == 0x22 else { return out }
            let name = string()
            space()
            i += 1
            space()
            let start = i
            skipValue()
            out.append((name, start..<i))
            space()
            guard i < b.count, b[i] == 0x2C else { return out }
            i += 1
          }
        }
        guard let root = members(),
          let object = root.last(where: { (decoded($0.0) as? String).map { zappSameName($0, key) } ?? false })
        else { return nil }
        i = object.1.lowerBound
        return members()?.compactMap { name, value in (decoded(name) as? String).map { ($0, decoded(value) as Any) } }
      }

      /// The first name written twice in one object of the JSON text `json` (nil when there is none),
      /// names compared by their UTF-8 bytes: JSONSerialization keeps one of the two values, zlc
      /// refuses the text. `json` is one that `ZappJSONGrammar` has checked, so its grammar is
      /// not checked again.
      private static func duplicateKey(in json: Data) -> String? {
        let b = [UInt8](json)
        var open: [Set<[UInt8]>?] = []  // the names of each object open at that point; nil: an array
        var atName = false  // whether a string here is a name
        var i = 0
        while i < b.count {
          switch b[i] {
          case 0x22:
            let start = i
            i += 1
            while i < b.count, b[i] != 0x22 { i += b[i] == 0x5C ? 2 : 1 }
            guard atName, let last = open.indices.last, open[last] != nil else { break }
            atName = false
            // A name without escapes is its bytes; one with escapes is decoded.
            let bytes = b[min(start + 1, b.count)..<min(i, b.count)]
            let name =
              bytes.contains(0x5C)
              ? (try? JSONSerialization.jsonObject(with: Data(b[start..<min(i + 1, b.count)]), options: .fragmentsAllowed)) as? String ?? ""
              : String(decoding: bytes, as: UTF8.self)
            if open[last]?.insert(Array(name.utf8)).inserted == false { return name }
          case 0x7B, 0x5B:  // `{`, `[`
            open.append(b[i] == 0x7B ? [] : nil)
            atName = b[i] == 0x7B
          case 0x7D, 0x5D:  // `}`, `]`
            _ = open.popLast()
            atName = false
          case 0x2C:  // `,`: a name follows in an object
            atName = open.last.map { $0 != nil } ?? false
          default: break
          }
          i += 1
        }
        return nil
      }
      """#
    for line in scanner.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
  }

  /// A model's decoders: `init(bundleValue:)` from JSONSerialization's object, `init(json:)` from text.
  package func decoders(_ c: inout CodeText, _ model: ClientAPI.Model) {
    c.doc("Decodes a `\(model.section)` object as JSONSerialization reads it: a field whose value its type cannot", style: .slashes)
    c.doc("read is nil, an option this build does not know is `unknown`.", style: .slashes)
    c.block("public init(bundleValue: [String: Any]) {") { c in
      for field in model.fields {
        c.line(
          "self.\(field.name.lower) = " + reader(of: field, in: "ZappValue.member(bundleValue, \(CodeLiteral.swift(field.name.wire)))"))
      }
    }
    c.line()
    c.doc("Decodes the text of a `\(model.section)` object (a value that is no object sets no field).", style: .slashes)
    c.block("public init(json: Data) throws {") { c in
      c.line("try ZappJSONGrammar.check(json, \"\(model.typeName)\")")
      c.block("guard let value = try? JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed) else {") { c in
        c.line("throw ZappBundleError.malformed(\"\(model.typeName): the text is not JSON\")")
      }
      c.line("self.init(bundleValue: value as? [String: Any] ?? [:])")
    }
  }

  /// The expression that reads `field` from `value`.
  private func reader(of field: ClientAPI.Field, in value: String) -> String {
    switch field.kind {
    case .bool: return "ZappValue.bool(\(value))"
    case .number: return "ZappValue.number(\(value))"
    case .text: return field.isList ? "ZappValue.texts(\(value))" : "ZappValue.text(\(value))"
    case .option:
      let type = field.options?.typeName ?? "String"
      let numbers = Self.numericOptions(field)
      guard !numbers.isEmpty else {
        return field.isList
          ? "ZappValue.texts(\(value))?.map(\(type).init(wireName:))" : "ZappValue.text(\(value)).map(\(type).init(wireName:))"
      }
      let list = "[" + numbers.map { "(\($0.number), \(CodeLiteral.swift($0.wire)))" }.joined(separator: ", ") + "]"
      return field.isList
        ? "ZappValue.options(\(value), \(list))?.map(\(type).init(wireName:))"
        : "ZappValue.option(\(value), \(list)).map(\(type).init(wireName:))"
    }
  }

  /// A field's options written as JSON numbers (`1`, `1.0`, `1e2`), each with its number, in option
  /// order: a decoder reads a number of the bundle as the option of that number, since a parsed
  /// number no longer has its text. A whole one of 2^53 or more is left out: no reader holds it
  /// exactly.
  package static func numericOptions(_ field: ClientAPI.Field) -> [(number: String, wire: String)] {
    (field.options?.cases ?? []).compactMap { name in
      guard isJSONNumber(name.wire), let number = Double(name.wire), number.isFinite,
        number != number.rounded() || abs(number) < 9_007_199_254_740_992
      else { return nil }
      return ("\(number)", name.wire)
    }
  }

  /// Whether `text` is a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private static func isJSONNumber(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    func digits() -> Int {
      let count = bytes.prefix { (0x30...0x39).contains($0) }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == 0x2D { bytes = bytes.dropFirst() }
    let leadingZero = bytes.first == 0x30
    let whole = digits()
    guard whole > 0, !leadingZero || whole == 1 else { return false }
    if bytes.first == 0x2E {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return false }
    }
    if bytes.first == 0x65 || bytes.first == 0x45 {
      bytes = bytes.dropFirst()
      if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
