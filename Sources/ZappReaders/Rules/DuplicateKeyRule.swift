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

      In the project's own files (screens, families, `zlc.json`…) it is an error: one of the two \
      values is a typo, and zlc would read the first. In a plugin manifest (under `components/`) it \
      is a warning: Zapp's publishing tool and its clients read a manifest keeping a key's last \
      value, and published manifests carry such keys, so zlc reads the last value too and builds. \
      `--warnings-as-errors` fails on it as on any warning.
      """,
    bad: .files(
      [
        "screens/o.json": #"[{"id": "other", "type": "favorites", ⟦⟧"type": "general_content", "ui_components": []}]"#,
        "components/m.json": Example.manifest(#", ⟦⟧"description": "A banner""#),
      ],
      reports: [
        .init("duplicate key 'type'", notes: ["'type' is first defined here"]),
        .init(
          "duplicate key 'description'",
          notes: [
            "'description' is first defined here",
            "a plugin manifest's last value of a key is the one used, as Zapp's publishing tool and clients read it",
          ]),
      ]),
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
  /// The note of a duplicate key in a plugin manifest, whose last value is read.
  package static var lastValueUsed: DiagnosticNote {
    DiagnosticNote("a plugin manifest's last value of a key is the one used, as Zapp's publishing tool and clients read it")
  }
  /// The note when the two keys are the same text written with different characters.
  package static var writtenDifferently: DiagnosticNote {
    DiagnosticNote(
      "the keys are the same text written with different Unicode characters (such as 'é' as one character or as 'e' and an accent), which clients read as one key"
    )
  }
}
