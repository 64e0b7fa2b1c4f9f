// The data side of responsive layout beyond limits: per size class, items left out (filtering),
// two sections' items shown as one (merging), and the last row filled with placeholders (padding).
// One implementation for the mapper, `zlc map` and clients.

/// The items a section leaves out on one size class (`rules.filter_by_size_class`).
public struct ItemFilter: Hashable, Sendable {
  /// Items whose type (`type.value`, or the `type=` of their source) is one of these are left out.
  public var excludeTypes: [String]

  /// A filter that leaves out the items of these types.
  public init(excludeTypes: [String]) { self.excludeTypes = excludeTypes }

  /// Whether the filter leaves `entry` out.
  public func excludes(_ entry: FeedEntry) -> Bool {
    [entry.typeValue, entry.dataType].contains { $0.map(excludeTypes.contains) ?? false }
  }

  /// `excludes` for many entries: the types looked up in a set made once, not scanned per entry (a
  /// bundle may list 100,000 types, a feed as many items).
  func excluder() -> (FeedEntry) -> Bool {
    let types = Set(excludeTypes)
    return { entry in [entry.typeValue, entry.dataType].contains { $0.map(types.contains) ?? false } }
  }
}

extension ResolvedSection {
  /// The filter on a size class, if the section sets one there.
  public func itemFilter(sizeClass: String?) -> ItemFilter? {
    sizeClass.flatMap { name in filterBySizeClass.first { $0.sizeClass == name }?.filter }
  }

  /// Whether the section shows the next section's items too on a size class.
  public func mergesNext(sizeClass: String?) -> Bool { sizeClass.map(mergeNextBySizeClass.contains) ?? false }

  /// The items a client shows, in order, from `entries` (this section's, then the next section's
  /// when it merges them, each with the section it comes from) on a device of `sizeClass` whose
  /// layout of this section is `layout`: the size class's filter first, then the limit and
  /// `fill_rows` (`itemsShown`), then, with `pad_rows`, placeholders to the end of the last row;
  /// none where the size class hides the section. Pass the layout and size class
  /// `drawn(forWidth:sizeClasses:)` gives for any width.
  public func shownEntries(
    _ entries: [(entry: FeedEntry, section: Int)], sizeClass: String?, layout: SectionLayout?
  ) -> [Mapper.Entry] {
    guard !isHidden(sizeClass: sizeClass) else { return [] }
    let excludes = itemFilter(sizeClass: sizeClass)?.excluder()
    var kept: [(index: Int, entry: FeedEntry, section: Int)] = []
    var index: [Int: Int] = [:]
    for (entry, from) in entries {
      let i = index[from, default: 0]
      index[from] = i + 1
      if !(excludes?(entry) ?? false) { kept.append((i, entry, from)) }
    }
    let count = itemsShown(of: kept.count, layout: layout, sizeClass: sizeClass)
    let drawn = drawnCards(sizeClass: sizeClass)
    var shown = kept.prefix(count).enumerated().map { position, item in
      mappedEntry(
        item.entry, index: item.index, from: item.section == section ? nil : item.section, position: position, layout: layout,
        drawn: drawn)
    }
    if padRows, let layout, count > 0 {
      let full = layout.wholeRowCount(from: count)
      for position in count..<full {
        var placeholder = Mapper.Entry(placeholder: true)
        placeholder.cardStyle = drawn.card(position).map(\.drawn).flatMap { $0.isEmpty ? nil : $0 }
        shown.append(placeholder)
      }
    }
    return shown
  }

  /// The card styles and element styles a section's items are drawn with on one size class.
  package struct DrawnCards {
    /// The card style item `n` is drawn with, as the bundle writes it (before an item's own style).
    package let card: (Int) -> CardStyle?
    /// The style geometry that holds an item's elements and how they are placed, if any.
    package let style: (Int) -> StyleGeometry?

    /// The card style item `n` is drawn with: its cell style's (`card`), with each key `entry`'s
    /// own `style` sets in its place, as drawn (`CardStyle.drawn`); nil when it sets no key.
    package func itemCard(_ n: Int, entry: FeedEntry) -> CardStyle? {
      let own = entry.style.map(CardStyle.init(json:)) ?? CardStyle()
      let drawn = (card(n) ?? CardStyle()).overridden(by: own).drawn
      return drawn.isEmpty ? nil : drawn
    }
  }

  /// The card styles and element styles a section's items are drawn with on `sizeClass`: its own
  /// cell styles', else, where the size class replaces it, the replacement's.
  package func drawnCards(sizeClass: String?) -> DrawnCards {
    if let name = sizeClass, let mapped = sizeClassMapping.first(where: { $0.sizeClass == name }), mapped.replacement != .hide {
      return DrawnCards(card: { _ in mapped.cardStyle }, style: { _ in mapped.geometry?.styles.first })
    }
    let styles = geometry?.styles ?? []
    return DrawnCards(
      card: { cellStyle(forItem: $0)?.cardStyle },
      style: { position in SectionCell.styleIndex(forItem: position, count: styles.count).map { styles[$0] } })
  }

  /// One item as the mapper gives it: its card style and its elements' styles, each the family's
  /// with the keys the item's own `style` (and its elements' `style`s) set in their place, and the
  /// elements' frames in the item's width.
  func mappedEntry(
    _ entry: FeedEntry, index: Int, from: Int?, position: Int, layout: SectionLayout?, drawn: DrawnCards
  ) -> Mapper.Entry {
    var out = Mapper.Entry(
      index: index, section: from, id: entry.id, title: entry.title, type: entry.typeValue ?? entry.dataType, placeholder: false)
    out.cardStyle = drawn.itemCard(position, entry: entry)
    let drawnStyle = drawn.style(position)
    let familyElements = drawnStyle?.elements ?? []
    let dataElements = entry.elementStyles
    // Children without a style add no element of their own.
    let count = max(familyElements.count, (dataElements.lastIndex { $0 != nil } ?? -1) + 1)
    guard count > 0 else { return out }
    let elements = (0..<count).map { j in
      let base = j < familyElements.count ? familyElements[j] : ElementStyle()
      guard j < dataElements.count, let style = dataElements[j] else { return base }
      return ElementStyle(json: style, over: base)
    }
    out.elements = elements
    if let width = layout?.itemWidth(forItem: position) {
      out.frames = ElementLayout.frames(for: elements, width: width, kind: entry.cardLayout ?? drawnStyle?.elementLayout ?? .flow)
    }
    return out
  }
}

extension SectionLayout {
  /// The smallest count from `count` up whose items fill whole rows: `count` and the placeholders
  /// that end its last row (at most one row more).
  public func wholeRowCount(from count: Int) -> Int {
    // A bundle may come from elsewhere: columns beyond the compiler's bound are not trusted.
    let widest = min(Metrics.maxColumns, max(1, max(columns, (cells ?? []).map(\.columns).max() ?? 1)))
    guard count >= 0, count <= Int.max - widest else { return count }
    for n in count...(count + widest) where itemsInWholeRows(of: n) == n { return n }
    return count
  }
}
