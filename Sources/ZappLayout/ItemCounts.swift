/// How many entries a section shows on a device: the data side of responsive layout (a limit per
/// size class, and filling whole rows), one implementation for the compiler, the mapper and clients.
extension ResolvedSection {
  /// The limit on a device of a size class: the class's own (`item_limit_by_size_class`), else
  /// `item_limit`.
  public func itemLimit(sizeClass: String?) -> Int? {
    sizeClass.flatMap { name in itemLimitBySizeClass.first { $0.sizeClass == name }?.limit } ?? itemLimit
  }

  /// Whether the section's `size_class_mapping` hides it on a size class (as `drawn(on:)` does).
  public func isHidden(sizeClass: String?) -> Bool {
    guard let name = sizeClass, let mapped = sizeClassMapping.first(where: { $0.sizeClass == name }) else { return false }
    return mapped.replacement == .hide
  }

  /// Per device, the count a client shows when its data has at least the limit: written when a
  /// limit applies there and the section is drawn there (a hidden section shows none).
  public func itemsShownPerDevice(_ devices: [Device]) -> [(device: String, count: Int)] {
    // The layouts by device in one table, not a scan of them per device.
    let table = fillRows ? layoutIndexByDevice : nil
    // Without `fill_rows`, a layout counts only where it is `one_and_n` (its slots).
    let byLayout = fillRows || layout.contains { $0.layout.kind == .oneAndN }
    return devices.compactMap { device in
      guard !isHidden(sizeClass: device.sizeClass) else { return nil }
      return itemLimit(sizeClass: device.sizeClass).map { limit in
        (device.name, itemsShown(of: limit, layout: byLayout ? layout(on: device.name, through: table) : nil, sizeClass: device.sizeClass))
      }
    }
  }
}
