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
      Where the manifests two built platforms' bundles take (as `zlc.json`'s platforms choose them: \
      the one naming the platform, else one serving it) differ, the plugin is another kind of thing \
      on some platform: zlc checks and builds its uses as one manifest's type says, while the \
      client of a platform whose manifest gives another type finds no plugin of that kind under \
      the identifier (a component of it is drawn on none, a screen of it opens none). The type \
      fewer built platforms' manifests give is reported, with a note at a manifest that gives the \
      other; when as many give each (two platforms), either may be the wrong one, and both are. It \
      is an error when a screen or navigation uses the plugin on a platform whose manifest gives \
      the type reported, and a warning otherwise: the manifest is the plugin's, and a plugin no \
      screen uses is drawn nowhere. Manifests of platforms the app does not build (a tvOS \
      manifest beside an iOS-only app, a Quick Brick manifest beside the native one a platform \
      takes) are not compared.
      """,
    bad: .files(
      [
        "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
        "components/x_android.json": Example.manifest(#", "platform": "android""#),
        "components/x_tvos.json": Example.manifest(#", "platform": "tvos""#, type: "⟦⟧general"),
      ],
      reports: [
        .init(
          "the 'x' manifest for tvos gives the plugin type 'general', while its manifests for android and ios give 'ui_component'",
          notes: ["type 'ui_component' in the manifest for android", "type 'ui_component' in the manifest for ios"])
      ]),
    good: .files([
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#),
      "components/x_tvos.json": Example.manifest(#", "platform": "tvos""#),
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let project = context.project
    let used = Set(project.usedPlugins.map(\.identifier))
    var done: Set<String> = []
    for declared in project.manifests {
      guard let identifier = declared.identifier?.value, done.insert(identifier).inserted else { continue }
      // The manifest each built platform's bundle takes: one entry, of no platform, when one
      // bundle is built or every platform's takes the same manifest.
      let manifests = project.bundleManifests(for: identifier).filter { !$0.platforms.isEmpty && $0.manifest.typeName != nil }
      guard manifests.count > 1 else { continue }
      var count: [String: Int] = [:]
      for (m, platforms) in manifests { count[m.typeName?.value ?? "", default: 0] += platforms.count }
      guard count.count > 1 else { continue }
      let drawn = used.contains(identifier) ? Set(project.targetPlatforms(drawing: identifier)) : []
      for (mine, platforms) in manifests {
        guard let type = mine.typeName else { continue }
        // The type most of the other platforms' manifests give (the first written, of those as many give).
        var other: String?
        for (m, _) in manifests {
          guard let t = m.typeName?.value, t != type.value else { continue }
          if other.map({ (count[t] ?? 0) > (count[$0] ?? 0) }) ?? true { other = t }
        }
        guard let other, (count[other] ?? 0) >= (count[type.value] ?? 0) else { continue }
        let holders = manifests.filter { $0.manifest.typeName?.value == other }
        let holderPlatforms = holders.flatMap(\.platforms).sorted()
        let which = (holders.count == 1 ? "manifest for " : "manifests for ") + listed(holderPlatforms)
        context.report(
          rule,
          "the '\(identifier)' manifest for \(listed(platforms.sorted())) gives the plugin type '\(type.value)', while its \(which) give\(holders.count == 1 ? "s" : "") '\(other)'",
          at: type.spot,
          notes: holders.prefix(3).compactMap { holder in
            holder.manifest.typeName.map {
              DiagnosticNote("type '\(other)' in the manifest for \(listed(holder.platforms.sorted()))", at: $0.spot)
            }
          },
          severity: platforms.contains(where: drawn.contains) ? .error : .warning)
      }
    }
  }

  /// Platforms as a list: `ios`, `android and ios`, `android, ios and tvos`.
  private static func listed(_ platforms: [String]) -> String {
    guard let last = platforms.last, platforms.count > 1 else { return platforms.first ?? "" }
    return platforms.dropLast().joined(separator: ", ") + " and " + last
  }
}

extension Rule {
  public static let manifestTypeMismatch = ManifestTypeMismatchRule.rule
}
