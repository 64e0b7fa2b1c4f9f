/// A device class of a family: what `<Screen type="…">` selects.
public enum DeviceClass: String, Codable, Hashable, Sendable, CaseIterable {
  case phone, tablet

  /// Reads the names families and settings use: `default`/`phone`/`iphone`, `sw600`/`tablet`/`ipad`.
  public init?(alias: String) {
    switch alias.lowercased() {
    case "default", "phone", "iphone", "smartphone", "mobile": self = .phone
    case "sw600", "tablet", "ipad": self = .tablet
    default: return nil
    }
  }
}

/// Which device classes a set of metrics applies to: all (`universal`) or one.
public enum ClassSelector: String, Codable, Hashable, Sendable, CaseIterable {
  case universal, phone, tablet

  public init?(alias: String) {
    if alias.lowercased() == "universal" {
      self = .universal
    } else if let deviceClass = DeviceClass(alias: alias) {
      self = deviceClass == .phone ? .phone : .tablet
    } else {
      return nil
    }
  }

  public init(_ deviceClass: DeviceClass) { self = deviceClass == .phone ? .phone : .tablet }
}

/// How a component lays out its items. Families name only the known kinds; a bundle may hold a
/// kind a newer compiler knows (`unknown`), which a client may draw as `flow`.
public enum LayoutKind: Vocabulary, Codable {
  case flow, linear, horizontal, paged, waterfall, sticky, oneAndN
  case unknown(String)

  public static let known: [LayoutKind] = [.flow, .linear, .horizontal, .paged, .waterfall, .sticky, .oneAndN]
  public var word: String {
    switch self {
    case .flow: return "flow"
    case .linear: return "linear"
    case .horizontal: return "horizontal"
    case .paged: return "paged"
    case .waterfall: return "waterfall"
    case .sticky: return "sticky"
    case .oneAndN: return "one_and_n"
    case .unknown(let word): return word
    }
  }

  public init(from decoder: Decoder) throws { self.init(word: try decoder.singleValueContainer().decode(String.self)) }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(word)
  }

  /// The kind a family style that names no layout has: the way Zapp's clients draw the component
  /// type whatever the family says. A `hero` or `carousel` pages sideways (`paged`); a
  /// `horizontal_list` (a rail, `horizontal_list_qb` in Quick Brick) or a `tab_bar` scrolls
  /// sideways (`horizontal`); any other type lays out in rows (`flow`).
  public static func implied(byComponentType type: String) -> LayoutKind {
    switch type.lowercased() {
    case "hero", "carousel": return .paged
    case "horizontal_list", "horizontal_list_qb", "tab_bar": return .horizontal
    default: return .flow
    }
  }
}

/// Spacing and sizing values at one level of a family (screen, component, layout or cell), in the
/// flow vocabulary. Every value is optional: a level overrides only what it sets.
public struct Metrics: Codable, Hashable, Sendable {
  /// The most columns (or small items) a layout may have; zlc reports more as ZL0502.
  public static let maxColumns = 1_000
  /// The largest length (points) a family or device may give: insets, spacing, cell sizes, widths.
  /// With `ratioRange` it keeps every computed length finite.
  public static let maxLength = 10_000.0
  /// The cell shapes a family may give (`aspectCellRatio`, width ÷ height) and the responsive scale.
  public static let ratioRange = 0.01...100.0
  /// The smallest `widthRatio`: a row holds at most `maxColumns` items.
  public static let minWidthRatio = 1 / Double(maxColumns)
  /// The family names of a header's or footer's height and of the responsive rule's scale, for
  /// `accepts` (the bundle's field tables alone spell its keys, some of which these are).
  package static let heightName = "height"
  package static let scaleName = "scale"
  /// The lengths that must be positive (the other lengths may be 0).
  package static let lengths: Set<String> = ["cellWidth", "cellHeight", "height", "designWidth", "designScreenWidth"]

  /// Whether `value` is one zlc lays out with for the family number `name` (a metric, or
  /// `standardWidth`/`scale`; any other name is taken as a length of 0 to `maxLength`): zlc
  /// reports any other value (ZL0501, ZL0502, ZL0504), and both family readers leave it out.
  public static func accepts(_ name: String, _ value: Double) -> Bool {
    switch name {
    case "columns", "smallItems": return value >= 1 && value == value.rounded() && value <= Double(maxColumns)
    default:
      let (range, upperExcluded) = acceptedRange(name)
      return range.contains(value) && !(upperExcluded && value == range.upperBound)
    }
  }

