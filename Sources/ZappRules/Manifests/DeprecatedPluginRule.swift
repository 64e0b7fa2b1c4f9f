import ZappDiagnostics
import ZappModel

/// ZL0612 deprecated-plugin.
package enum DeprecatedPluginRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0612", name: "deprecated-plugin", severity: .warning, category: .manifests,
    summary: "A plugin the screens use is deprecated on the oldest client the app supports.",
    explanation: """
      A manifest's `deprecated_since_zapp_sdk` at or below the app's oldest client on a platform \
      (`platforms.<id>.min_zapp_sdk`) means the plugin still runs there but is on its way out. \
      A manifest that serves the platform only through `ui_frameworks` counts in its own \
      platform's SDK versions and is not compared, and a version that is no version is ZL0603's.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#,
        "components/x.json": Example.manifest(#", "platform": "ios", "deprecated_since_zapp_sdk": "19.0.0""#),
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"x"}"#),
      ],
      reports: [
        .init(
          "plugin 'x' is deprecated since Zapp SDK 19.0.0 on 'ios' (the app supports clients from 20.0.0)",
          notes: ["deprecated_since_zapp_sdk of its 'ios' manifest"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "18.0.0"}}}"#,
      "components/x.json": Example.manifest(#", "platform": "ios", "deprecated_since_zapp_sdk": "19.0.0""#),
      "screens/o.json": Example.screen(#"{"component_type": "x"}"#),
    ]))

  package static func check(_ context: RuleContext) {
    // As ZL0611: a manifest serving a platform through `ui_frameworks` gives versions of its own
    // platform's SDK, and a version that is no version is ZL0603's alone (`v20.0.0` would compare
    // as 0).
    let isVersion = ManifestVersionRule.isSDKVersion
    for (identifier, use, platform, oldest, m) in context.project.pluginsAgainstOldestClients
    where !m.servesThroughFrameworks(platform) && isVersion(oldest.value) {
      guard let since = m.deprecatedSinceZappSDK, isVersion(since.value), Platforms.compare(since.value, oldest.value) <= 0
      else { continue }
      let its = m.platform == nil ? "its platform-free manifest" : "its '\(platform)' manifest"
      context.report(
        rule,
        "plugin '\(identifier)' is deprecated since Zapp SDK \(since.value) on '\(platform)' (the app supports clients from \(oldest.value))",
        at: use, notes: [DiagnosticNote("deprecated_since_zapp_sdk of \(its)", at: since.spot)])
    }
  }
}

extension Rule {
  public static let deprecatedPlugin = DeprecatedPluginRule.rule
}
