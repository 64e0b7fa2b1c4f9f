import ZappDiagnostics
import ZappModel

/// ZL0124 duplicate-field-key.
package enum DuplicateFieldKeyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0124", name: "duplicate-field-key", severity: .warning, category: .manifests,
    summary: "A section of a plugin manifest lists two fields of one key.",
    explanation: """
      Each field of a manifest section (`styles`, `general`, `data`, …, fields of a group \
      included) is a key of the component's or screen's values, and an object holds one value \
      per key: two fields of one key are one value, whatever their types, options and initial \
      values say. The bundle takes the first initial value, and `zlc generate` types the key as \
      the first field. Two keys that Unicode counts as one (`café` with `é`, and with `e` and a \
      combining accent) are one key too, for the runtime library and the bundle, which carries a \
      single value for both. The second field is reported, with a note at the first. Remove one \
      of the fields, or give it a key of its own.
      """,
    bad: .files(
      [
        "components/x.json": Example.manifest(
          #", "styles": {"fields": [{"key": "banner_text", "type": "text_input"}, {"key": ⟦⟧"banner_text", "type": "switch"}]}"#)
      ],
      reports: [
        .init(
          "styles field 'banner_text' of manifest 'x' is listed twice: the values hold one 'banner_text', which generated client code types as the first field",
          notes: ["first listed here"])
      ]),
    good: .files([
      "components/x.json": Example.manifest(
        #", "styles": {"fields": [{"key": "banner_text", "type": "text_input"}, {"key": "show_banner", "type": "switch"}]}"#)
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for manifest in context.project.manifests {
      // Keyed by `String`, which compares canonically equivalent text as equal, as the runtime
      // library and the resolved values compare keys.
      var first: [String: [String: FieldDecl]] = [:]
      for field in manifest.fields {
        guard let earlier = first[field.section]?[field.key] else {
          first[field.section, default: [:]][field.key] = field
          continue
        }
        let plugin = manifest.identifier.map { "manifest '\($0.value)'" } ?? "its manifest"
        let same = Array(earlier.key.utf8) == Array(field.key.utf8)
        let message =
          same
          ? Message.listedTwice(section: field.section, key: field.key, manifest: plugin)
          : Message.sameKeyForUnicode(section: field.section, key: field.key, earlier: earlier.key, manifest: plugin)
        let notes = (earlier.value["key"]?.spot).map { [DiagnosticNote("first listed here", at: $0)] } ?? []
        context.bag.add(message.diagnostic(at: field.value["key"]?.spot ?? manifest.spot, notes: notes))
      }
    }
  }
}

extension Rule {
  public static let duplicateFieldKey = DuplicateFieldKeyRule.rule
}

extension DuplicateFieldKeyRule {
  package typealias Message = RuleMessage<DuplicateFieldKeyRule>
}

extension RuleMessage where Owner == DuplicateFieldKeyRule {
  /// A second field of `key` in `section`, written byte for byte as the first.
  package static func listedTwice(section: String, key: String, manifest: String) -> Self {
    Self(
      "listed-twice",
      "\(section) field '\(key)' of \(manifest) is listed twice: the values hold one '\(key)', which generated client code types as the first field"
    )
  }

  /// A second field whose key Unicode counts as the first's (`earlier`), written otherwise.
  package static func sameKeyForUnicode(section: String, key: String, earlier: String, manifest: String) -> Self {
    Self(
      "same-key-for-unicode",
      "\(section) field '\(key)' of \(manifest) has the key of an earlier field, '\(earlier)', written with other Unicode characters: the runtime library reads them as one key, and the bundle carries one value for both"
    )
  }
}
