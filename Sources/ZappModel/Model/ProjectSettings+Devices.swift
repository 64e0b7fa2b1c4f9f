import ZappLayout

extension ProjectSettings {
  /// The platforms whose clients run on a television: their screens are laid out for a TV window.
  public static let televisionPlatforms: Set<String> = [
    "tvos", "android_tv", "amazon", "roku", "samsung_tv", "lg_tv", "tvos_for_quickbrick", "android_tv_for_quickbrick",
    "amazon_for_quickbrick", "amazon_fire_tv_for_quickbrick",
  ]

  /// The TV platforms whose clients lay out in density-independent pixels: a full-HD screen is
  /// 960 wide there (Android TV, Fire TV).
  public static let androidTelevisionPlatforms: Set<String> = [
    "android_tv", "amazon", "android_tv_for_quickbrick", "amazon_for_quickbrick", "amazon_fire_tv_for_quickbrick",
  ]

  /// The default TV of tvOS, Roku and the TV web platforms: a full-HD window 1920 wide.
  public static let defaultTelevision = Device(name: "tv", deviceClass: .tablet, width: 1920)

  /// The default TV of Android TV and Fire TV: a full-HD window, 960 dp wide.
  public static let defaultAndroidTelevision = Device(name: "android-tv", deviceClass: .tablet, width: 960)

  /// The devices of an app whose zlc.json names none, for the platforms it targets: a phone and a
  /// tablet in both orientations (`Device.defaults`) unless every platform is a TV platform, and
  /// the TVs of its TV platforms.
  public static func defaultDevices(platforms: [String]) -> [Device] {
    let television = platforms.filter(televisionPlatforms.contains)
    var devices = television.count == platforms.count && !platforms.isEmpty ? [] : Device.defaults
    if television.contains(where: { !androidTelevisionPlatforms.contains($0) }) { devices.append(defaultTelevision) }
    if television.contains(where: androidTelevisionPlatforms.contains) { devices.append(defaultAndroidTelevision) }
    return devices
  }

  /// Gives each device the size class that holds its width; the default devices, declared by
  /// width alone, also take that size class's device class, as a window of their width does.
  mutating func placeDevices() {
    devices = devices.map { device in
      var placed = device
      let sizeClass = SizeClass.containing(width: device.width, in: sizeClasses)
      placed.sizeClass = sizeClass?.name
      if usesDefaultDevices, let sizeClass { placed.deviceClass = sizeClass.deviceClass }
      return placed
    }
  }

  /// These settings with the default devices of the platforms the app targets (its manifests',
  /// when zlc.json names none; `--platform`'s alone when narrowed), when zlc.json names no device.
  func withDefaultDevices(manifests: [ManifestDecl]) -> ProjectSettings {
    guard usesDefaultDevices else { return self }
    var settings = self
    settings.devices = Self.defaultDevices(platforms: Project.targetPlatforms(self, manifests))
    settings.placeDevices()
    return settings
  }
}