  /// The numbers `accepts` takes for a family number other than a count (`upperExcluded`: all but
  /// the range's top), for the bundle's readers and schema.
  package static func acceptedRange(_ name: String) -> (range: ClosedRange<Double>, upperExcluded: Bool) {
    switch name {
    case "aspectCellRatio", "scale": return (ratioRange, false)
    case "standardWidth": return (1...maxLength, false)
    case "widthRatio": return (minWidthRatio...1, true)
    default: return (lengths.contains(name) ? 0.01...maxLength : 0...maxLength, false)
    }
  }

  public var insetTop: Double?
  public var insetLeft: Double?
  public var insetBottom: Double?
  public var insetRight: Double?
  public var interItemSpacing: Double?
  public var lineSpacing: Double?
  public var columns: Int?
  /// Cell shape: width ÷ height.
  public var aspectCellRatio: Double?
  public var cellWidth: Double?
  public var cellHeight: Double?
  /// Spacing inside a cell; passed through to renderers, no part of the arithmetic.
  public var innerSpacing: Double?
  /// The item width a designer drew, for a screen `designScreenWidth` wide (checked, not used).
  public var designWidth: Double?
  public var designScreenWidth: Double?
  /// `one_and_n`: the large item's share of the content width, and how many small items.
  public var widthRatio: Double?
  public var smallItems: Int?
  /// Header and footer height.
  public var height: Double?
  /// Responsive columns on this device class (family level).
  public var responsive: Bool?

  public init() {}

  /// True when this level says anything about the cell's shape.
  public var setsShape: Bool { aspectCellRatio != nil || cellWidth != nil || cellHeight != nil }

  /// These metrics with `other`'s values laid over them. A level that sets the cell's shape
  /// replaces the whole shape, so a cell's `cellHeight` beats a component's `aspectCellRatio`.
  public func overlaid(by other: Metrics) -> Metrics {
    var m = self
    m.insetTop = other.insetTop ?? insetTop
    m.insetLeft = other.insetLeft ?? insetLeft
    m.insetBottom = other.insetBottom ?? insetBottom
    m.insetRight = other.insetRight ?? insetRight
    m.interItemSpacing = other.interItemSpacing ?? interItemSpacing
    m.lineSpacing = other.lineSpacing ?? lineSpacing
    m.columns = other.columns ?? columns
    if other.setsShape {
      m.aspectCellRatio = other.aspectCellRatio
      m.cellWidth = other.cellWidth
      m.cellHeight = other.cellHeight
    }
    m.innerSpacing = other.innerSpacing ?? innerSpacing
    m.designWidth = other.designWidth ?? designWidth
    m.designScreenWidth = other.designScreenWidth ?? designScreenWidth
    m.widthRatio = other.widthRatio ?? widthRatio
    m.smallItems = other.smallItems ?? smallItems
    m.height = other.height ?? height
    m.responsive = other.responsive ?? responsive
    return m
  }
}

/// Metrics for every window at one level: a base (the element's own attributes), then
/// `universal`, then the device class itself, then the window's size class, then its state.
public struct LeveledMetrics: Codable, Hashable, Sendable {
  public var base: Metrics
  public var byClass: [ClassSelector: Metrics]
  /// Values per size class (`<Screen type="XL">`), by the size class's name.
  public var bySizeClass: [String: Metrics]
  /// Values per window state (`<Screen type="landscape">`).
  public var byState: [ScreenState: Metrics]

  public init(
    base: Metrics = Metrics(), byClass: [ClassSelector: Metrics] = [:], bySizeClass: [String: Metrics] = [:],
    byState: [ScreenState: Metrics] = [:]
  ) {
    self.base = base
    self.byClass = byClass
    self.bySizeClass = bySizeClass
    self.byState = byState
  }

  /// The metrics in effect on a device at this level alone: its device class's (as
  /// `resolved(for:)`), then its size class's entry, then its state's, each overriding what it sets.
  public func resolved(on device: Device) -> Metrics {
    var m = resolved(for: device.deviceClass)
    if let name = device.sizeClass, let s = bySizeClass[name] { m = m.overlaid(by: s) }
    if let state = device.state, let s = byState[state] { m = m.overlaid(by: s) }
    return m
  }

  /// True when an entry for the device's own class, size class or state sets `columns`.
  public func setsColumns(on device: Device) -> Bool {
    specific(to: device.deviceClass)?.columns != nil || device.sizeClass.flatMap { bySizeClass[$0] }?.columns != nil
      || device.state.flatMap { byState[$0] }?.columns != nil
  }

  /// The metrics in effect on a device class at this level alone. A tablet with no entry of its own
  /// at this level reads the phone's (`default`) entry, as an Android resource without an `sw600`
  /// variant falls back to the default one.
  public func resolved(for deviceClass: DeviceClass) -> Metrics {
    var m = base
    if let u = byClass[.universal] { m = m.overlaid(by: u) }
    if let d = byClass[ClassSelector(deviceClass)] ?? (deviceClass == .tablet ? byClass[.phone] : nil) { m = m.overlaid(by: d) }
    return m
  }

