import ZappDiagnostics
import ZappModel

/// A value a plugin component (or a screen plugin) takes from its manifest: the `initial_value` a
/// builder fills in for a key of one of its sections (`styles`, `rules`, `data`, ...) that the
/// screen leaves out. The rules check it as the same value written in the screen, reported at the
/// `initial_value` with `note` (gathered into one finding per value:
/// `RuleContext.report(_:_:at:notes:fixIt:gathering:)`).
package struct ManifestFilledValue {
  /// The manifest's `initial_value`, where the manifest writes it.
  package let value: JSONValue
  /// The manifest that gives it.
  package let manifest: ManifestDecl
  /// What a finding adds when the bundles of only some platforms take it: ` (on ios)`.
  package let qualifier: String
  /// The note at the component it fills: `fills 'data.target' of this component`.
  package let note: DiagnosticNote
  /// What it fills: `component`, or `screen` for a screen plugin's value.
  package let what: String

  /// The values the bundles of `plugin` take from its manifests for the first of `keys` (its older
  /// names after it) in `section` of `object` (a component, or a screen plugin's screen), one per
  /// manifest that gives one: none when `object` writes one of the keys (null included). The note
  /// names `object` as `what`, at `spot`. `among`: the manifests that fill it, when only some of
  /// the plugin's do (`Project.bundleManifests(for:)` otherwise).
  package static func filled(
    _ keys: [String], in section: String, of object: JSONValue, plugin: String, what: String, at spot: SourceSpot,
    among: Project.ManifestUses? = nil, _ context: RuleContext
  ) -> [ManifestFilledValue] {
    guard !keys.contains(where: { object[section]?[$0] != nil }) else { return [] }
    let all = context.project.bundleManifests(for: plugin).flatMap(\.platforms)
    let uses = among ?? context.project.bundleManifests(for: plugin)
    var result: [ManifestFilledValue] = []
    for (manifest, platforms) in uses {
      guard let (key, value) = keys.lazy.compactMap({ key in manifest.initialValue(section: section, key: key).map { (key, $0) } }).first
      else { continue }
      let qualifier = platforms.count < all.count ? " (on \(platforms.joined(separator: ", ")))" : ""
      result.append(
        ManifestFilledValue(
          value: value, manifest: manifest, qualifier: qualifier,
          note: DiagnosticNote("fills '\(section).\(key)' of this \(what)", at: spot), what: what))
    }
    return result
  }
}

extension ComponentVisit {
  /// The values the component's bundles take from its plugin's manifests for the first of `keys`
  /// (its older names after it) in `section`, one per manifest that gives one: none when the
  /// component writes one of the keys (null included) or is no plugin's.
  package func filled(_ keys: [String], in section: String, _ context: RuleContext) -> [ManifestFilledValue] {
    guard manifest != nil else { return [] }
    return ManifestFilledValue.filled(keys, in: section, of: component.value, plugin: type, what: "component", at: component.spot, context)
  }

  /// `filled(_:in:_:)` of one key.
  package func filled(_ key: String, in section: String, _ context: RuleContext) -> [ManifestFilledValue] {
    filled([key], in: section, context)
  }
}
