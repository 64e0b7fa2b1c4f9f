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

  public init(style: String?, phoneColumns: Int, classes: [ClassMetrics], elements: [ElementStyle] = []) {
    self.style = style
    self.phoneColumns = phoneColumns
    self.classes = classes
    self.elements = elements
  }

  /// The metrics on a device class (empty metrics for a class the geometry does not list).
  public func metrics(on deviceClass: DeviceClass) -> ClassMetrics {
    classes.first { $0.deviceClass == deviceClass } ?? ClassMetrics(deviceClass: deviceClass, metrics: Metrics(), setsColumns: false)
  }

  /// The columns for a flow-like layout on a device: the declared count, or the responsive count
  /// when the metrics ask for it and the class does not set columns itself.
  public func columns(responsive rule: ResponsiveRule?, device: Device) -> Int {
    let entry = metrics(on: device.deviceClass)
    let declared = max(1, entry.metrics.columns ?? 1)
    guard entry.metrics.responsive == true, let rule, !entry.setsColumns else { return declared }
    return Geometry.responsiveColumns(
      width: device.width, standardWidth: rule.standardWidth, scale: rule.scale, phoneColumns: phoneColumns)
  }

  /// The layout of this style on a device.
  public func layout(kind: LayoutKind, responsive: ResponsiveRule?, device: Device) -> SectionLayout {
    Geometry.layout(
      kind: kind, metrics: metrics(on: device.deviceClass).metrics, columns: columns(responsive: responsive, device: device),
      width: device.width)
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

  public init(kind: LayoutKind, responsive: ResponsiveRule?, styles: [StyleGeometry], headerHeights: [(DeviceClass, Double)] = []) {
    self.kind = kind
    self.responsive = responsive
    self.styles = styles
    self.headerHeights = headerHeights
  }

  public static func == (lhs: SectionGeometry, rhs: SectionGeometry) -> Bool { lhs.encoded(pretty: false) == rhs.encoded(pretty: false) }
  public func hash(into hasher: inout Hasher) { hasher.combine(encoded(pretty: false)) }

  /// Whether a layout lists each style under `cells`: when there are several styles, or a style's
  /// cells hold elements.
  public var listsCells: Bool { styles.count > 1 || styles.contains { !$0.elements.isEmpty } }

  /// The section's layout on a device: the first style's layout; under `cells`, when there are
  /// several styles or elements, every style's size and its elements' frames
  /// (`ElementLayout.frames` in an item of that width); and the header's height on the device's
  /// class.
  public func layout(on device: Device) -> SectionLayout {
    guard let first = styles.first else {
      return Geometry.layout(kind: kind, metrics: Metrics(), columns: 1, width: device.width)
    }
    var layout = first.layout(kind: kind, responsive: responsive, device: device)
    if listsCells {
      layout.cells = styles.map { style in
        let l = style.layout(kind: kind, responsive: responsive, device: device)
        let elements = style.elements.isEmpty ? nil : ElementLayout.frames(for: style.elements, width: l.item.width)
        return CellLayout(style: style.style ?? "", columns: l.columns, item: l.item, elements: elements)
      }
    }
    layout.headerHeight = headerHeights.first { $0.0 == device.deviceClass }?.1
    return layout
  }

  /// The section's layout in a window `width` points wide, whose size class (and so device class)
  /// follows from the width.
  public func layout(forWidth width: Double, sizeClasses: [SizeClass] = SizeClass.defaults) -> SectionLayout {
    let deviceClass = SizeClass.containing(width: width, in: sizeClasses)?.deviceClass ?? .phone
    return layout(on: Device(name: "", deviceClass: deviceClass, width: width))
  }
}
