import Foundation
import ZappLayout

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
      (lists.contains { $0.kind == .text }, Self.textsReader),
      (fields.contains { $0.kind == .option }, Self.optionTextReader),
      (fields.contains { $0.kind == .option && !$0.isList }, Self.optionReader),
      (lists.contains { $0.kind == .option }, Self.optionsReader),
    ]
    for (needed, text) in needs where needed {
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
      c.line()
    }
  }

  /// `zappMapNames`: the names of the root's maps (`screen_types`, `content_types`, …) in the
  /// text's order, which an object does not keep, and the check of a key written twice, which
  /// `JSON.parse` lets pass.
  package func bundleNames(_ c: inout CodeText) {
    let scanner = #"""
      /**
       * The names of each of the root's objects `maps` in the JSON text `json`, in the text's order
       * (an object lists integer-like names, "0" and "1", first); throws when one object of the text
       * names a key twice, which JSON.parse reads as its last value, or nests objects and arrays
       * deeper than zlc reads. `json` is text JSON.parse has
       * read, so its grammar is not checked again.
       */
      function zappMapNames(json: string, maps: readonly string[]): string[][] {
        // The names of each object open at that point ("$" before each, so that "__proto__" is a
        // name like any other); null for an array. And where the names of each go, if anywhere.
        const open: ({ [name: string]: boolean } | null)[] = [];
        const into: (string[] | null)[] = [];
        let member = ""; // the name of the root's member being read
        const names: string[][] = maps.map(() => []);
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
            }
            const list = into[into.length - 1];
            if (list) {
              list.push(name);
            }
          } else if (ch === "{") {
            const at = open.length === 1 ? maps.indexOf(member) : -1;
            open.push({});
            into.push(at < 0 ? null : names[at] ?? null);
            atName = true;
          } else if (ch === "[") {
            open.push(null);
            into.push(null);
            atName = false;
          }
          // As deep as zlc and the other clients read: JSON.parse reads any depth.
          if (open.length > \#(JSON.maxDepth)) {
            throw new Error("bundle.json: nested more than \#(JSON.maxDepth) levels at offset " + i);
          } else if (ch === "}" || ch === "]") {
            open.pop();
            into.pop();
            atName = false;
          } else if (ch === ",") {
            atName = open[open.length - 1] !== null;
          }
        }
        return names;
      }

      /**
       * The map `key` of `root`, its names `names` in the text's order: none when absent or null (a
       * `required` one throws then); anything but an object of strings throws.
       */
      function zappMappings(root: { readonly [key: string]: unknown }, key: string, names: string[], required: boolean): ZappMapping[] {
        const map = root[key];
        if (!required && (map === undefined || map === null)) {
          return [];
        }
        if (!zappIsObject(map)) {
          throw new Error(key + (required ? " is missing or not an object" : " is not an object"));
        }
        const out: ZappMapping[] = [];
        for (const name of names) {
          const id = map[name];
          if (typeof id !== "string") {
            throw new Error(key + "." + name + " is not a string");
          }
          out.push({ key: name, screen: zappScreenId(id) });
        }
        return out;
      }

      /**
       * JSON.parse's reviver that refuses a number no 64-bit float holds (`1e400`), which JSON.parse
       * reads as Infinity and every other reader of the bundle refuses.
       */
      function zappFiniteNumbers(_key: string, value: unknown): unknown {
        if (typeof value === "number" && !isFinite(value)) {
          throw new Error("bundle.json: number beyond a 64-bit float");
        }
        return value;
      }
      """#
    for line in scanner.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
    c.line()
  }

  /// `zappFallbacks`: `fallbacks`, each value refused when it is not of its type, as the runtime
  /// does. A section's index is a whole number below 9e15: JavaScript's numbers hold no larger one
  /// exactly (nor tell `9007199254740993` from `9007199254740992`), so one beyond is refused.
  package func mappingsAndFallbacks(_ c: inout CodeText) {
    let classes = DeviceClass.allCases.map { CodeLiteral.typescript($0.rawValue) }.joined(separator: ", ")
    let defaults = SizeClass.defaults.map { sizeClass in
      let bound = sizeClass.maxWidth.map(SwiftClientWriter.numberLiteral) ?? "null"
      return "{ name: \(CodeLiteral.typescript(sizeClass.name)), deviceClass: \(CodeLiteral.typescript(sizeClass.deviceClass.rawValue)), "
        + "minWidth: \(SwiftClientWriter.numberLiteral(sizeClass.minWidth)), maxWidth: \(bound) }"
    }.joined(separator: ",\n  ")
    let code = #"""
      /** `devices`: a list of devices, each with a name, a class and a width; anything else throws. */
      function zappDevices(value: unknown): ZappDevice[] {
        if (!Array.isArray(value)) {
          throw new Error("devices is missing or not a list");
        }
        return value.map((entry: unknown, i: number) => {
          const at = "devices[" + i + "]";
          if (!zappIsObject(entry)) {
            throw new Error(at + " is not an object");
          }
          const name = entry["name"];
          if (typeof name !== "string") {
            throw new Error(at + ".name is missing or not a string");
          }
          const deviceClass = entry["class"];
          if (typeof deviceClass !== "string" || [\#(classes)].indexOf(deviceClass) < 0) {
            throw new Error(at + ".class is missing or not \#(SwiftClientWriter.deviceClasses)");
          }
          const width = entry["width"];
          if (typeof width !== "number" || !(width >= 1 && width <= \#(SwiftClientWriter.widestDevice))) {
            throw new Error(at + ".width \#(SwiftClientWriter.notADeviceWidth)");
          }
          return {
            name: name,
            deviceClass: deviceClass,
            width: width,
            sizeClass: zappString(entry["size_class"], at + ".size_class"),
            state: zappString(entry["state"], at + ".state"),
          };
        });
      }

      /** The size classes of a bundle that gives none: \#(SwiftClientWriter.defaultSizeClassesText). */
      const zappDefaultSizeClasses: readonly ZappSizeClass[] = [
        \#(defaults),
      ];

      /**
       * `size_classes`: the defaults when absent or null; anything but a list of size classes, each
       * with a name, a `min_width`, a `max_width` or none and a class, throws, and so does a list
       * the runtime refuses (`zappCheckSizeClasses`).
       */
      function zappSizeClasses(value: unknown): ZappSizeClass[] {
        if (value === undefined || value === null) {
          return zappDefaultSizeClasses.slice();
        }
        if (!Array.isArray(value)) {
          throw new Error("size_classes is not a list");
        }
        return zappCheckSizeClasses(value.map((entry: unknown, i: number) => {
          const at = "size_classes[" + i + "]";
          if (!zappIsObject(entry)) {
            throw new Error(at + " is not an object");
          }
          const name = entry["name"];
          if (typeof name !== "string") {
            throw new Error(at + ".name is missing or not a string");
          }
          const minWidth = entry["min_width"];
          if (typeof minWidth !== "number") {
            throw new Error(at + ".min_width is missing or not a number");
          }
          const maxWidth = entry["max_width"] ?? null;
          if (maxWidth !== null && typeof maxWidth !== "number") {
            throw new Error(at + ".max_width is not a number");
          }
          const deviceClass = entry["class"];
          if (typeof deviceClass !== "string" || [\#(classes)].indexOf(deviceClass) < 0) {
            throw new Error(at + ".class is missing or not \#(SwiftClientWriter.deviceClasses)");
          }
          return { name: name, deviceClass: deviceClass, minWidth: minWidth, maxWidth: maxWidth };
        }));
      }

      /**
       * The ids of `layouts`, sorted: none when absent or null; anything but an object of objects
       * throws, and so does an entry in a bundle of format version \#(BundleForm.expanded.formatVersion).
       */
      function zappLayoutIds(value: unknown, version: number): string[] {
        if (value === undefined || value === null) {
          return [];
        }
        if (!zappIsObject(value)) {
          throw new Error("layouts is not an object");
        }
        const ids = Object.keys(value).sort();
        for (const id of ids) {
          if (!zappIsObject(value[id])) {
            throw new Error("layouts." + id + " is not an object");
          }
        }
        if (version === \#(BundleForm.expanded.formatVersion) && ids.length > 0) {
          throw new Error("\#(SwiftClientWriter.layoutsInExpandedForm)");
        }
        return ids;
      }

      /** Whether a screen's `file` stays inside the bundle folder: not absolute, no `..`, no empty part and no NUL. */
      function zappIsInside(file: string): boolean {
        return file.indexOf("\u0000") < 0 && file.split("/").every((part) => part !== "" && part !== "..");
      }

      /** `fallbacks`: none when absent or null; a value not of its type throws. */
      function zappFallbacks(value: unknown): ZappClientFallbacks[] {
        if (value === undefined || value === null) {
          return [];
        }
        if (!Array.isArray(value)) {
          throw new Error("fallbacks is not a list");
        }
        return value.map((entry: unknown, i: number) => {
          const at = "fallbacks[" + i + "]";
          if (!zappIsObject(entry)) {
            throw new Error(at + " is not an object");
          }
          const platform = entry["platform"];
          if (typeof platform !== "string") {
            throw new Error(at + ".platform is missing or not a string");
          }
          const version = entry["client_version"];
          if (typeof version !== "string") {
            throw new Error(at + ".client_version is missing or not a string");
          }
          const installs = entry["installs"] ?? null;
          if (installs !== null && (typeof installs !== "number" || !(installs >= 0 && installs <= 1))) {
            throw new Error(at + ".installs is not a number from 0 to 1");
          }
          const sections = entry["sections"];
          if (!Array.isArray(sections)) {
            throw new Error(at + ".sections is missing or not a list");
          }
          return {
            platform: platform,
            clientVersion: version,
            installs: installs,
            sections: sections.map((reference: unknown, j: number) => {
              const spot = at + ".sections[" + j + "]";
              if (!zappIsObject(reference)) {
                throw new Error(spot + " is not an object");
              }
              const screen = reference["screen_id"];
              if (typeof screen !== "string") {
                throw new Error(spot + ".screen_id is missing or not a string");
              }
              const section = reference["section"];
              if (typeof section !== "number" || !(section >= 0 && section < 9e15) || Math.floor(section) !== section) {
                throw new Error(spot + ".section \#(SwiftClientWriter.notAnIndex)");
              }
              return { screen: zappScreenId(screen), section: section };
            }),
          };
        });
      }
      """#
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
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
      let numbers = SwiftClientWriter.numericOptions(field)
      let list =
        numbers.isEmpty ? "" : ", [" + numbers.map { "[\($0.number), \(CodeLiteral.typescript($0.wire))]" }.joined(separator: ", ") + "]"
      return field.isList ? "zappOptions(\(value), \(decode)\(list))" : "zappOption(\(value), \(decode)\(list))"
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
    /**
     * Text (`""` leaves a field unset); a number as its text (a whole one as its digits), a boolean as
     * `true` or `false`. A whole number of 2^53 or more is none: JSON.parse may have rounded it.
     */
    function zappText(value: unknown): string | undefined {
      if (typeof value === "string") {
        return value === "" ? undefined : value;
      }
      if (typeof value === "number") {
        const whole = Math.floor(value) === value;
        return isFinite(value) && (!whole || Math.abs(value) < 9007199254740992) ? String(value) : undefined;
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

  private static let optionTextReader = """
    /**
     * An option's text: a number as the option of the same number (`numbers`: each numeric option's
     * number and text, so that `1.0` reads as the option `1.0`), unless one is its text.
     */
    function zappOptionText(value: unknown, numbers: readonly (readonly [number, string])[]): string | undefined {
      const text = zappText(value);
      if (text === undefined || typeof value !== "number") {
        return text;
      }
      for (const option of numbers) {
        if (option[1] === text) {
          return text;
        }
      }
      for (const option of numbers) {
        if (option[0] === value) {
          return option[1];
        }
      }
      return text;
    }
    """

  private static let optionReader = """
    /** One option, decoded by its enum's decoder. */
    function zappOption<T>(
      value: unknown,
      decode: (wireName: string) => T,
      numbers: readonly (readonly [number, string])[] = [],
    ): T | undefined {
      const text = zappOptionText(value, numbers);
      return text === undefined ? undefined : decode(text);
    }
    """

  private static let optionsReader = """
    /** A list of options (an element without text left out), or a single one, each decoded by its enum's decoder. */
    function zappOptions<T>(
      value: unknown,
      decode: (wireName: string) => T,
      numbers: readonly (readonly [number, string])[] = [],
    ): T[] | undefined {
      if (!Array.isArray(value)) {
        const text = zappOptionText(value, numbers);
        return text === undefined ? undefined : [decode(text)];
      }
      const options: T[] = [];
      for (const element of value) {
        const text = zappOptionText(element, numbers);
        if (text !== undefined) {
          options.push(decode(text));
        }
      }
      return options;
    }
    """
}
