/// What the arithmetic needs of one cell style of a section on every device class: the metrics in
/// effect there (family screen, component, named layout, cell), whether that class sets `columns`
/// itself, and the phone's columns (n₀ of the responsive rule).
public struct StyleGeometry: Hashable, Sendable {
  /// The cell style, or nil for a component that names none.
  public var style: String?
  /// The columns on a phone: n₀ of `n = max(1, floor(W / (S / n₀ · k)))`.
  public var phoneColumns: Int
  /// One entry per device class, in `DeviceClass.allCases` order.
  public var classes: [ClassMetrics]
  /// The elements of the style's cells, placed in each item by `ElementLayout.frames`.
  public var elements: [ElementStyle]
  /// How those elements are placed (the family cell's `layout`).
  public var elementLayout: ElementLayoutKind

  /// The metrics of a style on one device class.
  public struct ClassMetrics: Hashable, Sendable {
    public var deviceClass: DeviceClass
    public var metrics: Metrics
    /// True when the component, named layout or cell sets `columns` for this class itself, which
    /// turns the responsive rule off there.
    public var setsColumns: Bool

    public init(deviceClass: DeviceClass, metrics: Metrics, setsColumns: Bool) {
      self.deviceClass = deviceClass
      self.metrics = metrics
      self.setsColumns = setsColumns
    }
  }

  /// The metrics of a style in a window of one size class or state (or both) on a device class,
  /// where they differ from what the window would read without this entry.
  public struct Variant: Hashable, Sendable {
    public var screen: ScreenKey
    public var metrics: Metrics
    /// True when the component, named layout or cell sets `columns` for the window itself.
    public var setsColumns: Bool

    public init(screen: ScreenKey, metrics: Metrics, setsColumns: Bool) {
      self.screen = screen
      self.metrics = metrics
      self.setsColumns = setsColumns
    }
  }

  /// Entries per size class and state, where the family gives values for them.
  public var variants: [Variant]

  public init(
    style: String?, phoneColumns: Int, classes: [ClassMetrics], elements: [ElementStyle] = [],
    elementLayout: ElementLayoutKind = .flow, variants: [Variant] = []
  ) {
    self.style = style
    self.phoneColumns = phoneColumns
    self.classes = classes
    self.elements = elements
    self.elementLayout = elementLayout
    self.variants = variants
  }

  /// The metrics on a device class (empty metrics for a class the geometry does not list).
  public func metrics(on deviceClass: DeviceClass) -> ClassMetrics {
    classes.first { $0.deviceClass == deviceClass } ?? ClassMetrics(deviceClass: deviceClass, metrics: Metrics(), setsColumns: false)
  }

  /// The metrics on a device: the entry of its size class and state (`ScreenKey.lookup`), else
  /// its device class's.
  public func metrics(on device: Device) -> ClassMetrics {
    guard let variant = ScreenKey.lookup(variants, key: \.screen, device: device) else { return metrics(on: device.deviceClass) }
    return ClassMetrics(deviceClass: device.deviceClass, metrics: variant.metrics, setsColumns: variant.setsColumns)
  }

  /// The columns for a flow-like layout on a device: the declared count, or the responsive count
  /// when the metrics ask for it and the class does not set columns itself.
  public func columns(responsive rule: ResponsiveRule?, device: Device) -> Int {
    let entry = metrics(on: device)
    let declared = max(1, entry.metrics.columns ?? 1)
    guard entry.metrics.responsive == true, let rule, !entry.setsColumns else { return declared }
    return Geometry.responsiveColumns(
      width: device.width, standardWidth: rule.standardWidth, scale: rule.scale, phoneColumns: phoneColumns)
  }

  /// The layout of this style on a device.
  public func layout(kind: LayoutKind, responsive: ResponsiveRule?, device: Device) -> SectionLayout {
    Geometry.layout(
      kind: kind, metrics: metrics(on: device).metrics, columns: columns(responsive: responsive, device: device),
      width: device.width)
  }

  /// The layout of this style on a device in a section whose insets and spacing are those of
  /// `section` (the metrics of the section's first style there): its own columns, shape and
  /// width ratio within them.
  public func layout(kind: LayoutKind, responsive: ResponsiveRule?, device: Device, spacedAs section: Metrics) -> SectionLayout {
    Geometry.layout(
      kind: kind, metrics: metrics(on: device).metrics.withInsetsAndSpacing(of: section),
      columns: columns(responsive: responsive, device: device), width: device.width)
  }
}

