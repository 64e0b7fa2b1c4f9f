import ZappDiagnostics
import ZappModel

/// ZL0621 manifest-type-mismatch.
package enum ManifestTypeMismatchRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0621", name: "manifest-type-mismatch", severity: .error, category: .manifests,
    summary: "A plugin's manifests for two platforms give it different types.",
    explanation: """
      A plugin ships one manifest per platform with the same `identifier`, and its `type` says what \
      the plugin is: a `ui_component` that components name in `component_type`, a screen plugin, a \
      `player`, a `nav_bar`… It is one plugin on every platform, so its manifests give it one type. \
      Where they differ, the plugin is another kind of thing on some platform: zlc checks and builds \
      its uses as its first manifest's type says, on every platform, while the client of a platform \
      whose manifest gives another type finds no plugin of that kind under the identifier (a \
      component of it is drawn on none, a screen of it opens none). The type fewer of the plugin's \
      manifests give is reported, with a note at a manifest that gives the other; when as many give \
      each (two platforms), either may be the wrong one, and both are. A manifest for a platform \
      another manifest of the plugin serves already is left to ZL0606.
      """,
    bad: .files(
      [
        "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
        "components/x_android.json": Example.manifest(#", "platform": "android""#),
        "components/x_tvos.json": Example.manifest(#", "platform": "tvos""#, type: "⟦⟧general"),
      ],
      reports: [
        .init(
          "the 'x' manifest for tvos gives the plugin type 'general', its manifests for android, ios 'ui_component'",
          notes: ["type 'ui_component' in the manifest for android", "type 'ui_component' in the manifest for ios"])
      ]),
    good: .files([
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#),
      "components/x_tvos.json": Example.manifest(#", "platform": "tvos""#),
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let byIdentifier = Dictionary(grouping: context.project.manifests.filter { $0.identifier != nil }) { $0.identifier?.value ?? "" }
    for identifier in byIdentifier.keys.sorted() {
      // The first manifest of each platform and the platforms it serves: a second is a duplicate (ZL0606).
      var seen: Set<[String]> = []
      let manifests = (byIdentifier[identifier] ?? []).filter { m in
        m.typeName != nil && seen.insert([m.platform?.value ?? ""] + m.servedPlatforms).inserted
      }
      guard manifests.count > 1 else { continue }
      var count: [String: Int] = [:]
      for m in manifests { count[m.typeName?.value ?? "", default: 0] += 1 }
      guard count.count > 1 else { continue }
      for mine in manifests {
        guard let type = mine.typeName else { continue }
        // The type most of the others give (the first written, of those as many give).
        var other: String?
        for m in manifests {
          guard let t = m.typeName?.value, t != type.value else { continue }
          if other.map({ (count[t] ?? 0) > (count[$0] ?? 0) }) ?? true { other = t }
        }
        guard let other, (count[other] ?? 0) >= (count[type.value] ?? 0) else { continue }
        let holders = manifests.filter { $0.typeName?.value == other }.sorted { label($0, among: manifests) < label($1, among: manifests) }
        let which = (holders.count == 1 ? "manifest for " : "manifests for ") + summarizedList(holders.map { label($0, among: manifests) })
        context.report(
          rule,
          "the '\(identifier)' manifest for \(label(mine, among: manifests)) gives the plugin type '\(type.value)', its \(which) '\(other)'",
          at: type.spot,
          notes: holders.prefix(3).compactMap { holder in
            holder.typeName.map { DiagnosticNote("type '\(other)' in the manifest for \(label(holder, among: manifests))", at: $0.spot) }
          })
      }
    }
  }

  /// The manifest's `platform` as written, with its file's name when another manifest of the
  /// plugin is written for the same platform (or neither names one).
  private static func label(_ manifest: ManifestDecl, among all: [ManifestDecl]) -> String {
    let file = manifest.spot.file.path.split(separator: "/").last.map(String.init) ?? ""
    guard let platform = manifest.platform?.value else { return "no platform (\(file))" }
    let shared = all.contains { $0 !== manifest && $0.platform?.value == platform }
    return shared ? "\(platform) (\(file))" : platform
  }
}

extension Rule {
  public static let manifestTypeMismatch = ManifestTypeMismatchRule.rule
}
