import Foundation
import ZappModel
import ZappResolution

/// A name of the project (a screen id, a component type, a field key) and the identifier that
/// stands for it in generated client code.
package struct ClientName: Sendable, Hashable {
  /// The name as the bundle and the project write it.
  package let wire: String
  /// The identifier in lower camel case (`layout01Grid01`); `upper` is the same with its first
  /// letter upper case. Both are valid in Swift, Kotlin and TypeScript, and are no keyword of any.
  package let lower: String

  /// `lower` with its first letter upper case (`Layout01Grid01`).
  package var upper: String { lower.prefix(1).uppercased() + lower.dropFirst() }
}

/// Safe identifiers for generated client code: deterministic, valid in every language zlc
/// generates, and distinct within one list however the names differ.
package enum ClientIdentifiers {
  /// Identifiers for a list of names, in the list's order. A name becomes the lower camel case of
  /// its runs of ASCII letters and digits (`layout_01_grid_01` → `layout01Grid01`, `RIVERFLIX` →
  /// `riverflix`), each other character `uXXXX`; a name that starts with a digit gets `_` in
  /// front, one without letters or digits is `unnamed`, one longer than 64 characters is cut
  /// (`shortened`), and a keyword or a reserved name gets `_` after it. Names whose identifiers
  /// would meet all get `_` and the first 8 hex digits of their SHA-256; should they still meet, a
  /// number follows. Duplicate names are given once.
  package static func names(_ wires: [String], suffix: String = "", reserved: Set<String> = []) -> [ClientName] {
    // Compared by their bytes: `café` written with a combining accent is another screen id, which
    // a string comparison would take for the same.
    var seen: Set<[UInt8]> = []
    let unique = wires.filter { seen.insert(Array($0.utf8)).inserted }
    let bases = unique.map { shortened(base($0), wire: $0) + suffix }
    // Compared without case: Kotlin's objects are class files, which a file system that ignores
    // case (macOS's) would keep one of.
    var counts: [String: Int] = [:]
    for b in bases { counts[b.lowercased(), default: 0] += 1 }
    var taken: Set<String> = []
    var result: [ClientName] = []
    for (wire, base) in zip(unique, bases) {
      var name = base
      if counts[base.lowercased(), default: 0] > 1 { name = base + "_" + Digest.sha256Hex(Array(wire.utf8)).prefix(8) }
      name = escaped(name, reserved: reserved)
      var candidate = name
      var n = 2
      while taken.contains(candidate.lowercased()) {
        candidate = name + "_\(n)"
        n += 1
      }
      taken.insert(candidate.lowercased())
      result.append(ClientName(wire: wire, lower: candidate.lowercasedFirst))
    }
    return result
  }

  /// The groups of `names` (identifiers that `names(_:)` gave, without a suffix) whose
  /// identifiers met and so carry their name's hash, each in list order.
  package static func collisions(_ names: [ClientName]) -> [[ClientName]] {
    var groups: [String: [ClientName]] = [:]
    var order: [String] = []
    for name in names {
      let key = shortened(base(name.wire), wire: name.wire).lowercased()
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(name)
    }
    return order.compactMap { groups[$0].flatMap { $0.count > 1 ? $0 : nil } }
  }

  /// The longest base identifier: Kotlin writes a class file per nested type, named with its
  /// outer types' names (`Plugin$StylesOption$Case.class`), and a file name has at most 255 bytes.
  package static let maxBaseLength = 64

  /// `base` cut to `maxBaseLength`, its end replaced by `_` and the first 8 hex digits of the
  /// name's SHA-256, when it is longer (a name of 49 Japanese characters is 245 of `uXXXX`).
  package static func shortened(_ base: String, wire: String) -> String {
    guard base.count > maxBaseLength else { return base }
    return base.prefix(maxBaseLength - 9) + "_" + Digest.sha256Hex(Array(wire.utf8)).prefix(8)
  }

  /// The lower camel case of a name, before collisions and keywords.
  package static func base(_ wire: String) -> String {
    var words: [String] = []
    var word = ""
    func flush() {
      if !word.isEmpty { words.append(word) }
      word = ""
    }
    for scalar in wire.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        word.unicodeScalars.append(scalar)
      } else {
        flush()
        if scalar.isASCII { continue }
        words.append("u" + String(scalar.value, radix: 16, uppercase: true))
      }
    }
    flush()
    guard !words.isEmpty else { return "unnamed" }
    var result = ""
    for (i, w) in words.enumerated() {
      // A word all in capitals reads as a word (`RIVERFLIX` → `Riverflix`); others keep their case.
      let normal = w == w.uppercased() ? w.lowercased() : w
      result += i == 0 ? normal.lowercasedFirst : normal.prefix(1).uppercased() + normal.dropFirst()
    }
    if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
    return result
  }

  /// `name` with `_` after it when it is a keyword, a name of `reserved` or a reserved type name.
  /// The types Kotlin nests beside the cases, `Unknown` and `Companion`, are matched in any case:
  /// they are class files beside the cases' own, and a file system that ignores case (macOS's)
  /// keeps one of two that differ only in case (`UnKnown`, `Unknown`).
  package static func escaped(_ name: String, reserved: Set<String>) -> String {
    let lower = name.lowercasedFirst
    let upper = name.prefix(1).uppercased() + name.dropFirst()
    if keywords.contains(lower) || reservedTypes.contains(upper) || nestedTypes.contains(name.lowercased())
      || reserved.contains(lower)
    {
      return name + "_"
    }
    return name
  }

  /// The types the generated Kotlin nests beside the cases of a sealed class, lower-cased.
  private static let nestedTypes: Set<String> = ["unknown", "companion"]

  /// Keywords and names of the generated code's own members in Swift, Kotlin and TypeScript
  /// (lower camel case).
  package static let keywords: Set<String> = [
    // Swift
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
    "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
    "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "await",
    "false", "is", "nil", "self", "super", "throws", "true", "try", "async", "actor", "some", "any", "borrowing",
    "consuming", "package", "type", "none",
    // Kotlin
    "fun", "interface", "null", "object", "typeof", "val", "when", "companion", "it", "field", "value", "this",
    // TypeScript
    "const", "debugger", "delete", "export", "extends", "finally", "function", "implements", "instanceof", "new",
    "void", "with", "yield", "declare", "get", "set", "module", "namespace", "require", "number", "string", "boolean",
    "symbol", "constructor", "unknown", "never", "readonly", "keyof", "infer", "of", "from", "arguments", "eval",
    "protected", "undefined",
    // Members of every TypeScript object, which a property of that name must match
    "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString",
    // The generated code's own members
    "wireName", "known", "screen", "hashCode", "equals", "toString", "copy", "description", "hashValue", "hash",
    // Swift functions the generated enums and models call unqualified, which a case or a property
    // of that name would hide
    "zappSameName", "zappHashName", "zappByWireName",
  ]

  /// Type names the generated code or its languages use (upper camel case).
  package static let reservedTypes: Set<String> = [
    "Unknown", "Any", "Type", "Self", "Protocol", "String", "Int", "Double", "Boolean", "Bool", "Companion", "Nothing",
    "Unit", "Object", "Array", "List", "Map", "Error", "Data", "Never", "Optional", "Sendable", "Hashable", "Equatable",
    "Char", "Exception", "ZappScreenId", "ZappScreenID", "ZappScreenType", "ZappComponentType", "ZappCellLayout",
    "ZappLayoutKind", "ZappScreenPlugin", "ZappNavigationPlugin", "ZappRenderers", "ZappBundleIndex", "ZappBundleError",
    "ZappBundleException",
    "ZappUnknown", "ZappJsonReader", "ZappJSONGrammar", "ZappValue",
    // A TypeScript enum member may not have a numeric name (TypeScript 5.4 and later).
    "NaN", "Infinity",
  ]
}

extension String {
  package var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