  /// The metrics set specifically for a device class (not universal, not the base).
  public func specific(to deviceClass: DeviceClass) -> Metrics? { byClass[ClassSelector(deviceClass)] }
}

/// A family's responsive-columns rule: a standard width and a scale.
public struct ResponsiveRule: Codable, Hashable, Sendable {
  public var standardWidth: Double
  public var scale: Double

  public init(standardWidth: Double, scale: Double) {
    self.standardWidth = standardWidth
    self.scale = scale
  }
}

/// A cell style of a component type in a family.
public struct CellStyle: Codable, Hashable, Sendable {
  public var name: String
  /// The renderer's layout id (Android `layoutId`).
  public var layoutID: String?
  public var metrics: LeveledMetrics
  /// Other attributes, passed through to renderers as written.
  public var attributes: [String: String]
  /// `<DisplayRules>` as a JSON-like tree, passed through.
  public var displayRules: PassThrough?
  /// The JSON types of `attributes` a JSON family gives as numbers, booleans, arrays or objects
  /// (`margin: [0.75, 0, 0, 0.75]`), by name; an attribute not here is a string.
  public var typedAttributes: [String: PassThrough]
  /// The elements inside each cell of this style, in order (`elements`), placed by
  /// `ElementLayout.frames` in the item's width.
  public var elements: [ElementStyle]
  /// How those elements are placed (the cell's `layout`, read when it has elements).
  public var elementLayout: ElementLayoutKind
  /// How each cell of this style (a card) is drawn around its elements (a JSON cell's `style`).
  public var cardStyle: CardStyle?

  public init(
    name: String, layoutID: String? = nil, metrics: LeveledMetrics = LeveledMetrics(),
    attributes: [String: String] = [:], displayRules: PassThrough? = nil, typedAttributes: [String: PassThrough] = [:],
    elements: [ElementStyle] = [], elementLayout: ElementLayoutKind = .flow, cardStyle: CardStyle? = nil
  ) {
    self.cardStyle = cardStyle
    self.elementLayout = elementLayout
    self.name = name
    self.layoutID = layoutID
    self.metrics = metrics
    self.attributes = attributes
    self.displayRules = displayRules
    self.typedAttributes = typedAttributes
    self.elements = elements
  }
}

/// A named layout a screen picks with `styles.layout` (`HERO_1`), replacing the component's kind.
public struct NamedLayout: Codable, Hashable, Sendable {
  public var name: String
  public var kind: LayoutKind
  public var metrics: LeveledMetrics

  public init(name: String, kind: LayoutKind, metrics: LeveledMetrics = LeveledMetrics()) {
    self.name = name
    self.kind = kind
    self.metrics = metrics
  }
}

/// The styles a family gives one component type.
public struct ComponentStyle: Codable, Hashable, Sendable {
  public var type: String
  public var layout: LayoutKind
  public var metrics: LeveledMetrics
  public var cells: [CellStyle]
  public var layouts: [NamedLayout]
  /// The component's own responsive scale (its `scale` attribute): k of the family's responsive
  /// rule for this type's cell styles, in place of the rule's own; nil: the rule's.
  public var scale: Double?

  /// A style of `type`; without `layout`, the kind the type implies
  /// (`LayoutKind.implied(byComponentType:)`).
  public init(
    type: String, layout: LayoutKind? = nil, metrics: LeveledMetrics = LeveledMetrics(),
    cells: [CellStyle] = [], layouts: [NamedLayout] = [], scale: Double? = nil
  ) {
    self.type = type
    self.layout = layout ?? .implied(byComponentType: type)
    self.metrics = metrics
    self.cells = cells
    self.layouts = layouts
    self.scale = scale
  }

  // By index: `first(where:)` would copy out every style it passes over.
  public func cell(named name: String) -> CellStyle? {
    for i in cells.indices where cells[i].name == name { return cells[i] }
    return nil
  }
  public func namedLayout(_ name: String) -> NamedLayout? {
    for i in layouts.indices where layouts[i].name == name { return layouts[i] }
    return nil
  }
}

/// A header or footer style.
public struct HeaderStyle: Codable, Hashable, Sendable {
  public var name: String
  public var metrics: LeveledMetrics

  public init(name: String, metrics: LeveledMetrics = LeveledMetrics()) {
    self.name = name
    self.metrics = metrics
  }

  public func height(on deviceClass: DeviceClass) -> Double? { metrics.resolved(for: deviceClass).height }

