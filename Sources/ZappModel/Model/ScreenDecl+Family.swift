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
