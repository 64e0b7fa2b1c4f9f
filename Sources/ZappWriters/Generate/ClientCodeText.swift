import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders

/// Builds generated source text line by line, and writes the literals of each language.
package struct CodeText {
  package private(set) var text = ""
  private var depth = 0
  package let indent: String

  package init(indent: String) { self.indent = indent }

  /// Appends a line at the current depth (an empty line without indentation).
  package mutating func line(_ s: String = "") {
    text += s.isEmpty ? "\n" : String(repeating: indent, count: depth) + s + "\n"
  }

  /// Appends `open`, the lines of `body` one level deeper, then `close`.
  package mutating func block(_ open: String, close: String = "}", indented: Bool = true, _ body: (inout CodeText) -> Void) {
    line(open)
    if indented { depth += 1 }
    body(&self)
    if indented { depth -= 1 }
    line(close)
  }

  /// A list literal: `open` and `close` on one line when `items` is empty, else one item a line
  /// (with a comma after each but the last, and after the last too with `trailingComma`).
  package mutating func list(_ open: String, _ items: [String], close: String, trailingComma: Bool, empty: String? = nil) {
    guard !items.isEmpty else {
      line(empty ?? open + close)
      return
    }
    line(open)
    depth += 1
    for (i, item) in items.enumerated() { line(item + (i < items.count - 1 || trailingComma ? "," : "")) }
    depth -= 1
    line(close)
  }

  /// A Swift `switch`: its cases at the switch's own depth.
  package mutating func switchBlock(_ open: String, _ body: (inout CodeText) -> Void) {
    block(open, indented: false, body)
  }

  /// Appends a `///` or `/** */` doc comment.
  package mutating func doc(_ s: String, style: DocStyle) {
    switch style {
    case .slashes: line("/// " + s)
    case .block: line("/** " + s + " */")
    }
  }

  package enum DocStyle { case slashes, block }
}

/// String literals and comment-safe words for generated code.
package enum CodeLiteral {
  /// A Swift string literal: printable ASCII as is, `\` and `"` escaped, anything else `\u{…}`.
  package static func swift(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case " "..."~": out.unicodeScalars.append(scalar)
      default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return out + "\""
  }

  /// A Kotlin string literal: `\`, `"` and `$` escaped, anything but printable ASCII as UTF-16 `\uXXXX`.
  /// A string of more than `jvmStringBytes` bytes is built at run time from literals of at most
  /// that many (`buildString { append("…"); append("…") }`): a class file holds a string constant
  /// of at most 65,535 bytes, and kotlinc fails on a longer literal, even one it joins.
  package static func kotlin(_ s: String) -> String {
    let parts = jvmParts(s)
    guard parts.count > 1 else { return utf16Escaped(s, extra: ["$"]) }
    return "buildString { " + parts.map { "append(" + utf16Escaped($0, extra: ["$"]) + ")" }.joined(separator: "; ") + " }"
  }

  /// The most bytes of a JVM string constant (modified UTF-8: U+0000 in 2 bytes, a scalar past
  /// U+FFFF as two surrogates of 3 bytes each).
  package static let jvmStringBytes = 65_535

  /// `s` in parts of at most `jvmStringBytes` bytes each, cut between scalars.
  static func jvmParts(_ s: String) -> [String] {
    var parts: [String] = []
    var part = String.UnicodeScalarView()
    var bytes = 0
    for scalar in s.unicodeScalars {
      let size: Int
      switch scalar.value {
      case 0x01...0x7F: size = 1
      case 0, 0x80...0x7FF: size = 2
      case 0x800...0xFFFF: size = 3
      default: size = 6
      }
      if bytes + size > jvmStringBytes {
        parts.append(String(part))
        part = String.UnicodeScalarView()
        bytes = 0
      }
      part.append(scalar)
      bytes += size
    }
    return parts + [String(part)]
  }

  /// A TypeScript (and JSON) string literal: `\` and `"` escaped, anything but printable ASCII as UTF-16 `\uXXXX`.
  package static func typescript(_ s: String) -> String { utf16Escaped(s, extra: []) }

  private static func utf16Escaped(_ s: String, extra: Set<Unicode.Scalar>) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      if scalar == "\\" || scalar == "\"" || extra.contains(scalar) {
        out += "\\" + String(scalar)
      } else if (" "..."~").contains(scalar) {
        out.unicodeScalars.append(scalar)
      } else {
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      }
    }
    return out + "\""
  }

  /// `` `name` `` for a comment when the name is plain (letters, digits, `_`, `-`, `.`, at most 80
  /// characters), else words that point to the wire name (no input text reaches a comment unless plain).
  package static func commentName(_ s: String) -> String {
    let plain =
      !s.isEmpty && s.count <= 80
      && s.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
      }
    return plain ? "`\(s)`" : "named by its wire name"
  }

  /// The header comment of every generated file.
  package static func header(_ api: ClientAPI, language: ClientLanguage, comment: String) -> [String] {
    let scope = api.platform.map { "the \($0) client" } ?? "every platform (the project names none)"
    return [
      "\(comment) Generated by zlc \(zlcVersion) (`zlc generate \(language.rawValue)`) for \(scope).",
      "\(comment) Project content hash: sha256:\(api.contentHash)",
      "\(comment) Do not edit: generate it again when the project changes.",
    ]
  }
}
