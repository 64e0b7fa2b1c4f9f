import ZappDiagnostics

/// ZL0205 duplicate-device.
package enum DuplicateDeviceRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0205", name: "duplicate-device", severity: .error, category: .shape,
    summary: "`zlc.json` lists two devices with the same name.",
    explanation: """
      Bundles hold one layout per device name, and `zlc map --device` picks a device by name, so \
      each name is listed once. zlc keeps the first and points at the second with a note at the \
      first. Names that differ only in case (`Phone` beside `phone`) are two devices to zlc and \
      the bundle, but most often one device listed twice: the second is a warning, with a note \
      at the first.
      """,
    bad: .files(
      [
        "zlc.json":
          #"{"devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": ⟦⟧"phone", "class": "tablet", "width": 1024}]}"#
      ], reports: [.init("device 'phone' is listed twice", notes: ["first listed here"])]),
    good: .files([
      "zlc.json":
        #"{"devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": "tablet", "class": "tablet", "width": 1024}]}"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    var first: [String: Located<String>] = [:]
    // The first name of each spelling when case is ignored: "Phone" after "phone" is a warning.
    var firstIgnoringCase: [String: Located<String>] = [:]
    for entry in context.project.settings.deviceEntries where ProjectSettings.deviceWidths.contains(entry.width) {
      if let earlier = first[entry.name.value] {
        context.report(
          rule, "device '\(entry.name.value)' is listed twice" + TerminalText.inAnotherForm(entry.name.value, earlier.value),
          at: entry.name.spot, notes: [DiagnosticNote("first listed here", at: earlier.spot)])
        continue
      }
      first[entry.name.value] = entry.name
      let folded = entry.name.value.lowercased()
      if let earlier = firstIgnoringCase[folded] {
        context.bag.add(
          Diagnostic(
            rule, "device '\(entry.name.value)' differs from device '\(earlier.value)' only in case", at: entry.name.spot,
            severity: .warning, notes: [DiagnosticNote("first listed here", at: earlier.spot)]))
      } else {
        firstIgnoringCase[folded] = entry.name
      }
    }
  }
}

extension Rule {
  public static let duplicateDevice = DuplicateDeviceRule.rule
}
