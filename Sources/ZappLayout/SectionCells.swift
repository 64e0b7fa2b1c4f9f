// The cell styles of a section, one entry each: which style draws which item (the last one repeats
// to the end of the data), each style's renderer, and the elements inside a cell.

/// One cell style of a section as a client renders it: its layout id, its own attributes and its
/// display rules in the family. A section lists one per cell style, in order (`cells`).
public struct SectionCell: Hashable, Sendable {
  /// The cell style's name.
  public var cellStyle: String
  /// The cell style's `layoutId` in the family: the client layout that draws it.
  public var layoutID: String?
  /// The family cell's own attributes (those the arithmetic does not use), sorted by name.
  public var cellAttributes: [(String, JSON)]
  /// The family cell's display rules, passed through as written.
  public var displayRules: JSON?
  /// How the style's cards are drawn (the family cell's `style` under the component's `styles`).
  public var cardStyle: CardStyle?

  /// A cell style with its renderer: no attributes, display rules or card style unless given.
  public init(
    cellStyle: String, layoutID: String?, cellAttributes: [(String, JSON)] = [], displayRules: JSON? = nil, cardStyle: CardStyle? = nil
  ) {
    self.cellStyle = cellStyle
    self.layoutID = layoutID
    self.cellAttributes = cellAttributes
    self.displayRules = displayRules
    self.cardStyle = cardStyle
  }

  public static func == (lhs: SectionCell, rhs: SectionCell) -> Bool { lhs.encoded(pretty: false) == rhs.encoded(pretty: false) }
  public func hash(into hasher: inout Hasher) { hasher.combine(encoded(pretty: false)) }

  /// Which of `count` cell styles draws item `item` (from 0): the item's own style while there is
  /// one, then the last style, to the end of the data. Nil when there are no styles.
  public static func styleIndex(forItem item: Int, count: Int) -> Int? {
    guard count > 0 else { return nil }
    return min(max(0, item), count - 1)
  }
}

extension SectionCell {
  /// Every cell style of a list with its renderer, in order: `cells` when it lists several, else
  /// its one style, with the first style's renderer, keys and card style (empty without a style).
  static func details(
    cells: [SectionCell], cellStyles: [String], renderer: ResolvedSection.Renderer, cellAttributes: [(String, JSON)],
    displayRules: JSON?, cardStyle: CardStyle?
  ) -> [SectionCell] {
    if !cells.isEmpty { return cells }
    guard let first = cellStyles.first else { return [] }
    return [
      SectionCell(
        cellStyle: first, layoutID: renderer.layoutID, cellAttributes: cellAttributes, displayRules: displayRules, cardStyle: cardStyle)
    ]
  }

  /// The entry of `details` that draws item `item` (from 0): the last repeats to the end of the data.
  static func entry(_ details: [SectionCell], forItem item: Int) -> SectionCell? {
    styleIndex(forItem: item, count: details.count).map { details[$0] }
  }
}

extension ResolvedSection {
  /// Every cell style of the section with its renderer, in order: `cells` when the section lists
  /// several, else its one style from `cell_styles`, `renderer`, `cell_attributes`,
  /// `display_rules` and `card_style` (empty for a section that names no cell style).
  public var cellStyleDetails: [SectionCell] {
    SectionCell.details(
      cells: cells, cellStyles: cellStyles, renderer: renderer, cellAttributes: cellAttributes, displayRules: displayRules,
      cardStyle: cardStyle)
  }

  /// The cell style that draws item `item` (from 0), with its renderer and card style: the last
  /// style repeats to the end of the data. Nil when the section names no cell style.
  public func cellStyle(forItem item: Int) -> SectionCell? { SectionCell.entry(cellStyleDetails, forItem: item) }
}

extension CellBody {
  /// Every cell style of the body with its renderer, in order, as a section gives its own
  /// (`ResolvedSection.cellStyleDetails`): `cells` when the body lists several, else its one style.
  public var cellStyleDetails: [SectionCell] {
    SectionCell.details(
      cells: cells, cellStyles: cellStyles, renderer: renderer, cellAttributes: cellAttributes, displayRules: displayRules,
      cardStyle: cardStyle)
  }

  /// The cell style that draws the body's item `item` (from 0), with its renderer and card style:
  /// the last style repeats to the end of the data. Nil when the body names no cell style.
  public func cellStyle(forItem item: Int) -> SectionCell? { SectionCell.entry(cellStyleDetails, forItem: item) }
}

extension SectionLayout {
  /// The size, columns and element frames of the cell that draws item `item` (from 0) on this
  /// device: its style's entry of `cells` (the last repeats), or the section's own item.
  public func cell(forItem item: Int) -> CellLayout {
    if let cells, let i = SectionCell.styleIndex(forItem: item, count: cells.count) { return cells[i] }
    return CellLayout(style: "", columns: columns, item: self.item)
  }

  /// The width item `item` (from 0) is drawn at: in a `one_and_n` layout its slot's, the large
  /// one's for the first item and a small one's for each after it; else its cell style's.
  public func itemWidth(forItem item: Int) -> Double {
    if kind == .oneAndN, item > 0, let small, !small.isEmpty { return small[min(item - 1, small.count - 1)].width }
    return cell(forItem: item).item.width
  }

  /// The frames of item `item`'s elements in a section of `geometry` (its cell styles'
  /// elements): the layout's own, laid out in its cell style's item width, or, where the item is
  /// drawn at another width (a small slot of a `one_and_n` layout), `ElementLayout.frames` in
  /// that width. Nil when the item's style has no elements.
  public func elementFrames(forItem item: Int, geometry: SectionGeometry?) -> [ElementFrame]? {
    let cell = cell(forItem: item)
    guard let frames = cell.elements else { return nil }
    let width = itemWidth(forItem: item)
    guard width != cell.item.width, let styles = geometry?.styles, let i = SectionCell.styleIndex(forItem: item, count: styles.count)
    else { return frames }
    return ElementLayout.frames(for: styles[i].elements, width: width, kind: styles[i].elementLayout)
  }
}
