/// ZL0601 manifest-missing-keys.
enum ManifestMissingKeysRule: RuleDefinition {
  static let rule = Rule(
    code: "ZL0601", name: "manifest-missing-keys", severity: .error, category: .manifests,
    summary: "A manifest lacks keys `zappifest publish` requires.",
    explanation: """
      zappifest requires author_name, author_email, manifest_version, name, description, \
      identifier, type, min_zapp_sdk and ui_builder_support ("Manifest missing mandatory keys").
      """,
    bad: .text(#"{ "identifier": "promo_banner", "type": "ui_component" }"#),
    good: .text("a manifest with every mandatory key"))
}

extension Rule {
  public static let manifestMissingKeys = ManifestMissingKeysRule.rule
}
