import ZappDiagnostics
import ZappModel

/// ZL0623 ending-client-support.
package enum EndingClientSupportRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0623", name: "ending-client-support", severity: .warning, category: .manifests,
    summary: "A plugin the screens use does not run on some clients the app still supports.",
    explanation: """
      A manifest's `unsupported_since_zapp_sdk` newer than the app's oldest client on a platform \
      (`platforms.<id>.min_zapp_sdk` in `zlc.json`) ends the range of clients the bundle is meant \
      for: clients from that version on refuse the bundle, since they cannot draw the screens \
      that use the plugin, and keep the one they have. Raise the plugin's \
      `unsupported_since_zapp_sdk`, or stop using the plugin on those screens. A version at or \
      below the oldest client is ZL0611's error. When the platform's registries list the client \
      builds in the field and every one of them the app supports is older than that version, no \
      client is concerned yet, and nothing is reported; a registry at or past that version, which \
      ZL0327 leaves unchecked, lists clients it concerns. When `zlc.json` gives the platform no \
      oldest client, the registries alone say whether the app still has clients it concerns: a \
      registry whose client builds reach that version, some of them older, is warned at (the \
      fleet line counts its installs among those that cannot draw every screen; one whose builds \
      all are at or past it is ZL0327's). So is, at the manifest's `min_zapp_sdk`, a registry whose \
      client builds start before that version (`20.0.0..<21.0.0` for a plugin that needs \
      `20.5.0`): the older builds refuse the bundle; one whose builds all are older is ZL0327's, \
      and a `min_zapp_sdk` past the app's oldest client in `zlc.json` is ZL0611's error. A plugin \
      drawn only as a fallback refuses no bundle: a registered client that cannot run it cannot \
      draw the fallback, which is ZL0313's error, whether or not `zlc.json` gives the oldest client.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#,
        "components/x.json": Example.manifest(#", "platform": "ios", "unsupported_since_zapp_sdk": ⟦⟧"20.5.0""#),
        "screens/o.json": Example.screen(#"{"component_type": "x"}"#),
      ],
      reports: [
        .init(
          "plugin 'x' is unsupported since Zapp SDK 20.5.0 on 'ios', which the app supports from 20.0.0: clients from 20.5.0 on cannot draw the screens that use it",
          notes: ["its first use", "the app's oldest client"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#,
      "components/x.json": Example.manifest(#", "platform": "ios""#),
      "screens/o.json": Example.screen(#"{"component_type": "x"}"#),
    ]))

  package static func check(_ context: RuleContext) {
    // As ZL0611: a manifest serving a platform through `ui_frameworks` gives versions of its own
    // platform's SDK, and a version that is no version is ZL0603's alone.
    let isVersion = ManifestVersionRule.isSDKVersion
    let bounds = context.project.zappSDKBounds
    for (identifier, use, platform, oldest, m) in context.project.pluginsBoundingOldestClients
    where !m.servesThroughFrameworks(platform) && isVersion(oldest.value) {
      guard let until = m.unsupportedSinceZappSDK, isVersion(until.value), Platforms.compare(until.value, oldest.value) > 0
      else { continue }
      // A range that no client is left in is ZL0611's error.
      if let min = bounds[platform]?.min, Platforms.compare(min.version.value, until.value) >= 0 { continue }
      // Client builds the registries list, all older than the end, are not concerned. Those that
      // take the bundle count, and so do those at or past an end (of this plugin's or another's):
      // only a registry older than the platform's oldest client lists none of the app's clients.
      let registries = context.project.registries.filter { registry in
        registry.platform?.value == platform && registry.emptyRange == nil
          && !(bounds[platform]?.min.map { registry.predates($0.version.value) } ?? false)
      }
      if !registries.isEmpty, registries.allSatisfy({ $0.predates(until.value) }) { continue }
      report(
        context, identifier, until: until, on: platform, "which the app supports from \(oldest.value)", use: use,
        clients: DiagnosticNote("the app's oldest client", at: oldest.spot))
    }
    checkAgainstRegistries(context)
    checkMinimumsAgainstRegistries(context)
  }

  /// The plugins of platforms whose oldest client `zlc.json` leaves out, against the client builds
  /// the platform's registries list: an end some build reaches is warned at, at the first such
  /// registry (one older than a plugin's `min_zapp_sdk` is ZL0327's and concerns no client).
  private static func checkAgainstRegistries(_ context: RuleContext) {
    let project = context.project
    let isVersion = ManifestVersionRule.isSDKVersion
    let bounds = project.zappSDKBounds
    for (identifier, use, platform, m) in project.pluginManifestsBoundingClients
    where project.minZappSDK(on: platform) == nil && !m.servesThroughFrameworks(platform) {
      guard let until = m.unsupportedSinceZappSDK, isVersion(until.value) else { continue }
      // A range that no client is left in is ZL0611's error.
      if let min = bounds[platform]?.min, Platforms.compare(min.version.value, until.value) >= 0 { continue }
      // The registries the fleet line counts as unable to draw every screen: some of their builds
      // are before the end and some at or past it (those all past it are ZL0327's).
      let reaching = project.targetRegistries.first { registry in
        registry.platform?.value == platform && registry.reaches(until.value) && !registry.startsAtOrPast(until.value)
      }
      guard let registry = reaching, let clients = registry.client else { continue }
      report(
        context, identifier, until: until, on: platform, "where the app has clients \(clients.value)", use: use,
        clients: DiagnosticNote("the clients a registry lists", at: clients.spot))
    }
  }

  /// The plugins of platforms whose oldest client `zlc.json` leaves out, against the client builds
  /// the platform's registries list: a `min_zapp_sdk` that some builds of a registry are older
  /// than is warned at, with a note at the first such registry.
  private static func checkMinimumsAgainstRegistries(_ context: RuleContext) {
    let project = context.project
    let bounds = project.zappSDKBounds
    for (identifier, use, platform, m) in project.pluginManifestsBoundingClients
    where project.minZappSDK(on: platform) == nil && !m.servesThroughFrameworks(platform) {
      guard let needs = m.minZappSDK, ManifestVersionRule.isSDKVersion(needs.value) else { continue }
      // A range that no client is left in is ZL0611's error.
      if let until = bounds[platform]?.until, Platforms.compare(needs.value, until.version.value) >= 0 { continue }
      // Registries whose builds are all older are left out of the target registries (ZL0327's).
      let older = project.targetRegistries.first { $0.platform?.value == platform && $0.startsBefore(needs.value) }
      guard let clients = older?.client else { continue }
      context.report(
        rule,
        "plugin '\(identifier)' needs Zapp SDK \(needs.value) on '\(platform)', where the app has clients \(clients.value): clients before \(needs.value) refuse the bundle",
        at: needs.spot, notes: [DiagnosticNote("its first use", at: use), DiagnosticNote("the clients a registry lists", at: clients.spot)])
    }
  }

  /// The warning at `until`, the plugin's end, which `clients` (the app's clients on `platform`,
  /// as a clause and a note) reach.
  private static func report(
    _ context: RuleContext, _ identifier: String, until: Located<String>, on platform: String, _ reach: String, use: SourceSpot,
    clients: DiagnosticNote
  ) {
    context.report(
      rule,
      "plugin '\(identifier)' is unsupported since Zapp SDK \(until.value) on '\(platform)', \(reach): clients from \(until.value) on cannot draw the screens that use it",
      at: until.spot, notes: [DiagnosticNote("its first use", at: use), clients])
  }
}

extension Rule {
  public static let endingClientSupport = EndingClientSupportRule.rule
}
