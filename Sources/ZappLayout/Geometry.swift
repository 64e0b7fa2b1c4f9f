/// A device the project targets: a name, a class and a width in points, and the size class and
/// window state it is in.
public struct Device: Codable, Hashable, Sendable {
  public var name: String
  public var deviceClass: DeviceClass
  public var width: Double
  /// The size class the width falls in (zlc.json's `size_classes`), when known.
  public var sizeClass: String?
  /// The window's state (`landscape`, `split_view`, …), when the device names one.
  public var state: ScreenState?

  public init(name: String, deviceClass: DeviceClass, width: Double, sizeClass: String? = nil, state: ScreenState? = nil) {
    self.name = name
    self.deviceClass = deviceClass
    self.width = width
    self.sizeClass = sizeClass
    self.state = state
  }

  enum CodingKeys: String, CodingKey {
    case name
    case deviceClass = "class"
    case width
    case sizeClass = "size_class"
    case state
  }

  /// The devices of a project that names none: a phone 375 wide and a tablet in both orientations.
  public static let defaults: [Device] = [
    Device(name: "phone", deviceClass: .phone, width: 375),
    Device(name: "tablet-portrait", deviceClass: .tablet, width: 768),
    Device(name: "tablet-landscape", deviceClass: .tablet, width: 1024),
  ]
}

/// Space around a section's content, in points: top, left, bottom and right.
public struct Insets: Codable, Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

/// An item's size; `height` is nil when the family gives no shape (the cell sizes itself, or, in a
/// waterfall, each item's own ratio decides at run time).
public struct ItemSize: Codable, Hashable, Sendable {
  public var width: Double
  public var height: Double?

  public init(width: Double, height: Double?) {
    self.width = width
    self.height = height
  }
}

/// A rectangle in points: its top-left corner (`x`, `y`) and size.
public struct Frame: Codable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// The size of one cell style of a section on a device, when a component has several
/// (`cell_styles` repeats its last style to the end of the data) or its cells hold elements.
public struct CellLayout: Codable, Hashable, Sendable {
  public var style: String
  public var columns: Int
  public var item: ItemSize
  /// The frames of the cell's elements in an item of this width, when the style has elements.
  public var elements: [ElementFrame]?

  public init(style: String, columns: Int, item: ItemSize, elements: [ElementFrame]? = nil) {
    self.style = style
    self.columns = columns
    self.item = item
    self.elements = elements
  }
}

/// Everything a client needs to lay out one section on one device. Lengths are points rounded to
/// 0.01; frames are relative to the section's top-left corner (insets included).
public struct SectionLayout: Hashable, Sendable {
  public var kind: LayoutKind
  public var columns: Int
  public var item: ItemSize
  public var insets: Insets
  public var interItemSpacing: Double
  public var lineSpacing: Double
  /// `horizontal` for horizontal and paged layouts.
  public var scrollDirection: ScrollDirection?
  /// `one_and_n`: the large item and the small ones stacked on its right.
  public var large: Frame?
  public var small: [Frame]?
  /// `waterfall`: the width of each column.
  public var columnWidth: Double?
  /// `sticky`: pinned when scrolled past.
  public var pinned: Bool?
  /// Present when the component lists more than one cell style, or its cells hold elements.
  public var cells: [CellLayout]?
  /// The height of the section's header on this device, when it has one.
  public var headerHeight: Double?
  /// The height of the section's footer on this device, when it has one.
  public var footerHeight: Double?

  public init(
    kind: LayoutKind, columns: Int, item: ItemSize, insets: Insets, interItemSpacing: Double, lineSpacing: Double,
    scrollDirection: ScrollDirection? = nil, large: Frame? = nil, small: [Frame]? = nil, columnWidth: Double? = nil,
    pinned: Bool? = nil, cells: [CellLayout]? = nil, headerHeight: Double? = nil, footerHeight: Double? = nil
  ) {
    self.kind = kind
    self.columns = columns
    self.item = item
    self.insets = insets
    self.interItemSpacing = interItemSpacing
    self.lineSpacing = lineSpacing
    self.scrollDirection = scrollDirection
    self.large = large
    self.small = small
    self.columnWidth = columnWidth
    self.pinned = pinned
    self.cells = cells
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
  }
}

