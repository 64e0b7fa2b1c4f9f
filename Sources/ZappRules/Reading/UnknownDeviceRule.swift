import ZappDiagnostics

/// ZL0113 unknown-device.
package enum UnknownDeviceRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0113", name: "unknown-device", severity: .error, category: .reading,
    summary: "`--device` names no device of the project, or of every platform's bundle it maps.",
    explanation: """
      `zlc map --device NAME` maps onto one of the devices `zlc.json` lists (or the default \
      devices: a phone and a tablet in portrait and in landscape, unless every platform is a TV \
      platform, and the TV of each TV platform). Any other name is refused \
      with the list of devices and the closest one as a fix-it. An app of several platforms is \
      mapped as each platform's bundle maps it, on that bundle's devices: a device only some \
      bundles have (a TV platform's TV) is refused with the platforms that have it, unless \
      `--platform` names one of them. The exit status is 64.
      """,
    bad: .text("$ zlc map home --project manifests --device iphnoe"),
    good: .text("$ zlc map home --project manifests --device phone"))
}

extension Rule {
  public static let unknownDevice = UnknownDeviceRule.rule
}

extension UnknownDeviceRule {
  package typealias Message = RuleMessage<UnknownDeviceRule>
}

extension RuleMessage where Owner == UnknownDeviceRule {
  package static func noDevice(_ name: String, devices: [String]) -> Self {
    Self("no-device", "no device '\(name)'; the project's devices are \(summarizedList(devices))")
  }

  /// A device some platforms' bundles have and others' do not (a TV platform's bundle has the TV).
  package static func notOnEveryPlatform(
    _ name: String, on having: [String], others: [(platforms: [String], devices: [String])]
  ) -> Self {
    let theirs = others.map { "\($0.platforms.joined(separator: ", ")): \(summarizedList($0.devices))" }.joined(separator: "; ")
    return Self(
      "not-on-every-platform",
      "device '\(name)' is in the bundle of \(having.joined(separator: ", ")) only (map it with --platform \(having[0])); the others have theirs (\(theirs))"
    )
  }
}
