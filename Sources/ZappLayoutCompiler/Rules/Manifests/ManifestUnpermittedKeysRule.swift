/// ZL0602 manifest-unpermitted-keys.
enum ManifestUnpermittedKeysRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0602", name: "manifest-unpermitted-keys", severity: .error, category: .manifests,
    summary: "A manifest has keys `zappifest publish` rejects.",
    explanation: """
      zappifest accepts only its whitelist of top-level keys ("Manifest contains unpermitted \
      keys"). Note that `latest_version` is not on it.
      """,
    bad: .text(#"{ …, "latest_version": "1.2.0" }"#),
    good: .text(#"{ …, "manifest_version": "1.2.0" }"#))
}

extension Rule {
  public static let manifestUnpermittedKeys = ManifestUnpermittedKeysRule.rule
}