/// What the arithmetic needs from a family for one component instance.
public struct GeometryInput: Sendable {
  public var family: Family
  public var componentType: String
  public var cellStyle: String?
  public var layoutName: String?

  public init(family: Family, componentType: String, cellStyle: String?, layoutName: String? = nil) {
    self.family = family
    self.componentType = componentType
    self.cellStyle = cellStyle
    self.layoutName = layoutName
  }
}

/// The family arithmetic, one implementation for the compiler and for clients.
///
/// Item width `w = (W − L − R − (n − 1)·s) / n`; height `w / aspectCellRatio`, or `w` scaled by
/// `cellHeight / cellWidth`, or a fixed `cellHeight`. Responsive device classes take
/// `n = max(1, floor(W / (S / n₀ · k)))` columns unless that class sets `columns` itself.
public enum Geometry {
  /// Rounds a length to 0.01 pt. One of 1e15 or more is kept as it is: its hundredths are past a
  /// `Double`'s precision, and `value × 100` would overflow to infinity near the largest `Double`.
  public static func round2(_ value: Double) -> Double { abs(value) < 1e15 ? (value * 100).rounded() / 100 : value }

  /// Rounds an item's width down to 0.01 pt, so that a row of items with the spacing between them
  /// never takes more than the window (in a 1,024-point window with insets 10 and spacing 12, three
  /// items are 326.66 wide, not 326.67: a row of 1,024.01 pt would wrap the last one in a client's
  /// flow layout), for insets and spacing given to 0.01 pt. A width that is 0.01 pt whole
  /// but for the arithmetic's last bits keeps its value; one of zero or less is rounded as any
  /// length (zlc reports it, ZL0503, and never writes it).
  public static func roundedDownWidth(_ value: Double) -> Double {
    guard value > 0, value < 1e15 else { return round2(value) }
    return (value * 100 + 1e-7).rounded(.down) / 100
  }

  /// The metrics in effect for a component instance on a device class: family screen, component,
  /// named layout, then cell, each as base → universal → device class.
  public static func metrics(for input: GeometryInput, on deviceClass: DeviceClass) -> Metrics {
    metrics(for: input, on: Device(name: "", deviceClass: deviceClass, width: 0))
  }

  /// The metrics in effect for a component instance on a device, its size class's and state's
  /// entries included: at each level, base → universal → device class → size class → state.
  public static func metrics(for input: GeometryInput, on device: Device) -> Metrics {
    metrics(of: levels(of: input), on: device)
  }

  /// The metrics in effect on a device for a component instance's levels (`levels(of:)`).
  static func metrics(of levels: [LeveledMetrics], on device: Device) -> Metrics {
    levels.reduce(Metrics()) { $0.overlaid(by: $1.resolved(on: device)) }
  }

  /// The levels of a component instance, in the order they overlay: family screens, component,
  /// named layout, cell.
  static func levels(of input: GeometryInput) -> [LeveledMetrics] {
    var levels: [LeveledMetrics] = []
    levels.reserveCapacity(4)
    levels.append(input.family.screens)
    guard let component = input.family.component(input.componentType) else { return levels }
    levels.append(component.metrics)
    if let name = input.layoutName, let layout = component.namedLayout(name) { levels.append(layout.metrics) }
    if let style = input.cellStyle, let cell = component.cell(named: style) { levels.append(cell.metrics) }
    return levels
  }

  /// The layout kind of a component instance: the named layout's, else the component's (for a
  /// type the family does not style, the kind the type implies).
  public static func kind(for input: GeometryInput) -> LayoutKind {
    guard let component = input.family.component(input.componentType) else {
      return .implied(byComponentType: input.componentType)
    }
    return kind(of: component, layoutName: input.layoutName)
  }

  /// The layout kind of a family's component style: its named layout's, else its own.
  public static func kind(of component: ComponentStyle, layoutName: String?) -> LayoutKind {
    if let name = layoutName, let layout = component.namedLayout(name) { return layout.kind }
    return component.layout
  }