extension Metrics {
  /// These metrics with the insets and spacing of `other` in place of their own.
  public func withInsetsAndSpacing(of other: Metrics) -> Metrics {
    var m = self
    m.insetTop = other.insetTop
    m.insetLeft = other.insetLeft
    m.insetBottom = other.insetBottom
    m.insetRight = other.insetRight
    m.interItemSpacing = other.interItemSpacing
    m.lineSpacing = other.lineSpacing
    return m
  }
}

/// Everything needed to lay out one section at any window width: the layout kind, the family's
/// responsive rule, each cell style's metrics per device class and the header's height per class.
/// The compiler computes every device's `layout` from it, and clients call `layout(on:)` for any
/// other width, so both give the same numbers.
public struct SectionGeometry: Hashable, Sendable {
  public var kind: LayoutKind
  public var responsive: ResponsiveRule?
  /// One per cell style of the section (one with a nil style when it names none).
  public var styles: [StyleGeometry]
  /// The header's height per device class, when the section has a header style.
  public var headerHeights: [(DeviceClass, Double)]
  /// The header's height per size class and state, where the family gives one for them.
  public var headerVariants: [HeaderVariant]
  /// The footer's height per device class, when the section has a footer style.
  public var footerHeights: [(DeviceClass, Double)]
  /// The footer's height per size class and state, where the family gives one for them.
  public var footerVariants: [HeaderVariant]

  /// A header's or footer's height in a window of one size class or state (or both) on a device
  /// class.
  public struct HeaderVariant: Hashable, Sendable {
    public var screen: ScreenKey
    public var height: Double

    public init(screen: ScreenKey, height: Double) {
      self.screen = screen
      self.height = height
    }
  }

  public init(
    kind: LayoutKind, responsive: ResponsiveRule?, styles: [StyleGeometry], headerHeights: [(DeviceClass, Double)] = [],
    headerVariants: [HeaderVariant] = [], footerHeights: [(DeviceClass, Double)] = [], footerVariants: [HeaderVariant] = []
  ) {
    self.kind = kind
    self.responsive = responsive
    self.styles = styles
    self.headerHeights = headerHeights
    self.headerVariants = headerVariants
    self.footerHeights = footerHeights
    self.footerVariants = footerVariants
  }

  public static func == (lhs: SectionGeometry, rhs: SectionGeometry) -> Bool { lhs.encoded(pretty: false) == rhs.encoded(pretty: false) }
  public func hash(into hasher: inout Hasher) { hasher.combine(encoded(pretty: false)) }

  /// Whether a layout lists each style under `cells`: when there are several styles, or a style's
  /// cells hold elements.
  public var listsCells: Bool { styles.count > 1 || styles.contains { !$0.elements.isEmpty } }

  /// The section's layout on a device: the first style's layout; under `cells`, when there are
  /// several styles or elements, every style's size (its own columns, shape and width ratio
  /// within the section's insets and spacing, the first style's) and its elements' frames
  /// (`ElementLayout.frames` in an item of that width); and the header's and footer's heights on
  /// the device.
  public func layout(on device: Device) -> SectionLayout {
    guard let first = styles.first else {
      return Geometry.layout(kind: kind, metrics: Metrics(), columns: 1, width: device.width)
    }
    var layout = first.layout(kind: kind, responsive: responsive, device: device)
    if listsCells {
      let section = first.metrics(on: device).metrics
      layout.cells = styles.map { style in
        let l = style.layout(kind: kind, responsive: responsive, device: device, spacedAs: section)
        let elements =
          style.elements.isEmpty ? nil : ElementLayout.frames(for: style.elements, width: l.item.width, kind: style.elementLayout)
        return CellLayout(style: style.style ?? "", columns: l.columns, item: l.item, elements: elements)
      }
    }
    // Rounded as every length of a layout is; the geometry keeps the family's values.
    layout.headerHeight =
      (ScreenKey.lookup(headerVariants, key: \.screen, device: device)?.height
      ?? headerHeights.first { $0.0 == device.deviceClass }?.1).map(Geometry.round2)
    layout.footerHeight =
      (ScreenKey.lookup(footerVariants, key: \.screen, device: device)?.height
      ?? footerHeights.first { $0.0 == device.deviceClass }?.1).map(Geometry.round2)
    return layout
  }

