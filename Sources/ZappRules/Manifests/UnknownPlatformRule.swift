import ZappDiagnostics
import ZappModel

/// ZL0613 unknown-platform.
package enum UnknownPlatformRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0613", name: "unknown-platform", severity: .warning, category: .manifests,
    summary: "`zlc.json` or a renderer registry names a platform id no known manifest uses, or a manifest misspells a known id.",
    explanation: """
      Platform ids are the manifests' `platform` values: ios, android, tvos, android_tv, amazon, \
      roku, samsung_tv, lg_tv, web and the `_for_quickbrick` variants. Another id in \
      `platforms`, or an empty one, is most often a typo, which no plugin manifest will ever match; so is a \
      registry's `platform` that is neither known nor one of `platforms`, and such a registry \
      stands for no client the project has. An id within a typo of a known one (`andriod`, `iOS`) \
      is an error with the fix: the app would get a bundle for no real platform, or a registry's \
      old clients would go unchecked. Another id no manifest of the project uses is a warning, as \
      the app may have a platform zlc does not know. A manifest's own `platform` may be an id zlc \
      does not know, but one within a typo of a known id (`andriod_for_quickbrick`) is an error \
      with the fix, unless `platforms` declares it: the plugin would have no manifest for the real \
      platform. An app that names no `platforms` takes its platforms from its manifests, but not \
      from such a misspelling. A registry for a known platform the app does not target, whose \
      Quick Brick or native counterpart it targets (`ios` in an app of `ios_for_quickbrick`), is \
      a warning: its clients go unchecked, and Quick Brick manifests often write the native id.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {⟦⟧"andriod": {}}}"#,
        "components/x_tv.json": Example.manifest(#", "platform": ⟦⟧"andriod_tv""#),
      ],
      reports: [
        .init("unknown platform 'andriod'; known platforms: \(Platforms.known.joined(separator: ", "))", fixIt: #""android""#),
        .init(
          "manifest for unknown platform 'andriod_tv'; known platforms: \(Platforms.known.joined(separator: ", "))",
          fixIt: #""android_tv""#),
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}, "samsung": {}}}"#,
      "components/x_tv.json": Example.manifest(#", "platform": "samsung""#),
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let project = context.project
    let used = Set(project.manifests.flatMap { $0.servedPlatforms + ($0.platform.map { [$0.value] } ?? []) })
    let known = Platforms.known.joined(separator: ", ")
    let ids = Set(project.settings.platforms.map(\.id.value))
    for target in project.settings.platforms where !Platforms.known.contains(target.id.value) && !used.contains(target.id.value) {
      var fix = Self.fix(for: target.id.value, among: Platforms.known, at: target.id.spot)
      // An id `platforms` holds already (`iOS` beside `ios`) would be a key written twice: the
      // typo stays an error, without the fix. (Two typos of one id would write it twice: the file
      // would not read back, and `--fix` leaves both out.)
      let meant = fix.map { String($0.replacement.filter { $0 != "\"" }) } ?? ""
      let severity = typo(fix)
      if ids.contains(meant) { fix = nil }
      context.report(
        rule, "unknown platform '\(target.id.value)'; known platforms: \(known)", at: target.id.spot, fixIt: fix, severity: severity)
    }
    // An empty id names no platform: the loader leaves it out of the targets, silently but here.
    for (key, _) in project.settings.root?["platforms"]?.members ?? [] where key.string?.isEmpty == true {
      context.report(rule, "empty platform id in platforms, which names no platform; known platforms: \(known)", at: key.spot)
    }
    let targets = project.settings.platforms.map(\.id.value)
    // The app's platforms, not those `--platform` narrows the check to.
    let targeted = Set(project.appPlatforms)
    for registry in project.registries {
      if let platform = registry.platform, !targeted.contains(platform.value),
        let counterpart = Self.counterpart(of: platform.value), targeted.contains(counterpart)
      {
        context.report(
          rule,
          "registry for platform '\(platform.value)', which the app does not target: its clients are not checked; the app targets '\(counterpart)'",
          at: platform.spot,
          fixIt: FixIt(message: "if the registry is of the app's clients, write '\(counterpart)'", replacement: "", range: nil))
        continue
      }
      guard let platform = registry.platform,
        !Platforms.known.contains(platform.value), !used.contains(platform.value), !targets.contains(platform.value)
      else { continue }
      let fix = Self.fix(for: platform.value, among: Platforms.known + targets, at: platform.spot)
      context.report(
        rule, "registry for unknown platform '\(platform.value)'; known platforms: \(known)", at: platform.spot, fixIt: fix,
        severity: typo(fix))
    }
    // A manifest may name a platform zlc does not know; only a near miss of a known one is a typo,
    // unless zlc.json declares it (a registry's may repeat the typo, so it spares none).
    for manifest in project.manifests {
      guard let platform = manifest.platform, !targets.contains(platform.value),
        let fix = FixIt.didYouMean(Platforms.misspelledID(platform.value), at: platform.spot)
      else { continue }
      context.report(
        rule, "manifest for unknown platform '\(platform.value)'; known platforms: \(known)", at: platform.spot,
        fixIt: fix, severity: .error)
    }
  }

  /// The fix of a platform id: the Quick Brick platform a shorthand names (`android_qb`), else
  /// the id of `candidates` within a typo of it.
  static func fix(for id: String, among candidates: [String], at spot: SourceSpot?) -> FixIt? {
    if let meant = Platforms.quickBrickShorthand(id) { return .didYouMean(meant, at: spot) }
    return .didYouMean(for: id, among: candidates, at: spot)
  }

  /// The Quick Brick counterpart of a native platform (`ios_for_quickbrick` of `ios`), or the native
  /// one of a Quick Brick platform; nil for another id.
  static func counterpart(of platform: String) -> String? {
    if let quickBrick = Platforms.quickBrickCounterpart(of: platform) { return quickBrick }
    guard platform.hasSuffix("_for_quickbrick") else { return nil }
    let native = String(platform.dropLast("_for_quickbrick".count))
    return Platforms.known.contains(native) ? native : nil
  }

  /// An id within a typo of a known one (it has a fix) is an error: no client reads its bundle or
  /// registry. Another keeps the rule's warning.
  static func typo(_ fix: FixIt?) -> Severity? { fix == nil ? nil : .error }
}

extension Rule {
  public static let unknownPlatform = UnknownPlatformRule.rule
}