  /// The columns for a flow-like layout on a device, with the responsive rule applied.
  public static func columns(for input: GeometryInput, device: Device) -> Int {
    styleGeometry(for: input).columns(responsive: input.family.responsive(for: input.componentType), device: device)
  }

  /// `n = max(1, floor(W / (S / n₀ · k)))`, at most `Metrics.maxColumns`.
  public static func responsiveColumns(width: Double, standardWidth: Double, scale: Double, phoneColumns: Int) -> Int {
    guard standardWidth > 0, scale > 0, phoneColumns > 0 else { return 1 }
    let unit = standardWidth / Double(phoneColumns) * scale
    // A tiny tolerance keeps 3 × 264 = 792 from flooring to 2 through rounding error.
    let columns = (width / unit + 1e-9).rounded(.down)
    // Extreme inputs (a tiny standard width) must not trap converting to Int.
    guard columns.isFinite else { return columns > 0 ? Metrics.maxColumns : 1 }
    return Int(max(1, min(columns, Double(Metrics.maxColumns))))
  }

  /// Item width for `n` columns: `(W − L − R − (n − 1)·s) / n`.
  public static func itemWidth(screenWidth: Double, insetLeft: Double, insetRight: Double, spacing: Double, columns: Int) -> Double {
    let n = Double(max(1, columns))
    return (screenWidth - insetLeft - insetRight - (n - 1) * spacing) / n
  }

  /// Item height from a width and the cell shape, or nil when no shape is given.
  public static func itemHeight(width: Double, metrics m: Metrics) -> Double? {
    if let ratio = m.aspectCellRatio, ratio > 0 { return width / ratio }
    if let cw = m.cellWidth, let ch = m.cellHeight, cw > 0 { return width * ch / cw }
    if let ch = m.cellHeight { return ch }
    return nil
  }

  /// True when the component, named layout or cell (the levels after the family's screens) sets
  /// `columns` for the device's class, size class or state itself.
  private static func setsColumnsSpecifically(_ levels: [LeveledMetrics], _ device: Device) -> Bool {
    levels.dropFirst().contains { $0.setsColumns(on: device) }
  }

  /// The section layout of a component instance on a device.
  public static func layout(for input: GeometryInput, device: Device) -> SectionLayout {
    styleGeometry(for: input).layout(kind: kind(for: input), responsive: input.family.responsive(for: input.componentType), device: device)
  }

  /// `layout(for:device:)` of one component instance on any device, its style's geometry worked
  /// out once: for the checks that lay one style out on every device and window in turn.
  public static func layouter(for input: GeometryInput) -> (Device) -> SectionLayout {
    let style = styleGeometry(for: input)
    let kind = kind(for: input)
    let responsive = input.family.responsive(for: input.componentType)
    return { style.layout(kind: kind, responsive: responsive, device: $0) }
  }

  /// What the arithmetic needs of one cell style on every device class, and the elements of its
  /// cells, taken from the family.
  public static func styleGeometry(for input: GeometryInput) -> StyleGeometry {
    // Looked up once: every device class and window below reads the same levels.
    let levels = levels(of: input)
    let classes = DeviceClass.allCases.map { deviceClass in
      let device = Device(name: "", deviceClass: deviceClass, width: 0)
      return StyleGeometry.ClassMetrics(
        deviceClass: deviceClass, metrics: metrics(of: levels, on: device), setsColumns: setsColumnsSpecifically(levels, device))
    }
    let variants = ScreenVariants.kept(
      ScreenVariants.candidates(of: levels),
      base: { deviceClass in
        let entry = classes.first { $0.deviceClass == deviceClass } ?? classes[0]
        return (entry.metrics, entry.setsColumns)
      },
      value: { device in (metrics(of: levels, on: device), setsColumnsSpecifically(levels, device)) }, same: { $0 == $1 }
    ).map { device, value in StyleGeometry.Variant(screen: ScreenKey(device), metrics: value.0, setsColumns: value.1) }
    let cell = input.cellStyle.flatMap { input.family.component(input.componentType)?.cell(named: $0) }
    return StyleGeometry(
      style: input.cellStyle, phoneColumns: max(1, classes[0].metrics.columns ?? 1), classes: classes, elements: cell?.elements ?? [],
      elementLayout: cell?.elementLayout ?? .flow, variants: variants)
  }

