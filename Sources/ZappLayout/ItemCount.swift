extension ResolvedSection {
  /// How many of `available` items a client shows in this section on `device`: at most
  /// `item_limit`, and with `fill_rows` only whole rows (when at least one row is whole). The
  /// mapper and the preview both count with this.
  public func itemsShown(of available: Int, on device: String) -> Int {
    var shown = max(0, available)
    if let limit = itemLimit { shown = min(shown, max(0, limit)) }
    if fillRows, let columns = layout(on: device)?.columns, columns > 1 {
      let whole = shown / columns * columns
      if whole > 0 { shown = whole }
    }
    return shown
  }
}
