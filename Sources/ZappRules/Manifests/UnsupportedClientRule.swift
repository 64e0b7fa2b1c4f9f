import Foundation
import ZappDiagnostics
import ZappModel

/// ZL0611 unsupported-client.
package enum UnsupportedClientRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0611", name: "unsupported-client", severity: .error, category: .manifests,
    summary: "A plugin the screens use does not run on the oldest client the app supports.",
    explanation: """
      `platforms.<id>.min_zapp_sdk` in `zlc.json` is the oldest client SDK the app supports on \
      that platform. A plugin used by a screen must run there: its manifest for the platform (or \
      its platform-free manifest) needs `min_zapp_sdk` at most that version and no \
      `unsupported_since_zapp_sdk` at or below it. With or without that version, the plugins must \
      leave some client: a plugin's `min_zapp_sdk` at or past the `unsupported_since_zapp_sdk` of \
      another (or its own) on a platform is an error too, at the use of the plugin whose \
      `unsupported_since_zapp_sdk` ends the range, since every client would refuse the bundle. \
      A plugin drawn only as a fallback is held to no client range: a registered client that \
      cannot run it cannot draw the fallback, which is ZL0313's error.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "19.0.0"}}}"#,
        "components/x.json": Example.manifest(#", "platform": "ios""#).replacingOccurrences(
          of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "20.0.0""#),
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"x"}"#),
      ],
      reports: [
        .init(
          "plugin 'x' needs Zapp SDK 20.0.0 or later on 'ios', but the app supports clients from 19.0.0",
          notes: ["min_zapp_sdk of its 'ios' manifest", "the app's oldest client"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.1.0"}}}"#,
      "components/x.json": Example.manifest(#", "platform": "ios""#).replacingOccurrences(
        of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "20.0.0""#),
      "screens/o.json": Example.screen(#"{"component_type": "x"}"#),
    ]))

  package static func check(_ context: RuleContext) {
    // A manifest serving a platform through `ui_frameworks` gives versions of its own platform's SDK.
    // A version that is no version is ZL0603's alone: compared as 0, it would contradict itself.
    let isVersion = ManifestVersionRule.isSDKVersion
    for (identifier, use, platform, oldest, m) in context.project.pluginsBoundingOldestClients
    where !m.servesThroughFrameworks(platform) && isVersion(oldest.value) {
      let its = m.platform == nil ? "its platform-free manifest" : "its '\(platform)' manifest"
      if let min = m.minZappSDK, isVersion(min.value), Platforms.compare(min.value, oldest.value) > 0 {
        context.report(
          rule,
          "plugin '\(identifier)' needs Zapp SDK \(min.value) or later on '\(platform)', but the app supports clients from \(oldest.value)",
          at: use,
          notes: [
            DiagnosticNote("min_zapp_sdk of \(its)", at: min.spot),
            DiagnosticNote("the app's oldest client", at: oldest.spot),
          ])
      }
      if let until = m.unsupportedSinceZappSDK, isVersion(until.value), Platforms.compare(until.value, oldest.value) <= 0 {
        context.report(
          rule,
          "plugin '\(identifier)' is unsupported since Zapp SDK \(until.value) on '\(platform)', and the app supports clients from \(oldest.value)",
          at: use, notes: [DiagnosticNote("unsupported_since_zapp_sdk of \(its)", at: until.spot)])
      }
    }
    checkEmptyRanges(context)
  }

  /// A platform whose plugins' `min_zapp_sdk` reaches their `unsupported_since_zapp_sdk`: no
  /// client takes its bundle. When `zlc.json`'s minimum reaches it, the check above tells.
  static func checkEmptyRanges(_ context: RuleContext) {
    let isVersion = ManifestVersionRule.isSDKVersion
    let bounds = context.project.zappSDKBounds
    for platform in context.project.targetPlatforms {
      guard let range = bounds[platform], let min = range.min, let needing = min.plugin, let until = range.until,
        let ending = until.plugin, Platforms.compare(min.version.value, until.version.value) >= 0
      else { continue }
      if let oldest = context.project.minZappSDK(on: platform)?.value, isVersion(oldest),
        Platforms.compare(until.version.value, oldest) <= 0
      {
        continue
      }
      let message =
        needing.identifier == ending.identifier
        ? "plugin '\(ending.identifier)' needs Zapp SDK \(min.version.value) or later on '\(platform)' and is unsupported there since \(until.version.value): no client runs it"
        : "plugin '\(ending.identifier)' is unsupported since Zapp SDK \(until.version.value) on '\(platform)', and plugin '\(needing.identifier)' needs \(min.version.value) or later there: no client takes the bundle"
      context.report(
        rule, message, at: ending.use,
        notes: [
          DiagnosticNote(until.what("unsupported_since_zapp_sdk", on: platform), at: until.version.spot),
          DiagnosticNote(min.what("min_zapp_sdk", on: platform), at: min.version.spot),
        ])
    }
  }
}

extension Rule {
  public static let unsupportedClient = UnsupportedClientRule.rule
}
