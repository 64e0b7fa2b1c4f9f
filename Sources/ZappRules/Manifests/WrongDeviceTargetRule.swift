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
      the warning names the platforms, with a note at the `targets` of the manifest each uses. \
      `ios` and its Quick Brick variant are mobile; `tvos`, `android_tv`, `amazon`, `roku`, \
      `samsung_tv`, `lg_tv` and their Quick Brick variants are TV; `android` (Android TV apps ship \
      on it too) and `web` are either.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}}}"#,
        "components/x.json": Example.manifest(#", "platform": "ios", "targets": ["tv"]"#),
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"x"}"#),
      ],
      reports: [
        .init(
          "plugin 'x' is not made for the devices of 'ios' (mobile; the manifest used there targets tv)",
          notes: ["targets of the manifest 'ios' uses"])
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
      var mismatched: [(platform: String, device: String, targets: [String], manifest: ManifestDecl)] = []
      for platform in project.targetPlatforms(drawing: identifier) {
        guard let device = Platforms.device(of: platform), let m = Project.bestFit(among: manifests, on: platform) else { continue }
        let targets = Set(m.targets.compactMap(\.string).filter { $0 == "mobile" || $0 == "tv" }).sorted()
        if !targets.isEmpty, !targets.contains(device) { mismatched.append((platform, device, targets, m)) }
      }
      guard !mismatched.isEmpty else { continue }
      let clauses = mismatched.map {
        "'\($0.platform)' (\($0.device); the manifest used there targets \($0.targets.joined(separator: " and ")))"
      }
      let notes = mismatched.prefix(3).map { entry in
        DiagnosticNote("targets of the manifest '\(entry.platform)' uses", at: entry.manifest.value["targets"]?.spot ?? entry.manifest.spot)
      }
      context.bag.add(Message.madeForOtherDevices(identifier, clauses: summarizedList(clauses)).diagnostic(at: use, notes: notes))
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
  /// Plugin `identifier` is not made for the devices of the platforms `clauses` name.
  package static func madeForOtherDevices(_ identifier: String, clauses: String) -> Self {
    Self("made-for-other-devices", "plugin '\(identifier)' is not made for the devices of \(clauses)")
  }
}
