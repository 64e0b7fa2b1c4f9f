import ZappDiagnostics

/// ZL0105 json-string.
package enum JSONStringRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0105", name: "json-string", severity: .error, category: .reading,
    summary: "A string JSON does not allow.",
    explanation: """
      JSON strings use double quotes, escape control characters (a raw tab or line break inside a \
      string is an error), use only the escapes `\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`, and pair \
      every UTF-16 surrogate escape. Escaped, a control character (U+0000 to U+001F) is still \
      one: text may hold a tab, a line break or a carriage return (`\\t`, `\\n`, `\\r`, as in a \
      manifest's description), and nothing else (`\\u0007`, `\\b`, `\\f`, `\\u0000`); a key, which is \
      a name, holds none. A sender feed, which a server writes and a device reads as JSON allows, \
      may hold any escaped control character in a value.
      """,
    bad: .files(
      ["screens/o.json": #"[{⟦⟧'id': "other", "type": "favorites", "ui_components": []}]"#],
      reports: [.init("keys use double quotes, not single quotes")]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))
}

extension Rule {
  public static let jsonString = JSONStringRule.rule
}

extension JSONStringRule {
  package typealias Message = RuleMessage<JSONStringRule>
}

extension RuleMessage where Owner == JSONStringRule {
  package static var singleQuotedString: Self { Self("single-quoted-string", "strings use double quotes, not single quotes") }
  package static var singleQuotedKey: Self { Self("single-quoted-key", "keys use double quotes, not single quotes") }
  /// A control character (other than NUL) written as it is inside a string.
  package static func rawControl(_ byte: UInt8) -> Self {
    let name = byte == 0x0A || byte == 0x0D ? "line break" : byte == 0x09 ? "tab" : "control character U+\(hex(UInt32(byte)))"
    return Self("raw-control", "raw \(name) in a string; write it as an escape")
  }
  package static var shortUnicodeEscape: Self { Self("short-unicode-escape", "\\u must be followed by four hex digits") }
  package static func loneHighSurrogate(_ unit: UInt32) -> Self {
    Self("lone-high-surrogate", "lone surrogate \\u\(hex(unit)) (a high surrogate must be followed by a low one)")
  }
  package static func loneLowSurrogate(_ unit: UInt32) -> Self {
    Self("lone-low-surrogate", "lone surrogate \\u\(hex(unit)) (a low surrogate must follow a high one)")
  }
  /// The byte after a backslash that starts no escape.
  package static func invalidEscape(_ byte: UInt8) -> Self {
    let shown = byte < 0x20 || byte >= 0x7F ? "U+\(hex(UInt32(byte)))" : String(Character(Unicode.Scalar(byte)))
    return Self("invalid-escape", "invalid escape '\\\(shown)' in a string")
  }
  /// A character beyond ASCII after a backslash: named as it is, or by its code point when it
  /// shows nothing of its own.
  package static func invalidEscape(_ scalar: Unicode.Scalar) -> Self {
    let shown = scalar.properties.generalCategory == .control || scalar.properties.isWhitespace ? "U+\(hex(scalar.value))" : String(scalar)
    return Self("invalid-escape", "invalid escape '\\\(shown)' in a string")
  }
  package static func escapedControlInKey(_ scalar: UInt32) -> Self {
    Self("escaped-control-in-key", "escaped control character U+\(hex(scalar)) in a key; a name holds none")
  }
  package static func escapedControlInText(_ scalar: UInt32) -> Self {
    Self(
      "escaped-control-in-text",
      "escaped control character U+\(hex(scalar)) in a string; only \\t, \\n and \\r are allowed in text")
  }
}
