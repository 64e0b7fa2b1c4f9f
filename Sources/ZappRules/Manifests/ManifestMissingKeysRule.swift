import ZappDiagnostics
import ZappModel

/// ZL0601 manifest-missing-keys.
package enum ManifestMissingKeysRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0601", name: "manifest-missing-keys", severity: .error, category: .manifests,
    summary: "A manifest lacks keys `zappifest publish` requires.",
    explanation: """
      zappifest requires author_name, author_email, manifest_version, name, description, \
      identifier, type, min_zapp_sdk and ui_builder_support ("Manifest missing mandatory keys"). \
      A manifest in the build pipeline's `plugin_configurations` shape (`[{"plugin": manifest, \
      "configuration_json": …}]`, what an app receives) was published already, and the pipeline \
      delivers only some of its keys: it is not held to them.
      """,
    bad: .files(
      ["components/m.json": #"⟦⟧{"identifier": "x", "type": "ui_component"}"#],
      reports: [
        .init(
          "Manifest missing mandatory keys: [author_name, author_email, manifest_version, name, description, min_zapp_sdk, ui_builder_support]"
        )
      ]),
    good: .files(["components/m.json": Example.manifest("")]))

  /// The keys zappifest requires of every manifest.
  package static let mandatoryKeys = ManifestKeys.mandatory

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests where !m.isDelivered {
      let missing = mandatoryKeys.filter { !m.keysWithValues.contains($0) }
      if !missing.isEmpty {
        context.report(rule, "Manifest missing mandatory keys: [\(missing.joined(separator: ", "))]", at: m.spot)
      }
    }
  }
}

extension Rule {
  public static let manifestMissingKeys = ManifestMissingKeysRule.rule
}
