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

  /// `zappScreenTypeNames`: the names of `screen_types` in the text's order, which an object does
  /// not keep, and the check of a key written twice, which `JSON.parse` lets pass.
  package func bundleNames(_ c: inout CodeText) {
    let scanner = #"""
      /**
       * The names of `screen_types` in the JSON text `json`, in the text's order (an object lists
       * integer-like names, "0" and "1", first); throws when one object of the text names a key
       * twice, which JSON.parse reads as its last value. `json` is text JSON.parse has read, so its
       * grammar is not checked again.
       */
      function zappScreenTypeNames(json: string): string[] {
        // The names of each object open at that point ("$" before each, so that "__proto__" is a
        // name like any other); null for an array.
        const open: ({ [name: string]: boolean } | null)[] = [];
        let member = ""; // the name of the root's member being read
        let screenTypes: { [name: string]: boolean } | null = null;
        const names: string[] = [];
        let atName = false; // whether a string here is a name
        for (let i = 0; i < json.length; i += 1) {
          const ch = json.charAt(i);
          if (ch === '"') {
            const start = i;
            for (i += 1; i < json.length && json.charAt(i) !== '"'; i += 1) {
              if (json.charAt(i) === "\\") {
                i += 1;
              }
            }
            const seen = open[open.length - 1];
            if (!atName || !seen) {
              continue;
            }
            atName = false;
            // A name without escapes is its text; one with escapes is decoded.
            const text = json.slice(start + 1, i);
            const name: string = text.indexOf("\\") < 0 ? text : JSON.parse(json.slice(start, i + 1));
            if (seen["$" + name]) {
              throw new Error("bundle.json: duplicate key '" + name + "'");
            }
            seen["$" + name] = true;
            if (open.length === 1) {
              member = name;
            } else if (seen === screenTypes) {
              names.push(name);
            }
          } else if (ch === "{") {
            const seen: { [name: string]: boolean } = {};
            if (open.length === 1 && member === "screen_types") {
              screenTypes = seen;
            }
            open.push(seen);
            atName = true;
          } else if (ch === "[") {
            open.push(null);
            atName = false;
          } else if (ch === "}" || ch === "]") {
            open.pop();
            atName = false;
          } else if (ch === ",") {
            atName = open[open.length - 1] !== null;
          }
        }
        return names;
      }
      """#
    for line in scanner.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
    c.line()
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
