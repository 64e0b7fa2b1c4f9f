import ZappDiagnostics
import ZappModel

/// ZL0617 wrong-device-target.
package enum WrongDeviceTargetRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0617", name: "wrong-device-target", severity: .warning, category: .manifests,
    summary: "A plugin a screen uses is made for other devices than a target platform's clients.",
    explanation: """
      A manifest's `targets` say which devices the plugin is made for, `mobile`, `tv` or both \
      (zappifest's default: `mobile` for `ios` and `android`, `tv` for the TV platforms). The UI \
      builder offers a plugin only to apps of those devices, so one a screen uses on a platform \
      whose clients are other devices (a `tv`-only plugin in an `ios` app) is likely a mistake: \
      the warning names the platforms, with a note at the `targets` of the manifest that platform \
      uses. `ios`, `android` and their Quick Brick variants are mobile; `tvos`, `android_tv`, \
      `amazon`, `roku`, `samsung_tv`, `lg_tv` and their Quick Brick variants are TV; `web` is either.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}}}"#,
        "components/x.json": Example.manifest(#", "platform": "ios", "targets": ["tv"]"#),
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"x"}"#),
      ],
      reports: [
        .init("plugin 'x' is made for tv devices, but the clients of 'ios' are mobile devices", notes: ["targets of its 'ios' manifest"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "components/x.json": Example.manifest(#", "platform": "ios", "targets": ["mobile", "tv"]"#),
      "screens/o.json": Example.screen(#"{"component_type": "x"}"#),
    ]))

  package static func check(_ context: RuleContext) {
    let project = context.project
    for (identifier, use) in project.usedPlugins {
      let manifests = project.manifests(for: identifier)
      var mismatched: [(platform: String, device: String, manifest: ManifestDecl)] = []
      for platform in project.targetPlatforms(drawing: identifier) {
        guard let device = Platforms.device(of: platform), let m = Project.bestFit(among: manifests, on: platform) else { continue }
        let targets = m.targets.compactMap(\.string).filter { $0 == "mobile" || $0 == "tv" }
        if !targets.isEmpty, !targets.contains(device) { mismatched.append((platform, device, m)) }
      }
      guard let first = mismatched.first else { continue }
      let made = Set(first.manifest.targets.compactMap(\.string)).sorted().joined(separator: " and ")
      let clients = mismatched.map { "'\($0.platform)'" }
      let devices = Set(mismatched.map(\.device)).sorted().joined(separator: " and ")
      let message = Message.madeForOtherDevices(identifier, made: made, platforms: summarizedList(clients), devices: devices)
      let notes = mismatched.prefix(3).map { entry in
        DiagnosticNote("targets of its '\(entry.platform)' manifest", at: entry.manifest.value["targets"]?.spot ?? entry.manifest.spot)
      }
      context.bag.add(message.diagnostic(at: use, notes: notes))
    }
  }
}

extension Rule {
  public static let wrongDeviceTarget = WrongDeviceTargetRule.rule
}

extension WrongDeviceTargetRule {
  package typealias Message = RuleMessage<WrongDeviceTargetRule>
}

extension RuleMessage where Owner == WrongDeviceTargetRule {
  /// Plugin `identifier` is made for `made` devices, but `platforms`' clients are `devices`.
  package static func madeForOtherDevices(_ identifier: String, made: String, platforms: String, devices: String) -> Self {
    Self(
      "made-for-other-devices", "plugin '\(identifier)' is made for \(made) devices, but the clients of \(platforms) are \(devices) devices"
    )
  }
}