  /// The section's layout in a window `width` points wide, whose size class (and so device class)
  /// follows from the width and the bundle's `sizeClasses` (`BundleIndex.sizeClasses`).
  public func layout(forWidth width: Double, sizeClasses: [SizeClass]) -> SectionLayout {
    layout(forWidth: width, state: nil, sizeClasses: sizeClasses)
  }

  /// The section's layout in a window `width` points wide in `state` (nil: no state), whose size
  /// class (and so device class) follows from the width and the bundle's `sizeClasses`.
  public func layout(forWidth width: Double, state: ScreenState?, sizeClasses: [SizeClass]) -> SectionLayout {
    layout(on: Device(forWidth: width, state: state, sizeClasses: sizeClasses)).atLeastZero
  }
}

/// The window a family entry beyond the device class applies to: a device class with a size
/// class, a state, or both.
public struct ScreenKey: Hashable, Sendable {
  public var deviceClass: DeviceClass
  public var sizeClass: String?
  public var state: ScreenState?

  public init(deviceClass: DeviceClass, sizeClass: String?, state: ScreenState?) {
    self.deviceClass = deviceClass
    self.sizeClass = sizeClass
    self.state = state
  }

  /// The key of a device: its class, size class and state.
  public init(_ device: Device) { self.init(deviceClass: device.deviceClass, sizeClass: device.sizeClass, state: device.state) }

  /// The entry a device reads among entries keyed by window: the one of its size class and state,
  /// else of its state alone, else of its size class alone; nil: its device class's own values.
  public static func lookup<Entry>(_ entries: [Entry], key: (Entry) -> ScreenKey, device: Device) -> Entry? {
    guard !entries.isEmpty else { return nil }
    for k in searched(for: device) {
      if let entry = entries.first(where: { key($0) == k }) { return entry }
    }
    return nil
  }

  /// The keys `lookup` tries for a device, in order: none for a device with neither a size class
  /// nor a state.
  static func searched(for device: Device) -> [ScreenKey] {
    guard device.sizeClass != nil || device.state != nil else { return [] }
    return [
      ScreenKey(device), ScreenKey(deviceClass: device.deviceClass, sizeClass: nil, state: device.state),
      ScreenKey(deviceClass: device.deviceClass, sizeClass: device.sizeClass, state: nil),
    ].filter { $0.sizeClass != nil || $0.state != nil }
  }
}

/// How the compiler picks the window entries a geometry carries.
enum ScreenVariants {
  /// Every window whose values may differ from its device class's: each device class with each
  /// size class and state the levels name, alone and together (alone first).
  static func candidates(of levels: [LeveledMetrics]) -> [Device] {
    // Closures, not key paths: a key path applied as a function is thousands of instructions.
    let sizeClasses = Set(levels.flatMap { $0.bySizeClass.keys }).sorted()
    let named = Set(levels.flatMap { $0.byState.keys })
    let states = ScreenState.known.filter(named.contains) + named.filter { !$0.isKnown }.sorted { $0.word < $1.word }
    guard !sizeClasses.isEmpty || !states.isEmpty else { return [] }
    var pairs: [(String?, ScreenState?)] = sizeClasses.map { ($0, nil) } + states.map { (nil, $0) }
    for sizeClass in sizeClasses { pairs += states.map { (sizeClass, $0) } }
    return DeviceClass.allCases.flatMap { deviceClass in
      pairs.map { Device(name: "", deviceClass: deviceClass, width: 0, sizeClass: $0.0, state: $0.1) }
    }
  }

  /// The candidates whose value differs from what `ScreenKey.lookup` would give without them
  /// (the entries kept before them, else the device class's `base`), with their values.
  static func kept<Value>(
    _ candidates: [Device], base: (DeviceClass) -> Value, value: (Device) -> Value, same: (Value, Value) -> Bool
  ) -> [(Device, Value)] {
    var kept: [(Device, Value)] = []
    // `ScreenKey.lookup` through a table of the entries kept, not a scan of them per candidate: a
    // family may name thousands of size classes.
    var keptByKey: [ScreenKey: Int] = [:]
    for device in candidates {
      let v = value(device)
      let earlier = ScreenKey.searched(for: device).lazy.compactMap { keptByKey[$0] }.first
      let fallback = earlier.map { kept[$0].1 } ?? base(device.deviceClass)
      if !same(v, fallback) {
        keptByKey[ScreenKey(device)] = keptByKey[ScreenKey(device)] ?? kept.count
        kept.append((device, v))
      }
    }
    return kept
  }
}
