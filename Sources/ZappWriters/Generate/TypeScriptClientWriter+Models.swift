import Foundation

extension TypeScriptClientWriter {
  /// A plugin section's fields as an interface, with a namespace of enums for fields with options,
  /// and its decoder.
  func model(_ c: inout CodeText, _ model: ClientAPI.Model, plugin: ClientAPI.Plugin) {
    let scope = plugin.manifestDescription
    c.doc("The `\(model.section)` fields of the plugin \(CodeLiteral.commentName(plugin.name.wire)) (\(scope)).", style: .block)
    c.block("export interface \(model.typeName) {") { c in
      for field in model.fields {
        c.doc("The field \(CodeLiteral.commentName(field.name.wire)).", style: .block)
        c.line("readonly \(field.name.lower)?: \(type(of: field, in: model.typeName));")
      }
    }
    let optionFields = model.fields.filter { $0.options != nil }
    if !optionFields.isEmpty {
      c.doc("The options of `\(model.typeName)`'s fields.", style: .block)
      c.block("export namespace \(model.typeName) {") { c in
        for field in optionFields {
          guard let options = field.options else { continue }
          c.doc("The options of the field \(CodeLiteral.commentName(field.name.wire)).", style: .block)
          c.block("export enum \(options.typeName) {") { c in
            for name in options.cases { c.line("\(name.upper) = \(CodeLiteral.typescript(name.wire)),") }
          }
          let function = Self.decoderName(ofOptionType: options.typeName)
          c.doc("Every option of `\(options.typeName)`.", style: .block)
          c.line(
            "export const \(function)s: readonly \(options.typeName)[] = ["
              + options.cases.map { "\(options.typeName).\($0.upper)" }.joined(separator: ", ") + "];")
          c.doc("The `\(options.typeName)` of a value, or a `ZappUnknown`.", style: .block)
          c.block("export function \(function)(wireName: string): \(options.typeName) | ZappUnknown {") { c in
            c.line("return zappDecode(\(function)s, wireName);")
          }
        }
      }
    }
    decoder(&c, model)
    c.line()
  }

  /// The decoder of an option type in its model's namespace: `<field>Option`, or `decode` and the
  /// type's name for a type that starts with `_` (a key that starts with a digit), which lower
  /// case leaves as it is. No other field's type, list or decoder has that name: only these start
  /// with `decode_`.
  package static func decoderName(ofOptionType type: String) -> String {
    let lower = type.lowercasedFirst
    return lower == type ? "decode" + type : lower
  }

  private func type(of field: ClientAPI.Field, in model: String) -> String {
    let element: String
    switch field.kind {
    case .bool: element = "boolean"
    case .number: element = "number"
    case .text: element = "string"
    case .option: element = field.options.map { "\(model).\($0.typeName) | ZappUnknown" } ?? "string"
    }
    return field.isList ? "readonly (\(element))[]" : element
  }
}
