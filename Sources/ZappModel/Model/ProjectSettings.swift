import ZappDiagnostics
import ZappLayout

/// `zlc.json`.
public struct ProjectSettings: Sendable {
  public var app: String?
  /// The devices zlc lays screens out for: each well-formed entry of `devices` whose width is in
  /// `deviceWidths` and whose name is new, else the defaults.
  public var devices: [Device] = Device.defaults
  /// Whether `devices` are the defaults (zlc.json names none): a phone and a tablet in both
  /// orientations, and a TV
  /// where the app targets a TV platform (`defaultDevices(platforms:)`).
  public internal(set) var usesDefaultDevices = true
  /// Every well-formed entry of `devices` as written, for the rules (ZL0203, ZL0205).
  public var deviceEntries: [DeviceEntry] = []
  /// The `devices` array, when given.
  public var devicesValue: JSONValue?
  /// The app's own data source types (`data_types`).
  public var dataTypes: [String] = []
  /// Whether zlc.json tells nothing of the app's data source types: it is no object, or its
  /// `data_types` is no list (ZL0202's error). A type the clients do not build in is then not
  /// reported (ZL0402): it may be one of those the file meant to list.
  public var dataTypesUnread = false

  /// `dataTypesUnread` of zlc.json's `root`; `null` and `""` write no list, as the shape check reads them.
  static func dataTypesUnread(in root: JSONValue) -> Bool {
    guard root.kind == .object else { return true }
    guard let types = root["data_types"] else { return false }
    return types.kind != .array && types.kind != .null && types.string?.isEmpty != true
  }
  public var file: SourceFile?
  /// The JSON of zlc.json, which the schema rules check.
  public var root: JSONValue?
  /// Where each device of `devices` is named in zlc.json (none for the defaults).
  public var deviceSpots: [String: SourceSpot] = [:]
  /// The size classes (zlc.json's well-formed `size_classes`, else `SizeClass.defaults`).
  public var sizeClasses: [SizeClass] = SizeClass.defaults
  /// Every well-formed entry of `size_classes` as written, for the rules.
  public var sizeClassEntries: [SizeClassEntry] = []

  /// The platforms the app targets (`platforms`), in file order; empty: the manifests' platforms.
  public var platforms: [PlatformTarget] = []
  /// The one platform `--platform` narrows every check to, when given.
  public var onlyPlatform: String?

  /// The widths a device may have, in points.
  public static let deviceWidths = 1...Metrics.maxLength
}

/// A size class as `zlc.json` lists it, with where it is written.
public struct SizeClassEntry: Sendable {
  public let sizeClass: SizeClass
  public let value: JSONValue
}

/// A device as `zlc.json` lists it, with where its name, width and state are written.
public struct DeviceEntry: Sendable {
  public let name: Located<String>
  public let deviceClass: DeviceClass
  public let width: Double
  public let widthValue: JSONValue
  /// The window state as written (`"state": "landscape"`), when given; ZL0319 checks it.
  public var state: Located<String>? = nil
}
