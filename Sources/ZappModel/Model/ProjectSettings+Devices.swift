import ZappLayout

extension ProjectSettings {
  /// The platforms whose clients run on a television: their screens are laid out for a TV window.
  public static let televisionPlatforms: Set<String> = [
    "tvos", "android_tv", "amazon", "roku", "samsung_tv", "lg_tv", "tvos_for_quickbrick", "android_tv_for_quickbrick",
    "amazon_for_quickbrick",
  ]

  /// The default TV: a window 1920 wide, as tvOS and the TV web platforms lay out a full-HD screen.
  public static let defaultTelevision = Device(name: "tv", deviceClass: .tablet, width: 1920)

  /// The devices of an app whose zlc.json names none, for the platforms it targets: a phone and a
  /// tablet in both orientations (`Device.defaults`), a TV instead when every platform is a TV
  /// platform, and both when some are.
  public static func defaultDevices(platforms: [String]) -> [Device] {
    let television = platforms.filter(televisionPlatforms.contains)
    if television.isEmpty { return Device.defaults }
    return (television.count == platforms.count ? [] : Device.defaults) + [defaultTelevision]
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
