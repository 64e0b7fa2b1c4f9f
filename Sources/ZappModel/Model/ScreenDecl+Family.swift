import ZappDiagnostics

extension ScreenDecl {
  /// Whether the screen writes `styles.family`, even as `""` or `null`: a screen plugin's bundle
  /// keeps the screen's value then, and fills in its manifest's `initial_value` only where the
  /// key is absent.
  public var writesFamily: Bool {
    guard let styles = value["styles"], styles.kind == .object else { return false }
    return styles["family"] != nil
  }
}

extension Project {
  /// The families a screen plugin's screen is read with, as each platform's bundle holds it in
  /// `plugin_values`: the screen's own `styles.family` where it writes one (none where it writes
  /// `""` or `null`), else each platform's manifest's `initial_value` of `styles.family`
  /// (`filled`, the first manifest's value that fills the name in). Each name once, with the
  /// platforms reading it (`bundleManifests(for:)`'s).
  public func pluginScreenFamilies(of screen: ScreenDecl) -> [(name: String, filled: JSONValue?, platforms: [String])] {
    var families: [(name: String, filled: JSONValue?, platforms: [String])] = []
    for (manifest, platforms) in bundleManifests(for: screen.type.value) {
      let filled = screen.writesFamily ? nil : manifest.initialValue(section: "styles", key: "family")
      guard let name = screen.family?.value ?? filled?.string, !name.isEmpty else { continue }
      if let at = families.firstIndex(where: { $0.name == name }) {
        families[at].platforms += platforms
      } else {
        families.append((name, screen.family == nil ? filled : nil, platforms))
      }
    }
    return families
  }
}
