/// How many entries a section shows on a device: the data side of the Youku seed (a limit per
/// size class, and filling whole rows), one implementation for the compiler, the mapper and clients.
extension ResolvedSection {
  /// The limit on a device of a size class: the class's own (`item_limit_by_size_class`), else
  /// `item_limit`.
  public func itemLimit(sizeClass: String?) -> Int? {
    sizeClass.flatMap { name in itemLimitBySizeClass.first { $0.sizeClass == name }?.limit } ?? itemLimit
  }

  /// How many of `available` entries a client shows on a device: at most the limit, then, with
  /// `fill_rows`, only whole rows of the device's columns (never none when one row is not full).
  public func itemsShown(of available: Int, device: String, sizeClass: String?) -> Int {
    var n = available
    if let limit = itemLimit(sizeClass: sizeClass) { n = min(n, limit) }
    if fillRows, let columns = layout(on: device)?.columns, columns > 1 {
      let whole = n / columns * columns
      if whole > 0 { n = whole }
    }
    return n
  }

  /// Per device, the count a client shows when its data has at least the limit: written when a
  /// limit applies there.
  public func itemsShownPerDevice(_ devices: [Device]) -> [(device: String, count: Int)] {
    devices.compactMap { device in
      itemLimit(sizeClass: device.sizeClass).map { (device.name, itemsShown(of: $0, device: device.name, sizeClass: device.sizeClass)) }
    }
  }
}
