import Foundation
import ZappDiagnostics

extension InvalidValueRule {
  /// A device's `name` is what `zlc map --device` and the bundle's layouts name it by, compared
  /// exactly: one with spaces at its ends (`" phone"`) matches no name written without them. The
  /// fix trims the spaces, unless another device has that name; a name of spaces alone gets none.
  static func checkDeviceNames(_ context: RuleContext) {
    let entries = context.project.settings.deviceEntries
    let names = SiblingNames(entries.map(\.name.value)) { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    for entry in entries {
      let name = entry.name
      let trimmed = name.value.trimmingCharacters(in: .whitespacesAndNewlines)
      guard trimmed != name.value else { continue }
      let fix = FixIt.trimming(to: trimmed, at: name.spot, taken: names.take(trimmed))
      context.bag.add(Message.deviceNameWithSpaces(name.value).diagnostic(at: name.spot, fixIt: fix))
    }
  }
}

extension RuleMessage where Owner == InvalidValueRule {
  /// A device name of `zlc.json` with spaces at its ends, or of spaces alone.
  package static func deviceNameWithSpaces(_ name: String) -> Self {
    name.allSatisfy(\.isWhitespace)
      ? Self("blank-device-name", "a device name of spaces alone names no device")
      : Self("device-name-with-spaces", "device name '\(shortValue(name))' has spaces at its ends: it matches no name written without them")
  }
}
