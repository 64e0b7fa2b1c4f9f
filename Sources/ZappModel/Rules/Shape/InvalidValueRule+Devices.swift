import Foundation
import ZappDiagnostics
import ZappLayout

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

extension InvalidValueRule {
  /// A size class's `name` is matched exactly, as a device's is: one with spaces at its ends
  /// (`" S"`) matches no `size_class_mapping` key written without them.
  static func checkSizeClassNameSpaces(_ context: RuleContext) {
    let entries = context.project.settings.sizeClassEntries
    let names = SiblingNames(entries.map(\.sizeClass.name)) { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    for entry in entries {
      let name = entry.sizeClass.name
      let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
      guard trimmed != name, let spot = entry.value["name"]?.spot else { continue }
      let fix = FixIt.trimming(to: trimmed, at: spot, taken: names.take(trimmed))
      context.bag.add(Message.sizeClassNameWithSpaces(name).diagnostic(at: spot, fixIt: fix))
    }
  }

  /// `devices` and `size_classes` that list nothing (`[]`, or only `""`, which reads as absent)
  /// would silently leave the project with the defaults, as if the key were left out.
  static func checkEmptyLists(_ context: RuleContext) {
    let settings = context.project.settings
    for (key, what, defaults) in [("devices", "device", "the defaults"), ("size_classes", "size class", "the defaults (S, L, XL)")] {
      guard let list = settings.root?[key], list.kind == .array else { continue }
      guard !list.elements.contains(where: { $0.string != "" }) else { continue }
      context.bag.add(Message.emptyList(key, what: what, defaults: defaults, isEmpty: list.elements.isEmpty).diagnostic(at: list.spot))
    }
  }
}

extension RuleMessage where Owner == InvalidValueRule {
  /// A size class name of `zlc.json` with spaces at its ends, or of spaces alone.
  package static func sizeClassNameWithSpaces(_ name: String) -> Self {
    name.allSatisfy(\.isWhitespace)
      ? Self("blank-size-class-name", "a size class name of spaces alone names no size class")
      : Self(
        "size-class-name-with-spaces",
        "size class name '\(shortValue(name))' has spaces at its ends: it matches no name written without them")
  }

  /// `devices` or `size_classes` of `zlc.json` that lists nothing.
  package static func emptyList(_ key: String, what: String, defaults: String, isEmpty: Bool) -> Self {
    let text =
      "'\(key)' \(isEmpty ? "is empty" : "lists no \(what) (its entries are empty)"); list at least one \(what) or leave the key out for \(defaults)"
    return key == "devices" ? Self("empty-devices", text) : Self("empty-size-classes", text)
  }

  /// A device name of `zlc.json` with spaces at its ends, or of spaces alone.
  package static func deviceNameWithSpaces(_ name: String) -> Self {
    name.allSatisfy(\.isWhitespace)
      ? Self("blank-device-name", "a device name of spaces alone names no device")
      : Self("device-name-with-spaces", "device name '\(shortValue(name))' has spaces at its ends: it matches no name written without them")
  }
}
