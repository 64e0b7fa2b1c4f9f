import ZappDiagnostics
import ZappModel

/// ZL0610 missing-platform-manifest.
package enum MissingPlatformManifestRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0610", name: "missing-platform-manifest", severity: .error, category: .manifests,
    summary: "A plugin the screens use has no manifest for a platform the app targets.",
    explanation: """
      The app targets the platforms `zlc.json` names under `platforms` (else every platform its \
      manifests are written for). A plugin ships one manifest per platform, and a plugin a screen uses (a \
      component type or a screen plugin) must have one for every target platform, or the builder \
      cannot ship it there. A manifest serves its `platform`, and one whose `ui_frameworks` hold \
      `quickbrick` the platform's Quick Brick counterpart too (`ios` → `ios_for_quickbrick`). A plugin's manifest that names no platform serves every platform \
      without a manifest of its own, so a plugin that has one is not checked. A native client's \
      plugin named as a Quick Brick component type (`gallery-qb`) needs no manifest for the Quick \
      Brick platforms, which draw their own. A manifest for a missing platform whose identifier \
      differs only in case (another plugin for a client), else is near it (a typo in that platform's \
      manifest) and belongs to a plugin no screen uses, is named in a note. A plugin is used by \
      a screen's type, a component's type, the type of a size class replacement or a fallback, \
      a `cell_body_component_type`, a `data.type` (a component's, a screen's or a nav item's) \
      that names a data source provider, a \
      screen's hook (`hooks.preload_plugins`, `hooks.postload_plugins`), whose plugin the client \
      runs, and a navigation's `navigation_type` that names a plugin (a menu or a nav bar) or a \
      nav item's `type` that a manifest of type `nav_item` declares (a nav item plugin), which \
      the client draws the navigation with.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
        "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"x"}"#),
      ], reports: [.init("plugin 'x' has no manifest for platform 'android' (it has ios)", notes: ["manifest for 'ios'"])]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#),
      "screens/o.json": Example.screen(#"{"component_type": "x"}"#),
    ]))

  package static func check(_ context: RuleContext) {
    let project = context.project
    let targets = project.targetPlatforms
    guard !targets.isEmpty else { return }
    for (identifier, use) in project.usedPlugins {
      let manifests = project.manifests(for: identifier)
      let covered = Set(manifests.flatMap(\.servedPlatforms))
      // A platform-free manifest serves every platform without its own.
      guard !covered.isEmpty, !manifests.contains(where: { $0.platform == nil }) else { continue }
      // A plugin only one family reading brings in is drawn by that reading's platforms alone.
      // Quick Brick draws its own types: a native client's plugin of that name needs no manifest there.
      let builtIn = Project.quickBrickComponentTypeSet.contains(identifier)
      let missing = project.targetPlatforms(drawing: identifier).filter {
        !covered.contains($0) && !(builtIn && Platforms.isQuickBrick($0))
      }
      guard !missing.isEmpty else { continue }
      context.report(
        rule,
        "plugin '\(identifier)' has no manifest for \(missing.count == 1 ? "platform" : "platforms") \(summarizedList(missing.map { "'\($0)'" })) (it has \(summarizedList(covered.sorted())))",
        at: use,
        notes: manifests.prefix(3).map { DiagnosticNote("manifest for \($0.servedDescription())", at: $0.identifier?.spot ?? $0.spot) }
          + lookalikeManifests(of: identifier, for: missing, in: project))
    }
  }

  /// Notes at the manifests for `platforms` whose identifier is `identifier` but for case
  /// (`QB_Banner` for `qb_banner`): a client compares identifiers exactly, so each is another plugin.
  /// Notes at the manifests for `platforms` of another plugin whose identifier differs from
  /// `identifier` only in case, else of the one nearest it (a typo in one platform's manifest).
  static func lookalikeManifests(of identifier: String, for platforms: [String], in project: Project) -> [DiagnosticNote] {
    let lowered = identifier.lowercased()
    let others = project.manifests.filter { manifest in
      guard let other = manifest.identifier?.value, other != identifier else { return false }
      return manifest.servedPlatforms.contains(where: platforms.contains)
    }
    let variants = others.filter { $0.identifier?.value.lowercased() == lowered }
    guard variants.isEmpty else {
      return variants.prefix(3).map { note($0, "whose identifier differs only in case") }
    }
    // Only a plugin no screen uses: one that is used is a plugin of its own.
    let used = Set(project.usedPlugins.map(\.identifier))
    let unused = others.filter { !used.contains($0.identifier?.value ?? "") }
    guard let nearest = SuggestionIndex(unused.compactMap(\.identifier?.value)).nearest(to: identifier)?.text else { return [] }
    return unused.filter { $0.identifier?.value == nearest }.prefix(3).map { note($0, "whose identifier is near this one's") }
  }

  private static func note(_ manifest: ManifestDecl, _ why: String) -> DiagnosticNote {
    DiagnosticNote(
      "manifest for \(manifest.servedDescription()) of plugin '\(manifest.identifier?.value ?? "")', \(why)",
      at: manifest.identifier?.spot ?? manifest.spot)
  }
}

extension Rule {
  public static let missingPlatformManifest = MissingPlatformManifestRule.rule
}
