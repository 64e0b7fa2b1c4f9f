import ZappDiagnostics

/// ZL0107 duplicate-key.
package enum DuplicateKeyRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0107", name: "duplicate-key", severity: .error, category: .reading,
    summary: "An object has the same key twice.",
    explanation: """
      RFC 8259 leaves duplicate keys undefined: one client keeps the first, another the last. zlc \
      points at the second key with a note at the first.
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
}
