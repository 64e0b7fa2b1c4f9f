extension ResolvedSection {
  /// How many of `available` items a client shows in this section on `device` (of size class
  /// `sizeClass`): at most the limit there (`itemLimit(sizeClass:)`), at most the 1 + n slots of a
  /// `one_and_n` layout, and with `fill_rows` only whole rows (when at least one row is whole;
  /// `SectionLayout.itemsInWholeRows(of:)`); none where the size class hides the section. The
  /// compiler (`items_shown`), the mapper and the preview all count with this.
  public func itemsShown(of available: Int, on device: String, sizeClass: String? = nil) -> Int {
    guard !isHidden(sizeClass: sizeClass) else { return 0 }
    return itemsShown(of: available, layout: layout(on: device), sizeClass: sizeClass)
  }

  /// `itemsShown(of:on:sizeClass:)` with the device's layout already found (nil: none there).
  package func itemsShown(of available: Int, layout: SectionLayout?, sizeClass: String?) -> Int {
    var shown = max(0, available)
    if let limit = itemLimit(sizeClass: sizeClass) { shown = min(shown, max(0, limit)) }
    // A `one_and_n` layout has a slot for the large item and each small one, and no more.
    if let layout, layout.kind == .oneAndN { shown = min(shown, max(1, layout.columns)) }
    if fillRows, let layout {
      let whole = layout.itemsInWholeRows(of: shown)
      if whole > 0 { shown = whole }
    }
    return shown
  }

  /// How many of `available` items a client shows in a window `width` points wide, any width, as
  /// `itemsShown(of:on:sizeClass:)` does for a declared device of that width: the limit of the
  /// width's size class, whole rows of the layout drawn there with `fill_rows`, none when hidden.
  public func itemsShown(of available: Int, forWidth width: Double, state: ScreenState? = nil, sizeClasses: [SizeClass]) -> Int {
    let drawn = drawn(forWidth: width, state: state, sizeClasses: sizeClasses)
    guard !drawn.hidden else { return 0 }
    return itemsShown(of: available, layout: drawn.layout, sizeClass: drawn.sizeClass)
  }
}

extension SectionLayout {
  /// How many of the first `count` items fill whole rows (0 when not even the first row is whole).
  ///
  /// A row holds `columns` items. In a `flow` section of several cell styles, each item takes
  /// 1 / its style's columns of a row (item i has style min(i, n − 1)), and a row ends when it is
  /// full or the next item no longer fits: with styles of 4 and then 3 columns, the rows hold
  /// 1/4 + 1/3 + 1/3 (3 items, a fourth would not fit) and then 3 items. A style of more than
  /// `Metrics.maxColumns` columns (which zlc never writes) fills its rows as one of that many.
  public func itemsInWholeRows(of count: Int) -> Int {
    let count = max(0, count)
    guard kind == .flow, let cells, cells.count > 1 else {
      return columns > 1 ? count / columns * columns : count
    }
    let tolerance = 1e-9
    var filled = 0.0
    var whole = 0
    var i = 0
    // Item by item while the styles differ, then to the next row's start; from there on every
    // row is the last style's. A bundle may come from elsewhere: a style's columns beyond what zlc
    // writes (`Metrics.maxColumns`) count as that many, so a row ends within as many items.
    func rowColumns(_ cell: CellLayout) -> Int { min(Metrics.maxColumns, max(1, cell.columns)) }
    func share(_ item: Int) -> Double { 1 / Double(rowColumns(cell(forItem: item))) }
    while i < count, i < cells.count || filled > 0 {
      filled += share(i)
      // The row is whole once the next item would not fit in it.
      if filled + share(i + 1) > 1 + tolerance {
        whole = i + 1
        filled = 0
      }
      i += 1
    }
    guard i < count else { return whole }
    let last = rowColumns(cells[cells.count - 1])
    return i + (count - i) / last * last
  }
}