  /// Everything the arithmetic needs to lay out a component instance at any width, taken from the
  /// family once (the compiler writes it as a section's `geometry`).
  public static func sectionGeometry(
    family: Family, componentType: String, cellStyles: [String], layoutName: String?, header: String? = nil, footer: String? = nil
  ) -> SectionGeometry {
    let styles = cellStyles.isEmpty ? [nil] : cellStyles.map(Optional.some)
    let inputs = styles.map {
      GeometryInput(family: family, componentType: componentType, cellStyle: $0, layoutName: layoutName)
    }
    let header = heights(of: header.flatMap(family.header(named:)))
    let footer = heights(of: footer.flatMap(family.header(named:)))
    return SectionGeometry(
      kind: kind(for: inputs[0]), responsive: family.responsive(for: componentType), styles: inputs.map(styleGeometry(for:)),
      headerHeights: header.byClass, headerVariants: header.variants, footerHeights: footer.byClass,
      footerVariants: footer.variants)
  }

  /// A header or footer style's height per device class, and per size class and state where the
  /// family gives one for them (footers are header styles: they share their names).
  static func heights(of style: HeaderStyle?) -> (byClass: [(DeviceClass, Double)], variants: [SectionGeometry.HeaderVariant]) {
    guard let style else { return ([], []) }
    let byClass = DeviceClass.allCases.compactMap { c in style.height(on: c).map { (c, $0) } }
    let variants = ScreenVariants.kept(
      ScreenVariants.candidates(of: [style.metrics]), base: { c in byClass.first { $0.0 == c }?.1 },
      value: { style.height(on: $0) }, same: { $0 == $1 }
    ).compactMap { device, height in height.map { SectionGeometry.HeaderVariant(screen: ScreenKey(device), height: $0) } }
    return (byClass, variants)
  }

  /// The layout of a component instance with several cell styles: the first style's layout, with
  /// every style's own size under `cells`.
  public static func layout(family: Family, componentType: String, cellStyles: [String], layoutName: String?, device: Device)
    -> SectionLayout
  {
    sectionGeometry(family: family, componentType: componentType, cellStyles: cellStyles, layoutName: layoutName).layout(on: device)
  }

