import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0603 manifest-version.
package enum ManifestVersionRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0603", name: "manifest-version", severity: .error, category: .manifests,
    summary: "`manifest_version`, or a Zapp SDK version, is not a version.",
    explanation: """
      `manifest_version` is a version such as `1.2.0` or `0.1.0-alpha1` ("Plugin version X is not \
      valid"). So are a manifest's `min_zapp_sdk`, `deprecated_since_zapp_sdk` and \
      `unsupported_since_zapp_sdk` and a platform's \
      `min_zapp_sdk` in `zlc.json`: zlc compares them number by number with the clients the app \
      supports, and one that is no version (`v20.0.0`, `latest`) would compare as 0, so a plugin \
      too new for the oldest client would pass. A build tag (`20.0.0+5`) is allowed and ignored; \
      the version rules (ZL0611, ZL0612) leave a version that is no version to this one.
      """,
    bad: .files(["components/m.json": Example.manifest("", version: "⟦⟧latest")], reports: [.init("Plugin version latest is not valid")]),
    good: .files(["components/m.json": Example.manifest("", version: "0.1.0-alpha1")]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      if let v = m.version, !isVersion(v.value) {
        context.report(rule, "Plugin version \(v.value) is not valid", at: v.spot)
      }
      let sdks = [
        ("min_zapp_sdk", m.minZappSDK), ("deprecated_since_zapp_sdk", m.deprecatedSinceZappSDK),
        ("unsupported_since_zapp_sdk", m.unsupportedSinceZappSDK),
      ]
      for (key, sdk) in sdks {
        if let sdk { checkSDK(sdk, key: key, context) }
      }
    }
    for platform in context.project.settings.platforms {
      if let sdk = platform.minZappSDK { checkSDK(sdk, key: "min_zapp_sdk", context) }
    }
  }

  private static func checkSDK(_ sdk: Located<String>, key: String, _ context: RuleContext) {
    guard !isSDKVersion(sdk.value) else { return }
    let text = Array(sdk.value.utf8)
    let startsWithDigit = text.first.map(VersionSyntax.isDigit) ?? false
    let why: String
    var meant: String?
    if let number = VersionSyntax.numberPastLimit(sdk.value) {
      why = "its number \(number) is past the largest clients compare (\(Int.max)), so it would compare as 0"
    } else if text.count > 1, text[0] | 0x20 == UInt8(ascii: "v"), VersionSyntax.isDigit(text[1]) {
      why = "the leading '\(Character(Unicode.Scalar(text[0])))' makes it compare as 0; write \(sdk.value.dropFirst())"
      meant = String(sdk.value.dropFirst())
    } else if !startsWithDigit {
      why = "it would compare as 0"
    } else if let plus = text.firstIndex(of: UInt8(ascii: "+")), isSDKVersion(String(decoding: text[..<plus], as: UTF8.self)) {
      why = "a build tag after '+' is letters, digits and '-', in parts separated by dots"
    } else if isVersion(String(decoding: text.prefix { $0 != UInt8(ascii: "+") }, as: UTF8.self)) {
      why = "a letter stands where a number belongs"
    } else {
      why = "it would compare as \(ZappSDKVersion.numbers(sdk.value).map(String.init).joined(separator: "."))"
    }
    context.report(
      rule, "\(key) '\(sdk.value)' is not a version (such as 20.0.0): \(why)", at: sdk.spot, fixIt: .didYouMean(meant, at: sdk.spot))
  }

  /// A version as `zappifest` accepts it (`VersionSyntax.isVersion`).
  package static func isVersion(_ s: String) -> Bool { VersionSyntax.isVersion(s) }

  /// A Zapp SDK version zlc compares (`VersionSyntax.isSDKVersion`).
  package static func isSDKVersion(_ s: String) -> Bool { VersionSyntax.isSDKVersion(s) }
}

extension Rule {
  public static let manifestVersion = ManifestVersionRule.rule
}
