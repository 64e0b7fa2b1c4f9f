import ZappDiagnostics

/// ZL0113 unknown-device.
package enum UnknownDeviceRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0113", name: "unknown-device", severity: .error, category: .reading,
    summary: "`--device` names no device of the project.",
    explanation: """
      `zlc map --device NAME` maps onto one of the devices `zlc.json` lists (or the default phone \
      and tablet). Any other name is refused with the list of devices and the closest one as a \
      fix-it; the exit status is 64.
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
  package static func notOnEveryPlatform(_ name: String, on having: [String], lacking: [String], devices: [String]) -> Self {
    Self(
      "not-on-every-platform",
      "device '\(name)' is in the bundles of \(having.joined(separator: ", ")) only; those of \(lacking.joined(separator: ", ")) have \(summarizedList(devices)): add --platform to map one of them"
    )
  }
}