  /// The arithmetic of one section on a device of `width`, from the metrics in effect there and
  /// its columns.
  static func layout(kind: LayoutKind, metrics m: Metrics, columns flowColumns: Int, width screenWidth: Double) -> SectionLayout {
    // The arithmetic takes the family's values as they are; the layout holds them rounded.
    let insets = Insets(
      top: m.insetTop ?? 0, left: m.insetLeft ?? 0, bottom: m.insetBottom ?? 0, right: m.insetRight ?? 0)
    let s = m.interItemSpacing ?? 0
    let line = m.lineSpacing ?? s
    let contentWidth = screenWidth - insets.left - insets.right
    var columns: Int
    switch kind {
    case .flow, .horizontal, .waterfall, .unknown: columns = flowColumns
    case .linear, .paged, .sticky, .oneAndN: columns = 1
    }
    var width = itemWidth(screenWidth: screenWidth, insetLeft: insets.left, insetRight: insets.right, spacing: s, columns: columns)
    if kind == .paged || kind == .sticky || kind == .linear { width = contentWidth }
    // A flow cell with a width ratio takes that share of the content width: a row holds as many
    // as fit with the spacing between them (two halves and a spacing do not fit: one a row).
    if kind == .flow, let ratio = m.widthRatio, ratio > 0, ratio <= 1 {
      width = contentWidth * ratio
      // A tiny ratio fits more items than a row holds columns (1e-300 would trap converting to Int).
      let fit = width + s > 0 ? ((contentWidth + s) / (width + s) + 1e-9).rounded(.down) : 1
      // A window narrower than its insets makes the fit negative, perhaps beyond `Int`: one column.
      columns = fit >= 1 ? Int(min(fit, Double(Metrics.maxColumns))) : 1
    }
    let height = itemHeight(width: width, metrics: m)
    var layout = SectionLayout(
      kind: kind, columns: columns, item: ItemSize(width: roundedDownWidth(width), height: height.map(round2)),
      insets: Insets(top: round2(insets.top), left: round2(insets.left), bottom: round2(insets.bottom), right: round2(insets.right)),
      interItemSpacing: round2(s), lineSpacing: round2(line))
    switch kind {
    case .horizontal, .paged: layout.scrollDirection = .horizontal
    case .waterfall:
      layout.columnWidth = roundedDownWidth(width)
      layout.item.height = nil
    case .sticky: layout.pinned = true
    case .oneAndN:
      let ratio = m.widthRatio ?? 0.5
      // A family made in code may hold any count; zlc and the bundle's reader keep 1 to 1,000.
      let count = min(max(1, m.smallItems ?? 2), Metrics.maxColumns)
      let largeWidth = (contentWidth - s) * ratio
      let smallWidth = contentWidth - s - largeWidth
      let largeHeight = itemHeight(width: largeWidth, metrics: m) ?? largeWidth
      let smallHeight = (largeHeight - Double(count - 1) * s) / Double(count)
      let large = Frame(
        x: round2(insets.left), y: round2(insets.top), width: roundedDownWidth(largeWidth), height: round2(largeHeight))
      layout.large = large
      // Each small item's edges are rounded, not its height, and the last ends where the large
      // one does: heights rounded one by one would add up past it.
      layout.small = (0..<count).map { i in
        let top = insets.top + Double(i) * (smallHeight + s)
        let y = round2(top)
        let bottom = i == count - 1 ? large.y + large.height : round2(top + smallHeight)
        return Frame(x: round2(insets.left + largeWidth + s), y: y, width: roundedDownWidth(smallWidth), height: round2(bottom - y))
      }
      layout.columns = 1 + count
      layout.item = ItemSize(width: roundedDownWidth(largeWidth), height: round2(largeHeight))
    case .flow, .linear, .unknown: break
    }
    return layout
  }
}

extension SectionLayout {
  /// Every size the layout holds — the item's, the `one_and_n` frames', the waterfall column's,
  /// each cell style's item and the header's — with its key path in the bundle (`small[1].height`),
  /// in the order written. A valid layout has every one above zero.
  public var sizes: [(path: String, value: Double)] {
    var out: [(path: String, value: Double)] = [("item.width", item.width)]
    if let height = item.height { out.append(("item.height", height)) }
    if let large { out += [("large.width", large.width), ("large.height", large.height)] }
    for (i, frame) in (small ?? []).enumerated() {
      out += [("small[\(i)].width", frame.width), ("small[\(i)].height", frame.height)]
    }
    if let columnWidth { out.append(("column_width", columnWidth)) }
    for (i, cell) in (cells ?? []).enumerated() {
      out.append(("cells[\(i)].item.width", cell.item.width))
      if let height = cell.item.height { out.append(("cells[\(i)].item.height", height)) }
    }
    if let headerHeight { out.append(("header_height", headerHeight)) }
    if let footerHeight { out.append(("footer_height", footerHeight)) }
    return out
  }

  /// The first size that is zero, negative or not a number, or nil when every size is above zero.
  /// Checked without naming every size first: a section may hold thousands of cell styles.
  public var firstNonPositiveSize: (path: String, value: Double)? {
    var valid = item.width > 0 && item.height.map { $0 > 0 } ?? true
    valid = valid && large.map { $0.width > 0 && $0.height > 0 } ?? true
    valid = valid && (small ?? []).allSatisfy { $0.width > 0 && $0.height > 0 }
    valid = valid && columnWidth.map { $0 > 0 } ?? true && headerHeight.map { $0 > 0 } ?? true && footerHeight.map { $0 > 0 } ?? true
    valid = valid && (cells ?? []).allSatisfy { $0.item.width > 0 && $0.item.height.map { $0 > 0 } ?? true }
    return valid ? nil : sizes.first { !($0.value > 0) }
  }
}
