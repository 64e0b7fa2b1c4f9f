import ZappDiagnostics
import ZappModel

/// ZL0602 manifest-unpermitted-keys.
package enum ManifestUnpermittedKeysRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0602", name: "manifest-unpermitted-keys", severity: .error, category: .manifests,
    summary: "A manifest has keys `zappifest publish` rejects.",
    explanation: """
      zappifest accepts only its whitelist of top-level keys ("Manifest contains unpermitted \
      keys"). Note that `latest_version` is not on it. A manifest in the build pipeline's \
      `plugin_configurations` shape was published already and carries the pipeline's own keys \
      (`react_packages`): only a near miss of a key on the whitelist is reported there.
      """,
    bad: .files(
      ["components/m.json": Example.manifest(#", ⟦⟧"latest_version": "1""#)],
      reports: [.init("Manifest contains unpermitted key 'latest_version'")]),
    good: .files(["components/m.json": Example.manifest("")]))

  /// The keys zappifest permits besides the mandatory ones.
  package static let optionalKeys = ManifestKeys.optional
  package static let permitted = Set(ManifestMissingKeysRule.mandatoryKeys + optionalKeys)

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      for key in m.keys where !permitted.contains(key.value) {
        let name = key.value
        // No rename into a key the manifest holds already: it would write a duplicate key (ZL0107).
        // A tie (`port`: `export` or `import`) is a hint, no range.
        let suggestion = nearest(to: name, in: ManifestMissingKeysRule.mandatoryKeys + optionalKeys)
        // A delivered manifest carries the pipeline's own keys: only a near miss of a permitted one.
        if m.isDelivered, suggestion == nil { continue }
        let taken = m.keys.contains { $0.value == suggestion?.text }
        context.report(
          rule, "Manifest contains unpermitted key '\(name)'", at: key.spot, fixIt: .didYouMean(taken ? nil : suggestion, at: key.spot))
      }
    }
  }
}

extension Rule {
  public static let manifestUnpermittedKeys = ManifestUnpermittedKeysRule.rule
}
