import Foundation

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
            return number.doubleValue == 1 ? true : number.doubleValue == 0 ? false : nil
          case let text as String:
            return text == "true" || text == "1" ? true : text == "false" || text == "0" ? false : nil
          default: return nil
          }
        }

        /// A number, or a string of a decimal number (`-12`, `3.5`).
        static func number(_ value: Any?) -> Double? {
          switch value {
          case let number as NSNumber:
            return isBoolean(number) || !number.doubleValue.isFinite ? nil : number.doubleValue
          case let text as String:
            guard isDecimal(text), let number = Double(text), number.isFinite else { return nil }
            return number
          default: return nil
          }
        }

        /// Text; a number as its text (a whole one as its digits), a boolean as `true` or `false`.
        static func text(_ value: Any?) -> String? {
          switch value {
          case let text as String: return text.isEmpty ? nil : text
          case let number as NSNumber:
            if isBoolean(number) { return number.boolValue ? "true" : "false" }
            let double = number.doubleValue
            guard double.isFinite else { return nil }
            return double == double.rounded() && abs(double) < 1e15 ? String(Int64(double)) : "\(double)"
          default: return nil
          }
        }

        /// A list's texts (an element without one left out), or a single value as a list of one.
        static func texts(_ value: Any?) -> [String]? {
          if let list = value as? [Any] { return list.compactMap(text) }
          return text(value).map { [$0] }
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

  /// A model's decoders: `init(bundleValue:)` from JSONSerialization's object, `init(json:)` from text.
  package func decoders(_ c: inout CodeText, _ model: ClientAPI.Model) {
    c.doc("Decodes a `\(model.section)` object as JSONSerialization reads it: a field whose value its type cannot", style: .slashes)
    c.doc("read is nil, an option this build does not know is `unknown`.", style: .slashes)
    c.block("public init(bundleValue: [String: Any]) {") { c in
      for field in model.fields {
        c.line("self.\(field.name.lower) = " + reader(of: field, in: "bundleValue[\(CodeLiteral.swift(field.name.wire))]"))
      }
    }
    c.line()
    c.doc("Decodes the text of a `\(model.section)` object (a value that is no object sets no field).", style: .slashes)
    c.block("public init(json: Data) throws {") { c in
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
      return field.isList
        ? "ZappValue.texts(\(value))?.map(\(type).init(wireName:))" : "ZappValue.text(\(value)).map(\(type).init(wireName:))"
    }
  }
}
