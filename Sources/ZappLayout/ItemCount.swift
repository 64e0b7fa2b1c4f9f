extension ResolvedSection {
  /// How many of `available` items a client shows in this section on `device` (of size class
  /// `sizeClass`): at most the limit there (`itemLimit(sizeClass:)`), and with `fill_rows` only
  /// whole rows (when at least one row is whole). The compiler (`items_shown`), the mapper and the
  /// preview all count with this.
  public func itemsShown(of available: Int, on device: String, sizeClass: String? = nil) -> Int {
    var shown = max(0, available)
    if let limit = itemLimit(sizeClass: sizeClass) { shown = min(shown, max(0, limit)) }
    if fillRows, let columns = layout(on: device)?.columns, columns > 1 {
      let whole = shown / columns * columns
      if whole > 0 { shown = whole }
    }
    return shown
  }
}
