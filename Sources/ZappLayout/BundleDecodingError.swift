/// Why a bundle file does not hold what the contract says, with the path of the value at fault
/// (`sections[2].layout.phone.item.width`).
public struct BundleDecodingError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var message: String
  /// The `layouts` entry of `bundle.json` the value at fault stands in (a compact section's
  /// geometry), when it stands in one: `path` then leads through the `layout_ref` naming it.
  public var layoutEntry: String?
  /// The path of the `layout_ref` naming `layoutEntry`: `path` goes on from it into the entry.
  public var referencePath: String?

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }

  /// The error as `bundle.json`'s when the value stands in a `layouts` entry, with the place in
  /// `file` (the screen file read) that names the entry; else as `file`'s.
  func loadError(in file: String) -> ScreenBundle.LoadError {
    guard let entry = layoutEntry, let reference = referencePath, path.hasPrefix(reference) else {
      return .invalidFile(file, description)
    }
    let inside = "\(BundleIndex.layoutsField.key).\(entry)" + path.dropFirst(reference.count)
    return .invalidFile("bundle.json", "\(inside): \(message); the entry \(file) names at \(reference)")
  }
}

extension BundleForm {
  /// The `format_version` a file declares when it is a whole number this library does not read
  /// (`BundleIndex.readableFormatVersions`), one beyond `Int` as `Int.max` or `Int.min`; else nil.
  static func unreadableVersion(_ value: JSON?) -> Int? {
    guard let value else { return nil }
    var version = value.intValue
    if version == nil, let d = value.doubleValue, d.isFinite, d == d.rounded() {
      version = Int(exactly: d) ?? (d > 0 ? .max : .min)
    }
    guard let version, !BundleIndex.readableFormatVersions.contains(version) else { return nil }
    return version
  }
}