  /// The height on a device, its size class's and state's entries included.
  public func height(on device: Device) -> Double? { metrics.resolved(on: device).height }
}

/// A Family: the spacing and sizing rules of screens, per device class, component type and cell style.
public struct Family: Codable, Hashable, Sendable {
  public var name: String
  public var version: String?
  public var showBottomPadding: Bool?
  public var responsive: ResponsiveRule?
  /// Screen-level metrics per device class.
  public var screens: LeveledMetrics
  public var components: [ComponentStyle]
  public var headers: [HeaderStyle]

  public init(
    name: String, version: String? = nil, showBottomPadding: Bool? = nil,
    responsive: ResponsiveRule? = nil, screens: LeveledMetrics = LeveledMetrics(),
    components: [ComponentStyle] = [], headers: [HeaderStyle] = []
  ) {
    self.name = name
    self.version = version
    self.showBottomPadding = showBottomPadding
    self.responsive = responsive
    self.screens = screens
    self.components = components
    self.headers = headers
  }

  /// The styles of a component type (case-insensitive), if the family defines it.
  /// Inlinable, so that a caller holding the family in a class reads only its components.
  @inlinable
  public func component(_ type: String) -> ComponentStyle? {
    componentIndex(type).map { components[$0] }
  }

  /// Where the styles of a component type (case-insensitive) are in `components`, if the family
  /// defines it.
  @inlinable
  public func componentIndex(_ type: String) -> Int? {
    // Types are nearly always written in lower case already: lowercase (and allocate) only if not.
    let lower = type.utf8.contains { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 } ? type.lowercased() : type
    // By index: `first(where:)` would copy out every style it passes over.
    for i in components.indices where components[i].type == lower { return i }
    return nil
  }

  /// The layout kind of a component type's style (its named layout's, when it has that one),
  /// read in place; nil when the family does not define the type.
  @inlinable
  public func layoutKind(of type: String, layoutName: String?) -> LayoutKind? {
    guard let i = componentIndex(type) else { return nil }
    if let layoutName {
      for j in components[i].layouts.indices where components[i].layouts[j].name == layoutName { return components[i].layouts[j].kind }
    }
    return components[i].layout
  }

  /// The responsive rule a component type's sections lay out with: the family's, with the
  /// component's own `scale` in place of the rule's when it gives one; nil without a rule.
  public func responsive(for type: String) -> ResponsiveRule? {
    guard var rule = responsive else { return nil }
    if let i = componentIndex(type), let scale = components[i].scale { rule.scale = scale }
    return rule
  }

  /// The header style of that name, if the family defines it.
  @inlinable
  public func header(named name: String) -> HeaderStyle? {
    for i in headers.indices where headers[i].name == name { return headers[i] }
    return nil
  }
}

/// An opaque JSON-like tree kept as written and passed through to clients (`<DisplayRules>`).
public indirect enum PassThrough: Codable, Hashable, Sendable {
  case string(String)
  /// A number as its JSON text, so that it reaches clients exactly as written (`0.125`,
  /// `9007199254740993`); decoded from JSON, the shortest text of the decoded value.
  case number(String)
  case bool(Bool)
  case null
  case array([PassThrough])
  case object([PassThroughMember])

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let b = try? container.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? container.decode(Double.self) {
      self = .number(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n))
    } else if let s = try? container.decode(String.self) {
      self = .string(s)
    } else if let a = try? container.decode([PassThrough].self) {
      self = .array(a)
    } else {
      let keyed = try decoder.container(keyedBy: AnyKey.self)
      self = .object(
        try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          PassThroughMember(key: $0.stringValue, value: try keyed.decode(PassThrough.self, forKey: $0))
        })
    }
  }

  public func encode(to encoder: Encoder) throws {
    switch self {
    case .string(let s):
      var c = encoder.singleValueContainer()
      try c.encode(s)
    case .number(let text):
      var c = encoder.singleValueContainer()
      try c.encode(Double(text) ?? 0)
    case .bool(let b):
      var c = encoder.singleValueContainer()
      try c.encode(b)
    case .null:
      var c = encoder.singleValueContainer()
      try c.encodeNil()
    case .array(let a):
      var c = encoder.unkeyedContainer()
      for v in a { try c.encode(v) }
    case .object(let members):
      var c = encoder.container(keyedBy: AnyKey.self)
      for m in members { try c.encode(m.value, forKey: AnyKey(m.key)) }
    }
  }
}

/// One member of a `PassThrough` object, in its written order.
public struct PassThroughMember: Codable, Hashable, Sendable {
  public var key: String
  public var value: PassThrough

  public init(key: String, value: PassThrough) {
    self.key = key
    self.value = value
  }
}

struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
