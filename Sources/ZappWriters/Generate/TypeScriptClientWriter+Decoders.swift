import Foundation

extension TypeScriptClientWriter {
  /// The readers the plugin models' decoders use, each only when a field needs it (a function
  /// left unused would fail `noUnusedLocals`), in the forms zlc accepts (ZL0614).
  package func valueReaders(_ c: inout CodeText) {
    let fields = api.plugins.flatMap(\.models).flatMap(\.fields)
    guard !fields.isEmpty else { return }
    let lists = fields.filter(\.isList)
    let needs: [(Bool, String)] = [
      (true, Self.setter),
      (fields.contains { $0.kind == .bool }, Self.boolReader),
      (fields.contains { $0.kind == .number }, Self.numberReader),
      (fields.contains { $0.kind == .text || $0.kind == .option }, Self.textReader),
      (!lists.isEmpty, Self.textsReader),
      (fields.contains { $0.kind == .option && !$0.isList }, Self.optionReader),
      (lists.contains { $0.kind == .option }, Self.optionsReader),
    ]
    for (needed, text) in needs where needed {
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
      c.line()
    }
  }

  /// `decode<Model>(value)`: the model of a section's object as `JSON.parse` gives it.
  package func decoder(_ c: inout CodeText, _ model: ClientAPI.Model) {
    c.line("/**")
    c.line(" * Decodes a `\(model.section)` object as `JSON.parse` gives it: a field whose value its type cannot")
    c.line(" * read is left unset, an option this build does not know is a `ZappUnknown`, and a value that")
    c.line(" * is no object sets no field.")
    c.line(" */")
    c.block("export function decode\(model.typeName)(value: unknown): \(model.typeName) {") { c in
      c.line("const object: { readonly [key: string]: unknown } = zappIsObject(value) ? value : {};")
      c.line("const model: ZappWritable<\(model.typeName)> = {};")
      for field in model.fields {
        let read = reader(of: field, in: model.typeName, value: "object[\(CodeLiteral.typescript(field.name.wire))]")
        c.line("zappSet(model, \"\(field.name.lower)\", \(read));")
      }
      c.line("return model;")
    }
  }

  /// The expression that reads `field` from `value`.
  private func reader(of field: ClientAPI.Field, in model: String, value: String) -> String {
    switch field.kind {
    case .bool: return "zappBool(\(value))"
    case .number: return "zappNumber(\(value))"
    case .text: return field.isList ? "zappTexts(\(value))" : "zappText(\(value))"
    case .option:
      let decode = "\(model).\(Self.decoderName(ofOptionType: field.options?.typeName ?? ""))"
      return field.isList ? "zappOptions(\(value), \(decode))" : "zappOption(\(value), \(decode))"
    }
  }

  private static let setter = """
    /** A model's properties, writable while its decoder sets them. */
    type ZappWritable<T> = { -readonly [K in keyof T]: T[K] };

    /** Sets a field of a model being decoded, unless its value is undefined (the field left unset). */
    function zappSet<T, K extends keyof T>(model: T, key: K, value: T[K] | undefined): void {
      if (value !== undefined) {
        model[key] = value;
      }
    }
    """

  private static let boolReader = """
    /** A switch: `true`, `false`, `1`, `0`, or one of them as a string. */
    function zappBool(value: unknown): boolean | undefined {
      if (typeof value === "boolean") {
        return value;
      }
      if (value === 1 || value === "true" || value === "1") {
        return true;
      }
      return value === 0 || value === "false" || value === "0" ? false : undefined;
    }
    """

  private static let numberReader = """
    /** A number, or a string of a decimal number (`-12`, `3.5`: no `+`, exponent or spaces). */
    function zappNumber(value: unknown): number | undefined {
      if (typeof value === "number") {
        return isFinite(value) ? value : undefined;
      }
      if (typeof value !== "string" || !/^-?[0-9]+(\\.[0-9]+)?$/.test(value)) {
        return undefined;
      }
      const number = Number(value);
      return isFinite(number) ? number : undefined;
    }
    """

  private static let textReader = """
    /** Text (`""` leaves a field unset); a number as its text, a boolean as `true` or `false`. */
    function zappText(value: unknown): string | undefined {
      if (typeof value === "string") {
        return value === "" ? undefined : value;
      }
      if (typeof value === "number") {
        return isFinite(value) ? String(value) : undefined;
      }
      return typeof value === "boolean" ? String(value) : undefined;
    }
    """

  private static let textsReader = """
    /** A list's texts (an element without one left out), or a single value as a list of one. */
    function zappTexts(value: unknown): string[] | undefined {
      if (!Array.isArray(value)) {
        const text = zappText(value);
        return text === undefined ? undefined : [text];
      }
      const texts: string[] = [];
      for (const element of value) {
        const text = zappText(element);
        if (text !== undefined) {
          texts.push(text);
        }
      }
      return texts;
    }
    """

  private static let optionReader = """
    /** One option, decoded by its enum's decoder. */
    function zappOption<T>(value: unknown, decode: (wireName: string) => T): T | undefined {
      const text = zappText(value);
      return text === undefined ? undefined : decode(text);
    }
    """

  private static let optionsReader = """
    /** A list of options (or a single one), each decoded by its enum's decoder. */
    function zappOptions<T>(value: unknown, decode: (wireName: string) => T): T[] | undefined {
      const texts = zappTexts(value);
      return texts === undefined ? undefined : texts.map((text) => decode(text));
    }
    """
}
