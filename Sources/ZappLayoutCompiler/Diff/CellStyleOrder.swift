import ZappDiagnostics
import ZappLayout

/// A component's cell styles listed in another order (`["A", "B"]` → `["B", "A"]`): each style is
/// drawn as before, so the new order is one change, not one of every key the first style gives
/// (`renderer`, `cell_attributes`, `cells`, the layout's item on every device, the geometry).
/// The base's section is compared as if it listed its styles in the head's order
/// (`section(_:inOrderOf:)`): what still differs is a real change.
enum CellStyleOrder {
  /// Whether `new` lists the same styles as `old`, each as many times, in another order.
  static func isReorder(_ old: [String], _ new: [String]) -> Bool {
    old != new && old.count == new.count && old.sorted() == new.sorted()
  }

  /// `items` (one a listed style, in the old order, as `style` names it) in `order`: the k-th
  /// item of a style where `order` lists that style the k-th time, so that a style listed twice
  /// keeps each of its places apart; those of no style, or of one `order` lists fewer times,
  /// last, in their order.
  static func arranged<T>(_ items: [T], in order: [String], style: (T) -> String?) -> [T] {
    var slots: [String: [Int]] = [:]
    for (i, name) in order.enumerated() { slots[name, default: []].append(i) }
    var seen: [String: Int] = [:]
    let ranked = items.enumerated().map { n, item -> (slot: Int, n: Int, item: T) in
      guard let name = style(item) else { return (order.count, n, item) }
      let k = seen[name, default: 0]
      seen[name] = k + 1
      let slot = slots[name].flatMap { k < $0.count ? $0[k] : nil } ?? order.count
      return (slot, n, item)
    }
    return ranked.sorted { ($0.slot, $0.n) < ($1.slot, $1.n) }.map(\.item)
  }

  /// The section as if it listed its cell styles in `order` (a reorder of them; else the section
  /// as it is): its cells, each device's cell layouts and its geometry's styles in that order, and
  /// what the first style gives (renderer, attributes, display rules, card style, the layout's
  /// columns and item) taken from the new first style. The spacing stays the old first style's:
  /// when the new first style spaces the section otherwise, that is a real change of the layout.
  static func section(_ s: ResolvedSection, inOrderOf order: [String]) -> ResolvedSection {
    guard isReorder(s.cellStyles, order) else { return s }
    var copy = s
    copy.cellStyles = order
    copy.cells = arranged(s.cells, in: order) { $0.cellStyle }
    if let first = copy.cells.first {
      copy.renderer = ResolvedSection.Renderer(layoutID: first.layoutID)
      copy.cellAttributes = first.cellAttributes
      copy.displayRules = first.displayRules
      copy.cardStyle = first.cardStyle
    }
    if let styles = copy.geometry?.styles { copy.geometry?.styles = arranged(styles, in: order) { $0.style } }
    copy.layout = s.layout.map { (device: $0.device, layout: reordered($0.layout, in: order)) }
    copy.drawn = s.drawn.map { entry -> (device: String, drawn: DrawnSection) in
      guard entry.drawn.cellStyles == s.cellStyles else { return entry }
      var drawn = entry.drawn
      drawn.cellStyles = order
      drawn.layout = drawn.layout.map { reordered($0, in: order) }
      return (entry.device, drawn)
    }
    copy.styles = s.styles.map { key, value in
      key == "cell_styles" && value.arrayValue?.compactMap(\.stringValue) == s.cellStyles
        ? (key, .array(order.map(JSON.string))) : (key, value)
    }
    return copy
  }

  /// A layout whose cells are listed in `order`: its columns and item are its new first cell's.
  static func reordered(_ layout: SectionLayout, in order: [String]) -> SectionLayout {
    guard let listed = layout.cells, !listed.isEmpty else { return layout }
    let cells = arranged(listed, in: order) { $0.style }
    var copy = layout
    copy.cells = cells
    copy.columns = cells[0].columns
    copy.item = cells[0].item
    return copy
  }

  /// The change of the order: `old` and `new` the styles in each order.
  static func change(_ b: ResolvedSection, _ h: ResolvedSection, screen: String, label: String) -> DiffChange {
    DiffChange(
      kind: .componentChanged, screens: [screen], component: SectionComparison.descriptor(h), components: [label], family: h.family,
      field: "cell_styles", old: .array(b.cellStyles.map(JSON.string)), new: .array(h.cellStyles.map(JSON.string)))
  }
}
