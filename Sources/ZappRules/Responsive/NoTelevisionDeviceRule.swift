import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0526 no-television-device.
package enum NoTelevisionDeviceRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0526", name: "no-television-device", severity: .warning, category: .geometry,
    summary: "The app targets a TV platform, but none of zlc.json's devices is as wide as its TV.",
    explanation: """
      The `devices` zlc.json names are the app's on every platform: each platform's bundle, a TV \
      platform's too, is laid out and checked for them alone, and zlc adds no TV of its own (it \
      does when zlc.json names no devices). When the app targets a TV platform and no device is \
      as wide as that platform's TV window (1920 points for tvOS, Roku, Samsung and LG TVs; 960 dp \
      for Android TV and Fire TV), its bundle holds no layout of a TV's width and no screen was \
      checked at one. Name a TV among the devices: `{"name": "tv", "width": 1920}`, or 960 wide \
      for Android TV and Fire TV.
      """,
    bad: .files(
      [
        "zlc.json":
          #"{"platforms": {"ios": {}, "tvos": {}}, "devices": ⟦⟧[{"name": "phone", "width": 375}, {"name": "tablet", "width": 1024}]}"#
      ],
      reports: [
        .init(
          "the app targets TV platform 'tvos', but none of zlc.json's devices is as wide as its TV (1920; the widest, 'tablet', is 1024 wide): its bundle is laid out and checked for these devices alone; name a TV among them ({\"name\": \"tv\", \"width\": 1920})"
        )
      ]),
    good: .files([
      "zlc.json":
        #"{"platforms": {"ios": {}, "tvos": {}, "android_tv": {}}, "devices": [{"name": "phone", "width": 375}, {"name": "tv", "width": 1920}]}"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let settings = context.project.settings
    guard !settings.usesDefaultDevices, let devices = settings.devicesValue,
      let widest = settings.devices.max(by: { $0.width < $1.width })
    else { return }
    // Each TV platform whose own TV is wider than every device, grouped by that TV.
    var missing: [(tv: Device, platforms: [String])] = []
    for platform in context.project.targetPlatforms where ProjectSettings.televisionPlatforms.contains(platform) {
      let tv =
        ProjectSettings.androidTelevisionPlatforms.contains(platform)
        ? ProjectSettings.defaultAndroidTelevision : ProjectSettings.defaultTelevision
      guard widest.width < tv.width else { continue }
      if let at = missing.firstIndex(where: { $0.tv.width == tv.width }) {
        missing[at].platforms.append(platform)
      } else {
        missing.append((tv, [platform]))
      }
    }
    for (tv, platforms) in missing {
      let named = platforms.map { "'\($0)'" }.joined(separator: ", ")
      let subject = platforms.count == 1 ? "TV platform \(named)" : "TV platforms \(named)"
      let bundles = platforms.count == 1 ? "its bundle is" : "their bundles are"
      let width = SizeClassRangeRule.text(tv.width)
      context.report(
        rule,
        "the app targets \(subject), but none of zlc.json's devices is as wide as \(platforms.count == 1 ? "its" : "their") TV (\(width); the widest, '\(widest.name)', is \(SizeClassRangeRule.text(widest.width)) wide): \(bundles) laid out and checked for these devices alone; name a TV among them ({\"name\": \"\(tv.name)\", \"width\": \(width)})",
        at: devices.spot)
    }
  }
}

extension Rule {
  public static let noTelevisionDevice = NoTelevisionDeviceRule.rule
}
