import ZappDiagnostics
import ZappLayout

extension ProjectSettings {
  /// Reads zlc.json's `size_classes`: each entry with a name and a `min_width` is kept (the rules
  /// report the rest, and ranges that overlap or are empty); the project uses them when at least
  /// one is well formed, else `SizeClass.defaults`.
  package mutating func readSizeClasses(_ value: JSONValue?) {
    guard let value, value.kind == .array else { return }
    for item in value.elements {
      guard let name = item["name"]?.string, !name.isEmpty, let minWidth = flexNumber(item["min_width"]) else { continue }
      let maxWidth = flexNumber(item["max_width"])
      let cls = item["class"]?.string.flatMap { $0.isEmpty ? nil : $0 }  // `""` is absent, as `null` is
      if let cls, DeviceClass(alias: cls) == nil { continue }
      // Without a class, a class from 600 pt up reads the tablet values (Android's `sw600`).
      let deviceClass = cls.flatMap(DeviceClass.init(alias:)) ?? (minWidth >= 600 ? .tablet : .phone)
      sizeClassEntries.append(
        SizeClassEntry(sizeClass: SizeClass(name: name, minWidth: minWidth, maxWidth: maxWidth, deviceClass: deviceClass), value: item))
    }
    if !sizeClassEntries.isEmpty { sizeClasses = sizeClassEntries.map(\.sizeClass) }
  }
}
