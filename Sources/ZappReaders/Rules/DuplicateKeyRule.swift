import ZappDiagnostics

/// ZL0107 duplicate-key.
package enum DuplicateKeyRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0107", name: "duplicate-key", severity: .error, category: .reading,
    summary: "An object has the same key twice.",
    explanation: """
      RFC 8259 leaves duplicate keys undefined: one client keeps the first, another the last. zlc \
      points at the second key with a note at the first. Two keys are the same when they are the same \
      text, however they are written: with escapes (`"\\u0061"` is `"a"`), or with different Unicode \
      characters for it (`é` as one character or as `e` and a combining accent), which Swift clients \
      and the runtime library read as one key.
      """,
    bad: .files(
      ["screens/o.json": #"[{"id": "other", "type": "favorites", ⟦⟧"type": "general_content", "ui_components": []}]"#],
      reports: [.init("duplicate key 'type'", notes: ["'type' is first defined here"])]),
    good: .files(["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]))
}

extension Rule {
  public static let duplicateKey = DuplicateKeyRule.rule
}

extension DuplicateKeyRule {
  package typealias Message = RuleMessage<DuplicateKeyRule>
}

extension RuleMessage where Owner == DuplicateKeyRule {
  package static func duplicateKey(_ name: String) -> Self { Self("duplicate-key", "duplicate key '\(name)'") }
  /// The note at the key's first definition.
  package static func firstDefinedHere(_ name: String, at spot: SourceSpot) -> DiagnosticNote {
    DiagnosticNote("'\(name)' is first defined here", at: spot)
  }
  /// The note when the two keys are the same text written with different characters.
  package static var writtenDifferently: DiagnosticNote {
    DiagnosticNote(
      "the keys are the same text written with different Unicode characters (such as 'é' as one character or as 'e' and an accent), which clients read as one key"
    )
  }
}
