import ZappDiagnostics
import ZappModel

/// ZL0612 deprecated-plugin.
package enum DeprecatedPluginRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0612", name: "deprecated-plugin", severity: .warning, category: .manifests,
    summary: "A plugin the screens use is deprecated on the oldest client the app supports.",
    explanation: """
      A manifest's `deprecated_since_zapp_sdk` at or below the app's oldest client on a platform \
      (`platforms.<id>.min_zapp_sdk`) means the plugin still runs there but is on its way out.
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
    // A version that is no version is ZL0603's alone (`v20.0.0` would compare as 0).
    for (identifier, use, platform, oldest, m) in context.project.pluginsAgainstOldestClients
    where ManifestVersionRule.isSDKVersion(oldest.value) {
      guard let since = m.deprecatedSinceZappSDK, Platforms.compare(since.value, oldest.value) <= 0 else { continue }
      context.report(
        rule,
        "plugin '\(identifier)' is deprecated since Zapp SDK \(since.value) on '\(platform)' (the app supports clients from \(oldest.value))",
        at: use, notes: [DiagnosticNote("deprecated_since_zapp_sdk of its '\(platform)' manifest", at: since.spot)])
    }
  }
}

extension Rule {
  public static let deprecatedPlugin = DeprecatedPluginRule.rule
}
