import ZappDiagnostics
import ZappModel

/// A value a plugin component takes from its manifest: the `initial_value` a builder fills in for
/// a key of the component's `rules` or `data` that the screen leaves out. The rules check it as
/// the same value written in the screen, reported at the `initial_value` with `note`.
package struct ManifestFilledValue {
  /// The manifest's `initial_value`, where the manifest writes it.
  package let value: JSONValue
  /// The manifest that gives it.
  package let manifest: ManifestDecl
  /// What a finding adds when the bundles of only some platforms take it: ` (on ios)`.
  package let qualifier: String
  /// The note at the component it fills: `fills 'data.target' of this component`.
  package let note: DiagnosticNote
}

extension ComponentVisit {
  /// The values the component's bundles take from its plugin's manifests for the first of `keys`
  /// (its older names after it) in `section`, one per manifest that gives one: none when the
  /// component writes one of the keys (null included) or is no plugin's.
  package func filled(_ keys: [String], in section: String, _ context: RuleContext) -> [ManifestFilledValue] {
    guard manifest != nil, !keys.contains(where: { component.value[section]?[$0] != nil }) else { return [] }
    let uses = context.project.bundleManifests(for: type)
    let all = uses.flatMap(\.platforms)
    var result: [ManifestFilledValue] = []
    for (manifest, platforms) in uses {
      guard let (key, value) = keys.lazy.compactMap({ key in manifest.initialValue(section: section, key: key).map { (key, $0) } }).first
      else { continue }
      let qualifier = platforms.count < all.count ? " (on \(platforms.joined(separator: ", ")))" : ""
      result.append(
        ManifestFilledValue(
          value: value, manifest: manifest, qualifier: qualifier,
          note: DiagnosticNote("fills '\(section).\(key)' of this component", at: component.spot)))
    }
    return result
  }

  /// `filled(_:in:_:)` of one key.
  package func filled(_ key: String, in section: String, _ context: RuleContext) -> [ManifestFilledValue] {
    filled([key], in: section, context)
  }
}
